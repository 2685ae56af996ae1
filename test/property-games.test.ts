// Property-based games: fast-check makes identity games (a seed, 4 to 10 players, the standard rules, the first
// edition, the beginner game, dark souls or reincarnation, and a list of integers, one per decision, each read as a
// legal answer; the fixed policy answers once the list runs out) and each must end, or reach the decision cap, with no engine
// error and no broken invariant. A failing game is shrunk, and the message holds it as a replay file for `sgs replay`.
import { describe, expect, it } from 'vitest';
import { loadCompiled } from '../compiler/node/compiled.ts';
import { loadSources } from '../compiler/node/load.ts';
import { replay } from '../cli/replay.ts';
import { parseReplay } from '../cli/replay-file.ts';
import type { Request } from '../runtime/index.ts';
import { failureReport, pickFor, searchGames } from './generated-games.ts';
import { compileOrThrow, rulesProgram } from './helpers.ts';

const program = rulesProgram();
await loadCompiled(program);

const request = (n: number, min: number, max: number): Request => ({
  seat: 0,
  prompt: 'pick',
  options: Array.from({ length: n }, (_, i) => ({ label: `o${i}`, value: i })),
  min,
  max,
});

describe('an integer stands for one legal answer', () => {
  it('every integer gives a legal pick set, 0 gives the fewest first options, and every pick set has an integer', () => {
    for (const [n, min, max] of [
      [1, 1, 1],
      [3, 0, 1],
      [4, 1, 1],
      [5, 0, 2],
      [4, 2, 3],
      [2, 0, 5],
    ] as const) {
      const r = request(n, min, max);
      expect(pickFor(r, 0)).toEqual(Array.from({ length: Math.min(min, n) }, (_, i) => i));
      const seen = new Set<string>();
      for (let x = 0; x < 2000; x++) {
        const p = pickFor(r, x);
        expect(p.length).toBeGreaterThanOrEqual(Math.min(min, n));
        expect(p.length).toBeLessThanOrEqual(Math.min(max, n));
        expect(new Set(p).size).toBe(p.length);
        expect(p.every((i) => i >= 0 && i < n)).toBe(true);
        seen.add(p.join(','));
      }
      // Every ordered pick set of an allowed size: n!/(n-k)! of each size k.
      let all = 0;
      for (let k = Math.min(min, n); k <= Math.min(max, n); k++) {
        let c = 1;
        for (let i = 0; i < k; i++) c *= n - i;
        all += c;
      }
      expect(seen.size).toBe(all);
    }
  });
});

describe('generated games', () => {
  it('every generated game ends or reaches the cap with no error and no broken invariant', () => {
    const r = searchGames(program, { runs: 12, seed: 20261201, cap: 500 });
    console.log(
      `property games: ${r.games} games (${r.ended} ended, the rest capped at 500 decisions), ${r.decisions} decisions, ${r.found ? 1 : 0} failures`,
    );
    if (r.found) expect.fail(failureReport(r.found));
    expect(r.games).toBe(12);
  }, 180_000);

  // A planted bug: rules that add an invariant real play breaks (nobody has two equipment cards in play), which
  // the fixed policy (it never plays a card) never breaks. The search
  // must find it, shrink it to a short game, and the replay file it gives must show the same broken invariant.
  it('a planted broken invariant is found, shrunk to a short replay, and the replay shows it again', async () => {
    const planted = compileOrThrow([
      ...loadSources(['rules']),
      {
        file: 'planted.sgs',
        text: [
          'package planted',
          'import core',
          'import identity',
          'invariant plantedOneEquipment 至多一张装备 "No one has more than one equipment card in play" (p: player) = count(equip(p)) <= 1',
        ].join('\n'),
      },
    ]);
    await loadCompiled(planted);
    const r = searchGames(planted, {
      runs: 60,
      seed: 7,
      cap: 40,
      players: { min: 4, max: 5 },
      choices: { length: 30, max: 63 },
    });
    expect(r.found, 'the planted bug was not found').not.toBeNull();
    const f = r.found!;
    console.log(
      `planted bug: found after ${r.games} games, shrunk in ${f.shrinks} steps to ${f.replay.answers.length} decisions (${f.departures} of them not the fixed policy's): ${f.failure}`,
    );
    expect(f.failure).toMatch(/plantedOneEquipment/);
    expect(f.replay.answers.length).toBeLessThanOrEqual(30);
    expect(f.departures).toBeLessThanOrEqual(6);
    // The replay file, as `sgs replay` reads it, breaks the same invariant; the standard rules keep it.
    const file = parseReplay(JSON.parse(JSON.stringify(f.replay)));
    const again = replay(planted, file, { invariants: true });
    expect(again.problem).toBeUndefined();
    expect(again.violation).toMatch(/plantedOneEquipment/);
    const clean = replay(program, file, { invariants: true });
    expect(clean.problem).toBeUndefined();
    expect(clean.violation).toBeUndefined();
  }, 180_000);
});
