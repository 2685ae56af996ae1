// The intermediate representation: what the compiler hands to the engine. Plain JSON, no functions, so a
// compiled program can be cached or sent to a browser worker. It names no game concept: cards, skills,
// zones, events and timings are all declared by the rules and arrive here as data.

/** Where an IR node came from, for runtime errors: "file:line:col". */
export type At = string;

export type IExpr =
  | { k: 'lit'; v: number | string | boolean | null }
  | { k: 'default' } // an argument left out: the parameter's default applies
  | { k: 'local'; i: number }
  | { k: 'global'; name: string }
  | { k: 'param'; name: string } // a field of the current event (event bodies)
  | { k: 'option'; name: string }
  | { k: 'zone'; zone: string; owner?: IExpr } // a shared zone, or a per-player zone of owner
  | { k: 'you' }
  | { k: 'event' } // the event whose timing window is open (triggers) or the running event
  | { k: 'subject' } // the subject of the open timing window
  | { k: 'member'; o: IExpr; name: string; at: At }
  | { k: 'call'; fn: string; args: IExpr[]; at: At } // builtin
  | { k: 'fn'; name: string; args: IExpr[]; at: At } // a rules function (pure)
  | { k: 'hook'; name: string; args: IExpr[]; at: At }
  | { k: 'method'; o: IExpr; name: string; args: IExpr[]; at: At } // a card kind's expression method
  | { k: 'un'; op: 'not' | 'neg'; e: IExpr }
  | { k: 'bin'; op: string; l: IExpr; r: IExpr; at: At }
  | { k: 'and' | 'or'; l: IExpr; r: IExpr }
  | { k: 'list'; items: IExpr[] }
  | { k: 'cardlit'; kind: string; suit: string; rank: number; at: At }
  | { k: 'where'; list: IExpr; slot: number; cond: IExpr; at: At };

/** A call that may suspend for a decision or open timing windows: events, actions, block methods, asks. */
export type IAction =
  | { k: 'event'; name: string; args: IExpr[]; at: At }
  | { k: 'action'; name: string; args: IExpr[]; at: At }
  | { k: 'methodCall'; o: IExpr; name: string; args: IExpr[]; at: At }
  | { k: 'ask'; fn: string; args: IExpr[]; at: At }; // a builtin that asks a player

export type ITarget =
  | { k: 'local'; i: number }
  | { k: 'global'; name: string }
  | { k: 'param'; name: string }
  | { k: 'member'; o: IExpr; name: string; at: At };

export type IStmt =
  | { k: 'let'; i: number; e: IExpr }
  | { k: 'set'; target: ITarget; op: '=' | '+=' | '-='; e: IExpr; at: At }
  | { k: 'do'; a: IAction; into?: ITarget } // run an action, optionally storing its result
  | { k: 'expr'; e: IExpr }
  | { k: 'if'; c: IExpr; then: IStmt[]; else?: IStmt[] }
  | { k: 'for'; i: number; e: IExpr; body: IStmt[]; at: At }
  | { k: 'while'; c: IExpr; body: IStmt[] }
  | { k: 'repeat'; n?: IExpr; body: IStmt[] }
  | { k: 'return'; e?: IExpr; a?: IAction }
  | { k: 'break' }
  | { k: 'continue' }
  | { k: 'stop'; e?: IExpr; at: At }
  | { k: 'timing'; name: string; subject: IExpr; at: At };

/** A body: statements plus the number of local slots it needs. Parameters occupy the first slots. */
export interface IBody {
  slots: number;
  stmts: IStmt[];
}

export interface IParam {
  name: string;
  optional: boolean;
  default?: IExpr;
}

export interface ITrigger {
  window: string;
  subject: 'you' | 'anyone' | 'other';
  optional: boolean;
  limit?: { count: number; per: string };
  cond?: IBody; // evaluated as an expression body (its single 'return')
  condExpr?: IExpr;
  body: IBody;
  at: At;
}

export interface IActive {
  limit?: { count: number; per: string };
  condExpr?: IExpr;
  body: IBody;
  at: At;
}

export interface IViewAs {
  kind: string;
  count: number;
  zones: string[];
  filterExpr?: IExpr; // `it` is local slot 0
  condExpr?: IExpr;
  /** The condition names `them` (local slot 0: the cards of one combination): checked for each combination. */
  condPerSet?: boolean;
  at: At;
}

