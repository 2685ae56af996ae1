// The games of one stretch of a run (game `from` up to `to`): what `simulate` plays in this thread, and what each
// worker of a parallel run plays. Seeds come from the game's index, so a game plays the same wherever it runs.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  deriveSeed,
  rulesFingerprint,
  writeReplayFile,
  type Carried,
  type EngineKind,
  type Game,
  type Program,
} from '../runtime/index.ts';
import { byRole } from '../ai/by-role.ts';
import { uniformSpec, type AiSpec } from '../ai/spec.ts';
import { DecisionTimes, type TimesData } from './decision-times.ts';
import { DEFAULT_MAX_DECISIONS, playGame, type Outcome } from './play.ts';
import type { ReplayFile } from './replay-file.ts';

/** What many games are asked to be; plain data, so it can be sent to a worker. */
export interface RunSpec {
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
  /** A folder to write every game's replay file to (`--save-all`), named as `--save` names a problem game's. */
  saveAll?: string;
  /** Which code runs the rules (GameOptions.engine); default: compiled code when the program has it. */
  engine?: EngineKind;
}

/** The replay file name of game `index` (0-based) with seed `seed`. */
export function replayName(index: number, seed: number): string {
  return `game-${index}-seed-${seed}.json`;
}

/** Counts kept over completed games beside the run's own (`sgs balance`'s): added to game by game in one thread,
 *  sent as plain data from a worker and merged. */
export interface Collector {
  add(g: Game): void;
  data(): unknown;
  merge(d: unknown): void;
}

export interface Problem {
  game: number; // 0-based index in the run
  seed: number; // the game's seed
  outcome: Exclude<Outcome, 'completed'>;
  message: string;
  replay: ReplayFile;
}

/** The series scores of a stretch (when the mode keeps a score, Game.scores): each seat's total at the end of
 *  every series, added up; the series each seat ended with the highest total (ties shared); the last series'. */
export interface ScoreTally {
  property: string;
  series: number; // series ended
  sum: number[]; // per seat: the final totals added up
  won: number[]; // per seat: series ended with the highest total (every seat tied for it counts one)
  last: number[]; // per seat: the last series' final totals
}

/** Add one series' final totals to a tally. */
export function tallyScores(t: ScoreTally | undefined, property: string, totals: number[]): ScoreTally {
  const out = t ?? { property, series: 0, sum: totals.map(() => 0), won: totals.map(() => 0), last: [] };
  const best = Math.max(...totals);
  out.series++;
  totals.forEach((v, i) => {
    out.sum[i] = (out.sum[i] ?? 0) + v;
    if (v === best) out.won[i] = (out.won[i] ?? 0) + 1;
  });
  out.last = totals.slice();
  return out;
}

/** Two stretches' tallies, the later one second. */
export function mergeScores(a: ScoreTally | undefined, b: ScoreTally | undefined): ScoreTally | undefined {
  if (!a || !b) return a ?? b;
  return {
    property: b.property,
    series: a.series + b.series,
    sum: b.sum.map((v, i) => v + (a.sum[i] ?? 0)),
    won: b.won.map((v, i) => v + (a.won[i] ?? 0)),
    last: b.last,
  };
}

/** What a stretch of games gave, as plain data. */
export interface RangeResult {
  hashes: string[]; // each game's trace hash, in order
  turns: number;
  decisions: number;
  completed: number;
  errors: number;
  invariantViolations: number;
  unfinished: number;
  wins: Record<string, number>;
  problems: Problem[]; // the first `keepProblems` of the stretch
  carried?: Carried; // with series: what the stretch's last game left
  scores?: ScoreTally; // when the mode keeps a score: the totals each series ended with
  times: TimesData;
  collected?: unknown; // the collector's data, from a worker
}

/** Play games `from` ≤ i < `to` (a stretch starts a series: `from` is a multiple of the series length). */
export function playRange(
  program: Program,
  o: RunSpec,
  from: number,
  to: number,
  collector?: Collector,
  onGame?: () => void,
): RangeResult {
  const times = new DecisionTimes();
  const policy = byRole(o.ai ?? uniformSpec('random'), (ai, micros) => times.add(ai, micros));
  const series = o.series ?? 1;
  const keep = o.keepProblems ?? 5;
  const r: RangeResult = {
    hashes: [],
    turns: 0,
    decisions: 0,
    completed: 0,
    errors: 0,
    invariantViolations: 0,
    unfinished: 0,
    wins: {},
    problems: [],
    times: {},
  };
  let carried: Carried | undefined;
  if (o.saveAll) mkdirSync(o.saveAll, { recursive: true });
  for (let i = from; i < to; i++) {
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
      ...(o.engine ? { engine: o.engine } : {}),
    });
    if (o.saveAll)
      writeFileSync(
        join(o.saveAll, replayName(i, seed)),
        writeReplayFile({ ...g.replay, rules: rulesFingerprint(program) }),
      );
    // A game that went wrong still hands on what it left: the series goes on, as it would at a table.
    if (g.carried) carried = g.carried;
    // The last game of a series (or of the run) gives the series' final totals.
    const property = g.game?.scoreProperty();
    if (property && g.scores && ((i + 1) % series === 0 || i === o.games - 1))
      r.scores = tallyScores(r.scores, property, g.scores);
    r.hashes.push(g.traceHash);
    r.turns += g.turns;
    r.decisions += g.decisions;
    if (g.outcome === 'completed') {
      r.completed++;
      r.wins[g.winners!] = (r.wins[g.winners!] ?? 0) + 1;
      collector?.add(g.game!);
    } else {
      if (g.outcome === 'error') r.errors++;
      else if (g.outcome === 'invariant') r.invariantViolations++;
      else r.unfinished++;
      if (r.problems.length < keep)
        r.problems.push({ game: i, seed, outcome: g.outcome, message: g.message ?? '', replay: g.replay });
    }
    onGame?.();
  }
  if (series > 1 && carried) r.carried = carried;
  r.times = times.data();
  return r;
}
