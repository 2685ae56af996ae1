// The generic engine's game: its state, setup and main loop. It knows nothing of any particular game: every name it
// handles (zones, events, windows, properties, card kinds, skills, modes) comes from the compiled program.
// The concepts live in their own modules, free functions taking the game: variants.ts (the program a game plays,
// linked and cached), members.ts (`x.f`), skills.ts (skills and use limits), hooks.ts (the rules' functions, hooks,
// methods and actions), windows.ts (events and timing windows), actions.ts (actions and conversions),
// decisions.ts (asking and answering), zones.ts (zones and cards) and rng.ts (randomness). `Game` keeps the state
// and the caches they share (engine.ts) and implements RulesHost (types.ts), what rule code calls.
import type { IExpr, IMethod, Program } from './ir.ts';
import { actionsOf, conversionsOf, perform } from './actions.ts';
import { acceptAnswer, decide } from './decisions.ts';
import type { Engine } from './engine.ts';
import { hashHex, hashString, StringHash } from './hash.ts';
import {
  callFunction,
  callFunctionNow,
  callRefNow,
  callMethodRef,
  callMethodRefN,
  callPureMethod,
  callRef,
  callRef1,
  callRef2,
  callRef3,
  evalHook,
  evalHookRef,
  hasMethod,
  actionStart,
  runAction,
  runActionRef,
  runMethod,
  runMethodBody,
  runModeMethod,
} from './hooks.ts';
import { truthy, type Ctx, type Ex, type FnRef, type Sig } from './link.ts';
import { nulls } from './ops.ts';
import { getMember, memberReader, setMember } from './members.ts';
import { randBelow, seedRng, shuffleInPlace } from './rng.ts';
import { defaultMode, modeTakesOption } from './replay-file.ts';
import { skillChanged, skillEnabled, skillsOf } from './skills.ts';
import type {
  ActionCallRef,
  Asking,
  Audience,
  Carried,
  EngineKind,
  EventRef,
  GameOptions,
  HookItem,
  HookRef,
  ListSeats,
  SeatLists,
  MethodRef,
  MemberReaders,
  LogEntry,
  Request,
  State,
  TriggerRef,
  WindowRef,
} from './types.ts';
import {
  RuleError,
  cardFace,
  label,
  zoneKey,
  type ActionRef,
  type CardObj,
  type Frame,
  type PlayerObj,
  type Value,
  type VirtualCard,
  type ZoneRef,
} from './values.ts';
import { linkProgram, type Linked } from './variants.ts';
import { D_FRAME, D_TABLE, Guards, Reads, type Table } from './reads.ts';
import { compiledOf } from './aot/bind.ts';
import { DEFAULT_CAPS, LoopWatch, Unwinding, loopLine, skillsLoopingNow } from './runaway.ts';
import { canSee, fillInto, knowsAnnounced, logEntry, loseTrack, type SawLeave } from './visibility.ts';
import { applyCarried, carriedOf } from './carried.ts';
import {
  MAX_DEPTH,
  eventBody,
  eventCleanup,
  eventEnd,
  eventLeave,
  eventStart,
  openWindow,
  runEvent,
  runEventRef,
  seatOrder,
  windowAt,
} from './windows.ts';
import { asCards, asList, ownerOf, put, removeFromZone, zoneFilled, zoneOf } from './zones.ts';
import { isSuit } from './card-face.ts';

export type { GameOptions, LogEntry, Request, RequestOption, State } from './types.ts';

/** Thrown to unwind the rules when the game ends. It is caught by the engine and says nothing of where: made
 *  without a stack trace (taking one walks every suspended rule of the game, once per game). */
class GameOver extends Error {
  static make(): GameOver {
    const limit = Error.stackTraceLimit;
    Error.stackTraceLimit = 0;
    try {
      return new GameOver();
    } finally {
      Error.stackTraceLimit = limit;
    }
  }
}

/** Thrown to unwind a synchronous run (Game.play) that cannot go on: the host gave no answer, gave one the engine
 *  rejects (`reason`), or threw (`thrown`, passed on to play's caller). The question stays pending. */
class Halt extends Error {
  constructor(
    readonly request: Request,
    readonly reason: string | null,
    readonly thrown?: { error: unknown },
  ) {
    super('halt');
  }
}

/** The card method naming what a card's face depicts (docs/language.md, card). */
const DEPICTS = 'depicts';

