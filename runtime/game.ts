// The generic engine: state, zones, events with timing windows, triggers, hooks, decisions, randomness and log.
// It knows nothing of any particular game: every name it handles (zones, events, windows, properties, card
// kinds, skills, modes) comes from the compiled program.
import type { IBody, IMethod, IParam, ISkill, ITrigger, Program } from './ir.ts';
import { Linker, NORMAL, RETURN, STOP, truthy, type Ctx, type Run, type Ex } from './link.ts';
import { builtins } from './builtins.ts';
import { hashString, hashHex } from './hash.ts';
import { seedRng, shuffleInPlace, type RngState } from './rng.ts';
import {
  RuleError,
  label,
  same,
  zoneKey,
  cardFace,
  type ActionRef,
  type CardObj,
  type Frame,
  type PlayerObj,
  type Value,
  type VirtualCard,
  type ZoneRef,
} from './values.ts';

export interface Option_ {
  label: string;
  value: Value;
}

/** A decision: who decides, what the options are and how many to pick. Answers are option indices. */
export interface Request {
  seat: number;
  prompt: string;
  options: Option_[];
  min: number;
  max: number;
}

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
  over: { winners: Value; text: string } | null;
  error: string | null;
  log: LogEntry[];
  hash: number;
  decisions: number;
  answers: number[][];
}

interface Linked {
  program: Program;
  linker: Linker;
  bodies: WeakMap<IBody, Run>;
  windowIndex: Map<string, { skill: string; idx: number; trig: ITrigger }[]>;
  hookIndex: Map<string, { skill: string; idx: number }[]>;
  filterSkills: string[];
  propertySet: Set<string>;
  fieldNames: Set<string>;
  grantZones: string[];
  resets?: Map<string, { props: string[]; vars: string[] }>;
}

class GameOver extends Error {}

const linkedCache = new WeakMap<Program, Map<string, Linked>>();

function effectiveProgram(base: Program, options: Record<string, unknown>): { key: string; program: Program } {
  const active = base.variants.filter((v) => same(options[v.option] as Value, v.value as Value));
  if (active.length === 0) return { key: '', program: base };
  const p: Program = { ...base };
  for (const v of active) {
    for (const [k, part] of Object.entries(v.parts)) {
      if (part && typeof part === 'object' && !Array.isArray(part)) {
        (p as unknown as Record<string, unknown>)[k] = {
          ...(p as unknown as Record<string, Record<string, unknown>>)[k],
          ...part,
        };
      }
    }
  }
  return { key: active.map((v) => `${v.option}=${String(v.value)}`).join(','), program: p };
}

function link(base: Program, options: Record<string, unknown>): Linked {
  const { key, program } = effectiveProgram(base, options);
  let m = linkedCache.get(base);
  if (!m) linkedCache.set(base, (m = new Map()));
  const hit = m.get(key);
  if (hit) return hit;
  const windowIndex = new Map<string, { skill: string; idx: number; trig: ITrigger }[]>();
  const hookIndex = new Map<string, { skill: string; idx: number }[]>();
  const filterSkills: string[] = [];
  for (const s of Object.values(program.skills)) {
    s.triggers.forEach((t, idx) => {
      const l = windowIndex.get(t.window) ?? [];
      l.push({ skill: s.id, idx, trig: t });
      windowIndex.set(t.window, l);
    });
    s.modifies.forEach((mo, idx) => {
      const l = hookIndex.get(mo.hook) ?? [];
      l.push({ skill: s.id, idx });
      hookIndex.set(mo.hook, l);
    });
    if (s.filters.length) filterSkills.push(s.id);
  }
  // Field names any card kind declares, in any edition: reading one a kind lacks gives none, not an error.
  const fieldNames = new Set<string>();
  for (const cards of [base.cards, ...base.variants.map((v) => v.parts.cards ?? {})]) {
    for (const c of Object.values(cards)) for (const f of Object.keys(c.fields)) fieldNames.add(f);
  }
  const l: Linked = {
    program,
    linker: new Linker(program, builtins),
    bodies: new WeakMap(),
    windowIndex,
    hookIndex,
    filterSkills,
    propertySet: new Set(Object.keys(program.properties)),
    fieldNames,
    grantZones: Object.values(program.zones)
      .filter((z) => z.grants && z.perPlayer)
      .map((z) => z.id),
  };
  m.set(key, l);
  return l;
}

export class Game {
  state: State;
  readonly program: Program;
  private L: Linked;
  private gen: Generator<Request, Value, number[]> | null = null;
  pending: Request | null = null;
  private steps = 0;
  private stepBudget: number;
  private recentSkills: string[] = [];
  private keepLog: boolean;
  frame: Frame | null = null; // the innermost running event
  /** Watchers (an AI, a UI) told when an event starts and ends; they must not change the game. */
  observers: ((f: Frame, phase: 'start' | 'end') => void)[] = [];
  private skillCache = new Map<number, { epoch: number; skills: string[] }>();
  private epoch = 0;
  private hookDepth = new Map<string, number>();
  private filtering = false;
  readonly scenario: string | undefined;

