// The engine's shared types: decisions, options, the log, the state, and `RulesHost`, what linked rule code
// (link.ts) and builtins (builtins.ts) may call on a game. `Game` implements it; those two modules see only this
// interface, never game.ts, so the engine's modules import one another in one direction.
import type { IAction_, IBody, IEvent, IExpr, IFunction, IHook, IMethod, IModify, ITrigger, Program } from './ir.ts';
import type { RngState } from './rng.ts';
import type { Reads } from './reads.ts';
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
  /** Set when several players answer one question sealed: nobody sees another's answer until all have answered
   *  (the answers are then logged for everyone). UIs and AIs see only their own seat's log and view. */
  sealed?: SealedMark;
  /** What the decision is about (for AIs and clients); see RequestSubject. */
  subject?: RequestSubject;
}

/** What a decision is about: what is asked (a member the rules declare, given as `asks:`), what it is about
 *  (`about:`, a card, player or event), the skill whose rule asks or is offered, and the timing window that skill
 *  answers. Every part is optional. */
export interface RequestSubject {
  asks?: string;
  about?: Value;
  skill?: string;
  window?: string;
}

/** A sealed question: the seats that answer it, in the order they are asked, and how many have answered. */
export interface SealedMark {
  seats: number[];
  answered: number;
}

/** Who may read a log entry: absent, everyone; `only` these seats; everyone `except` these seats. */
export type Audience = { only: number[] } | { except: number[] };

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
  /** Caps that end a game whose rules loop (runtime/runaway.ts: 20,000 decisions a game, 2,000 in one turn —
   *  while the current seat stays the same — and 200 in a row that change nothing, by default). */
  maxDecisions?: number;
  maxDecisionsPerTurn?: number;
  maxStalled?: number;
  /** Run the reference interpreter: every rules-function call by name through the memo, none of the resolved
   *  paths. Same game, same trace hash; the differential test (test/differential.test.ts) holds them to it.
   *  The same as `engine: 'reference'`. */
  reference?: boolean;
  /** Which code runs the rules (see EngineKind); default: 'compiled' when the program has compiled code attached
   *  (runtime/aot/bind.ts attachCompiled), else 'resolved'. */
  engine?: EngineKind;
  /** What the previous game of a series left (`game.carried()`): the game starts with these values instead of the
   *  declared defaults, before the mode's setup (a scenario's seats and `var`s still override them). */
  carried?: Carried;
  /** Check every reuse of a cached pure result (runtime/reads.ts) against a fresh computation; a stale one stops
   *  the game with an error. For tests: it costs the time the cache saves. */
  checkReads?: boolean;
}

/** A value carried from one game to the next: plain JSON, a player written as its seat (`{$p: 2}`). */
export type CarriedValue = number | string | boolean | null | { $p: number } | CarriedValue[];

/** The values of the declarations marked `carried` at the end of a game: globals by id, player properties by seat. */
export interface Carried {
  globals: Record<string, CarriedValue>;
  players: Record<string, CarriedValue>[];
}

/** Which code runs the rules: the compiled module (compiler/emit), the interpreter's closures with their resolved
 *  paths, or the reference interpreter (every call by name). The same games, the same trace hashes. */
export type EngineKind = 'compiled' | 'resolved' | 'reference';

/** A value named in a log line, as plain data, so that a table can write the line in another language (its
 *  template worded by the rules' text phrases). A card carries who saw it when the line was written (`seen`: a bit
 *  per seat, bit 31 for a reader without a seat); a reader it does not include gets `{ t: 'h' }` (a card). */
export type LogArg =
  | string
  | number
  | boolean
  | null
  | { t: 'p'; seat: number; name: string }
  | { t: 'c'; kind: string; face: string; seen: number; depicts?: string }
  | { t: 'h' }
  | { t: 'v'; kind: string; via?: string; subs: LogArg[] }
  | { t: 'z'; zone: string; owner?: number }
  | { t: 'l'; items: LogArg[] }
  | { t: 'e'; id: string }
  | { t: 'a'; skill: string };

