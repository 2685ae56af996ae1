// `sgs simulate --jobs 2` against `--jobs 1` as a user runs them: each a fresh process (bench/ceiling-child.ts, the
// heap of a thread of a parallel run for both, as the machine's ceiling has), the same games, back to back in each
// run, the ratio taken within the run. Both pay their own warm-up, as commands do: the row `parallel` of
// bench/run.ts plays `--jobs 1` on the bench's thread, warm from the rows before it, against a worker started cold,
// which is not a run anybody makes. The games check invariants, as `sgs simulate` does by default and as the
// ceiling's processes do, so that this ratio and the ceiling's are of the same work.
import { childRun } from './ceiling.ts';
import { median, round1, round2 } from './stats.ts';

export interface CliJobs {
  games: number;
  runs: number;
  jobs1GamesPerSecond: number;
  jobs2GamesPerSecond: number;
  /** Median over the runs of jobs 2's games per second ÷ jobs 1's, in the same run. */
  jobs2OverJobs1: number;
  /** Whether both played the same games (the same trace hash) in every run. */
  sameTraces: boolean;
}

/** `runs` rounds of `--jobs 1` then `--jobs 2`, `games` games each, seeds 1, 2, … */
export async function cliJobs(players: number, games: number, runs: number): Promise<CliJobs> {
  const one: number[] = [];
  const two: number[] = [];
  const ratios: number[] = [];
  let same = true;
  for (let r = 0; r < runs; r++) {
    const a = await childRun(players, games, r + 1, 1);
    const b = await childRun(players, games, r + 1, 2);
    same &&= a.traceHash === b.traceHash;
    one.push(a.gamesPerSecond);
    two.push(b.gamesPerSecond);
    ratios.push(b.gamesPerSecond / a.gamesPerSecond);
  }
  return {
    games,
    runs,
    jobs1GamesPerSecond: round1(median(one)),
    jobs2GamesPerSecond: round1(median(two)),
    jobs2OverJobs1: round2(median(ratios)),
    sameTraces: same,
  };
}