export class Game implements Engine {
  state: State;
  readonly program: Program;
  pending: Request | null = null;
  frame: Frame | null = null; // the innermost running event
  /** Watchers (an AI, a UI) told when an event starts and ends; they must not change the game. */
  observers: ((f: Frame, phase: 'start' | 'end') => void)[] = [];
  readonly scenario: string | undefined;
  static readonly MAX_DEPTH = MAX_DEPTH;

  private gen: Asking<Value> | null = null;
  /** In a synchronous run (play), the host's answer to each question as it is asked. */
  answering: ((r: Request) => number[] | null) | null = null;
  /** Whether the game has been started (start() or play()). */
  private begun = false;
  /** Why the last synchronous run stopped before the end: an answer the engine rejected (play). */
  private halted: string | null = null;
  private steps = 0;
  private stepBudget: number;
  /** What a stack overflow unwound through so far (the loop is named from it when it reaches the driver). */
  private overflow: Unwinding | null = null;
  /** Caps on decisions, and the skills running at the last ones (runaway.ts). */
  private readonly loops: LoopWatch;
  private keepLog: boolean;
  private placed = new Map<string, CardObj[]>();
  private inSetup = false;
  /** True while the mode's `setup` runs: the only time the rules may make new cards (`makeCard`). */
  private settingUp = false;

  // Shared with the engine's modules (see engine.ts); not for code outside runtime/.
  readonly L: Linked;
  readonly reference: boolean;
  /** Which code runs this game's rules (GameOptions.engine). */
  readonly engine: EngineKind;
  mut = 0;
  epoch = 0;
  readonly skillCache: ({ epoch: number; skills: string[] } | undefined)[] = [];
  grants = { epoch: -1, live: false };
  filters = { epoch: -1, live: false };
  readonly cardSkillCache = new Map<number, readonly string[]>();
  readonly hookDepths: number[] = [];
  enabledTable: Table | undefined = undefined;
  filtering = false;
  readonly guards = new Guards();
  readonly seatTriggers: SeatLists<TriggerRef> = [];
  readonly seatHooks: SeatLists<HookItem> = [];
  readonly windowListeners: ListSeats = [];
  readonly hookContributors: ListSeats = [];
  readonly reads: Reads | null = null;
  readonly memo = new Map<string, Value>();
  memoAt = -1;
  readonly sawLeave: SawLeave = [];
  readonly resetAt = new Map<string, number>();
  pureDepth = 0;
  depth = 0;
  readonly runningSkills: { skill: string; window?: string }[] = [];