export interface LogEntry {
  k: 'msg' | 'ask' | 'answer' | 'event';
  /** The full text, every card named (what the trace hash covers, whoever may read the entry). */
  text: string;
  /** The template and its values, kept with the log (GameOptions.keepLog) for a reader in another language. */
  tpl?: string;
  args?: LogArg[];
  /** Who may read it; absent: everyone. */
  audience?: Audience;
  /** When it names cards some readers cannot see: the text each seat reads (by seat) and a reader without a
   *  seat reads, such cards written as "a card". Absent: everyone reads `text`. */
  masked?: { bySeat: string[]; spectator: string };
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
  /** What cached pure calls read and what writes changed (runtime/reads.ts); null in the reference interpreter. */
  readonly reads: Reads | null;

  // values
  getGlobal(name: string): Value;
  setGlobal(name: string, v: Value): void;
  option(name: string): Value;
  getMember(o: Value, name: string, at: string): Value;
  setMember(o: Value, name: string, v: Value, at: string): void;
  asPlayer(v: Value, what: string): PlayerObj;
  asList(v: Value, at: string): Value[];
  asCards(v: Value, at: string): readonly CardObj[];

  // cards and zones
  zoneRef(zone: string, owner: PlayerObj | null): ZoneRef;
  /** Whether the zone holds a card (`count(zone) > 0`), read as a dependency on that alone (zones.ts). */
  zoneFilled(z: ZoneRef): boolean;
  findCard(kind: string, suit: string, rank: number, at: string): CardObj;
  /** A new physical card of `kind` with that suit and rank, put on top of `to`: only while the mode's `setup` runs. */
  makeCard(kind: string, suit: string, rank: number, to: ZoneRef, at: string): CardObj;
  zoneOf(card: CardObj): string;
  ownerOf(card: CardObj): PlayerObj | null;
  put(cards: readonly CardObj[], to: ZoneRef, bottom: boolean): void;
  shuffle(cards: CardObj[]): void;

  // skills, actions and conversions
  skillsOf(p: PlayerObj): string[];
  skillChanged(): void;
  actionsOf(p: PlayerObj): ActionRef[];
  conversionsOf(p: PlayerObj, kinds: string[] | null): VirtualCard[];
  perform(a: ActionRef): Asking<Value>;

  // the rules' functions, hooks, methods, actions and events
  callFunction(name: string, args: Value[], at: string): Value;
  /** A call whose function was resolved when it was linked (link.ts). */
  callRef(ref: FnRef, args: Value[], at: string): Value;
  /** callRef of one, two and three arguments (compiled code), without a list of them. */
  callRef1(ref: FnRef, a: Value, at: string): Value;
  callRef2(ref: FnRef, a: Value, b: Value, at: string): Value;
  callRef3(ref: FnRef, a: Value, b: Value, c: Value, at: string): Value;
  evalHook(name: string, args: Value[]): Value;
  /** evalHook resolved once (linked and compiled code). */
  evalHookRef(ref: HookRef, args: Value[]): Value;
  hasMethod(o: Value, name: string): boolean;
  callPureMethod(o: Value, name: string, args: Value[], at: string): Value;
  /** callPureMethod resolved once per kind (linked and compiled code). */
  callMethodRef(o: Value, ref: MethodRef, args: Value[], at: string): Value;
  /** callMethodRef of n arguments (at most four) as they are (compiled code), without a list of them. */
  callMethodRefN(o: Value, ref: MethodRef, at: string, n: number, a?: Value, b?: Value, c?: Value, d?: Value): Value;
  runMethod(o: Value, name: string, args: Value[], at: string): Asking<Value>;
  runModeMethod(name: string, args: Value[]): Asking<Value>;
  runAction(name: string, args: Value[], at: string): Asking<Value>;
  runEvent(name: string, args: Value[], at: string): Asking<Value>;
  /** An event run in steps, its body run by compiled code itself (windows.ts eventStart …), and an action's start
   *  (hooks.ts actionStart). */
  eventStart(ref: EventRef, args: Value[], at: string): Ctx;
  eventBody(c: Ctx, sig: Sig): void;
  eventCleanup(ref: EventRef, c: Ctx): Asking<void>;
  eventEnd(c: Ctx): void;
  eventLeave(c: Ctx): void;
  actionStart(ref: ActionCallRef, args: Value[], at: string): Ctx;
  /** runAction and runEvent resolved once (linked and compiled code). */
  runActionRef(ref: ActionCallRef, args: Value[], at: string): Asking<Value>;
  runEventRef(ref: EventRef, args: Value[], at: string): Asking<Value>;
  openWindow(window: string, subject: PlayerObj, frame: Frame): Asking<void>;
  /** What opening the window does now: null when nothing fires in it, else the generator that fires what does
   *  (compiled code opens a window through this, so that one firing nothing makes no generator). */
  windowAt(window: WindowRef, subject: PlayerObj, frame: Frame): Asking<void> | null;

