// Many games: seeds derived from one base seed, outcomes tallied, the first problems kept with what is needed to
// reproduce them. Used by `sgs simulate`, `sgs balance`, the benchmark and the tests.
import { deriveSeed as engineDeriveSeed, hashHex, hashString, type Carried, type Program } from '../runtime/index.ts';
import { byRole } from '../ai/by-role.ts';
import { formatAiSpec, rolesOf, uniformSpec, type AiSpec } from '../ai/spec.ts';
import { DecisionTimes, type TimeSummary } from './decision-times.ts';
import { DEFAULT_MAX_DECISIONS, playGame, type Outcome, type PlayResult } from './play.ts';
import type { ReplayFile } from './replay.ts';

export interface SimulateOptions {
  players: number;
  games: number;
  seed: number;
  mode?: string;
  options?: Record<string, unknown>;
  maxDecisions?: number; // a game with no result after this many decisions counts as unfinished
  invariants?: boolean; // default true; the benchmark turns it off to time the engine alone
  keepProblems?: number; // how many problem games to report (default 5)
  ai?: AiSpec; // who plays which role; default: the random policy everywhere
  /** Games in a row that carry values from one to the next (default 1: each game on its own). Game i keeps the
   *  seed it has without series; the first game of each series starts from the declared defaults. */
  series?: number;
  onGame?: (done: number, total: number, game: PlayResult) => void;
}

export interface Problem {
  game: number; // 0-based index in the run
  seed: number; // the game's seed
  outcome: Exclude<Outcome, 'completed'>;
  message: string;
  replay: ReplayFile;
}

export interface SimulateResult {
  games: number;
  series: number; // games per series
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
  problems: Problem[];
  /** Totals behind the averages, for the benchmark. */
  decisions: number;
  ms: number;
}

/** A 32-bit seed for stream `stream` of game `index` of a run with base seed `base` (the engine's derivation). */
export function deriveSeed(base: number, index: number, stream: 'game' | 'ai'): number {
  return engineDeriveSeed(base, index, stream);
}

export function simulate(program: Program, o: SimulateOptions): SimulateResult {
  const spec = o.ai ?? uniformSpec('random');
  const times = new DecisionTimes();
  const policy = byRole(spec, (ai, micros) => times.add(ai, micros));
  const series = o.series ?? 1;
  const r: SimulateResult = {
    games: o.games,
    series,
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
  const keep = o.keepProblems ?? 5;
  const hashes: string[] = [];
  let turns = 0;
  const t0 = performance.now();
  let carried: Carried | undefined;
  for (let i = 0; i < o.games; i++) {
    const seed = deriveSeed(o.seed, i, 'game');
    if (i % series === 0) carried = undefined;
    const g = playGame(program, {
      ...(series > 1 ? { carried, carry: true } : {}),
      seed,
      aiSeed: deriveSeed(o.seed, i, 'ai'),
      policy,
      players: o.players,
      mode: o.mode,
      options: o.options,
      maxDecisions: o.maxDecisions ?? DEFAULT_MAX_DECISIONS,
      invariants: o.invariants ?? true,
    });
    // A game that went wrong still hands on what it left: the series goes on, as it would at a table.
    if (g.carried) carried = g.carried;
    hashes.push(g.traceHash);
    turns += g.turns;
    r.decisions += g.decisions;
    if (g.outcome === 'completed') {
      r.completed++;
      r.wins[g.winners!] = (r.wins[g.winners!] ?? 0) + 1;
    } else {
      if (g.outcome === 'error') r.errors++;
      else if (g.outcome === 'invariant') r.invariantViolations++;
      else r.unfinished++;
      if (r.problems.length < keep)
        r.problems.push({ game: i, seed, outcome: g.outcome, message: g.message ?? '', replay: g.replay });
    }
    o.onGame?.(i + 1, o.games, g);
  }
  if (series > 1 && carried) r.carried = carried;
  r.ms = performance.now() - t0;
  r.aiMicrosPerDecision = times.summary();
  const n = Math.max(1, o.games);
  r.avgTurns = round(turns / n, 2);
  r.avgDecisions = round(r.decisions / n, 2);
  r.gamesPerSecond = round(r.ms > 0 ? (o.games * 1000) / r.ms : 0, 1);
  // One hash over every game's trace hash, in order: same rules + same seed ⇒ same value.
  r.traceHash = hashHex(hashString(hashes.join(',')));
  r.wins = Object.fromEntries(Object.entries(r.wins).sort(([a], [b]) => a.localeCompare(b)));
  return r;
}

function round(x: number, digits: number): number {
  const f = 10 ** digits;
  return Math.round(x * f) / f;
}