  constructor(base: Program, opts: GameOptions = {}) {
    const options: Record<string, unknown> = {};
    for (const o of Object.values(base.options)) options[o.id] = o.default;
    Object.assign(options, opts.options ?? {});
    this.scenario = opts.scenario;
    const baseScen = opts.scenario ? base.scenarios[opts.scenario] : undefined;
    if (opts.scenario && !baseScen) throw new RuleError(`no scenario named ${opts.scenario}`, '');
    const modeId = baseScen?.mode ?? opts.mode ?? defaultMode(base)?.id;
    if (!modeId || !base.modes[modeId]) throw new RuleError(`no mode named ${modeId ?? '(none)'}`, '');
    for (const [k, v] of Object.entries(opts.options ?? {})) {
      if (!modeTakesOption(base, modeId, k) && v !== base.options[k]!.default)
        throw new RuleError(`option ${k} belongs to mode ${base.options[k]!.mode}, not ${modeId}`, '');
    }
    // The mode is chosen like an option: the declarations it owns are a variant `mode == id`.
    this.engine = opts.reference ? 'reference' : (opts.engine ?? (compiledOf(base) ? 'compiled' : 'resolved'));
    this.reference = this.engine === 'reference';
    this.L = linkProgram(base, { ...options, mode: modeId }, this.engine, memberReader as MemberReaders);
    this.program = this.L.program;
    this.keepLog = opts.keepLog ?? true;
    this.stepBudget = opts.stepBudget ?? 200_000;
    this.loops = new LoopWatch({
      maxDecisions: opts.maxDecisions ?? DEFAULT_CAPS.maxDecisions,
      maxDecisionsPerTurn: opts.maxDecisionsPerTurn ?? DEFAULT_CAPS.maxDecisionsPerTurn,
      maxStalled: opts.maxStalled ?? DEFAULT_CAPS.maxStalled,
    });
    const scen = opts.scenario ? this.program.scenarios[opts.scenario] : undefined;
    const mode = this.program.modes[modeId]!;
    const seed = opts.seed ?? 1;
    const n = scen ? scen.seats.length : (opts.players ?? (mode.fields.minPlayers as number) ?? 2);
    const min = mode.fields.minPlayers as number | undefined,
      max = mode.fields.maxPlayers as number | undefined;
    if (!scen && ((min !== undefined && n < min) || (max !== undefined && n > max))) {
      throw new RuleError(`mode ${modeId} takes ${min} to ${max} players, not ${n}`, '');
    }
    this.state = {
      seed,
      rng: seedRng(seed),
      mode: modeId!,
      options,
      players: [],
      cards: [],
      zones: {},
      globals: {},
      uses: {},
      revealed: {},
      current: 0,
      over: null,
      error: null,
      log: [],
      hash: 0,
      decisions: 0,
      answers: [],
    };
    const emptyCtx = this.ctx(null, 0);
    const props = Object.values(this.program.properties);
    const make = this.L.playerValues.all;
    let first: Value[] | null = null;
    for (let i = 0; i < n; i++) {
      // Made in one go: an object given more than about 16 properties one by one becomes a slow dictionary. With
      // compiled code, by one object literal of every property (all of them fields of the object itself). The
      // first player's defaults are found, the others' copied from them with every default that is not a literal
      // found again (a list is made anew for each).
      let vals: Value[];
      if (first === null) vals = first = props.map((p) => this.L.linker.expr(p.default)(emptyCtx));
      else {
        vals = first.slice();
        for (let k = 0; k < props.length; k++)
          if (props[k]!.default.k !== 'lit') vals[k] = this.L.linker.expr(props[k]!.default)(emptyCtx);
      }
      const v: Record<string, Value> =
        make !== undefined ? make(vals) : Object.fromEntries(props.map((p, k) => [p.id, vals[k]!]));
      this.state.players.push({
        t: 'p',
        seat: i,
        name: scen ? scen.seats[i]!.name : `p${i + 1}`,
        alive: true,
        skills: [],
        v,
      });
    }
    // Scenario expressions name seats; they are globals `$name`.
    if (scen) for (const p of this.state.players) this.state.globals[`$${p.name}`] = p;
    for (const g of Object.values(this.program.vars))
      this.state.globals[g.id] = this.L.linker.expr(g.default)(emptyCtx);
    if (opts.carried) applyCarried(this.program, this.state, opts.carried);
    for (const z of Object.values(this.program.zones)) {
      if (z.perPlayer) for (const p of this.state.players) this.state.zones[zoneKey(z.id, p)] = [];
      else this.state.zones[z.id] = [];
    }
    // The physical deck: every card of the mode's decks, shuffled into the zone the mode names.
    const deckZone =
      (mode.fields.deckZone as string) ?? Object.values(this.program.zones).find((z) => !z.perPlayer)?.id;
    const decks = (mode.fields.decks as string[] | string | undefined) ?? [];
    const pile = deckZone ? this.state.zones[deckZone]! : [];
    for (const d of Array.isArray(decks) ? decks : [decks]) {
      for (const c of this.program.decks[d]?.cards ?? []) {
        const card: CardObj = {
          t: 'c',
          id: this.state.cards.length,
          kind: c.kind,
          suit: c.suit,
          rank: c.rank,
          zone: deckZone ?? '',
        };
        this.state.cards.push(card);
        this.depict(card, '');
        pile.push(card);
      }
    }
    shuffleInPlace(this.state.rng, pile);
    this.reads = this.reference
      ? null
      : new Reads(
          this.state,
          Object.keys(this.program.properties),
          this.L.hookIndex,
          opts.checkReads,
          this.L.grantors,
          this.L.filterSkills,
          this.L.cacheTally,
        );
    this.gen = this.main(mode, scen);
  }

  // ------------------------------------------------------------------ driving

  /** Run until the next decision or the end. */
  start(): void {
    this.advance(undefined);
  }

