// Many games: seeds derived from one base seed, outcomes tallied, the first problems kept with what is needed to
// reproduce them — in this thread, or split over worker threads (`jobs`) with the same results game for game.
// Used by `sgs simulate`, `sgs balance`, the benchmark and the tests.
import { deriveSeed as engineDeriveSeed, hashHex, StringHash, type Carried, type Program } from '../runtime/index.ts';
import { formatAiSpec, rolesOf, uniformSpec } from '../ai/spec.ts';
import { DecisionTimes, type TimeSummary } from './decision-times.ts';
import {
  mergeScores,
  playRange,
  type Collector,
  type Problem,
  type RangeResult,
  type RunSpec,
  type ScoreTally,
} from './simulate-range.ts';
import type { CollectorName } from './collectors.ts';
import { runInWorkers } from './parallel.ts';

export type { Problem } from './simulate-range.ts';

export interface SimulateOptions extends RunSpec {
  /** Worker threads to share the games (default 1: all in this thread). The results do not depend on it. */
  jobs?: number;
  /** Counts kept beside the run's (by name, so that a worker can make its own). */
  collector?: { name: CollectorName; into: Collector };
  onGame?: (done: number, total: number) => void;
}

export interface SimulateResult {
  games: number;
  series: number; // games per series
  jobs: number; // worker threads used (1: this thread)
  ai: string; // the AI spec, as `--ai` would spell it
  aiMicrosPerDecision: Partial<Record<string, TimeSummary>>; // per AI; wall clock, so it differs from run to run
  completed: number;
  errors: number;
  invariantViolations: number;
  unfinished: number;
  wins: Record<string, number>;
  avgTurns: number;
  avgDecisions: number;
  gamesPerSecond: number;
  traceHash: string;
  /** With series: what the last game left (the values its series ended with). */
  carried?: Carried;
  /** When the mode keeps a score (its field `score`): per seat, the totals the series ended with. */
  scores?: SeriesScores;
  problems: Problem[];
  /** Totals behind the averages, for the benchmark. */
  decisions: number;
  ms: number;
}

/** Each seat's series score over the run, seats in order: the last series' final totals, the mean of every
 *  series' final total, and how many series each seat ended with the highest total (a tie counts for each). */
export interface SeriesScores {
  property: string; // the player property the mode names as its score
  series: number; // series played to their end
  last: number[];
  mean: number[];
  won: number[];
}

/** A 32-bit seed for stream `stream` of game `index` of a run with base seed `base` (the engine's derivation). */
export function deriveSeed(base: number, index: number, stream: 'game' | 'ai'): number {
  return engineDeriveSeed(base, index, stream);
}

/** Games a thread plays at a time (rounded to whole series, at least one): small enough that the threads of a
 *  parallel run end within a game or two of each other, large enough that handing them out costs nothing. */
export const CHUNK_GAMES = 10;

/** The run cut into chunks of whole series, in game order; they get smaller towards the end (an eighth of what is
 *  left, when that is less than `size`), so that the last one to end is short. */
export function chunks(games: number, series: number, size = CHUNK_GAMES): [number, number][] {
  const out: [number, number][] = [];
  for (let from = 0; from < games; ) {
    const want = Math.min(size, Math.ceil((games - from) / 8));
    const to = Math.min(games, from + Math.max(1, Math.round(want / series)) * series);
    out.push([from, to]);
    from = to;
  }
  return out;
}

export function simulate(program: Program, o: SimulateOptions): SimulateResult {
  const spec = o.ai ?? uniformSpec('random');
  const series = o.series ?? 1;
  const t0 = performance.now();
  let done = 0;
  const tick = () => o.onGame?.(++done, o.games);
  const parts = chunks(o.games, series);
  const jobs = Math.max(1, Math.min(o.jobs ?? 1, parts.length));
  // What a worker is sent: the run itself, without the callbacks and the collector (plain data only).
  const { jobs: _jobs, collector: _collector, onGame: _onGame, ...given } = o;
  const run: RunSpec = { ...given, ai: spec, series };
  const keep = o.keepProblems ?? 5;
  const times = new DecisionTimes();
  const r: SimulateResult = {
    games: o.games,
    series,
    jobs,
    ai: formatAiSpec(spec, rolesOf(program)),
    aiMicrosPerDecision: {},
    completed: 0,
    errors: 0,
    invariantViolations: 0,
    unfinished: 0,
    wins: {},
    avgTurns: 0,
    avgDecisions: 0,
    gamesPerSecond: 0,
    traceHash: '',
    problems: [],
    decisions: 0,
    ms: 0,
  };
  let turns = 0;
  const hashes = new StringHash(); // over every game's trace hash, comma-separated, without keeping the text
  let first = true;
  let carried: Carried | undefined;
  let scores: ScoreTally | undefined;
  // Each chunk's results, added in game order (whichever thread played it): the same sums, problems, collected
  // counts and hash as a run in one thread.
  const add = (p: RangeResult) => {
    hashes.add((first ? '' : ',') + p.hashes.join(','));
    first = false;
    turns += p.turns;
    r.decisions += p.decisions;
    r.completed += p.completed;
    r.errors += p.errors;
    r.invariantViolations += p.invariantViolations;
    r.unfinished += p.unfinished;
    for (const [w, n] of Object.entries(p.wins)) r.wins[w] = (r.wins[w] ?? 0) + n;
    for (const q of p.problems) if (r.problems.length < keep) r.problems.push(q);
    times.merge(p.times);
    carried = p.carried; // the last chunk's, as a series ends there
    scores = mergeScores(scores, p.scores);
    if (p.collected !== undefined) o.collector?.into.merge(p.collected);
  };
  if (jobs === 1) for (const [from, to] of parts) add(playRange(program, run, from, to, o.collector?.into, tick));
  else runInWorkers(program, run, parts, jobs, o.collector, tick, add);
  const ms = performance.now() - t0;
  r.ms = ms;
  if (series > 1 && carried) r.carried = carried;
  if (scores)
    r.scores = {
      property: scores.property,
      series: scores.series,
      last: scores.last,
      mean: scores.sum.map((v) => round(v / Math.max(1, scores!.series), 2)),
      won: scores.won,
    };
  r.aiMicrosPerDecision = times.summary();
  const n = Math.max(1, o.games);
  r.avgTurns = round(turns / n, 2);
  r.avgDecisions = round(r.decisions / n, 2);
  r.gamesPerSecond = round(ms > 0 ? (o.games * 1000) / ms : 0, 1);
  // One hash over every game's trace hash, in order: same rules + same seed ⇒ same value, whatever the jobs.
  r.traceHash = hashHex(hashes.value());
  r.wins = Object.fromEntries(Object.entries(r.wins).sort(([a], [b]) => a.localeCompare(b)));
  return r;
}

function round(x: number, digits: number): number {
  const f = 10 ** digits;
  return Math.round(x * f) / f;
}
