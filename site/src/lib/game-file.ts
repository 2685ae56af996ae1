// The file the play page saves: the replay file of runtime/replay-file.ts (what `sgs replay` reads), made from the
// game the table recorded. Kept apart from the page's DOM code so that the CLI's tests build the same file.
import {
  rulesFingerprint,
  writeReplayFile,
  type Carried,
  type Program,
  type ReplayFile,
} from '../../../runtime/index.ts';

export interface Recording {
  seed: number;
  players: number;
  mode: string;
  /** The options the game was started with (only those not at their default). */
  options?: Record<string, unknown>;
  /** What the previous game of a series left, when this one is not the first. */
  carried?: Carried;
  answers: number[][];
}

/** The replay file of a game the page played: its setup, every answer so far, and which rules it ran on. */
export function recordedFile(program: Program, r: Recording): ReplayFile {
  return {
    seed: r.seed,
    players: r.players,
    mode: r.mode,
    ...(r.options && Object.keys(r.options).length ? { options: { ...r.options } } : {}),
    ...(r.carried ? { carried: r.carried } : {}),
    rules: rulesFingerprint(program),
    answers: r.answers.map((a) => a.slice()),
  };
}

/** The saved file's text and a name for it (the seed and the number of decisions). */
export function savedFile(file: ReplayFile): { name: string; text: string } {
  return { name: `sgs-game-${file.seed}-${file.answers.length}.json`, text: writeReplayFile(file) };
}