  /** Play the game through synchronously, instead of start() and answer(): each decision is put to `answer` the
   *  moment it is asked (`pending` is the question meanwhile, so a seat's view reads it as usual) and the game goes
   *  on from inside, no generator waiting for the answer — the fast path of simulation and AI play (sync.ts). It
   *  returns when the game ends. It also returns, the game stopped for good with the question pending, when
   *  `answer` gives null, or an answer the engine rejects: then with the reason, which is otherwise null. An
   *  exception `answer` throws is passed on. Deterministic as ever: the same answers give the same game and trace
   *  as start() and answer() do. */
  play(answer: (r: Request) => number[] | null): string | null {
    if (this.answering !== null) throw new Error('play() is already running');
    if (this.begun) throw new Error('play() runs a game from its start: call it instead of start()');
    this.answering = answer;
    this.halted = null;
    try {
      this.advance(undefined);
    } finally {
      this.answering = null;
    }
    return this.halted;
  }

  /** A synchronous run's answer to r (decisions.ts decide): as answer() takes one, without resuming anything. */
  answerNow(r: Request): number[] {
    this.pending = r;
    let picks: number[] | null;
    try {
      picks = this.answering!(r);
    } catch (error) {
      throw new Halt(r, null, { error });
    }
    const reason = picks === null ? null : acceptAnswer(this, r, picks);
    if (picks === null || reason !== null) throw new Halt(r, reason);
    this.pending = null;
    this.steps = 0; // as advance() starts each answer's steps
    return picks;
  }

  private advance(answer: number[] | undefined): void {
    if (!this.gen) return;
    this.begun = true;
    this.steps = 0;
    try {
      const r = answer === undefined ? this.gen.next() : this.gen.next(answer);
      if (r.done) {
        this.gen = null;
        this.pending = null;
        if (!this.state.over) this.state.over = { winners: null, text: 'the mode ended without a result' };
      } else {
        this.pending = r.value;
      }
    } catch (e) {
      this.gen = null;
      if (e instanceof Halt) {
        this.pending = e.request;
        this.halted = e.reason;
        if (e.thrown) throw e.thrown.error;
        return;
      }
      this.pending = null;
      if (e instanceof GameOver) return;
      // A stack overflow (smaller stacks in browser workers) is the same runaway as the nesting limit.
      if (e instanceof RangeError && /call stack/i.test(e.message)) {
        const looping = this.overflow?.looping() ?? [];
        this.overflow = null;
        this.state.error = `calls nested too deep for this machine's stack: ${loopLine(this, looping)}`;
        this.record('msg', `error: ${this.state.error}`);
        return;
      }
      this.state.error = e instanceof Error ? e.message : String(e);
      this.record('msg', `error: ${this.state.error}`);
    }
  }

  /** Answer the pending decision with option indices. An illegal answer changes nothing and says why. */
  answer(picks: number[]): { ok: true } | { ok: false; reason: string } {
    const r = this.pending;
    // A synchronous run that stopped leaves its question pending to be read, not answered: nothing waits for it.
    if (r !== null && this.gen === null) return { ok: false, reason: 'the game stopped at this question (play)' };
    const reason = acceptAnswer(this, r, picks);
    if (reason) return { ok: false, reason };
    this.advance(picks);
    return { ok: true };
  }

  get over(): boolean {
    return this.state.over !== null || this.state.error !== null;
  }

  traceHash(): string {
    return hashHex(this.state.hash);
  }

  /** The values of the declarations marked `carried`, as plain data for the next game of a series
   *  (`GameOptions.carried`). Read it once the game is over: the mode's `gameOver` has then run. */
  carried(): Carried {
    return carriedOf(this.program, this.state);
  }

  /** The player property that keeps a seat's score over a series, as the mode's field `score` names it (with the
   *  game's variants: an option may give the mode a score); undefined when the mode keeps none. */
  scoreProperty(): string | undefined {
    const prop = this.program.modes[this.state.mode]?.fields.score;
    return typeof prop === 'string' ? prop : undefined;
  }

  /** Each seat's score (`scoreProperty`) as it stands, in seat order; undefined when the mode keeps none. */
  scores(): number[] | undefined {
    const prop = this.scoreProperty();
    if (prop === undefined) return undefined;
    return this.state.players.map((p) => {
      const v = p.v[prop];
      return typeof v === 'number' ? v : 0;
    });
  }

  /** Whether the game keeps its log (else only the trace hash: a simulation). */
  get keepsLog(): boolean {
    return this.keepLog;
  }

  /** The hasher of the next line, started from the trace hash so far: add the line's pieces, then endLine(). A
   *  game that keeps no log hashes a line so, without making its text. */
  lineHash(): StringHash {
    return this.hasher.reset(this.state.hash % 4294967296);
  }
  endLine(h: StringHash): void {
    this.state.hash = h.value();
  }
  private readonly hasher = new StringHash();

