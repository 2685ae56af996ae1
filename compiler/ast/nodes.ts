// The abstract syntax tree of the rules language. The parser (compiler/syntax) builds it as it parses;
// checks (compiler/check) and lowering (compiler/lower) read it. Every node is `Located` (./source.ts): offsets into
// its file's text and, under a symbol, the parse's source.
import type { Located } from './source.ts';

export type { Located, Span } from './source.ts';

export interface Ident extends Located {
  kind: 'Ident';
  name: string;
}

/** `jianxiong 奸雄 "Villainous Hero"`: the id, the Chinese name and the English name of an entity. */
export interface Names extends Located {
  id: Ident;
  zh?: Ident;
  en?: string;
}

export interface TypeRef extends Located {
  kind: 'Type';
  name: Ident; // int, bool, text, player, card, kind, skill, zone, event, any, or an enum name
  list: boolean; // [T]
  optional: boolean; // T?
}

// ---------------------------------------------------------------- expressions

export type Expr =
  | NumberLit
  | TextLit
  | BoolLit
  | NoneLit
  | NameRef
  | Member
  | Call
  | Unary
  | Binary
  | ListLit
  | CardLit
  | Where;

export interface NumberLit extends Located {
  kind: 'Number';
  value: number;
}
export interface TextLit extends Located {
  kind: 'Text';
  value: string;
}
export interface BoolLit extends Located {
  kind: 'Bool';
  value: boolean;
}
export interface NoneLit extends Located {
  kind: 'None';
}
export interface NameRef extends Located {
  kind: 'Name';
  name: string;
}
export interface Member extends Located {
  kind: 'Member';
  object: Expr;
  name: Ident;
}
export interface Arg extends Located {
  name?: Ident;
  value: Expr;
}
/** `f(a, b: 1)` or `obj.m(a)` (then callee is a Member). */
export interface Call extends Located {
  kind: 'Call';
  callee: Expr;
  args: Arg[];
}
export interface Unary extends Located {
  kind: 'Unary';
  op: 'not' | '-';
  operand: Expr;
}
export type BinaryOp = 'or' | 'and' | '==' | '!=' | '<' | '<=' | '>' | '>=' | 'in' | 'is' | '+' | '-' | '*' | '/' | '%';
export interface Binary extends Located {
  kind: 'Binary';
  op: BinaryOp;
  left: Expr;
  right: Expr;
}
export interface ListLit extends Located {
  kind: 'List';
  items: Expr[];
}
/** `slash ♠7`: a card of kind `slash` with suit spade and rank 7. */
export interface CardLit extends Located {
  kind: 'CardLit';
  cardKind: Ident;
  suit: string;
  rank: number;
  face: string;
}
/** `list where cond`: the items of list for which cond holds; `it` names the item inside cond. */
export interface Where extends Located {
  kind: 'Where';
  list: Expr;
  cond: Expr;
}

// ---------------------------------------------------------------- statements

export type Stmt =
  | LetStmt
  | AssignStmt
  | IfStmt
  | ForStmt
  | WhileStmt
  | RepeatStmt
  | ReturnStmt
  | BreakStmt
  | ContinueStmt
  | StopStmt
  | TimingStmt
  | ExprStmt;

export interface Block extends Located {
  kind: 'Block';
  stmts: Stmt[];
}
export interface LetStmt extends Located {
  kind: 'Let';
  name: Ident;
  value: Expr;
}
/** `target = value`, `target += value`, `target -= value`; target is a Name or a Member. */
export interface AssignStmt extends Located {
  kind: 'Assign';
  target: Expr;
  op: '=' | '+=' | '-=';
  value: Expr;
}
export interface IfStmt extends Located {
  kind: 'If';
  cond: Expr;
  then: Block;
  else?: Block | IfStmt;
}
export interface ForStmt extends Located {
  kind: 'For';
  name: Ident;
  iterable: Expr;
  body: Block;
}
export interface WhileStmt extends Located {
  kind: 'While';
  cond: Expr;
  body: Block;
}
/** `repeat N { }` runs N times; `repeat { }` runs until break. */
export interface RepeatStmt extends Located {
  kind: 'Repeat';
  count?: Expr;
  body: Block;
}
export interface ReturnStmt extends Located {
  kind: 'Return';
  value?: Expr;
}
export interface BreakStmt extends Located {
  kind: 'Break';
}
export interface ContinueStmt extends Located {
  kind: 'Continue';
}
/** `stop` ends the current event; `stop e` ends the event e (prevention). */
export interface StopStmt extends Located {
  kind: 'Stop';
  target?: Expr;
}
/** `timing damaged for to`: open the timing window `damaged` whose subject is `to`. */
export interface TimingStmt extends Located {
  kind: 'Timing';
  name: Ident;
  subject: Expr;
}
export interface ExprStmt extends Located {
  kind: 'ExprStmt';
  expr: Expr;
}