  // decisions, randomness, the log and the end
  decide(r: Request): Asking<number[]>;
  random(n: number): number;
  record(k: LogEntry['k'], text: string, audience?: Audience): void;
  /** Write a log line from a template: `{0}` … are the labels of `values`, each card written as "a card" for a
   *  reader who cannot see it (the seats in `knows` read every card); `audience`: who may read it. `announce` (the
   *  rules' own lines): the cards it names are shown, but a face-down card to those not shown it. */
  logLine(
    k: LogEntry['k'],
    template: string,
    values: Value[],
    audience?: Audience,
    knows?: number[],
    announce?: boolean,
  ): void;
  /** Whether `seat` (null: a reader without a seat) sees the card's face now (runtime/visibility.ts). */
  canSee(card: CardObj, seat: number | null): boolean;
  endGame(winners: Value, text: string, players?: PlayerObj[]): never;

  /** Count one interpreter step (loops, events): a runaway rule stops the game instead of hanging it. */
  tick(): void;
  /** Note a change a pure function could observe (pure results are memoised between changes): `frame`, an event's
   *  fields or `stopped`; `table`, the current seat, who sees a card, a revealed fact; nothing said, anything (a
   *  change made from outside the rules). */
  touch(what?: 'frame' | 'table'): void;
}

/** A builtin called in an expression: a pure one or one that changes the game (never asks). */
export type CallBuiltin = (g: RulesHost, args: Value[], at: string) => Value;
/** A pure builtin with its arguments as they are (at most two; one not given is undefined): compiled code calls
 *  pure builtins so, without a list made per call. */
export type PositionalBuiltin = (g: RulesHost, at: string, a?: Value, b?: Value) => Value;
/** A builtin that may ask a player: a generator, run as a statement. */
export type AskBuiltin = (g: RulesHost, args: Value[], at: string) => Asking<Value>;

/** The builtins the linker links calls to (builtins.ts implements them). */
export interface Builtins {
  /** Pure builtins and those that change the game, by name. */
  call: Record<string, CallBuiltin>;
  /** The pure ones with their arguments as they are, by name. */
  positional: Record<string, PositionalBuiltin>;
  /** Builtins that ask, by name. */
  ask: Record<string, AskBuiltin>;
}

/** What linked code runs in (link.ts): the game, local slots, and the player, event and subject it is about. */
export interface Ctx {
  g: RulesHost;
  vars: Value[];
  you: PlayerObj | null;
  frame: Frame | null; // the event being run (event bodies) or whose window is open (triggers)
  subject: Value;
  checkStop: boolean; // true in event bodies: unwind as soon as the event is stopped
  ret: Value;
}