  record(k: LogEntry['k'], text: string, audience?: Audience): void {
    this.state.hash = hashString(text, this.state.hash % 4294967296);
    if (this.keepLog) this.state.log.push(audience ? { k, text, audience } : { k, text });
  }

  logLine(
    k: LogEntry['k'],
    template: string,
    values: Value[],
    audience?: Audience,
    knows?: number[],
    announce = false,
  ): void {
    // A game without a log (a simulation) keeps the line's hash alone, hashed in pieces: who sees which card
    // matters only to a kept log.
    if (!this.keepLog) {
      const h = this.lineHash();
      fillInto(h, template, values);
      this.endLine(h);
      return;
    }
    const sees = announce ? knowsAnnounced : (c: CardObj, seat: number | null) => canSee(this.program, c, seat);
    const e = logEntry(sees, this.state, k, template, values, audience, knows);
    this.state.hash = hashString(e.text, this.state.hash % 4294967296);
    this.state.log.push(e);
  }

  canSee(card: CardObj, seat: number | null): boolean {
    return canSee(this.program, card, seat);
  }

  private *main(mode: Program['modes'][string], scen: Program['scenarios'][string] | undefined): Asking<Value> {
    let first: Value = this.state.players[0]!;
    let from: Value = null;
    if (scen?.start?.setup) {
      // `start setup`: the seats' fields and the stacked deck first, then the mode deals as in a normal game.
      this.setupScenario(scen);
      if (mode.methods.setup) first = yield* this.runSetup(mode.methods.setup);
    } else if (scen) {
      this.setupScenario(scen);
      if (mode.methods.seatUp)
        for (const p of this.state.players) yield* runMethodBody(this, mode.methods.seatUp, [p], null);
      // A seat's `skills:` adds to what the mode gave it (its general's skills): docs/language.md, Scenarios.
      for (const [p, listed] of this.seatSkills)
        p.skills = [...p.skills, ...listed.filter((s) => !p.skills.includes(s))];
      if (this.seatSkills.size > 0) this.skillChanged();
      this.seatSkills.clear();
      if (scen.start) {
        first = this.state.players.find((p) => p.name === scen.start!.player) ?? first;
        from = scen.start.from ?? null;
      }
    } else if (mode.methods.setup) {
      first = yield* this.runSetup(mode.methods.setup);
    }
    if (mode.methods.play) yield* runMethodBody(this, mode.methods.play, [first, from], null);
    return null;
  }

  /** The mode's `setup`, the one time new cards may be made; gives the first player. */
  private *runSetup(setup: IMethod): Asking<Value> {
    this.settingUp = true;
    try {
      return yield* runMethodBody(this, setup, [], null);
    } finally {
      this.settingUp = false;
    }
  }

  /** The skills each scenario seat lists, kept after the mode's `seatUp` (which may set the general's). */
  private readonly seatSkills = new Map<PlayerObj, string[]>();

  private setupScenario(scen: Program['scenarios'][string]): void {
    this.inSetup = true;
    const c = this.ctx(null, 0);
    for (const v of scen.vars ?? []) this.state.globals[v.name] = this.L.linker.expr(v.e)(c);
    // Stack the deck first so that cards named by seats are taken from the pile, not created twice.
    const stacked: CardObj[] = [];
    for (const e of scen.deck) {
      const card = this.L.linker.expr(e)(c);
      if (card && typeof card === 'object' && (card as CardObj).t === 'c') stacked.push(card as CardObj);
    }
    scen.seats.forEach((seat, i) => {
      const p = this.state.players[i]!;
      for (const f of seat.fields) {
        const v = this.L.linker.expr(f.e)(c);
        const z = this.program.zones[f.name];
        if (z?.perPlayer) {
          for (const card of this.asList(v, seat.at))
            this.put(this.asCards(card, seat.at), this.zoneRef(f.name, p), false);
        } else if (f.name === 'skills') {
          p.skills = this.asList(v, seat.at).map(String);
          this.seatSkills.set(p, p.skills);
        } else if (f.name === 'alive') {
          p.alive = truthy(v);
        } else {
          p.v[f.name] = v;
        }
      }
    });
    const deckZone = (this.program.modes[this.state.mode]!.fields.deckZone as string) ?? 'drawPile';
    const pile = this.state.zones[deckZone];
    if (pile) {
      for (const card of stacked) removeFromZone(this, card);
      pile.unshift(...stacked);
      for (const card of stacked) card.zone = deckZone;
    }
    this.inSetup = false;
    this.epoch++;
    this.reads?.bumpAll();
  }

