// The engine's public entry, for the AI, the tools, the benchmarks and the site: the game, the types of its
// decisions, state and values, views, the scenario runner, hashing, randomness, card faces, the IR types and the
// two tables the compiler and editor share (engine members, builtins); a series of games; replay files (their
// schema, shared by the CLI and the site) and replaying them. Tests may import the modules themselves.
export { Game } from './game.ts';
export type {
  Asking,
  Audience,
  Carried,
  CarriedValue,
  EngineKind,
  GameOptions,
  LogArg,
  LogEntry,
  Request,
  RequestOption,
  RequestSubject,
  RulesHost,
  SealedMark,
  State,
} from './types.ts';
export {
  RuleError,
  cardFace,
  isCard,
  isPlayer,
  isVirtual,
  label,
  same,
  toJSON,
  zoneKey,
  type ActionRef,
  type CardObj,
  type Frame,
  type PlayerObj,
  type Value,
  type VirtualCard,
  type ZoneRef,
} from './values.ts';
export {
  publicTable,
  seatView,
  snapshot,
  viewFor,
  type PlayerView,
  type PublicTable,
  type SeatView,
  type SeenEvent,
  type Table,
  type ViewCard,
} from './view.ts';
export { canSee, entryFor, inAudience, logFor, type ReadEntry } from './visibility.ts';
export {
  ScenarioRunner,
  runScenario,
  type AnswerStep,
  type ScenarioFailure,
  type ScenarioResult,
} from './scenario.ts';
export { checkInvariants, type InvariantViolation } from './invariants.ts';
export { checkConsistency, stateBaseline, type StateBaseline } from './consistency.ts';
export { StateWatch } from './watch.ts';
export { hashHex, hashString, StringHash } from './hash.ts';
export { deriveSeed, nextU32, randBelow, randMod, seedRng, shuffleInPlace, type RngState } from './rng.ts';
export { Series, type SeriesOptions } from './series.ts';
export { attachCompiled, compiledOf } from './aot/bind.ts';
export type { CompiledModule } from './aot/support.ts';
export * from './card-face.ts';
export * from './engine-members.ts';
export * from './builtin-table.ts';
export * from './hint-table.ts';
export * from './ir.ts';
export {
  PLAYER_RANGE,
  ReplayFileError,
  SEED_RANGE,
  checkReplayFile,
  defaultMode,
  modeTakesOption,
  modeNamed,
  optionProblem,
  parseReplayFile,
  playerRange,
  readReplayFile,
  rulesFingerprint,
  writeReplayFile,
  type ReplayFile,
} from './replay-file.ts';
export { replay, replayGame, replayStep, type ReplayOptions, type ReplayResult } from './replay.ts';
export {
  hintedProperty,
  hintedValue,
  hintedValues,
  hintedZone,
  roleOrSeat,
  type PropertyHint,
  type ZoneHint,
} from './hints.ts';
