// Replays: (rules, seed, answers) give the same game bit for bit. The replaying itself is the engine's
// (runtime/replay.ts, shared with the site); re-exported here with the file's schema for the CLI's callers.
export { replay, type ReplayOptions, type ReplayResult } from '../runtime/index.ts';
export { parseReplay, type ReplayFile } from './replay-file.ts';