// ---------------------------------------------------------------- declarations

export interface Param extends Located {
  name: Ident;
  type: TypeRef;
  default?: Expr;
}

/** `name: value` inside a card, general, mode or seat. */
export interface Field extends Located {
  name: Ident;
  value: Expr;
}

export type Decl =
  | EnumDecl
  | OptionDecl
  | ZoneDecl
  | PropertyDecl
  | VarDecl
  | CardDecl
  | DeckDecl
  | GeneralDecl
  | SkillDecl
  | EventDecl
  | ActionDecl
  | FunctionDecl
  | HookDecl
  | InvariantDecl
  | ModeDecl
  | VariantDecl
  | ScenarioDecl
  | PhraseDecl
  | ExtendEventDecl
  | ExtendEnumDecl
  | ExtendModeDecl
  | TagDecl
  | RequireDecl
  | CardMethodDecl;

/** `extend event damage { conducted: bool = false }` — fields added to an event another package declares. */
export interface ExtendEventDecl extends Located {
  kind: 'ExtendEvent';
  target: Ident;
  params: Param[];
}
/** `extend enum moveReason { recast 重铸 "Recast" }` — members added to an enum another package declares. */
export interface ExtendEnumDecl extends Located {
  kind: 'ExtendEnum';
  target: Ident;
  members: EnumMember[];
}
/** `extend mode identity { decks: standard, standardEx, maneuvering }` — inside a variant: while its option holds,
 *  the fields it names replace the mode's (the rest of the mode stays as declared). */
export interface ExtendModeDecl extends Located {
  kind: 'ExtendMode';
  target: Ident;
  fields: Field[];
}
/** `tag locked 锁定技 "Locked skill" forbids may` — a skill tag: its wording and what a skill with it may not say. */
export interface TagDecl extends Located {
  kind: 'Tag';
  names: Names;
  forbidsMay: boolean;
  /** `once per game`: a skill wearing the tag has one use, shared by all its items (it needs `records`). */
  once?: { per: Ident } & Located;
  /** `records limitedUsed`: the engine adds the skill to the owner's player property when it is used (with `once`,
   *  the property also says the single use is spent). */
  records?: Ident;
}
/** `method onLeave(owner: player, from: zone) { }` — a card method the rules may call on a card of any kind; a kind
 *  without it does nothing (`{ }`, `acts`) or gives none (`= none`). */
export interface CardMethodDecl extends Located {
  kind: 'CardMethod';
  name: Ident;
  params: Param[];
  acts: boolean;
}
/** A field every general must have: `hp: int >= 1`, `kingdom: kingdom`. */
export interface RequiredField extends Located {
  name: Ident;
  type: TypeRef;
  min?: number;
}
/** `require general { hp: int >= 1, kingdom: kingdom, gender: gender }` — the fields every general must have. */
export interface RequireDecl extends Located {
  kind: 'Require';
  what: Ident;
  fields: RequiredField[];
}

export interface EnumMember extends Located {
  names: Names;
}
/** `enum suit 花色 "Suit" { spade 黑桃 "Spade", heart 红桃 "Heart" }` */
export interface EnumDecl extends Located {
  kind: 'Enum';
  names: Names;
  members: EnumMember[];
}

/** `option edition 版本 "Edition" { standard 标准版 "Standard", first 初版 "First" } = standard`
 *  or `option lordBonusAlways 主公恒加体力 "…": bool = false` */
export interface OptionDecl extends Located {
  kind: 'Option';
  names: Names;
  members?: EnumMember[]; // enumerated option
  type?: TypeRef; // bool or int option
  default: Expr;
  /** The mode that owns it (declared in the mode's body): offered only in games of that mode. */
  mode?: string;
}

/** `zone hand 手牌 "Hand" per player owner` — visibility: public | owner | hidden; `grants` = skills of cards here are active. */
export interface ZoneDecl extends Located {
  kind: 'Zone';
  names: Names;
  perPlayer: boolean;
  visibility: 'public' | 'owner' | 'hidden';
  grants: boolean;
  /** `as hand`: what the zone is to the language's defaults, AIs and tools (a hint, like a property's). */
  hint?: Ident;
}

/** `property hp 体力 "HP": int = 0 [owner|hidden] [reset at turn] [carried] [as life]` — a field on every player. */
export interface PropertyDecl extends Located {
  kind: 'Property';
  names: Names;
  type: TypeRef;
  default: Expr;
  visibility: 'public' | 'owner' | 'hidden';
  resetAt?: Ident; // event kind at whose start the property returns to its default
  carried?: boolean; // kept from one game of a series to the next
  /** `as life`: what the property is to AIs and tools (a hint, like an event's), read as the property's hint. */
  hint?: Ident;
}