export type Ex = (c: Ctx) => Value;

/** How a body ends: 0 normal, 1 break, 2 continue, 3 return, 4 stop. */
export type Sig = number;
export type Gen = Asking<Sig>;
/** A linked body: a plain function when it cannot ask, a generator when it may (link.ts, compiled code). Compiled
 *  code also gives a body that may ask a synchronous form (`sync`), run when decisions are answered as they are
 *  asked (sync.ts), and an event's body `v`: how many slots of its context's `vars` it reads (its other locals are
 *  variables of its own function: compiler/emit/held.ts); none: all of them. */
export type Run = ({ y: false; run: (c: Ctx) => Sig } | { y: true; gen: (c: Ctx) => Gen; sync?: (c: Ctx) => Sig }) & {
  v?: number;
};

/** A reader of `x.name` made once per name for compiled code (members.ts memberReader), given the linked
 *  program's player properties; passed in by the game, so that linking does not import member access. */
export type MemberReaders = (
  properties: ReadonlySet<string>,
  name: string,
) => (g: RulesHost, o: Value, at: string) => Value;

/** The code of a compiled program bound to one linked program: its roots' functions by IR node (runtime/aot). */
export interface Backend {
  exprs: WeakMap<IExpr, Ex>;
  bodies: WeakMap<IBody, Run>;
  /** Objects of fixed fields made from their values in order, by the JSON of the list of names (compiler/emit
   *  objectMakers): events' fields and players' properties. */
  makers: Map<string, ObjectMaker>;
  /** A function's value computed from its arguments as they are, without a context (compiler/emit directFn,
   *  directBody), by the function's expression or body: only for functions that read nothing but their parameters,
   *  their locals and the game (no event, no `you`) and only compute (no event, action, question or window), with at
   *  most four parameters and no defaults. */
  direct: WeakMap<IExpr | IBody, DirectFn>;
}

/** A rules function's compiled code taking its arguments as they are (none given: none). */
export type DirectFn = (g: RulesHost, a?: Value, b?: Value, c?: Value, d?: Value) => Value;

/** An object of fixed fields from its values in order, one shape per list of names: an event's fields (Frame.data)
 *  from its arguments, a player's properties. */
export type ObjectMaker = (values: Value[]) => Record<string, Value>;

/** An event or action named by linked or compiled code: what running it needs is found on its first run in the
 *  linked program the code belongs to (windows.ts eventDesc, hooks.ts actionDesc), not by name on every run. */
export interface RunRef<D> {
  readonly name: string;
  d: D | null;
}

/** A property or global an event resets, and to what: its default's value when that is a plain literal (most
 *  are: 0, false, none), a new empty list for `[]` (`empty`), else its linked default, evaluated for each reset. */
export interface ResetTo {
  readonly id: string;
  readonly value: Value;
  readonly compute: Ex | null;
  readonly empty: boolean;
}

/** A timing window that some trigger listens to: players' skills' triggers (`list`, the lists numbered), and table
 *  rules' (`table`: those before every player's skills, and after). */
export interface WindowRef {
  readonly name: string;
  list: ItemList<TriggerRef> | undefined;
  table: { before: TriggerRef[]; after: TriggerRef[] } | undefined;
}

export interface TriggerRef {
  skill: string;
  idx: number;
  trig: ITrigger;
  /** Its use-limit key per seat, made on first use (windows.ts). */
  keys: string[] | undefined;
  /** Its condition's and body's linked code (none: no condition), found on first use (windows.ts). */
  cond: Ex | null | undefined;
  body: Run | undefined;
}

/** The items (triggers of a window, contributions to a hook) of every skill of the program, and the list's number
 *  among the windows' (or the hooks'): a game keeps what each seat has of a list by its number, in arrays
 *  (skills.ts keptForSkills), instead of by name in maps. */
export interface ItemList<T> {
  readonly no: number;
  readonly items: T[];
}

