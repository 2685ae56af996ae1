// Playing a replay file back: (rules, seed, answers) give the same game bit for bit. The CLI (`sgs replay`) and
// the site's replay viewer both replay through here; an answer the engine refuses (a tampered file) ends the
// replay with the engine's reason, never with an exception.
import { Game } from './game.ts';
import type { Program } from './ir.ts';
import type { ReplayFile } from './replay-file.ts';
import { StateWatch } from './watch.ts';

export interface ReplayResult {
  game: Game;
  /** Answers applied before the replay stopped (all of them, or `upTo`, unless one was rejected). */
  applied: number;
  /** Why the replay could not apply every answer, if it could not. */
  problem?: string;
  /** The first broken invariant, when invariants are checked. */
  violation?: string;
}

export interface ReplayOptions {
  keepLog?: boolean;
  invariants?: boolean; // check them when every event ends and after every answer, as the simulation did
  /** Stop after this many answers (a step of the site's replay viewer); default: all of them. */
  upTo?: number;
}

/** A new game of the file's setup, not yet started (start() plays up to the first question). */
export function replayGame(program: Program, r: ReplayFile, keepLog = true): Game {
  return new Game(program, {
    seed: r.seed,
    players: r.players,
    mode: r.mode,
    options: r.options,
    keepLog,
    carried: r.carried,
  });
}

/** Answer `i` of the file applied to `game`, or why it could not be. */
export function replayStep(game: Game, r: ReplayFile, i: number): string | undefined {
  if (!game.pending)
    return `the game ${game.state.over ? 'ended' : 'stopped'} after ${i} of ${r.answers.length} answers`;
  const res = game.answer(r.answers[i]!);
  return res.ok ? undefined : `answer ${i + 1} [${r.answers[i]!.join(', ')}] was rejected: ${res.reason}`;
}

export function replay(program: Program, r: ReplayFile, o: ReplayOptions = {}): ReplayResult {
  const game = replayGame(program, r, o.keepLog ?? false);
  const watch = o.invariants ? new StateWatch(game) : null;
  game.start();
  const n = Math.min(o.upTo ?? r.answers.length, r.answers.length);
  for (let i = 0; ; i++) {
    const broken = watch?.check('after the answer');
    if (broken) return { game, applied: i, violation: `after ${i} decisions, ${broken}` };
    if (i === n) break;
    const problem = replayStep(game, r, i);
    if (problem) return { game, applied: i, problem };
  }
  return { game, applied: n };
}
