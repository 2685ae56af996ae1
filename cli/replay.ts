// Replays: (rules, seed, answers) give the same game bit for bit. A replay file (replay-file.ts) is what
// `simulate --save` writes for a failed game and what `sgs replay` reads.
import { Game, type Program } from '../runtime/index.ts';
import { baseline, checkInvariants } from './invariants.ts';
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
  invariants?: boolean; // check them after every answer, as the simulation did
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
  game.start();
  const base = baseline(game);
  for (let i = 0; ; i++) {
    if (o.invariants) {
      const broken = checkInvariants(game, base);
      if (broken.length) return { game, applied: i, violation: `after ${i} decisions: ${broken[0]}` };
    }
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