  // ------------------------------------------------------------------ running linked code

  ctx(you: PlayerObj | null, slots: number, frame: Frame | null = this.frame, subject: Value = null): Ctx {
    return { g: this, vars: nulls(slots), you, frame, subject, checkStop: false, ret: null };
  }

  /** Evaluate an expression of the program (a scenario's) in a fresh context. */
  evaluate(e: IExpr, slots = 16): Value {
    return this.expr(e)(this.ctx(null, slots));
  }

  /** The linked closure of an expression of the program. */
  expr(e: IExpr): Ex {
    return this.L.linker.expr(e);
  }

  tick(): void {
    if (++this.steps > this.stepBudget) this.runaway(`step budget of ${this.stepBudget} exceeded without a decision`);
  }

  runaway(what: string, looping: string[] = skillsLoopingNow(this)): never {
    throw new RuleError(`${what}: ${loopLine(this, looping)}`, '');
  }

  countDecision(r: Request): void {
    this.loops.decision(this, r);
  }

  unwinding(e: unknown, name: string): void {
    // Called as a stack overflow unwinds: the innermost calls have no stack left even for this, and the frames
    // further out name the loop. Only a RangeError can be one; advance() tells which.
    if (!(e instanceof RangeError)) return;
    try {
      (this.overflow ??= new Unwinding()).note(name);
    } catch {}
  }

  touch(what?: 'frame' | 'table'): void {
    this.mut++;
    const r = this.reads;
    if (r === null) return;
    if (what === 'frame') r.bump(D_FRAME);
    else if (what === 'table') r.bump(D_TABLE);
    else r.bumpAll();
  }

  // ------------------------------------------------------------------ globals, options, members

  getGlobal(n: string): Value {
    const r = this.reads;
    if (r !== null && r.rec !== null) r.dep(r.globalId(n));
    const v = this.state.globals[n];
    return v === undefined ? null : v;
  }

  setGlobal(n: string, v: Value): void {
    this.mut++;
    this.reads?.bump(this.reads.globalId(n));
    this.state.globals[n] = v;
  }

  option(n: string): Value {
    const v = this.state.options[n];
    return v === undefined ? null : (v as Value);
  }

  getMember(o: Value, name: string, at: string): Value {
    return getMember(this, o, name, at);
  }

  setMember(o: Value, name: string, v: Value, at: string): void {
    setMember(this, o, name, v, at);
  }

  asPlayer(v: Value, what: string): PlayerObj {
    if (v && typeof v === 'object' && (v as PlayerObj).t === 'p') return v as PlayerObj;
    throw new RuleError(`${what}: expected a player, got ${label(v)}`, '');
  }

  // ------------------------------------------------------------------ zones and cards (zones.ts)

  zoneRef(zone: string, owner: PlayerObj | null): ZoneRef {
    return { t: 'z', zone, owner };
  }

  zoneFilled(z: ZoneRef): boolean {
    return zoneFilled(this, z);
  }

  asList(v: Value, at: string): Value[] {
    return asList(this, v, at);
  }

  /** The physical cards behind a value: a card, a virtual card's parts, or a list of either. */
  asCards(v: Value, at: string): readonly CardObj[] {
    return asCards(this, v, at);
  }

  put(cards: readonly CardObj[], to: ZoneRef, bottom: boolean): void {
    put(this, cards, to, bottom);
  }

  removeFromZone(card: CardObj): void {
    removeFromZone(this, card);
  }

  ownerOf(card: CardObj): PlayerObj | null {
    return ownerOf(this, card);
  }

  zoneOf(card: CardObj): string {
    const r = this.reads;
    if (r !== null && r.rec !== null) r.dep(r.cardId(card.id));
    return zoneOf(card);
  }

  describeCard(c: CardObj): string {
    return `${c.kind} ${cardFace(c)}`;
  }