export interface IModify {
  hook: string;
  params: number; // args bind to local slots 0..params-1
  valueExpr: IExpr;
  condExpr?: IExpr;
  slots: number;
  at: At;
}

export interface IFilter {
  condExpr: IExpr; // `it` is local slot 0
  sets: { field: string; e: IExpr }[];
  at: At;
}

export interface ISkill {
  id: string;
  zh?: string;
  en?: string;
  tags: string[];
  /** A tag gives the whole skill one use (`tag limited … once per game records limitedUsed`): the player property
   *  that holds the skills a player has used; while it holds this one, none of the skill's triggers or actions is
   *  offered, and using any of them adds it. */
  once?: string;
  /** Tags that record uses (`tag … records P`, without `once`): the player properties the engine adds the skill to
   *  whenever it is used (a trigger fires, an action is taken); they stop nothing. */
  records?: string[];
  /** Constants declared in the skill (`aiUse: 40`): hints for AIs; absent when it declares none. */
  fields?: Record<string, unknown>;
  triggers: ITrigger[];
  actives: IActive[];
  viewAs: IViewAs[];
  modifies: IModify[];
  filters: IFilter[];
  /** Skills (or a card kind's skills) others or the owner have while the owner has this one and it is enabled. */
  grants?: IGrant[];
  /** A table rule: owned by nobody; its triggers fire before or after every player's skills in their windows, never
   *  in a player's order question, and its modifiers count once (with no `you`). */
  table?: 'before' | 'after';
}

/** `grants x to others where cond`: `what` is a skill id or, with `card`, a card kind whose skills are granted (as if
 *  equipped with it); `condExpr` reads the receiver as local slot 0 (`it`) and the owner as `you`. */
export interface IGrant {
  what: string;
  card: boolean;
  to: 'you' | 'others' | 'anyone';
  condExpr?: IExpr;
  slots: number;
  at: At;
}

export interface IMethod {
  params: IParam[];
  expr?: IExpr; // pure method `name(p) = expr`
  body?: IBody; // block method
  slots: number;
  at: At;
}

export interface ICardKind {
  id: string;
  zh?: string;
  en?: string;
  /** The kind this one is a kind of (`card fireSlash 火杀 is slash`): its fields, skills and methods are inherited
   *  unless declared here, and every match on the parent (`c is slash`, kind lists) matches this kind too. */
  parent?: string;
  fields: Record<string, unknown>;
  skills: string[];
  methods: Record<string, IMethod>;
}

export interface IEvent {
  id: string;
  params: IParam[];
  body: IBody;
  cleanup?: IBody;
  /** Hints for AIs and tools, each naming fields of the event (`aiHarm: from, to` → { aiHarm: ['from', 'to'] }). */
  hints?: Record<string, string[]>;
}

export interface IAction_ {
  id: string;
  params: IParam[];
  body: IBody;
}

export interface IFunction {
  id: string;
  params: IParam[];
  expr?: IExpr;
  body?: IBody;
  slots: number;
}

/** What must hold after every decision: `expr` is pure; with one parameter (a player, local slot 0) it is checked
 *  for every player, with none once for the game. A mode's `waives` field lists the invariants it does not keep. */
export interface IInvariant {
  id: string;
  zh?: string;
  en?: string;
  params: IParam[];
  expr: IExpr;
  slots: number;
  at: At;
}

export interface IHook {
  id: string;
  params: IParam[];
  combine: 'sum' | 'any' | 'all' | 'max' | 'min';
}

/** What a hook combines to when nothing contributes (the engine's combining starts there; compiled code writes it
 *  for a hook nothing in the program contributes to). */
export function combineStart(combine: IHook['combine']): number | boolean | null {
  return combine === 'sum' ? 0 : combine === 'any' ? false : combine === 'all' ? true : null;
}

export interface IZone {
  id: string;
  perPlayer: boolean;
  visibility: 'public' | 'owner' | 'hidden';
  grants: boolean;
  /** What the zone is to AIs and tools (`as hand`): the engine and the rulebook ignore it (hints.ts). */
  hint?: string;
}

