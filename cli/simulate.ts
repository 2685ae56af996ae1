// Many games: seeds derived from one base seed, outcomes tallied, the first problems kept with what is needed to
// reproduce them. Used by `sgs simulate`, `sgs balance`, the benchmark and the tests.
import { hashHex, hashString, type Program } from '../runtime/index.ts';
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
  problems: Problem[];
  /** Totals behind the averages, for the benchmark. */
  decisions: number;
  ms: number;
}

/** A 32-bit seed for stream `stream` of game `index` of a run with base seed `base`. */
export function deriveSeed(base: number, index: number, stream: 'game' | 'ai'): number {
  return hashString(`${stream}:${base}:${index}`) % 4294967296;
}

export function simulate(program: Program, o: SimulateOptions): SimulateResult {
  const spec = o.ai ?? uniformSpec('random');
  const times = new DecisionTimes();
  const policy = byRole(spec, (ai, micros) => times.add(ai, micros));
  const r: SimulateResult = {
    games: o.games,
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
  for (let i = 0; i < o.games; i++) {
    const seed = deriveSeed(o.seed, i, 'game');
    const g = playGame(program, {
      seed,
      aiSeed: deriveSeed(o.seed, i, 'ai'),
      policy,
      players: o.players,
      mode: o.mode,
      options: o.options,
      maxDecisions: o.maxDecisions ?? DEFAULT_MAX_DECISIONS,
      invariants: o.invariants ?? true,
    });
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