  findCard(kind: string, suit: string, rank: number, at: string): CardObj {
    const key = `${kind}/${suit}/${rank}`;
    const placed = this.placed.get(key);
    if (this.inSetup) {
      const hit = this.state.cards.find(
        (c) => c.kind === kind && c.suit === suit && c.rank === rank && !placed?.includes(c),
      );
      const card = hit ?? this.createCard(kind, suit, rank, at);
      if (placed) placed.push(card);
      else this.placed.set(key, [card]);
      return card;
    }
    if (placed) return placed[0]!;
    return (
      this.state.cards.find((c) => c.kind === kind && c.suit === suit && c.rank === rank) ??
      this.createCard(kind, suit, rank, at)
    );
  }
  makeCard(kind: string, suit: string, rank: number, to: ZoneRef, at: string): CardObj {
    // Cards are printed before play: a card made later would be one the table never had.
    if (!this.settingUp) throw new RuleError("makeCard: new cards are made only while the mode's setup runs", at);
    if (!this.program.cards[kind]) throw new RuleError(`makeCard: no card kind ${kind}`, at);
    if (!isSuit(suit)) throw new RuleError(`makeCard: ${suit} is not a suit`, at);
    if (!Number.isSafeInteger(rank) || rank < 1)
      throw new RuleError(`makeCard: rank ${rank} is not a whole number from 1`, at);
    const card: CardObj = { t: 'c', id: this.state.cards.length, kind, suit, rank, zone: '' };
    this.state.cards.push(card);
    this.depict(card, at);
    this.put([card], to, false);
    return card;
  }
  /** What a new card's face depicts, if its kind says (its pure method `depicts(c)`, asked once: a face is printed
   *  once and never changes); logs, views and labels name it beside the kind. */
  private depict(card: CardObj, at: string): void {
    if (this.program.cards[card.kind]?.methods[DEPICTS] === undefined) return;
    const v = this.callPureMethod(card, DEPICTS, [card], at);
    if (v === null) return;
    if (typeof v !== 'string')
      throw new RuleError(`depicts: ${label(v)} is not the id of something the rules declare`, at);
    card.depicts = v;
  }
  private createCard(kind: string, suit: string, rank: number, at: string): CardObj {
    if (!this.program.cards[kind]) throw new RuleError(`no card kind ${kind}`, at);
    // Scenarios may use cards the deck lacks: they are created outside every zone until placed.
    const card: CardObj = { t: 'c', id: this.state.cards.length, kind, suit, rank, zone: '' };
    this.state.cards.push(card);
    this.depict(card, at);
    return card;
  }

  // ------------------------------------------------------------------ skills (skills.ts), actions (actions.ts)

  /** The skills a player has now: their own plus those granted by cards in `grants` zones. */
  skillsOf(p: PlayerObj): string[] {
    return skillsOf(this, p);
  }

  skillChanged(): void {
    skillChanged(this);
  }

  skillEnabled(p: PlayerObj, skill: string): boolean {
    return skillEnabled(this, p, skill);
  }

  actionsOf(p: PlayerObj): ActionRef[] {
    return actionsOf(this, p);
  }

  perform(a: ActionRef): Asking<Value> {
    return perform(this, a);
  }

  /** Every way player p can present cards as one of `kinds` through conversion skills. */
  conversionsOf(p: PlayerObj, kinds: string[] | null): VirtualCard[] {
    return conversionsOf(this, p, kinds);
  }

  // ------------------------------------------------------------------ the rules' code (hooks.ts)

  callFunction(name: string, args: Value[], at: string): Value {
    return callFunction(this, name, args, at);
  }

  callFunctionNow(name: string, args: Value[], at: string): Value {
    return callFunctionNow(this, name, args, at);
  }

  callRefNow(ref: FnRef, args: Value[], at: string): Value {
    return callRefNow(this, ref, args, at);
  }

  callRef(ref: FnRef, args: Value[], at: string): Value {
    return callRef(this, ref, args, at);
  }
  callRef1(ref: FnRef, a: Value, at: string): Value {
    return callRef1(this, ref, a, at);
  }
  callRef2(ref: FnRef, a: Value, b: Value, at: string): Value {
    return callRef2(this, ref, a, b, at);
  }
  callRef3(ref: FnRef, a: Value, b: Value, c: Value, at: string): Value {
    return callRef3(this, ref, a, b, c, at);
  }

  evalHook(name: string, args: Value[]): Value {
    return evalHook(this, name, args);
  }

  evalHookRef(ref: HookRef, args: Value[]): Value {
    return evalHookRef(this, ref, args);
  }

  hasMethod(o: Value, name: string): boolean {
    return hasMethod(this, o, name);
  }

