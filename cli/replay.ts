// Replays: (rules, seed, answers) give the same game bit for bit. A replay file is what `simulate --save` writes
// for a failed game and what `sgs replay` reads.
import { Game, StateWatch, type Carried, type Program } from '../runtime/index.ts';
import { invalid } from './errors.ts';

export interface ReplayFile {
  seed: number;
  players: number;
  mode?: string;
  options?: Record<string, unknown>;
  /** A game of a series: what the previous game left (`sgs simulate --series`). */
  carried?: Carried;
  answers: number[][];
}

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

/** Check the shape of parsed JSON; a bad file is a one-line error (exit 2). */
export function parseReplay(json: unknown, name = 'replay file'): ReplayFile {
  const o = json as Partial<ReplayFile> | null;
  if (!o || typeof o !== 'object' || Array.isArray(o)) throw invalid(`${name}: expected a JSON object`);
  if (!Number.isInteger(o.seed)) throw invalid(`${name}: "seed" must be a whole number`);
  if (!Number.isInteger(o.players)) throw invalid(`${name}: "players" must be a whole number`);
  if (o.mode !== undefined && typeof o.mode !== 'string') throw invalid(`${name}: "mode" must be a string`);
  if (o.options !== undefined && (typeof o.options !== 'object' || o.options === null || Array.isArray(o.options))) {
    throw invalid(`${name}: "options" must be an object`);
  }
  if (
    o.carried !== undefined &&
    (typeof o.carried !== 'object' ||
      o.carried === null ||
      typeof o.carried.globals !== 'object' ||
      o.carried.globals === null ||
      !Array.isArray(o.carried.players))
  ) {
    throw invalid(`${name}: "carried" must be an object with "globals" and "players"`);
  }
  if (!Array.isArray(o.answers) || !o.answers.every((a) => Array.isArray(a) && a.every(Number.isInteger))) {
    throw invalid(`${name}: "answers" must be a list of lists of option numbers`);
  }
  return o as ReplayFile;
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
