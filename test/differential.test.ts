// The differential check: seeded games played on the reference interpreter, on the engine's resolved paths and on
// the compiled code (GameOptions.engine) give the same trace hash, outcome and number of decisions, game by game.
// Here a few dozen games over every kind in bench/differential-cases.ts; `npx tsx bench/differential.ts` plays 2,000.
import { describe, expect, it } from 'vitest';
import { compareEngines } from '../cli/differential.ts';
import { playGame } from '../cli/play.ts';
import { DIFF_CASES } from '../bench/differential-cases.ts';
import { uniformSpec } from '../ai/spec.ts';
import { deriveSeed } from '../runtime/index.ts';
import { loadCompiled } from '../compiler/node/compiled.ts';
import { rulesProgram } from './helpers.ts';

await loadCompiled(rulesProgram());

describe('differential check: reference interpreter, resolved paths and compiled code', () => {
  it('plays every kind of game the check covers (4 to 10 players, both AIs, both editions, the beginner game)', () => {
    const counts = new Set(DIFF_CASES.map((c) => c.players));
    for (let n = 4; n <= 10; n++) expect(counts.has(n)).toBe(true);
    expect(new Set(DIFF_CASES.map((c) => c.ai.default))).toEqual(new Set(['random', 'heuristic']));
    expect(DIFF_CASES.some((c) => c.options?.edition === 'firstEdition')).toBe(true);
    expect(DIFF_CASES.some((c) => c.options?.beginner === true)).toBe(true);
  });

  it('gives the same trace hash for every seeded game on all three engines', () => {
    const r = compareEngines(rulesProgram(), { games: 80, seed: 7, cases: DIFF_CASES });
    expect(r.engines).toEqual(['reference', 'resolved', 'compiled']);
    expect(r.games).toBe(80);
    expect(r.mismatches).toEqual([]);
    expect(r.errors).toBe(0);
  }, 240_000);

  it('tells the engines apart: the engine chosen reaches the game, compiled code by default', () => {
    const setup = { seed: 3, aiSeed: 4, players: 5, invariants: false };
    const ref = playGame(rulesProgram(), { ...setup, engine: 'reference' });
    const res = playGame(rulesProgram(), { ...setup, engine: 'resolved' });
    const dflt = playGame(rulesProgram(), setup);
    expect(ref.game!.engine).toBe('reference');
    expect(res.game!.engine).toBe('resolved');
    expect(dflt.game!.engine).toBe('compiled');
    expect(new Set([ref.traceHash, res.traceHash, dflt.traceHash]).size).toBe(1);
  });

  it('reports the game the two engines play differently, with both fingerprints', () => {
    const faulty: typeof playGame = (program, setup) => {
      const r = playGame(program, setup);
      return setup.engine !== 'compiled' || setup.seed !== deriveSeed(1, 2, 'game')
        ? r
        : { ...r, traceHash: 'different' };
    };
    const r = compareEngines(
      rulesProgram(),
      { games: 4, seed: 1, cases: [{ players: 5, ai: uniformSpec('random') }] },
      faulty,
    );
    expect(r.mismatches.map((m) => m.game)).toEqual([2]);
    expect(r.mismatches[0]!.prints.compiled).toMatch(/^different completed \d+$/);
    expect(r.mismatches[0]!.prints.resolved).toBe(r.mismatches[0]!.prints.reference);
  });
});