  callPureMethod(o: Value, name: string, args: Value[], at: string): Value {
    return callPureMethod(this, o, name, args, at);
  }

  callMethodRef(o: Value, ref: MethodRef, args: Value[], at: string): Value {
    return callMethodRef(this, o, ref, args, at);
  }
  callMethodRefN(o: Value, ref: MethodRef, at: string, n: number, a?: Value, b?: Value, c?: Value, d?: Value): Value {
    return callMethodRefN(this, o, ref, at, n, a, b, c, d);
  }

  runMethod(o: Value, name: string, args: Value[], at: string): Asking<Value> {
    return runMethod(this, o, name, args, at);
  }

  /** Run a method of the current mode (rules hand control to the mode, e.g. after a death). */
  runModeMethod(name: string, args: Value[]): Asking<Value> {
    return runModeMethod(this, name, args);
  }

  runAction(name: string, args: Value[], at: string): Asking<Value> {
    return runAction(this, name, args, at);
  }

  // ------------------------------------------------------------------ events and timing windows (windows.ts)

  runEvent(name: string, args: Value[], at: string): Asking<Value> {
    return runEvent(this, name, args, at);
  }

  runEventRef(ref: EventRef, args: Value[], at: string): Asking<Value> {
    return runEventRef(this, ref, args, at);
  }

  eventStart(ref: EventRef, args: Value[], at: string): Ctx {
    return eventStart(this, ref, args, at);
  }

  eventBody(c: Ctx, sig: Sig): void {
    eventBody(c, sig);
  }

  eventCleanup(ref: EventRef, c: Ctx): Asking<void> {
    return eventCleanup(this, ref, c);
  }

  eventEnd(c: Ctx): void {
    eventEnd(this, c);
  }

  eventLeave(c: Ctx): void {
    eventLeave(this, c);
  }

  actionStart(ref: ActionCallRef, args: Value[], at: string): Ctx {
    return actionStart(this, ref, args, at);
  }

  runActionRef(ref: ActionCallRef, args: Value[], at: string): Asking<Value> {
    return runActionRef(this, ref, args, at);
  }

  openWindow(window: string, subject: PlayerObj, frame: Frame): Asking<void> {
    return openWindow(this, window, subject, frame);
  }

  windowAt(window: WindowRef, subject: PlayerObj, frame: Frame): Asking<void> | null {
    return windowAt(this, window, subject, frame);
  }

  /** Seats from the current player onwards. */
  seatOrder(): PlayerObj[] {
    return seatOrder(this);
  }

  // ------------------------------------------------------------------ decisions, randomness, the end

  decide(r: Request): Asking<number[]> {
    return decide(this, r);
  }

  /** An integer in [0, n) for the rules' random draws (rng.ts `randBelow`). */
  random(n: number): number {
    return randBelow(this.state.rng, n);
  }

  shuffle(cards: CardObj[]): void {
    this.mut++;
    const r = this.reads;
    if (r !== null) {
      // A zone's cards (a list value shuffled in place may be held by a cached result: drop them all).
      const key = Object.keys(this.state.zones).find((k) => this.state.zones[k] === cards);
      if (key === undefined) r.bumpAll();
      else r.bump(r.zoneId(key));
    }
    shuffleInPlace(this.state.rng, cards);
    loseTrack(this.sawLeave, cards);
  }

  endGame(winners: Value, text: string, players?: PlayerObj[]): never {
    if (this.state.over) throw new RuleError("the game is over already: the mode's gameOver cannot end it again", '');
    this.state.over = players ? { winners, text, players: players.map((p) => p.seat) } : { winners, text };
    this.reads?.bump(D_TABLE); // `gameOver()` reads it, also in the mode's gameOver method
    this.logLine('msg', 'game over: {0}', [text]);
    this.gameOver(winners, players ?? []);
    this.reads?.addToTally();
    this.reads?.release();
    throw GameOver.make();
  }

  /** The mode's `gameOver(winners, players)`, whichever rule ended the game: the place to keep scores for the next
   *  game of a series. The game is over, so it may change values but asks nobody. */
  private gameOver(winners: Value, players: PlayerObj[]): void {
    const m = this.program.modes[this.state.mode]?.methods.gameOver;
    if (!m) return;
    const run = runMethodBody(this, m, [winners, players], null);
    if (!run.next().done) throw new RuleError("the mode's gameOver asks a player, but the game is over", '');
  }
}