/** What a game keeps of each list of items per seat, by the list's number: the seat's items and the skills stamp
 *  they are as of (skills.ts keptForSkills). */
export type SeatLists<T> = ({ stamp: number; items: T[] } | undefined)[][];

/** What a game keeps of each list of items: the seats that have some, as of a stamp of everybody's skills. */
export type ListSeats = ({ stamp: number; seats: number } | undefined)[];

/** A skill's contribution to a hook: its `modify` number idx. */
export interface HookItem {
  skill: string;
  idx: number;
  mod: IModify;
  /** The contribution's condition's and value's linked code (none: no condition), found on first use (hooks.ts). */
  cond: Ex | null | undefined;
  value: Ex | undefined;
}

/** A parameter's default as an event starts: `value` (a plain literal's, or none without a default), a new empty
 *  list (`empty`), or linked code (`compute`). */
export interface ParamDefault {
  readonly value: Value;
  readonly compute: Ex | null;
  readonly empty: boolean;
}

/** An event as it runs: its declaration, the maker of its fields, its bodies and what it resets. */
export interface EventDesc {
  readonly ev: IEvent;
  readonly make: ObjectMaker | undefined;
  readonly body: Run;
  readonly cleanup: Run | null;
  /** `computed`: some default is not a plain literal (a context is made to evaluate it). */
  readonly resets: { props: ResetTo[]; vars: ResetTo[]; computed: boolean } | undefined;
  /** Whether a use limit is counted per this event (its start clears the counters). */
  readonly limited: boolean;
  /** Each parameter's default, in order. */
  readonly defaults: readonly ParamDefault[];
}

/** An action as it runs: its declaration and body. */
export interface ActionDesc {
  readonly a: IAction_;
  readonly body: Run;
}

/** A hook as it is combined: its declaration, the contributions to it (those of table rules split out, in order). */
export interface HookDesc {
  readonly h: IHook;
  /** Every skill's contributions, or none when nothing contributes. */
  readonly items: ItemList<HookItem> | undefined;
  readonly before: HookItem[];
  readonly after: HookItem[];
}

/** A hook named by linked or compiled code, resolved on first use (hooks.ts); numbered like function references. */
export interface HookRef {
  readonly name: string;
  readonly no: number;
  d: HookDesc | null;
}

/** A card method named by linked or compiled code: each kind's method, with its linked code, found once (hooks.ts). */
export interface MethodRef {
  readonly name: string;
  /** By card kind: the kind's method and its code, or null when the kind has none. */
  readonly kinds: Map<string, LinkedMethod | null>;
}

/** A card method with its linked code: an expression, or a body. */
export interface LinkedMethod {
  readonly m: IMethod;
  readonly ex: Ex | null;
  readonly run: Run | null;
  /** Its compiled code taking its arguments as they are (Backend.direct), if it has one. */
  readonly direct: DirectFn | null;
}

export type EventRef = RunRef<EventDesc>;
export type ActionCallRef = RunRef<ActionDesc>;

/** A call to a rules function resolved when it is linked: the function is found once, not by name per call. */
export interface FnRef {
  readonly name: string;
  /** Its number among the linked program's references (a game's cache finds its table by it: reads.ts tableOf). */
  readonly no: number;
  /** Undefined when the program has no such function (an error when it is called, as before). */
  readonly f: IFunction | undefined;
  /** Whether results are memoised: only for functions that call rules code (functions, hooks, methods). A leaf
   *  is cheaper to run again than to build its memo key, and, pure, gives the same value. */
  readonly memo: boolean;
  /** The function's closure on its parameters' context, linked on the first call (functions may recurse). */
  run: Ex | null | undefined;
  /** Its compiled code taking the arguments themselves, without a context (Backend.direct); null when it has none
   *  (the interpreter, or a function whose code needs one); found on the first call. */
  direct: DirectFn | null | undefined;
}
