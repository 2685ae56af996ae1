// The differential check: seeded games played on the reference interpreter (GameOptions.reference) and on the
// engine's resolved paths give the same trace hash, outcome and number of decisions, game by game. Here a few
// hundred games over every kind in bench/differential-cases.ts; `npx tsx bench/differential.ts` plays 2,000.
import { describe, expect, it } from 'vitest';
import { compareEngines } from '../cli/differential.ts';
import { playGame } from '../cli/play.ts';
import { DIFF_CASES } from '../bench/differential-cases.ts';
import { uniformSpec } from '../ai/spec.ts';
import { deriveSeed } from '../runtime/index.ts';
import { rulesProgram } from './helpers.ts';

describe('differential check: reference interpreter against the resolved paths', () => {
  it('plays every kind of game the check covers (4 to 10 players, both AIs, both editions, the beginner game)', () => {
    const counts = new Set(DIFF_CASES.map((c) => c.players));
    for (let n = 4; n <= 10; n++) expect(counts.has(n)).toBe(true);
    expect(new Set(DIFF_CASES.map((c) => c.ai.default))).toEqual(new Set(['random', 'heuristic']));
    expect(DIFF_CASES.some((c) => c.options?.edition === 'firstEdition')).toBe(true);
    expect(DIFF_CASES.some((c) => c.options?.beginner === true)).toBe(true);
  });

  it('gives the same trace hash for every seeded game on both engines', () => {
    const r = compareEngines(rulesProgram(), { games: 80, seed: 7, cases: DIFF_CASES });
    expect(r.games).toBe(80);
    expect(r.mismatches).toEqual([]);
    expect(r.errors).toBe(0);
  }, 240_000);

  it('tells the two engines apart: the reference flag reaches the game', () => {
    const setup = { seed: 3, aiSeed: 4, players: 5, invariants: false };
    const ref = playGame(rulesProgram(), { ...setup, reference: true });
    const res = playGame(rulesProgram(), setup);
    expect(ref.game!.reference).toBe(true);
    expect(res.game!.reference).toBe(false);
    expect(ref.traceHash).toBe(res.traceHash);
  });

  it('reports the game the two engines play differently, with both fingerprints', () => {
    const faulty: typeof playGame = (program, setup) => {
      const r = playGame(program, setup);
      return setup.reference || setup.seed !== deriveSeed(1, 2, 'game') ? r : { ...r, traceHash: 'different' };
    };
    const r = compareEngines(
      rulesProgram(),
      { games: 4, seed: 1, cases: [{ players: 5, ai: uniformSpec('random') }] },
      faulty,
    );
    expect(r.mismatches.map((m) => m.game)).toEqual([2]);
    expect(r.mismatches[0]!.resolved).toMatch(/^different completed \d+$/);
  });
});