/** `var current: player? = none [reset at turn] [carried]` — a global variable. */
export interface VarDecl extends Located {
  kind: 'Var';
  name: Ident;
  type: TypeRef;
  default: Expr;
  resetAt?: Ident;
  carried?: boolean;
}

export type CardItem = Field | MethodDecl;
export interface MethodDecl extends Located {
  kind: 'Method';
  name: Ident;
  params: Param[];
  expr?: Expr; // `name(p) = expr`
  body?: Block; // `name(p) { … }`
}
/** `card slash 杀 "Slash" { type: basic  targets(user, t) = …  effect(use, target) { … } }` */
export interface CardDecl extends Located {
  kind: 'Card';
  names: Names;
  parent?: Ident; // `card fireSlash 火杀 is slash { … }`: a kind of another kind, inheriting its fields and methods
  fields: Field[];
  methods: MethodDecl[];
  skills: Ident[]; // `skills: qinggang` (a field named skills lists skills the card grants)
  flavour?: string;
}

export interface DeckEntry extends Located {
  cardKind: Ident;
  faces: ({ suit: string; rank: number; face: string } & Located)[];
}
/** `deck standard 标准 "Standard" { slash: ♠7, ♠8, ♠8  jink: ♥2 }` */
export interface DeckDecl extends Located {
  kind: 'Deck';
  names: Names;
  entries: DeckEntry[];
}

/** `general caocao 曹操 "Cao Cao" { kingdom: wei  gender: male  hp: 4  skills: jianxiong, hujia }` */
export interface GeneralDecl extends Located {
  kind: 'General';
  names: Names;
  fields: Field[];
  skills: Ident[];
  flavour?: string;
}

export type Subject = 'you' | 'anyone' | 'other';
export interface Limit extends Located {
  count: number;
  per: Ident;
} // `limit 1 per turn`, per game/turn/phase/…

/** `on damaged(you) as d may if cond { … }` */
export interface TriggerItem extends Located {
  kind: 'Trigger';
  window: Ident;
  subject: Subject;
  alias?: Ident;
  optional: boolean; // `may`
  limit?: Limit;
  cond?: Expr;
  body: Block;
}
/** `active limit 1 per turn if cond { … }` — an action its owner may take when the rules offer actions. */
export interface ActiveItem extends Located {
  kind: 'Active';
  limit?: Limit;
  cond?: Expr;
  body: Block;
}
/** `viewAs slash from 1 card in hand, equip where it.color == red [if cond]` */
export interface ViewAsItem extends Located {
  kind: 'ViewAs';
  cardKind: Ident;
  count: number;
  zones: Ident[];
  filter?: Expr; // about `it`, one candidate card
  cond?: Expr;
}
/** `modify distance(from, to) = -1 if from == you` — contributes to a hook. */
export interface ModifyItem extends Located {
  kind: 'Modify';
  hook: Ident;
  params: Ident[];
  value: Expr;
  cond?: Expr;
}
/** `filter where it.suit == spade set suit = heart` — changes how the owner's cards count. */
export interface FilterItem extends Located {
  kind: 'Filter';
  cond: Expr;
  sets: Field[];
}
/** `grants huangtianGive to others where it.kingdom == qun` — a skill (or a card kind's skills: counting as equipped
 *  with it) that players have while the owner has this skill and it is enabled; `it` is the receiving player. */
export interface GrantItem extends Located {
  kind: 'Grant';
  what: Ident;
  to: 'you' | 'others' | 'anyone';
  cond?: Expr;
}
export type SkillItem = TriggerItem | ActiveItem | ViewAsItem | ModifyItem | FilterItem | GrantItem;

/** `skill kongcheng 空城 "Empty Fort" locked { … }` — tags: locked, lord, limited, wake, or any identifier. */
export interface SkillDecl extends Located {
  kind: 'Skill';
  names: Names;
  tags: Ident[];
  flavour?: string;
  /** `field: value` constants before the items: hints for AIs and tools (`aiUse: 40`), read as skill fields. */
  fields?: Field[];
  items: SkillItem[];
  /** A table rule (`rule x 甲 "A" after skills { … }`): nobody owns it; its triggers fire before or after every
   *  player's skills in their windows and its modifiers count once. */
  table?: 'before' | 'after';
}