  constructor(base: Program, opts: GameOptions = {}) {
    const options: Record<string, unknown> = {};
    for (const o of Object.values(base.options)) options[o.id] = o.default;
    Object.assign(options, opts.options ?? {});
    this.L = link(base, options);
    this.program = this.L.program;
    this.keepLog = opts.keepLog ?? true;
    this.stepBudget = opts.stepBudget ?? 200_000;
    this.scenario = opts.scenario;
    const scen = opts.scenario ? this.program.scenarios[opts.scenario] : undefined;
    if (opts.scenario && !scen) throw new RuleError(`no scenario named ${opts.scenario}`, '');
    const modeId = scen?.mode ?? opts.mode ?? Object.keys(this.program.modes)[0];
    const mode = modeId ? this.program.modes[modeId] : undefined;
    if (!mode) throw new RuleError(`no mode named ${modeId ?? '(none)'}`, '');
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
    for (let i = 0; i < n; i++) {
      const v: Record<string, Value> = {};
      for (const p of Object.values(this.program.properties)) v[p.id] = this.L.linker.expr(p.default)(emptyCtx);
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
        pile.push(card);
      }
    }
    shuffleInPlace(this.state.rng, pile);
    this.gen = this.main(mode, scen);
  }

  // ------------------------------------------------------------------ driving

  /** Run until the next decision or the end. */
  start(): void {
    this.advance(undefined);
  }

  private advance(answer: number[] | undefined): void {
    if (!this.gen) return;
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
      this.pending = null;
      if (e instanceof GameOver) return;
      // A stack overflow (smaller stacks in browser workers) is the same runaway as the nesting limit.
      if (e instanceof RangeError && /call stack/i.test(e.message)) {
        const names = [...new Set(this.recentSkills.slice(-12))];
        this.state.error =
          `events nested too deep for this machine's stack: a rule may loop forever` +
          (names.length ? ` (skills firing: ${names.join(', ')})` : '');
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
    if (!r) return { ok: false, reason: this.state.over ? 'the game is over' : 'no decision is pending' };
    const reason = validate(r, picks);
    if (reason) return { ok: false, reason };
    this.state.answers.push(picks.slice());
    this.record(
      'answer',
      `${this.state.players[r.seat]!.name}: ${picks.map((i) => r.options[i]!.label).join(', ') || 'pass'}`,
    );
    this.advance(picks);
    return { ok: true };
  }

  get over(): boolean {
    return this.state.over !== null || this.state.error !== null;
  }

  traceHash(): string {
    return hashHex(this.state.hash);
  }

  record(k: LogEntry['k'], text: string): void {
    this.state.hash = hashString(text, this.state.hash % 4294967296);
    if (this.keepLog) this.state.log.push({ k, text });
  }

  private *main(
    mode: Program['modes'][string],
    scen: Program['scenarios'][string] | undefined,
  ): Generator<Request, Value, number[]> {
    let first: Value = this.state.players[0]!;
    let from: Value = null;
    if (scen) {
      this.setupScenario(scen);
      if (mode.methods.seatUp)
        for (const p of this.state.players) yield* this.runMethodBody(mode.methods.seatUp, [p], null, 'seatUp');
      if (scen.start) {
        first = this.state.players.find((p) => p.name === scen.start!.player) ?? first;
        from = scen.start.from ?? null;
      }
    } else if (mode.methods.setup) {
      first = yield* this.runMethodBody(mode.methods.setup, [], null, 'setup');
    }
    if (mode.methods.play) yield* this.runMethodBody(mode.methods.play, [first, from], null, 'play');
    return null;
  }

  private setupScenario(scen: Program['scenarios'][string]): void {
    this.inSetup = true;
    const c = this.ctx(null, 0);
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
      for (const card of stacked) this.removeFromZone(card);
      pile.unshift(...stacked);
      for (const card of stacked) card.zone = deckZone;
    }
    this.inSetup = false;
    this.epoch++;
  }

  // ------------------------------------------------------------------ context helpers

  ctx(you: PlayerObj | null, slots: number, frame: Frame | null = this.frame, subject: Value = null): Ctx {
    return { g: this, vars: new Array(slots).fill(null), you, frame, subject, checkStop: false, ret: null };
  }

  tick(): void {
    if (++this.steps > this.stepBudget) this.runaway(`step budget of ${this.stepBudget} exceeded without a decision`);
  }

  private runaway(what: string): never {
    const names = [...new Set(this.recentSkills.slice(-12))];
    throw new RuleError(
      `${what}: a rule may loop forever` + (names.length ? ` (skills firing: ${names.join(', ')})` : ''),
      '',
    );
  }

  private depth = 0;
  static readonly MAX_DEPTH = 120; // events nested inside events; deeper means a trigger keeps re-raising

  private run(b: IBody): Run {
    let r = this.L.bodies.get(b);
    if (!r) {
      r = this.L.linker.body(b);
      this.L.bodies.set(b, r);
    }
    return r;
  }

  private *runBody(b: IBody, c: Ctx): Generator<Request, number, number[]> {
    const r = this.run(b);
    return r.y ? yield* r.gen(c) : r.run(c);
  }

  // ------------------------------------------------------------------ values

  getGlobal(n: string): Value {
    const v = this.state.globals[n];
    return v === undefined ? null : v;
  }

  setGlobal(n: string, v: Value): void {
    this.mut++;
    this.state.globals[n] = v;
  }

  option(n: string): Value {
    const v = this.state.options[n];
    return v === undefined ? null : (v as Value);
  }

  zoneRef(zone: string, owner: PlayerObj | null): ZoneRef {
    return { t: 'z', zone, owner };
  }

  asPlayer(v: Value, what: string): PlayerObj {
    if (v && typeof v === 'object' && (v as PlayerObj).t === 'p') return v as PlayerObj;
    throw new RuleError(`${what}: expected a player, got ${label(v)}`, '');
  }

  asList(v: Value, at: string): Value[] {
    if (Array.isArray(v)) return v;
    if (v === null) return [];
    if (typeof v === 'object' && v.t === 'z') return this.state.zones[zoneKey(v.zone, v.owner)] ?? [];
    if (typeof v === 'object' && v.t === 'v') return [v];
    if (typeof v === 'object' && (v.t === 'c' || v.t === 'p')) return [v];
    throw new RuleError(`expected a list, got ${label(v)}`, at);
  }

  /** The physical cards behind a value: a card, a virtual card's parts, or a list of either. */
  asCards(v: Value, at: string): CardObj[] {
    if (v === null) return [];
    if (Array.isArray(v)) return v.flatMap((x) => this.asCards(x, at));
    if (typeof v === 'object') {
      if (v.t === 'c') return [v];
      if (v.t === 'v') return v.subs.slice();
      if (v.t === 'z') return (this.state.zones[zoneKey(v.zone, v.owner)] ?? []).slice();
    }
    throw new RuleError(`expected cards, got ${label(v)}`, at);
  }

  /** A card named in rules or scenarios by kind and face. While a scenario is being laid out each mention
   *  takes a distinct physical card (two `x ♠8` of one kind are two different cards); afterwards a mention means the
   *  first card the scenario placed with that face, else the first such card in the deck. */
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
  private placed = new Map<string, CardObj[]>();
  private inSetup = false;

  private createCard(kind: string, suit: string, rank: number, at: string): CardObj {
    if (!this.program.cards[kind]) throw new RuleError(`no card kind ${kind}`, at);
    // Scenarios may use cards the deck lacks: they are created outside every zone until placed.
    const card: CardObj = { t: 'c', id: this.state.cards.length, kind, suit, rank, zone: '' };
    this.state.cards.push(card);
    return card;
  }

  getMember(o: Value, name: string, at: string): Value {
    if (o === null) throw new RuleError(`cannot read .${name} of none`, at);
    if (typeof o === 'object' && !Array.isArray(o)) {
      switch (o.t) {
        case 'p': {
          if (this.L.propertySet.has(name)) {
            const v = o.v[name];
            return v === undefined ? null : v;
          }
          if (name === 'alive') return o.alive;
          if (name === 'seat') return o.seat;
          if (name === 'name') return o.name;
          if (name === 'skills') return this.skillsOf(o);
          break;
        }
        case 'c': {
          if (this.L.filterSkills.length && !this.filtering) {
            const f = this.filtered(o, name);
            if (f !== undefined) return f;
          }
          if (name === 'kind') return o.as ?? o.kind;
          if (name === 'suit') return o.suit;
          if (name === 'rank') return o.rank;
          if (name === 'id') return o.id;
          const effective =
            this.L.filterSkills.length && !this.filtering
              ? ((this.filtered(o, 'kind') as string | undefined) ?? o.as ?? o.kind)
              : (o.as ?? o.kind);
          const kf = this.program.cards[effective]?.fields[name];
          if (kf !== undefined) return kf as Value;
          if (this.L.fieldNames.has(name)) return null;
          break;
        }
        case 'v': {
          if (name in o.set) return o.set[name]!;
          if (name === 'kind') return o.kind;
          if (name === 'subcards') return o.subs;
          if (name === 'via') return o.via;
          if (name === 'suit' || name === 'rank') {
            if (o.subs.length === 0) return null;
            const first = this.getMember(o.subs[0]!, name, at);
            return o.subs.every((s) => same(this.getMember(s, name, at), first)) ? first : null;
          }
          const kf = this.program.cards[o.kind]?.fields[name];
          if (kf !== undefined) return kf as Value;
          if (this.L.fieldNames.has(name)) return null;
          break;
        }
        case 'e': {
          if (name === 'stopped') return o.stopped;
          if (name === 'kind') return o.id;
          const v = o.data[name];
          if (v !== undefined) return v;
          if (name === 'parent') return o.parent;
          return null;
        }
        case 'z':
          if (name === 'owner') return o.owner;
          if (name === 'cards') return this.asList(o, at);
          break;
        case 'a':
          if (name === 'skill') return o.skill;
          if (name === 'owner') return o.owner;
          break;
      }
    } else if (typeof o === 'string') {
      const ck = this.program.cards[o];
      if (ck) {
        if (name === 'kind') return o;
        const kf = ck.fields[name];
        if (kf !== undefined) return kf as Value;
        if (this.L.fieldNames.has(name)) return null;
      }
      const gen = this.program.generals[o];
      if (gen) {
        if (name === 'skills') return gen.skills;
        const gf = gen.fields[name];
        if (gf !== undefined) return gf as Value;
      }
      const sk = this.program.skills[o];
      if (sk && name === 'tags') return sk.tags;
    }
    // Uniform call syntax: x.f means f(x) when the rules define a function f.
    if (this.program.functions[name]) return this.callFunction(name, [o], at);
    const b = builtins.pure[name];
    if (b) return b(this, [o], at);
    throw new RuleError(`${label(o)} has no field ${name}`, at);
  }

  setMember(o: Value, name: string, v: Value, at: string): void {
    this.mut++;
    if (o && typeof o === 'object' && !Array.isArray(o)) {
      if (o.t === 'p') {
        if (this.L.propertySet.has(name)) {
          o.v[name] = v;
          return;
        }
        if (name === 'alive') {
          o.alive = truthy(v);
          this.epoch++;
          return;
        }
      } else if (o.t === 'e') {
        o.data[name] = v;
        return;
      } else if (o.t === 'v') {
        o.set[name] = v;
        return;
      }
    }
    throw new RuleError(`cannot set ${name} on ${label(o)}`, at);
  }

  private filtered(card: CardObj, name: string): Value | undefined {
    const owner = this.ownerOf(card);
    if (!owner) return undefined;
    const skills = this.skillsOf(owner);
    for (const sid of this.L.filterSkills) {
      if (!skills.includes(sid)) continue;
      for (const f of this.program.skills[sid]!.filters) {
        const set = f.sets.find((s) => s.field === name);
        if (!set) continue;
        this.filtering = true;
        try {
          const c = this.ctx(owner, 1);
          c.vars[0] = card;
          if (truthy(this.L.linker.expr(f.condExpr)(c))) return this.L.linker.expr(set.e)(c);
        } finally {
          this.filtering = false;
        }
      }
    }
    return undefined;
  }

  ownerOf(card: CardObj): PlayerObj | null {
    const i = card.zone.indexOf(':');
    return i < 0 ? null : this.state.players[Number(card.zone.slice(i + 1))]!;
  }

  zoneOf(card: CardObj): string {
    const i = card.zone.indexOf(':');
    return i < 0 ? card.zone : card.zone.slice(0, i);
  }

  // ------------------------------------------------------------------ skills

  /** The skills a player has now: their own plus those granted by cards in `grants` zones. */
  skillsOf(p: PlayerObj): string[] {
    const hit = this.skillCache.get(p.seat);
    if (hit && hit.epoch === this.epoch) return hit.skills;
    let skills = p.skills;
    if (this.L.grantZones.length) {
      const extra: string[] = [];
      for (const z of this.L.grantZones) {
        for (const c of this.state.zones[zoneKey(z, p)] ?? [])
          extra.push(...(this.program.cards[c.kind]?.skills ?? []));
      }
      if (extra.length) skills = [...skills, ...extra];
    }
    this.skillCache.set(p.seat, { epoch: this.epoch, skills });
    return skills;
  }

  skillChanged(): void {
    this.epoch++;
    this.mut++;
  }

  /** The rules may define `skillEnabled(owner, skill)`; without it every skill a player has is enabled. */
  skillEnabled(p: PlayerObj, skill: string): boolean {
    if (!this.program.functions.skillEnabled) return true;
    const key = 'skillEnabled';
    const d = this.hookDepth.get(key) ?? 0;
    if (d > 0) return true; // re-entrant check (a hook consulted while deciding enabledness)
    this.hookDepth.set(key, d + 1);
    try {
      return truthy(this.callFunction('skillEnabled', [p, skill], ''));
    } finally {
      this.hookDepth.set(key, d);
    }
  }

  private limitKey(skill: string, kind: string, idx: number, p: PlayerObj): string {
    return `${p.seat}:${skill}:${kind}${idx}`;
  }

  usesLeft(limit: { count: number; per: string } | undefined, key: string): boolean {
    if (!limit) return true;
    return (this.state.uses[limit.per]?.[key] ?? 0) < limit.count;
  }

  markUse(limit: { count: number; per: string } | undefined, key: string): void {
    if (!limit) return;
    this.mut++; // which actions are offered depends on the counters
    const m = (this.state.uses[limit.per] ??= {});
    m[key] = (m[key] ?? 0) + 1;
  }

  // ------------------------------------------------------------------ functions, hooks, methods

  callFunction(name: string, args: Value[], at: string): Value {
    const key = this.memoKey('f:' + name, args);
    if (key !== null) {
      const hit = this.memo.get(key);
      if (hit !== undefined) return hit;
    }
    const v = this.callFunction_(name, args, at);
    if (key !== null && this.memoAt === this.mut) this.memo.set(key, v);
    return v;
  }

  private callFunction_(name: string, args: Value[], at: string): Value {
    const f = this.program.functions[name];
    if (!f) throw new RuleError(`no function ${name}`, at);
    const c = this.ctx(null, f.slots);
    this.bindParams(f.params, args, c);
    if (f.expr) return this.L.linker.expr(f.expr)(c);
    const r = this.run(f.body!);
    if (r.y) throw new RuleError(`function ${name} cannot ask players`, at);
    return r.run(c) === RETURN ? c.ret : null;
  }

  private bindParams(params: IParam[], args: Value[], c: Ctx): void {
    for (let i = 0; i < params.length; i++) {
      let v = args[i];
      if (v === undefined) v = params[i]!.default ? this.L.linker.expr(params[i]!.default!)(c) : null;
      c.vars[i] = v;
    }
  }

  /** Bumped by every change a pure function could observe; pure results are memoised between bumps. */
  mut = 0;
  touch(): void {
    this.mut++;
  }
  private memo = new Map<string, Value>();
  private memoAt = -1;
  private pureDepth = 0; // > 0 while a hook or skillEnabled is being evaluated (results may be partial then)

  private memoKey(name: string, args: Value[]): string | null {
    if (this.pureDepth > 0) return null;
    let k = name;
    for (const a of args) {
      if (a === null || a === undefined) k += '|n';
      else if (typeof a === 'object') {
        if (Array.isArray(a)) return null;
        if (a.t === 'p') k += '|p' + a.seat;
        else if (a.t === 'c') k += '|c' + a.id;
        else return null;
      } else k += '|' + String(a);
    }
    if (this.memoAt !== this.mut) {
      this.memo.clear();
      this.memoAt = this.mut;
    }
    return k;
  }

  evalHook(name: string, args: Value[]): Value {
    const key = this.memoKey('h:' + name, args);
    if (key !== null) {
      const hit = this.memo.get(key);
      if (hit !== undefined) return hit;
    }
    this.pureDepth++;
    let v: Value;
    try {
      v = this.evalHook_(name, args);
    } finally {
      this.pureDepth--;
    }
    if (key !== null) this.memo.set(key, v);
    return v;
  }

  private evalHook_(name: string, args: Value[]): Value {
    const h = this.program.hooks[name]!;
    const items = this.L.hookIndex.get(name);
    let acc: Value = h.combine === 'sum' ? 0 : h.combine === 'any' ? false : h.combine === 'all' ? true : null;
    if (!items) return acc;
    const depth = this.hookDepth.get(name) ?? 0;
    if (depth > 3) return acc; // a hook consulted inside its own contributions: stop the regress
    this.hookDepth.set(name, depth + 1);
    try {
      for (const p of this.state.players) {
        if (!p.alive) continue;
        const skills = this.skillsOf(p);
        for (const it of items) {
          if (!skills.includes(it.skill) || !this.skillEnabled(p, it.skill)) continue;
          const mo = this.program.skills[it.skill]!.modifies[it.idx]!;
          const c = this.ctx(p, mo.slots);
          for (let i = 0; i < mo.params; i++) c.vars[i] = args[i] ?? null;
          if (mo.condExpr && !truthy(this.L.linker.expr(mo.condExpr)(c))) continue;
          const v = this.L.linker.expr(mo.valueExpr)(c);
          switch (h.combine) {
            case 'sum':
              acc = (acc as number) + (v as number);
              break;
            case 'any':
              if (truthy(v)) return true;
              break;
            case 'all':
              if (!truthy(v)) return false;
              break;
            case 'max':
              acc = acc === null || (v as number) > (acc as number) ? v : acc;
              break;
            case 'min':
              acc = acc === null || (v as number) < (acc as number) ? v : acc;
              break;
          }
        }
      }
    } finally {
      this.hookDepth.set(name, depth);
    }
    return acc;
  }

  private methodOf(o: Value, name: string, at: string): IMethod | undefined {
    // A card's kind as the rules see it: a filter (武神) or the kind it stands for in a zone may change it.
    const kind =
      typeof o === 'string'
        ? o
        : o && typeof o === 'object' && !Array.isArray(o) && (o.t === 'c' || o.t === 'v')
          ? (this.getMember(o, 'kind', at) as string)
          : null;
    if (kind === null) throw new RuleError(`.${name}(): ${label(o)} is not a card`, at);
    return this.program.cards[kind]?.methods[name];
  }

  hasMethod(o: Value, name: string): boolean {
    return !!this.methodOf(o, name, '');
  }

  callPureMethod(o: Value, name: string, args: Value[], at: string): Value {
    const m = this.methodOf(o, name, at);
    if (!m) return null; // a kind without this method: the rules treat none as "not defined"
    const c = this.ctx(null, m.slots);
    this.bindParams(m.params, args, c);
    if (m.expr) return this.L.linker.expr(m.expr)(c);
    const r = this.run(m.body!);
    if (r.y) throw new RuleError(`method ${name} asks players: call it as a statement`, at);
    return r.run(c) === RETURN ? c.ret : null;
  }

  *runMethod(o: Value, name: string, args: Value[], at: string): Generator<Request, Value, number[]> {
    const m = this.methodOf(o, name, at);
    if (!m) return null;
    return yield* this.runMethodBody(m, args, null, at);
  }

  private *runMethodBody(
    m: IMethod,
    args: Value[],
    you: PlayerObj | null,
    _at: string,
  ): Generator<Request, Value, number[]> {
    const c = this.ctx(you, m.slots);
    this.bindParams(m.params, args, c);
    if (m.expr) return this.L.linker.expr(m.expr)(c);
    const sig = yield* this.runBody(m.body!, c);
    return sig === RETURN ? c.ret : null;
  }

  /** Run a method of the current mode (rules hand control to the mode, e.g. after a death). */
  *runModeMethod(name: string, args: Value[]): Generator<Request, Value, number[]> {
    const m = this.program.modes[this.state.mode]?.methods[name];
    if (!m) return null;
    return yield* this.runMethodBody(m, args, null, name);
  }

  *runAction(name: string, args: Value[], at: string): Generator<Request, Value, number[]> {
    const a = this.program.actions[name];
    if (!a) throw new RuleError(`no action ${name}`, at);
    const c = this.ctx(null, a.body.slots);
    this.bindParams(a.params, args, c);
    this.tick();
    const sig = yield* this.runBody(a.body, c);
    return sig === RETURN ? c.ret : null;
  }

  // ------------------------------------------------------------------ events and timing windows

  *runEvent(name: string, args: Value[], at: string): Generator<Request, Value, number[]> {
    const ev = this.program.events[name];
    if (!ev) throw new RuleError(`no event ${name}`, at);
    const data: Record<string, Value> = {};
    const c0 = this.ctx(null, 0);
    ev.params.forEach((p, i) => {
      let v = args[i];
      if (v === undefined) v = p.default ? this.L.linker.expr(p.default)(c0) : null;
      data[p.name] = v;
    });
    const frame: Frame = { t: 'e', id: name, data, stopped: false, parent: this.frame };
    this.resetScoped(name);
    this.tick();
    if (++this.depth > Game.MAX_DEPTH) {
      this.depth = 0;
      this.runaway(`events nested more than ${Game.MAX_DEPTH} deep (innermost: ${name})`);
    }
    const saved = this.frame;
    this.frame = frame;
    this.mut++;
    for (const o of this.observers) o(frame, 'start');
    const c = this.ctx(null, ev.body.slots, frame);
    c.checkStop = true;
    let result: Value = null;
    try {
      const sig = yield* this.runBody(ev.body, c);
      if (sig === RETURN) result = c.ret;
      if (sig === STOP) frame.stopped = true;
      if (ev.cleanup) {
        const cc = this.ctx(null, ev.cleanup.slots, frame);
        yield* this.runBody(ev.cleanup, cc);
      }
      for (const o of this.observers) o(frame, 'end');
    } finally {
      this.frame = saved;
      this.mut++;
      if (this.depth > 0) this.depth--;
    }
    return result;
  }

  /** Properties, globals and use limits declared `reset at <event>`, by event kind (computed once per link). */
  private resetIndex(): Map<string, { props: string[]; vars: string[] }> {
    if (this.L.resets) return this.L.resets;
    const m = new Map<string, { props: string[]; vars: string[] }>();
    const entry = (e: string) => {
      let x = m.get(e);
      if (!x) m.set(e, (x = { props: [], vars: [] }));
      return x;
    };
    for (const p of Object.values(this.program.properties)) if (p.resetAt) entry(p.resetAt).props.push(p.id);
    for (const g of Object.values(this.program.vars)) if (g.resetAt) entry(g.resetAt).vars.push(g.id);
    return (this.L.resets = m);
  }

  private resetScoped(eventName: string): void {
    if (this.state.uses[eventName]) this.state.uses[eventName] = {};
    const r = this.resetIndex().get(eventName);
    if (!r) return;
    const c = this.ctx(null, 0);
    for (const id of r.props) {
      const def = this.L.linker.expr(this.program.properties[id]!.default);
      for (const pl of this.state.players) pl.v[id] = def(c);
    }
    for (const id of r.vars) this.state.globals[id] = this.L.linker.expr(this.program.vars[id]!.default)(c);
  }

  /** Seats from the current player onwards. */
  seatOrder(): PlayerObj[] {
    const ps = this.state.players;
    const out: PlayerObj[] = [];
    for (let i = 0; i < ps.length; i++) out.push(ps[(this.state.current + i) % ps.length]!);
    return out;
  }

  private triggerCondition(t: ITrigger, owner: PlayerObj, frame: Frame, subject: PlayerObj): boolean {
    if (!t.condExpr) return true;
    const c = this.ctx(owner, t.body.slots, frame, subject);
    return truthy(this.L.linker.expr(t.condExpr)(c));
  }

  private candidates(window: string, p: PlayerObj, subject: PlayerObj, frame: Frame, done: Set<string>) {
    const items = this.L.windowIndex.get(window);
    const out: { skill: string; idx: number; trig: ITrigger; key: string }[] = [];
    if (!items) return out;
    // Players out of play take part in no window (a death window opens while the dying player is still in).
    if (!p.alive) return out;
    const skills = this.skillsOf(p);
    for (const it of items) {
      if (!skills.includes(it.skill)) continue;
      const t = it.trig;
      if (t.subject === 'you' ? subject !== p : t.subject === 'other' ? subject === p : false) continue;
      const key = this.limitKey(it.skill, 't', it.idx, p);
      if (done.has(key)) continue;
      if (!this.usesLeft(t.limit, key)) continue;
      if (!this.skillEnabled(p, it.skill)) continue;
      if (!this.triggerCondition(t, p, frame, subject)) continue;
      out.push({ ...it, key });
    }
    return out;
  }

  /** Open a timing window: collect triggers seat by seat from the current player, let each player order
   *  their own, re-check every condition just before firing. */
  *openWindow(window: string, subject: PlayerObj, frame: Frame): Generator<Request, void, number[]> {
    if (!this.L.windowIndex.has(window)) return;
    const done = new Set<string>();
    for (const p of this.seatOrder()) {
      for (;;) {
        if (frame.stopped || this.state.over) return;
        const cands = this.candidates(window, p, subject, frame, done);
        if (cands.length === 0) break;
        let pick = cands[0]!;
        if (cands.length > 1) {
          const ans = yield* this.decide({
            seat: p.seat,
            prompt: `order:${window}`,
            options: cands.map((x) => ({ label: x.skill, value: x.skill })),
            min: 1,
            max: 1,
          });
          pick = cands[ans[0]!]!;
        }
        done.add(pick.key);
        yield* this.fireTrigger(pick.skill, pick.trig, pick.key, p, subject, frame);
      }
    }
  }

  private *fireTrigger(
    skill: string,
    t: ITrigger,
    key: string,
    owner: PlayerObj,
    subject: PlayerObj,
    frame: Frame,
  ): Generator<Request, void, number[]> {
    if (t.optional) {
      const ans = yield* this.decide({
        seat: owner.seat,
        prompt: `use:${skill}`,
        options: [
          { label: 'yes', value: true },
          { label: 'no', value: false },
        ],
        min: 1,
        max: 1,
      });
      if (ans[0] !== 0) return;
    }
    this.markUse(t.limit, key);
    this.recentSkills.push(skill);
    if (this.recentSkills.length > 64) this.recentSkills.splice(0, 32);
    this.tick();
    this.record('event', `${owner.name} ${skill}`);
    const c = this.ctx(owner, t.body.slots, frame, subject);
    const saved = this.frame;
    try {
      yield* this.runBody(t.body, c);
    } finally {
      this.frame = saved;
    }
  }

  // ------------------------------------------------------------------ actions (active skills) and conversions

  actionsOf(p: PlayerObj): ActionRef[] {
    const out: ActionRef[] = [];
    for (const sid of this.skillsOf(p)) {
      const s = this.program.skills[sid];
      if (!s || s.actives.length === 0 || !this.skillEnabled(p, sid)) continue;
      s.actives.forEach((a, idx) => {
        if (!this.usesLeft(a.limit, this.limitKey(sid, 'a', idx, p))) return;
        if (a.condExpr && !truthy(this.L.linker.expr(a.condExpr)(this.ctx(p, a.body.slots)))) return;
        out.push({ t: 'a', skill: sid, idx, owner: p });
      });
    }
    return out;
  }

  *perform(a: ActionRef): Generator<Request, Value, number[]> {
    const s = this.program.skills[a.skill]!;
    const act = s.actives[a.idx]!;
    this.markUse(act.limit, this.limitKey(a.skill, 'a', a.idx, a.owner));
    this.recentSkills.push(a.skill);
    this.record('event', `${a.owner.name} ${a.skill}`);
    const c = this.ctx(a.owner, act.body.slots);
    const sig = yield* this.runBody(act.body, c);
    return sig === RETURN ? c.ret : null;
  }

  /** Every way player p can present cards as one of `kinds` through conversion skills. */
  conversionsOf(p: PlayerObj, kinds: string[] | null): VirtualCard[] {
    const out: VirtualCard[] = [];
    for (const sid of this.skillsOf(p)) {
      const s: ISkill | undefined = this.program.skills[sid];
      if (!s || s.viewAs.length === 0 || !this.skillEnabled(p, sid)) continue;
      for (const va of s.viewAs) {
        if (kinds && !kinds.includes(va.kind)) continue;
        if (va.condExpr && !truthy(this.L.linker.expr(va.condExpr)(this.ctx(p, 1)))) continue;
        const pool: CardObj[] = [];
        for (const z of va.zones)
          for (const c of this.state.zones[zoneKey(z, p)] ?? []) {
            if (va.filterExpr) {
              const cx = this.ctx(p, 1);
              cx.vars[0] = c;
              if (!truthy(this.L.linker.expr(va.filterExpr)(cx))) continue;
            }
            pool.push(c);
          }
        for (const combo of combinations(pool, va.count, 64))
          out.push({ t: 'v', kind: va.kind, subs: combo, via: sid, set: {} });
      }
    }
    return out;
  }

  // ------------------------------------------------------------------ zones

  removeFromZone(card: CardObj): void {
    const z = this.state.zones[card.zone];
    if (z) {
      const i = z.indexOf(card);
      if (i >= 0) z.splice(i, 1);
    }
  }

  put(cards: CardObj[], to: ZoneRef, bottom: boolean): void {
    this.mut++;
    const key = zoneKey(to.zone, to.owner);
    const dest = this.state.zones[key];
    if (!dest) throw new RuleError(`no zone ${key}`, '');
    for (const c of cards) {
      if (this.L.grantZones.length) this.epoch++;
      this.removeFromZone(c);
      c.zone = key;
      if (c.as !== undefined) delete c.as;
      if (bottom) dest.push(c);
      else dest.unshift(c);
    }
  }

  // ------------------------------------------------------------------ decisions

  *decide(r: Request): Generator<Request, number[], number[]> {
    this.state.decisions++;
    this.record(
      'ask',
      `${this.state.players[r.seat]!.name} ${r.prompt} [${r.options.map((o) => o.label).join('|')}] ${r.min}-${r.max}`,
    );
    const ans = yield r;
    return ans;
  }

  endGame(winners: Value, text: string): never {
    this.state.over = { winners, text };
    this.record('msg', `game over: ${text}`);
    throw new GameOver();
  }

  random(n: number): number {
    return n <= 1 ? 0 : Math.floor((this.nextU32() / 4294967296) * n);
  }

  private nextU32(): number {
    // Inline sfc32 over the state's RNG so the RNG stays in the state.
    const s = this.state.rng;
    const [a, b, c, d] = s;
    const t = (((a + b) | 0) + d) | 0;
    s[3] = (d + 1) | 0;
    s[0] = b ^ (b >>> 9);
    s[1] = (c + (c << 3)) | 0;
    s[2] = (((c << 21) | (c >>> 11)) + t) | 0;
    return t >>> 0;
  }

  shuffle(cards: CardObj[]): void {
    this.mut++;
    shuffleInPlace(this.state.rng, cards);
  }

  describeCard(c: CardObj): string {
    return `${c.kind} ${cardFace(c)}`;
  }
}

function validate(r: Request, picks: unknown): string | null {
  if (!Array.isArray(picks)) return 'an answer is a list of option numbers';
  if (picks.length < r.min) return `pick at least ${r.min} (got ${picks.length})`;
  if (picks.length > r.max) return `pick at most ${r.max} (got ${picks.length})`;
  const seen = new Set<number>();
  for (const i of picks) {
    if (!Number.isInteger(i) || i < 0 || i >= r.options.length)
      return `option ${String(i)} does not exist (0..${r.options.length - 1})`;
    if (seen.has(i)) return `option ${i} picked twice`;
    seen.add(i);
  }
  return null;
}

function combinations<T>(xs: T[], k: number, cap: number): T[][] {
  const out: T[][] = [];
  if (k <= 0) return out;
  const rec = (start: number, acc: T[]) => {
    if (out.length >= cap) return;
    if (acc.length === k) {
      out.push(acc.slice());
      return;
    }
    for (let i = start; i < xs.length; i++) {
      acc.push(xs[i]!);
      rec(i + 1, acc);
      acc.pop();
    }
  };
  rec(0, []);
  return out;
}

export { NORMAL, label };
export type { Ex };
