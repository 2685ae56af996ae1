// The engine's shared types: decisions, options, the log, the state, and `RulesHost`, what linked rule code
// (link.ts) and builtins (builtins.ts) may call on a game. `Game` implements it; those two modules see only this
// interface, never game.ts, so the engine's modules import one another in one direction.
import type { Program } from './ir.ts';
import type { RngState } from './rng.ts';
import type { ActionRef, CardObj, Frame, PlayerObj, Value, VirtualCard, ZoneRef } from './values.ts';

/** One option of a decision: what is shown and the value it stands for. */
export interface RequestOption {
  label: string;
  value: Value;
}

/** A decision: who decides, what the options are and how many to pick. Answers are option indices. */
export interface Request {
  seat: number;
  prompt: string;
  options: RequestOption[];
  min: number;
  max: number;
}

/** What suspends a rule run: it yields a decision and is resumed with the picked option indices. */
export type Asking<T> = Generator<Request, T, number[]>;

export interface GameOptions {
  mode?: string;
  players?: number;
  seed?: number;
  options?: Record<string, unknown>;
  scenario?: string;
  keepLog?: boolean; // default true; simulations turn it off and keep only the hash
  stepBudget?: number; // interpreter steps allowed between two decisions
}

export interface LogEntry {
  k: 'msg' | 'ask' | 'answer' | 'event';
  text: string;
}

export interface State {
  seed: number;
  rng: RngState;
  mode: string;
  options: Record<string, unknown>;
  players: PlayerObj[];
  cards: CardObj[];
  zones: Record<string, CardObj[]>;
  globals: Record<string, Value>;
  uses: Record<string, Record<string, number>>;
  revealed: Record<string, boolean>; // "seat:property"
  current: number; // seat whose turn orders simultaneous triggers
  /** The result: `winners` as the rules give it (a side), `players` the seats that won (the rules say which). */
  over: { winners: Value; text: string; players?: number[] } | null;
  error: string | null;
  log: LogEntry[];
  hash: number;
  decisions: number;
  answers: number[][];
}

/** What linked rule code and builtins call on the game: exactly the methods link.ts and builtins.ts use. */
export interface RulesHost {
  readonly program: Program;
  readonly state: State;
  /** The innermost running event. */
  readonly frame: Frame | null;

  // values
  getGlobal(name: string): Value;
  setGlobal(name: string, v: Value): void;
  option(name: string): Value;
  getMember(o: Value, name: string, at: string): Value;
  setMember(o: Value, name: string, v: Value, at: string): void;
  asPlayer(v: Value, what: string): PlayerObj;
  asList(v: Value, at: string): Value[];
  asCards(v: Value, at: string): CardObj[];

  // cards and zones
  zoneRef(zone: string, owner: PlayerObj | null): ZoneRef;
  findCard(kind: string, suit: string, rank: number, at: string): CardObj;
  zoneOf(card: CardObj): string;
  ownerOf(card: CardObj): PlayerObj | null;
  put(cards: CardObj[], to: ZoneRef, bottom: boolean): void;
  shuffle(cards: CardObj[]): void;

  // skills, actions and conversions
  skillsOf(p: PlayerObj): string[];
  skillChanged(): void;
  actionsOf(p: PlayerObj): ActionRef[];
  conversionsOf(p: PlayerObj, kinds: string[] | null): VirtualCard[];
  perform(a: ActionRef): Asking<Value>;

  // the rules' functions, hooks, methods, actions and events
  callFunction(name: string, args: Value[], at: string): Value;
  evalHook(name: string, args: Value[]): Value;
  hasMethod(o: Value, name: string): boolean;
  callPureMethod(o: Value, name: string, args: Value[], at: string): Value;
  runMethod(o: Value, name: string, args: Value[], at: string): Asking<Value>;
  runModeMethod(name: string, args: Value[]): Asking<Value>;
  runAction(name: string, args: Value[], at: string): Asking<Value>;
  runEvent(name: string, args: Value[], at: string): Asking<Value>;
  openWindow(window: string, subject: PlayerObj, frame: Frame): Asking<void>;

  // decisions, randomness, the log and the end
  decide(r: Request): Asking<number[]>;
  random(n: number): number;
  record(k: LogEntry['k'], text: string): void;
  endGame(winners: Value, text: string, players?: PlayerObj[]): never;

  /** Count one interpreter step (loops, events): a runaway rule stops the game instead of hanging it. */
  tick(): void;
  /** Note a change a pure function could observe (pure results are memoised between changes). */
  touch(): void;
}

/** A builtin called in an expression: a pure one or one that changes the game (never asks). */
export type CallBuiltin = (g: RulesHost, args: Value[], at: string) => Value;
/** A builtin that may ask a player: a generator, run as a statement. */
export type AskBuiltin = (g: RulesHost, args: Value[], at: string) => Asking<Value>;

/** The builtins the linker links calls to (builtins.ts implements them). */
export interface Builtins {
  /** Pure builtins and those that change the game, by name. */
  call: Record<string, CallBuiltin>;
  /** Builtins that ask, by name. */
  ask: Record<string, AskBuiltin>;
}