/** `event damage 伤害 "Damage" (to: player, amount: int = 1) { … } cleanup { … }` */
export interface EventDecl extends Located {
  kind: 'Event';
  names: Names;
  params: Param[];
  returns?: TypeRef;
  /** `field: name, …` before the body's statements: hints for AIs and tools naming the event's own fields
   *  (`aiHarm: from, to`), read as the event's hints. */
  fields?: Field[];
  body: Block;
  cleanup?: Block;
}
/** `action gain(p: player, cards: [card]) { … }` — a procedure that may change state and ask players. */
export interface ActionDecl extends Located {
  kind: 'Action';
  names: Names;
  params: Param[];
  returns?: TypeRef;
  body: Block;
}
/** `function inRange(a: player, b: player): bool = …` — pure: reads state, never changes it. */
export interface FunctionDecl extends Located {
  kind: 'Function';
  names: Names;
  params: Param[];
  returns?: TypeRef;
  expr?: Expr;
  body?: Block;
}
/** `hook distance(from: player, to: player): int = sum` — a value skills contribute to with `modify`. */
export interface HookDecl extends Located {
  kind: 'Hook';
  names: Names;
  params: Param[];
  returns: TypeRef;
  combine: 'sum' | 'any' | 'all' | 'max' | 'min';
}
/** `invariant hpWithinMax 体力不超过上限 "HP within max HP" (p: player) = …` — a pure condition that must hold after
 *  every decision: for every player when it takes one, once for the whole game when it takes none. */
export interface InvariantDecl extends Located {
  kind: 'Invariant';
  names: Names;
  params: Param[];
  expr: Expr;
}
/** `mode identity 身份局 "Identity" { players: 4 to 10  setup { … }  play(first, from) { … } }` */
export interface ModeDecl extends Located {
  kind: 'Mode';
  names: Names;
  fields: Field[];
  methods: MethodDecl[];
}
/** `variant edition == first { decls }` — these declarations replace same-named ones when the option holds. */
export interface VariantDecl extends Located {
  kind: 'Variant';
  option: Ident;
  value: Expr;
  decls: Decl[];
  /** The mode whose body it is written in: it holds only in that mode's games. */
  mode?: string;
}

export type Step =
  | ({ kind: 'Answer'; player: Ident; picks: Expr[] } & Located) // `caocao: yes` / `guanyu: slash ♠7, caocao` / `caocao: pass`
  | ({ kind: 'Expect'; cond: Expr } & Located) // `expect caocao.hp == 3`
  | ({ kind: 'ExpectLog'; text: string; negated?: boolean; player?: Ident } & Located) // `expect [not] log "…" [for x]`
  | ({ kind: 'ExpectAsk'; player: Ident } & Located) // `expect ask caocao`: the pending decision is caocao's
  | ({ kind: 'ExpectOffer'; negated: boolean; picks: Expr[] } & Located) // `expect [not] offered slash ♠7`
  | ({ kind: 'ExpectEnd' } & Located); // `expect end`: the game is over
export interface Seat extends Located {
  name: Ident;
  fields: Field[];
}
/** A scenario: seats, stacked deck, start point, scripted answers and expectations. */
export interface ScenarioDecl extends Located {
  kind: 'Scenario';
  names: Names;
  mode?: Ident;
  options: Field[]; // `option edition = first` (Field.name = option, value)
  vars: Field[]; // `var exLordSeat = 2` (Field.name = a global, value)
  seats: Seat[];
  deck: Expr[]; // top of the draw pile first
  start?: { player: Ident; from?: Ident } & Located;
  steps: Step[];
}

/** Wording in both languages, for the texts generated from the rules (compiler/text). */
export interface Wording {
  zh: string;
  en: string;
}
/** What a phrase words: a name (event, action, function, hook, builtin, or an event's own noun), a timing window
 *  (`on damaged`), a member (`damage.from`, `card.suit`, `card.effect`, `general.hp`, `mode.setup`) or a text value. */
export type PhraseTarget =
  | { kind: 'Name'; name: Ident }
  | { kind: 'Window'; name: Ident }
  | { kind: 'Member'; owner: Ident; name: Ident }
  | ({ kind: 'Text'; value: string } & Located);
/** A parameter of a phrase: a name the templates use as `{name}`, or a pattern (`you`, `true`, `false`) the
 *  argument must match; an optional noun says how the parameter is called when a body is described. */
export interface PhraseParam extends Located {
  name: Ident;
  noun?: Wording;
}
/** `phrase draw(p, n) "{p}摸{n}张牌" "{p} draws {n} card(s)"` — see compiler/text/README.md. */
export interface PhraseDecl extends Located {
  kind: 'Phrase';
  target: PhraseTarget;
  params?: PhraseParam[]; // absent: no parentheses
  text: Wording;
  negative?: Wording; // `not "…" "…"`: the wording of a condition that does not hold
  result?: Wording; // `as "判定牌" "the judge card"`: how the value it returns is called
}

export interface SourceFile extends Located {
  kind: 'File';
  file: string;
  package?: Ident;
  /** `package wind 风 "Wind"`: the package's names, for the rulebook (given on one of its files). */
  packageNames?: Names;
  imports: Ident[];
  decls: Decl[];
}
