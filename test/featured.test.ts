// Featured games (ai/featured.ts), what the playground's balance panel plays: one seat takes the featured
// general, every other answer is the heuristic AI's, runs repeat, and the tally compares the general with the
// baseline of the roles it played.
import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { compile } from '../compiler/index.ts';
import { loadSources } from '../compiler/node/load.ts';
import type { Program } from '../runtime/ir.ts';
import { playFeatured, type FeaturedResult } from '../ai/featured.ts';
import { addBaseline, addFeatured, emptyCounts, mergeCounts, summarize } from '../ai/featured-tally.ts';

const STARTER = readFileSync(new URL('../site/src/playground/starter.sgs', import.meta.url), 'utf8');
let withAuthor: Program;
let builtin: Program;
beforeAll(() => {
  const sources = loadSources(['rules']);
  builtin = compile(sources).program!;
  withAuthor = compile([...sources, { file: 'playground.sgs', text: STARTER }]).program!;
});

describe('featured games', () => {
  it('seats the featured general in every completed game, at seats the deal offered it to', () => {
    const seats = new Set<number>();
    for (let i = 0; i < 8; i++) {
      const r = playFeatured(withAuthor, { players: 5, general: 'manchong' }, 7, i);
      expect(r.outcome).toBe('completed');
      if (r.outcome !== 'completed') continue;
      expect(r.featured).not.toBeNull();
      seats.add(r.featured!);
      expect(r.seats).toHaveLength(5);
      expect(r.seats.some((s) => s.won)).toBe(true);
    }
    expect(seats.size).toBeGreaterThan(1);
  }, 60_000);

  it('plays the same games for the same seed and index', () => {
    const a = playFeatured(withAuthor, { players: 5, general: 'manchong' }, 3, 2);
    const b = playFeatured(withAuthor, { players: 5, general: 'manchong' }, 3, 2);
    expect(a).toEqual(b);
  }, 30_000);

  it('gives up with a reason when no deal can offer the general', () => {
    const r = playFeatured(builtin, { players: 5, general: 'nobody', deals: 2 }, 1, 0);
    expect(r).toEqual({ outcome: 'unseated', message: 'no seat was offered nobody' });
  }, 30_000);
});

describe('the featured tally', () => {
  it('compares the general with the baseline of the roles it played, with a Wilson interval', () => {
    const c = emptyCounts();
    const game = (role: string, won: boolean): FeaturedResult => ({
      outcome: 'completed',
      seats: [{ role, won }],
      featured: 0,
      decisions: 1,
    });
    for (let i = 0; i < 10; i++) addFeatured(c, game('rebel', i < 8)); // 8 of 10 as a rebel
    for (let i = 0; i < 10; i++) addFeatured(c, game('lord', i < 5)); // 5 of 10 as the lord
    for (let i = 0; i < 100; i++) addBaseline(c, game('rebel', i < 40)); // built-in rebels win 40%
    for (let i = 0; i < 100; i++) addBaseline(c, game('lord', i < 50)); // built-in lords 50%
    addFeatured(c, { outcome: 'unfinished', message: 'no result after 5000 decisions' });
    const s = summarize(c);
    expect(s.games).toBe(20);
    expect(s.wins).toBe(13);
    expect(s.expected).toBeCloseTo(0.45);
    expect(s.low).toBeLessThan(0.65);
    expect(s.high).toBeGreaterThan(0.65);
    expect(s.mark).toBe(null); // 0.45 lies inside the interval of 13 of 20
    expect(c.problems).toBe(1);
    expect(c.firstProblem).toBe('unfinished: no result after 5000 decisions');
    expect(s.roles.map((r) => [r.role, r.games, r.baseline])).toEqual([
      ['lord', 10, 0.5],
      ['rebel', 10, 0.4],
    ]);
  });

  it('marks a general whose whole interval lies above the baseline', () => {
    const c = emptyCounts();
    for (let i = 0; i < 200; i++)
      addFeatured(c, { outcome: 'completed', seats: [{ role: 'rebel', won: i < 160 }], featured: 0, decisions: 1 });
    for (let i = 0; i < 200; i++)
      addBaseline(c, { outcome: 'completed', seats: [{ role: 'rebel', won: i < 80 }], featured: null, decisions: 1 });
    expect(summarize(c).mark).toBe('above');
  });

  it('counts a run split into parts (games i, i + k, i + 2k… in each) as the whole run counted in order', () => {
    // Made-up results, with two problems: the first (game 3) must be the one said, whichever part counted it.
    const result = (i: number): FeaturedResult =>
      i === 3 || i === 7
        ? { outcome: 'error', message: `broke in game ${i}` }
        : {
            outcome: 'completed',
            seats: [{ role: i % 3 ? 'rebel' : 'lord', won: i % 4 === 0 }],
            featured: 0,
            decisions: 1,
          };
    const whole = emptyCounts();
    for (let i = 0; i < 20; i++) {
      addFeatured(whole, result(i));
      addBaseline(whole, result(i + 1));
    }
    for (const k of [1, 2, 3, 4]) {
      const parts = Array.from({ length: k }, () => emptyCounts());
      // Parts counted back to front, so that the later problem is met first.
      for (let i = 19; i >= 0; i--) {
        addFeatured(parts[i % k]!, result(i), i);
        addBaseline(parts[i % k]!, result(i + 1));
      }
      const merged = mergeCounts(parts);
      expect(merged.firstProblem).toBe('error: broke in game 3');
      expect(summarize(merged)).toEqual(summarize(whole));
      expect({ ...merged, featured: 0, baseline: 0 }).toEqual({ ...whole, featured: 0, baseline: 0 });
    }
  });

  it('has no expected rate until the baseline covers every role the general played', () => {
    const c = emptyCounts();
    addFeatured(c, { outcome: 'completed', seats: [{ role: 'renegade', won: true }], featured: 0, decisions: 1 });
    expect(summarize(c).expected).toBeNull();
  });
});