export interface IProperty {
  id: string;
  /** The declared type as written (`int`, `[card]`, `player?`): tools check values against it. */
  type?: string;
  default: IExpr;
  visibility: 'public' | 'owner' | 'hidden';
  resetAt?: string;
  /** Kept from one game of a series to the next (runtime/series.ts). */
  carried?: true;
  /** What the property is to AIs and tools (`as life`): the engine and the rulebook ignore it (hints.ts). */
  hint?: string;
}

export interface IVar {
  id: string;
  type?: string;
  default: IExpr;
  resetAt?: string;
  /** Kept from one game of a series to the next (runtime/series.ts). */
  carried?: true;
}

export interface IMode {
  id: string;
  fields: Record<string, unknown>;
  methods: Record<string, IMethod>;
  /** In a variant's parts: `extend mode`, whose fields replace those of the mode of the same id (nothing else). */
  extends?: true;
}

export interface IDeck {
  id: string;
  cards: { kind: string; suit: string; rank: number }[];
}

export interface IGeneral {
  id: string;
  zh?: string;
  en?: string;
  fields: Record<string, unknown>;
  skills: string[];
  /** The package whose files declare it (`general.package`). */
  package?: string;
}

export interface IOption {
  id: string;
  default: unknown;
  values?: string[];
  /** The mode that owns the option: it is offered and accepted only in that mode's games. */
  mode?: string;
}

/** A scenario: seats, stacked deck, start, then steps. Expressions in seats/steps see seat names as globals `$name`. */
export interface IScenario {
  id: string;
  zh?: string;
  en?: string;
  mode: string;
  options: Record<string, unknown>;
  /** Globals set before the seats (`var exLordSeat = 2`): what an earlier game of a series left, for instance. */
  vars?: { name: string; e: IExpr }[];
  seats: { name: string; fields: { name: string; e: IExpr }[]; at: At }[];
  deck: IExpr[];
  /** Who starts, and from which phase; or `setup`: the mode's `setup` deals the game (after the seats' fields). */
  start?: { player: string; from?: string; setup?: true };
  steps: IStep[];
  at: At;
  file: string;
}

export type IStep =
  | { k: 'answer'; player: string; picks: IPick[]; at: At }
  | { k: 'expect'; e: IExpr; text: string; at: At }
  | { k: 'expectLog'; text: string; negated?: boolean; player?: string; at: At } // player: that seat's own log
  | { k: 'expectAsk'; player: string; at: At }
  | { k: 'expectOffer'; negated: boolean; picks: IPick[]; text: string; at: At }
  | { k: 'expectEnd'; at: At };

/** The kind of a scenario step. */
export type StepKind = IStep['k'];

/** Every kind of scenario step, for code that must handle each one (the site's expectation list, its tests).
 *  Typed by IStep: a kind missing here, or one IStep does not have, is a compile error. */
const STEP_KIND_MAP: { readonly [K in StepKind]: K } = {
  answer: 'answer',
  expect: 'expect',
  expectLog: 'expectLog',
  expectAsk: 'expectAsk',
  expectOffer: 'expectOffer',
  expectEnd: 'expectEnd',
};
export const STEP_KINDS: readonly StepKind[] = Object.values(STEP_KIND_MAP);

export type IPick = { k: 'pass' } | { k: 'expr'; e: IExpr } | { k: 'name'; name: string };

export interface Program {
  enums: Record<string, string[]>; // enum id → member ids (member ids are unique program-wide)
  options: Record<string, IOption>;
  zones: Record<string, IZone>;
  properties: Record<string, IProperty>;
  vars: Record<string, IVar>;
  cards: Record<string, ICardKind>;
  decks: Record<string, IDeck>;
  generals: Record<string, IGeneral>;
  skills: Record<string, ISkill>;
  events: Record<string, IEvent>;
  actions: Record<string, IAction_>;
  functions: Record<string, IFunction>;
  hooks: Record<string, IHook>;
  invariants: Record<string, IInvariant>;
  modes: Record<string, IMode>;
  scenarios: Record<string, IScenario>;
  /** Packages' names (`package wind 风 "Wind"`), for the rulebook; the engine never reads them. */
  packages?: Record<string, { zh?: string; en?: string }>;
  /** Declarations that replace others when an option holds: option → value → the replacing program parts. */
  /** Declarations that hold while `option` has `value` (and, for a variant a mode owns, in that mode's games). */
  variants: { option: string; value: unknown; mode?: string; parts: Partial<Program> }[];
}
