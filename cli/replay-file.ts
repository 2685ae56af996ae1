// The replay file as the CLI reads it. Its schema lives in runtime/replay-file.ts, shared with the site (which saves
// and loads the same files); here a file that fails becomes a one-line error naming the file and the field (exit 2).
import {
  checkReplayFile,
  parseReplayFile,
  readReplayFile,
  ReplayFileError,
  type Program,
  type ReplayFile,
} from '../runtime/index.ts';
import { invalid } from './errors.ts';

export type { ReplayFile } from '../runtime/index.ts';

/** `f()`, its ReplayFileError turned into the CLI's exit 2 with the same message. */
function asExit<T>(f: () => T): T {
  try {
    return f();
  } catch (e) {
    throw e instanceof ReplayFileError ? invalid(e.message) : e;
  }
}

/** Parsed JSON checked against the schema's shape; `name` (the file) starts every message. */
export const parseReplay = (json: unknown, name = 'replay file'): ReplayFile =>
  asExit(() => parseReplayFile(json, name));

/** A file's text as JSON, checked against the schema's shape. */
export const readReplay = (text: string, name = 'replay file'): ReplayFile => asExit(() => readReplayFile(text, name));

/** The replay's names checked against the rules (mode, player count, options, carried values). */
export const checkReplay = (program: Program, r: ReplayFile, name = 'replay file'): void =>
  asExit(() => checkReplayFile(program, r, name));
