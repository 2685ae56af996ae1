// Replays: (rules, seed, answers) give the same game bit for bit. A replay file (replay-file.ts) is what
// `simulate --save` writes for a failed game and what `sgs replay` reads.
import { Game, StateWatch, type Program } from '../runtime/index.ts';
import type { ReplayFile } from './replay-file.ts';

// The file's schema is in replay-file.ts; re-exported for the callers that replay what they read.
export { parseReplay, type ReplayFile } from './replay-file.ts';

export interface ReplayResult {
  game: Game;
  /** Answers applied before the replay stopped (all of them unless one was rejected). */
  applied: number;
  /** Why the replay could not apply every answer, if it could not. */
  problem?: string;
  /** The first broken invariant, when invariants are checked. */
  violation?: string;
}

export interface ReplayOptions {
  keepLog?: boolean;
  invariants?: boolean; // check them when every event ends and after every answer, as the simulation did
}

export function replay(program: Program, r: ReplayFile, o: ReplayOptions = {}): ReplayResult {
  const game = new Game(program, {
    seed: r.seed,
    players: r.players,
    mode: r.mode,
    options: r.options,
    keepLog: o.keepLog ?? false,
    carried: r.carried,
  });
  const watch = o.invariants ? new StateWatch(game) : null;
  game.start();
  for (let i = 0; ; i++) {
    const broken = watch?.check('after the answer');
    if (broken) return { game, applied: i, violation: `after ${i} decisions, ${broken}` };
    if (i === r.answers.length) break;
    if (!game.pending) {
      return {
        game,
        applied: i,
        problem: `the game ${game.state.over ? 'ended' : 'stopped'} after ${i} of ${r.answers.length} answers`,
      };
    }
    const res = game.answer(r.answers[i]!);
    if (!res.ok)
      return { game, applied: i, problem: `answer ${i + 1} [${r.answers[i]!.join(', ')}] was rejected: ${res.reason}` };
  }
  return { game, applied: r.answers.length };
}
