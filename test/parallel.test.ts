// Parallel simulation: games split over worker threads give the same results, game for game, as one thread —
// trace hash, wins, problems, what a series carries, and balance's counts.
import { describe, expect, it } from 'vitest';
import { loadSources } from '../compiler/node/load.ts';
import { chunks, simulate, type SimulateOptions } from '../cli/simulate.ts';
import { balance } from '../cli/balance.ts';
import { DecisionTimes } from '../cli/decision-times.ts';
import { uniformSpec } from '../ai/spec.ts';
import { main } from '../cli/main.ts';
import { memoryIo } from '../cli/io.ts';
import { compileOrThrow } from './helpers.ts';
import { GAMES_FLAGS, GAMES_PER_JOB, jobsFromFlags } from '../cli/setup.ts';
import { parseArgs } from '../cli/args.ts';
import { availableParallelism } from 'node:os';

const withExamples = compileOrThrow(loadSources(['rules', 'docs/examples']));

/** A result without its wall-clock figures. */
function stable(r: ReturnType<typeof simulate>) {
  const { ms: _ms, gamesPerSecond: _g, aiMicrosPerDecision: _a, jobs: _j, ...rest } = r;
  return rest;
}

describe('parallel simulation', () => {
  it('cuts a run into chunks of whole series, in game order, smaller towards the end', () => {
    for (const [games, series] of [
      [400, 1],
      [25, 1],
      [20, 4],
      [3, 4],
      [10, 20],
    ] as const) {
      const cs = chunks(games, series, 10);
      expect(cs[0]![0]).toBe(0);
      expect(cs[cs.length - 1]![1]).toBe(games);
      cs.forEach(([from, to], i) => {
        expect(from % series).toBe(0);
        expect(to).toBeGreaterThan(from);
        if (i > 0) expect(from).toBe(cs[i - 1]![1]);
        if (i > 0 && to < games) expect(to - from).toBeLessThanOrEqual(cs[i - 1]![1] - cs[i - 1]![0]);
      });
    }
    const big = chunks(400, 1, 10);
    expect(big[0]).toEqual([0, 10]);
    expect(big[big.length - 1]).toEqual([399, 400]);
    expect(chunks(3, 4, 10)).toEqual([[0, 3]]);
  });

  it('gives the same results with two workers as in one thread, a series and its carried values included', () => {
    const o: SimulateOptions = { players: 5, games: 24, seed: 11, mode: 'exSeries', series: 4, keepProblems: 50 };
    const one = simulate(withExamples, o);
    const progress: number[] = [];
    const two = simulate(withExamples, { ...o, jobs: 2, onGame: (done) => progress.push(done) });
    expect(two.jobs).toBe(2);
    expect(stable(two)).toEqual(stable(one));
    expect(one.carried).toBeDefined();
    expect(progress).toEqual(Array.from({ length: 24 }, (_, i) => i + 1));
  }, 120_000); // two workers each compile the rules before their first game: slow on a loaded machine

  it("keeps balance's counts the same with two workers (heuristic AI)", () => {
    const o = { players: 5, games: 16, seed: 3, ai: uniformSpec('heuristic') };
    const one = balance(withExamples, o);
    const two = balance(withExamples, { ...o, jobs: 2 });
    const strip = (r: typeof one) => ({ ...r, gamesPerSecond: 0, aiMicrosPerDecision: {} });
    expect(strip(two)).toEqual(strip(one));
    expect(one.roles.reduce((n, r) => n + r.games, 0)).toBeGreaterThan(0);
  });

  it('plays a run in one thread by default unless every thread gets GAMES_PER_JOB games', () => {
    const jobs = (games: number, ...argv: string[]) => jobsFromFlags(parseArgs(argv, GAMES_FLAGS, 'simulate'), games);
    const cores = availableParallelism();
    expect(jobs(GAMES_PER_JOB * 2 - 1)).toBe(1);
    expect(jobs(GAMES_PER_JOB * 2)).toBe(Math.min(cores, 2));
    expect(jobs(GAMES_PER_JOB * 64)).toBe(Math.min(cores, 64));
    // Asked for, the threads are given whatever the run's length.
    expect(jobs(10, '--jobs', '3')).toBe(3);
  });

  it('the command line refuses --jobs 0 in one line', () => {
    const io = memoryIo();
    expect(main(['simulate', 'rules', '--games', '4', '--jobs', '0'], io)).toBe(2);
    expect(io.stderr).toHaveLength(1);
  });
});

describe('decision times', () => {
  it('finds the median within 1% and adds the counts of two workers', () => {
    const a = new DecisionTimes();
    const b = new DecisionTimes();
    for (let i = 1; i <= 1000; i++) (i % 2 ? a : b).add('random', i);
    a.merge(b.data());
    const s = a.summary().random!;
    expect(s.decisions).toBe(1000);
    expect(s.mean).toBe(500.5);
    expect(Math.abs(s.median - 500.5) / 500.5).toBeLessThan(0.01);
  });
});
