// Results of pure rules code kept while nothing they read has changed (issue 9 part 3, "incremental legal
// options"). A cached call records what it reads — a player's property, a zone, a card, a global, the running
// event, a seat's skills, use counters, a few table facts — as dependency ids; every write bumps the ids it
// changes with the time of a clock. An entry stays good while none of its ids was bumped after it was computed, so
// a decision's options, `skillEnabled` and the like are computed again only after a write they could see, not
// after every change. Reads and writes reach this module only through the engine's access points (members.ts,
// zones.ts, skills.ts, windows.ts, builtins.ts, link.ts): code that reads the state any other way must not run
// under a cached call. The reference interpreter (GameOptions.reference) has no Reads and keeps the memo.
import type { Frame, PlayerObj, Value } from './values.ts';
import { same } from './values.ts';

/** Fixed dependency ids: facts every game has. */
// 0: unused
export const D_USES = 1; // use-limit counters
export const D_TABLE = 2; // the current seat, revealed facts, who sees which card, the game's end
export const D_FRAME = 3; // events' fields and `stopped` (which event is running is checked by identity)
export const D_ALIVE = 4; // who is alive
export const D_VIRTUAL = 5; // fields set on virtual cards (a cached result may hold virtual cards it made)
export const D_OTHER_GLOBAL = 6; // globals not known when the game was set up
export const D_GRANTORS = 7; // who has a skill that grants skills (whether any is at the table: skills.ts grantsLive)
// 8: unused (reveals for the whole table until stop 51; a reveal is a change of the table, D_TABLE, and of what its
// seat's copies show: Reads.revealed)
export const D_FILTERERS = 9; // who has a skill with a card filter (whether any is at the table: skills.ts filtersLive)
const FIXED = 10;

/** Re-entrancy guards, by kind: a bit each. A guard, while active, cuts a regress short (a hook consulted inside its
 *  own contributions, skillEnabled or granted skills asked while deciding them, a card read inside a card filter), so
 *  a result computed while one is active may differ from the same computation with none active. */
export const GUARD_HOOK = 1;
export const GUARD_ENABLED = 2;
export const GUARD_GRANTS = 4;
export const GUARD_FILTER = 8;

/** A hook being evaluated this many times already gives its combination's start when consulted again (hooks.ts
 *  combineHook): its regress stops there. */
export const HOOK_REGRESS = 4;
/** Guards.mask counts the hook evaluations running in its bits from this one up (HOOK_RUNNING × n). */
const HOOK_RUNNING = 256;
const hooksRunning = (mask: number) => mask >>> 8;

/** The guards active now: `mask` has the bit of each kind entered and not yet left (kinds nest) and, above them,
 *  how many hook evaluations are running: a result that consulted hooks without cutting a regress is the same
 *  wherever too few run for one to be cut (Reads.hook), so it is reused inside other hooks' evaluations too. */
export class Guards {
  mask = 0;
  private readonly depth = [0, 0, 0, 0];
  enter(bit: number): void {
    const i = 31 - Math.clz32(bit);
    if (this.depth[i]!++ === 0) this.mask |= bit;
    if (bit === GUARD_HOOK) this.mask += HOOK_RUNNING;
  }
  leave(bit: number): void {
    const i = 31 - Math.clz32(bit);
    if (--this.depth[i]! === 0) this.mask &= ~bit;
    if (bit === GUARD_HOOK) this.mask -= HOOK_RUNNING;
  }
}

/** Not read: the entry does not depend on which event runs. */
const NO_FRAME: Frame = { t: 'e', id: '', data: {}, stopped: false, parent: null, key: 0 };

export interface Recorder {
  id: number;
  /** The ids read, the first `n` of them: a reused recorder keeps its list's room (setting an array's length to
   *  0 would free it, and every push after would allocate it again). */
  deps: number[];
  n: number;
  frame: Frame | null; // NO_FRAME when the running event was not read
  /** The kinds of re-entrancy guard consulted (hooks.ts, skills.ts, members.ts): the result may depend on them.
   *  Hooks count only where one's regress was cut: the others are in `nest`. */
  guarded: number;
  /** How many hook evaluations were running when it began (Guards.mask). */
  base: number;
  /** How deep hook evaluations nested in it (0: it consulted none): 1 for a hook consulted, 2 for one consulted in a
   *  contribution to it, … */
  nest: number;
}

export interface Entry {
  v: Value;
  /** The ids it read: `len` of them from `off` in the reads' arena (Reads.arena). */
  off: number;
  len: number;
  time: number;
  frame: Frame | null;
  guarded: number;
  /** Recorder.nest: reused only where so few hook evaluations run that none of its own would be cut. */
  nest: number;
}

/** The writes since a watcher last looked: the dependency ids written (each once), or `all` (anything may have
 *  changed: the ids are then not listed). */
export interface Writes {
  ids: readonly number[];
  all: boolean;
}

/** A computation's value with what it read: ids, the running event if it was read, whether a guard was consulted. */
export interface Recorded {
  v: Value;
  deps: number[];
  readFrame: boolean;
  frame: Frame | null;
  guarded: number;
}

/** One function's (or hook's) kept results, by the key of their arguments. */
export interface Table {
  readonly map: Map<number, Entry>;
  hits: number;
  misses: number;
  /** Calls run uncached (too few hits in this game, or in the games before: `settled`). */
  off: boolean;
  /** Whether the games before decided `off` (Reads.table): this game's own hits then do not change it. */
  settled: boolean;
}

/** What the games played with one linked program leave to the next (Linked.cacheTally). A game's results do not
 *  depend on it: only which calls are kept, and where. */
export class CacheTally {
  /** Reuses and computations per table: a table that the games before seldom reused starts a game off. */
  readonly tables = new Map<object | string, { hits: number; misses: number }>();
  /** Arenas of games that ended (Reads.release), for the next games: a new one is 128 KB to allocate and zero, a
   *  hundredth of a game of the full rules. Nothing in an arena is read before it is written. */
  readonly arenas: Int32Array[] = [];
}

/** The size of a new game's arena (Reads.arena), and how many ended games' arenas a tally keeps. */
const ARENA = 32_768;
const SPARE_ARENAS = 4;
/** The arena of a game that gave its own away (Reads.release): it grows again if that game is read further. */
const NO_ARENA = new Int32Array(0);

/** How many computations the games before must have made in a table before their tally settles it (off or kept). */
const TALLIED_MISSES = 256;

/** Whether a table is reused too seldom to be worth keeping: below three hits in five calls (one in four before
 *  stop 57, one in nine before stop 51). A miss costs recording its reads and keeping them, a hit checking them; on
 *  the slice `usableNow` (~55 % hits) and `legalTarget` (~35 %) cost more than they saved (~0.88 of the time without
 *  them, two alternating builds), on the full rules they were even (1.00; at three in four, 1.02–1.08). */
function seldomHit(hits: number, misses: number): boolean {
  return hits * 2 < misses * 3;
}

export class Reads {
  /** The clock time of the last write to each dependency id (absent: never written). */
  private readonly ver: number[] = [];
  private clock = 1;
  /** Entries computed before this time are stale whatever they read (a change from outside the rules: touch()). */
  private allAt = 0;
  private readonly stamp: number[] = [];
  private recs = 0;
  /** The innermost cached call being computed, whose reads are being recorded; null outside any. */
  rec: Recorder | null = null;
  private readonly stack: Recorder[] = [];
  /** Recorders of finished computations, for the next begin(). */
  private readonly spare: Recorder[] = [];
  private readonly props = new Map<string, number>();
  private readonly zones = new Map<string, number>();
  private readonly globals = new Map<string, number>();
  private readonly strings = new Map<string, number>();
  private readonly nProps: number;
  private readonly propNames: readonly string[];
  private readonly skillBase = FIXED;
  private readonly nSeats: number;
  private readonly propBase: number;
  /** Per seat and hook: whether the seat's skills that contribute to the hook changed (hooks.ts reads these
   *  instead of the seat's whole skill list, so that a weapon put on does not drop every hook's results). */
  private readonly hookSkillBase: number;
  /** How many hooks skills contribute to (numbered by their item lists: types.ts ItemList). */
  private readonly nHooks: number;
  private readonly hooksOfSkill = new Map<string, number[]>();
  /** Skills that grant skills: a seat's skills changing by one of them (or by unknown skills) bumps D_GRANTORS. */
  private readonly grantors: ReadonlySet<string>;
  /** Skills with card filters: a seat's skills changing by one of them (or by unknown skills) bumps D_FILTERERS. */
  private readonly filterers: ReadonlySet<string>;
  private readonly zoneBase: number;
  /** Per zone, whether it holds a card (zoneFilledId), in the zones' order. */
  private readonly filledBase: number;
  private readonly globalBase: number;
  private readonly cardBase: number;
  /** The ids every kept entry read, end to end: entries hold where theirs are (Entry.off, len), not lists of their
   *  own. A game keeps a few thousand entries; as lists they were most of what every scavenge of the young
   *  generation copied, and the numbers of a typed array are not looked at by the collector. An entry whose ids
   *  change is given a new range; the old one is left until the arena is full, then the arena is compacted. */
  private arena: Int32Array;
  private top = 0;
  /** How much of the arena kept entries use (the rest are ranges left behind). */
  private live = 0;
  /** Check every hit against a computation (GameOptions.checkReads): a stale entry throws. */
  readonly check: boolean;
  /** Reuses and computations over every table (for tests and profiles). */
  get counts(): { hits: number; misses: number } {
    let hits = 0,
      misses = 0;
    for (const t of this.tables.values()) {
      hits += t.hits;
      misses += t.misses;
    }
    return { hits, misses };
  }

  /** `state`: the game as set up (its players, zones and globals are the ones a game has from then on). */
  constructor(
    state: { players: readonly unknown[]; zones: object; globals: object; cards: readonly unknown[] },
    propertyIds: readonly string[],
    hookIndex: ReadonlyMap<string, { readonly no: number; readonly items: readonly { skill: string }[] }>,
    check = false,
    grantors: readonly string[] = [],
    filterers: readonly string[] = [],
    private readonly tally?: CacheTally,
  ) {
    this.check = check;
    this.arena = tally?.arenas.pop() ?? new Int32Array(ARENA);
    this.grantors = new Set(grantors);
    this.filterers = new Set(filterers);
    propertyIds.forEach((id, i) => this.props.set(id, i));
    this.propNames = propertyIds;
    this.nProps = propertyIds.length;
    this.nSeats = state.players.length;
    // A hook's number is its item list's (types.ts ItemList): the callers have the list at hand.
    this.nHooks = hookIndex.size;
    for (const list of hookIndex.values()) {
      const h = list.no;
      for (const it of list.items) {
        const l = this.hooksOfSkill.get(it.skill) ?? [];
        if (!l.includes(h)) l.push(h);
        this.hooksOfSkill.set(it.skill, l);
      }
    }
    this.hookSkillBase = this.skillBase + this.nSeats;
    this.propBase = this.hookSkillBase + this.nSeats * this.nHooks;
    this.zoneBase = this.propBase + state.players.length * this.nProps;
    this.seatProps = state.players.map(() => 0);
    this.propsWritten = propertyIds.map(() => 0);
    this.seatReveals = state.players.map(() => 0);
    Object.keys(state.zones).forEach((k, i) => this.zones.set(k, this.zoneBase + i));
    this.filledBase = this.zoneBase + this.zones.size;
    this.globalBase = this.filledBase + this.zones.size;
    Object.keys(state.globals).forEach((k, i) => this.globals.set(k, this.globalBase + i));
    this.cardBase = this.globalBase + this.globals.size;
    // Both arrays hold every id the game has (cards made later extend them): packed small integers, never holes.
    this.extend(this.cardBase + state.cards.length);
  }

  // ---------------------------------------------------------------- ids

  /** The skills a seat has (its own and those its cards and others' skills grant). */
  skillsId(seat: number): number {
    return this.skillBase + seat;
  }
  /** Whether the seat's skills that contribute to hook number h (its item list's) changed. */
  hookSkillsIdOf(seat: number, h: number): number {
    return this.hookSkillBase + seat * this.nHooks + h;
  }
  /** A seat's skills changed (null: anyone's may have); `skills`, when known, are the ones that came or went. */
  bumpSkills(seat: number | null, skills?: readonly string[]): void {
    this.skillsAt = this.clock + 1;
    if (this.grantors.size > 0 && (skills === undefined || skills.some((s) => this.grantors.has(s))))
      this.bump(D_GRANTORS);
    if (this.filterers.size > 0 && (skills === undefined || skills.some((s) => this.filterers.has(s))))
      this.bump(D_FILTERERS);
    if (seat !== null) this.bumpSeatSkills(seat, skills);
    else for (let s = 0; s < this.nSeats; s++) this.bumpSeatSkills(s, skills);
  }
  private bumpSeatSkills(seat: number, skills?: readonly string[]): void {
    this.bump(this.skillBase + seat);
    const row = this.hookSkillBase + seat * this.nHooks;
    if (skills === undefined) for (let h = 0; h < this.nHooks; h++) this.bump(row + h);
    else for (const s of skills) for (const h of this.hooksOfSkill.get(s) ?? []) this.bump(row + h);
  }
  /** Whether dependency `id` may have been written after clock time `time` (the clock: `writes`). */
  writtenAfter(id: number, time: number): boolean {
    return (this.ver[id] ?? 0) > time || this.allAt > time;
  }
  /** A number that changes whenever anybody's skills may have changed (per-window facts kept beside the cache). */
  allSkillsStamp(): number {
    return Math.max(this.skillsAt, this.allAt);
  }
  private skillsAt = 0;
  /** A number that changes whenever the seat's skills may have changed (per-seat lists kept beside the cache). */
  skillsStamp(seat: number): number {
    const v = this.ver[this.skillBase + seat] ?? 0;
    return Math.max(v, this.allAt);
  }
  /** A number that changes whenever anything a seat's copy in a reader's view shows may have changed: its
   *  properties, who is alive, its revealed properties, properties no declaration names, or everything (the cards and
   *  players its properties hold aside: view.ts reads those at every moment). */
  playerStamp(seat: number): number {
    const ver = this.ver;
    return Math.max(
      this.allAt,
      ver[D_ALIVE] ?? 0,
      this.seatReveals[seat] ?? 0,
      ver[D_OTHER_GLOBAL] ?? 0,
      this.seatProps[seat]!,
    );
  }
  /** The time of the last write to each seat's properties (bump keeps it: a reader asks at every question, and
   *  looking through a seat's forty-odd property times each time was a tenth of its copying players). */
  private readonly seatProps: number[];
  /** Whether a declared property (propIndex; -1: not declared) may have been written on any seat after `time`. */
  propWrittenAfter(i: number, time: number): boolean {
    return i < 0 || this.propsWritten[i]! > time || this.allAt > time;
  }
  /** The time of the last write to each declared property, on any seat (an event's resets pass over a property no
   *  seat's was written since: resetScoped in windows.ts). */
  private readonly propsWritten: number[];
  /** The time of the last reveal of one of each seat's properties (revealed): what a copy of a seat shows depends on
   *  its own reveals alone (visibility.ts propertyShown), so a role shown at a death leaves the other seats' copies. */
  private readonly seatReveals: number[];

  /** A property of the seat was revealed to everyone (the builtin `reveal`). */
  revealed(seat: number): void {
    this.seatReveals[seat] = ++this.clock;
  }
  /** The declared properties of a seat written after `since`, by name; null when what a copy of the seat shows may
   *  have changed otherwise since then (everything, its revealed properties, properties no declaration names):
   *  a reader then copies the seat anew (view.ts). */
  propsWrittenSince(seat: number, since: number): string[] | null {
    const ver = this.ver;
    if (this.allAt > since || (this.seatReveals[seat] ?? 0) > since || (ver[D_OTHER_GLOBAL] ?? 0) > since) return null;
    const out: string[] = [];
    const base = this.propBase + seat * this.nProps;
    for (let i = 0; i < this.nProps; i++) if ((ver[base + i] ?? 0) > since) out.push(this.propNames[i]!);
    return out;
  }
  propId(p: PlayerObj, name: string): number {
    return this.propAt(p.seat, this.propIndex(name));
  }
  /** A declared property's number in this game (-1: not declared), for propAt: compiled code looks it up once per
   *  game and name instead of at every read. */
  propIndex(name: string): number {
    return this.props.get(name) ?? -1;
  }
  /** propId by the property's number (propIndex). */
  propAt(seat: number, i: number): number {
    return i < 0 ? D_OTHER_GLOBAL : this.propBase + seat * this.nProps + i;
  }
  zoneId(key: string): number {
    return this.zones.get(key) ?? D_OTHER_GLOBAL;
  }
  /** Whether the zone with this key holds a card (zones.ts zoneFilled): written only when it comes to hold one or
   *  comes to hold none. */
  zoneFilledId(key: string): number {
    const z = this.zones.get(key);
    return z === undefined ? D_OTHER_GLOBAL : z - this.zoneBase + this.filledBase;
  }
  globalId(name: string): number {
    return this.globals.get(name) ?? D_OTHER_GLOBAL;
  }
  cardId(id: number): number {
    return this.cardBase + id;
  }

  // ---------------------------------------------------------------- reads and writes

  /** Room for ids up to `id` (a card made during the game). */
  private extend(id: number): void {
    while (this.ver.length <= id) {
      this.ver.push(0);
      this.stamp.push(0);
      this.logged.push(0);
    }
  }

  /** A read of dependency `id` (only called while recording: callers test `rec !== null` first). */
  dep(id: number): void {
    const r = this.rec!;
    if (id >= this.stamp.length) this.extend(id);
    if (this.stamp[id] === r.id) return;
    this.stamp[id] = r.id;
    r.deps[r.n++] = id;
  }

  /** A read of the running event (`event`, an event's field, `within`). */
  frame(current: Frame | null): void {
    const r = this.rec!;
    r.frame = current;
    if (this.stamp[D_FRAME] !== r.id) {
      this.stamp[D_FRAME] = r.id;
      r.deps[r.n++] = D_FRAME;
    }
  }

  /** A re-entrancy guard of this kind (GUARD_…) was consulted. */
  guard(kind: number): void {
    this.rec!.guarded |= kind;
  }

  /** A hook was evaluated, `active` the guards then (Guards.mask); `cut`: its regress was cut (it gave its start),
   *  so the result depends on the guards as any other kind's. */
  hook(active: number, cut: boolean): void {
    const r = this.rec!;
    this.nested(r, hooksRunning(active) + 1);
    if (cut) r.guarded |= GUARD_HOOK;
  }

  /** The clock: it moves with every write the engine sees (a state unchanged since a time has the same clock). */
  get writes(): number {
    return this.clock;
  }

  bump(id: number): void {
    if (id >= this.ver.length) this.extend(id);
    this.ver[id] = ++this.clock;
    if (id >= this.propBase && id < this.zoneBase) {
      const rel = id - this.propBase;
      this.seatProps[(rel / this.nProps) | 0] = this.clock;
      this.propsWritten[rel % this.nProps] = this.clock;
    }
    // Logged once per look: a watcher looks at what was written, not how often (a card's zone is written at every
    // move; an invariant read it once).
    if (this.log !== null && this.logged[id] !== this.looks) {
      this.logged[id] = this.looks;
      this.log.push(id);
    }
  }

  /** Anything may have changed (a write the engine did not see: a test or tool editing the state, then touch()). */
  bumpAll(): void {
    this.allAt = ++this.clock;
    if (this.log !== null) {
      this.log.length = 0;
      this.logAll = true;
    }
  }

  /** The ids written since the last takeWrites(), each once, kept once someone watches them (watch.ts); null: not
   *  kept. */
  private log: number[] | null = null;
  /** Everything may have changed since the last takeWrites() (a touch()). */
  private logAll = true;
  /** takeWrites() calls so far, and per id the call after which it was last logged (so that it is logged once). */
  private looks = 0;
  private readonly logged: number[] = [];

  /** What was written since the last call — the ids, or `all` — and starts a new log (the first call: all). */
  takeWrites(): Writes {
    const w: Writes = { ids: this.log ?? [], all: this.logAll };
    this.log = [];
    this.logAll = false;
    this.looks++;
    return w;
  }

  /** `compute(a, b, c)` with its reads recorded, kept in no table: its value and what it read (an invariant's
   *  check, which keeps its own results: invariants.ts). */
  recorded<A, B, C>(compute: (a: A, b: B, c: C) => Value, a: A, b: B, c: C): Recorded {
    const r: Recorder = { id: ++this.recs, deps: [], n: 0, frame: NO_FRAME, guarded: 0, base: 0, nest: 0 };
    if (this.rec !== null) this.stack.push(this.rec);
    this.rec = r;
    let v: Value;
    try {
      v = compute(a, b, c);
    } finally {
      this.abort(r);
    }
    return { v, deps: r.deps.slice(0, r.n), readFrame: r.frame !== NO_FRAME, frame: r.frame, guarded: r.guarded };
  }

  // ---------------------------------------------------------------- cached calls

  /** Encode arguments as one number (players, cards, texts, small integers, booleans, none; at most three), or
   *  undefined when they cannot be (lists, virtual cards, events…: such a call is not cached). The usual arguments
   *  (seats below 32, the first 128 texts, cards below 320, integers 0–27) take 9 bits each and give a small
   *  integer, which a Map hashes without allocating; others the wide form, a positive number. */
  key(args: readonly Value[]): number | undefined {
    if (args.length > 3) return undefined;
    let narrow = 1;
    for (const a of args) {
      const c = this.narrowCode(a);
      if (c < 0) return this.wideKey(args);
      narrow = narrow * 512 + c;
    }
    return -narrow;
  }

  /** The key of one argument (key() without a list). */
  key1(a: Value): number | undefined {
    const c = this.narrowCode(a);
    return c < 0 ? this.wideKey([a]) : -(512 + c);
  }

  /** The key of two arguments (key() without a list). */
  key2(a: Value, b: Value): number | undefined {
    const x = this.narrowCode(a);
    const y = this.narrowCode(b);
    return x < 0 || y < 0 ? this.wideKey([a, b]) : -((512 + x) * 512 + y);
  }

  /** The key of three arguments (key() without a list). */
  key3(a: Value, b: Value, c: Value): number | undefined {
    const x = this.narrowCode(a);
    const y = this.narrowCode(b);
    const z = this.narrowCode(c);
    return x < 0 || y < 0 || z < 0 ? this.wideKey([a, b, c]) : -(((512 + x) * 512 + y) * 512 + z);
  }

  /** A 9-bit code for the usual arguments, or -1. */
  private narrowCode(a: Value): number {
    if (a === null || a === undefined) return 0;
    if (a === false) return 1;
    if (a === true) return 2;
    if (typeof a === 'number') return Number.isInteger(a) && a >= 0 && a < 28 ? 484 + a : -1;
    if (typeof a === 'string') {
      const s = this.stringNo(a);
      return s < 128 ? 35 + s : -1;
    }
    if (Array.isArray(a)) return -1;
    if (a.t === 'p') return a.seat < 32 ? 3 + a.seat : -1;
    if (a.t === 'c') return a.id < 320 ? 164 + a.id : -1;
    return -1;
  }

  private stringNo(a: string): number {
    let s = this.strings.get(a);
    if (s === undefined) this.strings.set(a, (s = this.strings.size));
    return s;
  }

  /** The wide form: 17 bits per argument, a positive number (never equal to a narrow key, which is negative). */
  private wideKey(args: readonly Value[]): number | undefined {
    let k = 1;
    for (const a of args) {
      let c: number;
      if (a === null || a === undefined) c = 0;
      else if (a === false) c = 1;
      else if (a === true) c = 2;
      else if (typeof a === 'number') {
        if (!Number.isInteger(a) || a < -1000 || a > 30000) return undefined;
        c = 100_000 + a;
      } else if (typeof a === 'string') {
        const s = this.stringNo(a);
        if (s >= 60_000) return undefined;
        c = 35_000 + s;
      } else if (Array.isArray(a)) return undefined;
      else if (a.t === 'p') c = 3 + a.seat;
      else if (a.t === 'c') {
        if (a.id >= 30_000) return undefined;
        c = 100 + a.id;
      } else return undefined;
      k = k * 131_072 + c;
    }
    return k;
  }

  /** The table of a function by its resolved reference, found by the reference's number. */
  tableOf(ref: { readonly no: number }): Table {
    return this.byNo[ref.no] ?? (this.byNo[ref.no] = this.table(ref));
  }
  private readonly byNo: Table[] = [];

  /** The table of one function (by its resolved reference) or hook (by name). Once the games before this one
   *  (`tally`) made enough computations in it, they settle whether it is kept: off when they seldom reused its
   *  results, else on for the whole game (a game's first calls are a poor sample: `usableNow` and `skillEnabled`
   *  turned off in some games though they are reused for half their calls over many). */
  table(of: object | string): Table {
    let t = this.tables.get(of);
    if (t === undefined) {
      const before = this.tally?.tables.get(of);
      const settled = before !== undefined && before.misses >= TALLIED_MISSES;
      const off = settled && seldomHit(before.hits, before.misses);
      this.tables.set(of, (t = { map: new Map(), hits: 0, misses: 0, off, settled }));
    }
    return t;
  }

  /** Add this game's reuses and computations to the tally of the games played with its program (Game.endGame). */
  addToTally(): void {
    const tally = this.tally;
    if (tally === undefined) return;
    for (const [of, t] of this.tables) {
      if (t.hits === 0 && t.misses === 0) continue;
      const before = tally.tables.get(of);
      if (before === undefined) tally.tables.set(of, { hits: t.hits, misses: t.misses });
      else {
        before.hits += t.hits;
        before.misses += t.misses;
      }
    }
  }

  /** The game is over: its arena goes to the tally, for a game played next. Its kept entries go too, so that a
   *  reader of the ended game still gets right results, computed again. */
  release(): void {
    const tally = this.tally;
    if (tally === undefined || this.arena === NO_ARENA || this.rec !== null) return;
    if (tally.arenas.length < SPARE_ARENAS) tally.arenas.push(this.arena);
    this.arena = NO_ARENA;
    this.top = 0;
    this.live = 0;
    for (const t of this.tables.values()) t.map.clear();
  }
  private readonly tables = new Map<object | string, Table>();

  /** Whether the kept entry e can be reused now: nothing it read has changed since. `active`: the re-entrancy
   *  guards active now (Guards.mask); a result that consulted a kind of guard is kept and reused only where that
   *  kind is not active, so that the guard acts as it did. A reused entry's reads count for the enclosing call. */
  private reusable(table: Table, e: Entry, active: number, frame: Frame | null): boolean {
    if ((e.guarded & active) !== 0 || !this.valid(e, frame)) return false;
    // Its hooks, evaluated again here, would meet the hook evaluations running now: none may be cut.
    if (e.nest !== 0 && hooksRunning(active) + e.nest > HOOK_REGRESS) return false;
    table.hits++;
    if (this.rec !== null) this.mergeKept(e, active);
    return true;
  }

  /** Start recording the reads of a computation (a miss). */
  begin(table: Table, active: number): Recorder {
    table.misses++;
    // A table that seldom hits costs more than it saves: its calls then run uncached (their reads still count
    // for the cached call around them). Checked every 32 misses: a function consulted only when the cached call
    // around it missed (legalTarget under usableNow) rarely hits, and a game is only a few hundred calls long.
    if (table.misses >= 64 && (table.misses & 31) === 0 && !table.settled && seldomHit(table.hits, table.misses))
      table.off = true;
    // Recorders are reused (end() gives them back): an entry copies the ids it keeps, and a recomputation that read
    // the same ids as before allocates nothing for them.
    const r = this.spare.pop() ?? { id: 0, deps: [], n: 0, frame: NO_FRAME, guarded: 0, base: 0, nest: 0 };
    r.id = ++this.recs;
    r.n = 0;
    r.frame = NO_FRAME;
    r.guarded = 0;
    r.base = hooksRunning(active);
    r.nest = 0;
    if (this.rec !== null) this.stack.push(this.rec);
    this.rec = r;
    return r;
  }

  /** The computation begun with `r` gave v: keep it, count its reads for the enclosing one, give v back (the list
   *  kept before, when v has the same items). */
  end(r: Recorder, table: Table, key: number, active: number, v: Value, old: Entry | undefined): Value {
    this.abort(r);
    if ((r.guarded & active) === 0) {
      // The entry a recomputation replaces (`old`, found before it began) is updated in place (no new entry, no
      // new key in the map), and keeps its list and its dependencies when they came out the same: kept results
      // live long, so a copy of each would only be work for the collector. (A call inside it with the same
      // arguments, which only a re-entrancy guard lets end, may have kept an entry meanwhile.)
      if (old === undefined) old = table.map.get(key);
      if (old === undefined) {
        const off = this.keep(r.deps, r.n);
        table.map.set(key, { v, off, len: r.n, time: this.clock, frame: r.frame, guarded: r.guarded, nest: r.nest });
        this.live += r.n;
      } else {
        if (v !== old.v && Array.isArray(v) && Array.isArray(old.v) && sameItems(v, old.v)) v = old.v;
        old.v = v;
        if (!this.sameKept(r.deps, r.n, old)) {
          // Emptied first: a compaction while the new range is kept must not copy the old one.
          this.live -= old.len;
          old.len = 0;
          old.off = this.keep(r.deps, r.n);
          old.len = r.n;
          this.live += r.n;
        }
        old.time = this.clock;
        old.frame = r.frame;
        old.guarded = r.guarded;
        old.nest = r.nest;
      }
    }
    if (this.rec !== null) this.merge(r.deps, r.n, r.frame, r.guarded, r.nest === 0 ? 0 : r.base + r.nest);
    this.spare.push(r);
    return v;
  }

  /** Stop recording `r` (the computation threw, or end() is done with it). */
  abort(r: Recorder): void {
    if (this.rec === r) this.rec = this.stack.length ? this.stack.pop()! : null;
  }

  /** `compute(a, b, c, d, e, f)` through the table's cache under `key` (the key of its arguments: key(), key1(),
   *  key2(), key3()): the kept result while nothing it read has changed, else computed with its reads recorded (uncached
   *  when the arguments have no key or the table is off). The arguments are passed through, not closed over, so
   *  that a reuse allocates nothing. */
  cached<A, B, C, D, E = undefined, F = undefined>(
    table: Table,
    key: number | undefined,
    active: number,
    frame: Frame | null,
    compute: (a: A, b: B, c: C, d: D, e: E, f: F) => Value,
    a: A,
    b: B,
    c: C,
    d: D,
    e?: E,
    f?: F,
  ): Value {
    if (table.off || key === undefined) return compute(a, b, c, d, e as E, f as F);
    const kept = table.map.get(key);
    // No closure here: one capturing the arguments would make every call allocate a context for them, hit or miss.
    if (kept !== undefined && this.reusable(table, kept, active, frame))
      return this.check ? this.verified(kept, compute, a, b, c, d, e as E, f as F) : kept.v;
    const rec = this.begin(table, active);
    let v: Value;
    try {
      v = compute(a, b, c, d, e as E, f as F);
    } catch (x) {
      this.abort(rec);
      this.spare.push(rec);
      throw x;
    }
    return this.end(rec, table, key, active, v, kept);
  }

  /** Check mode: the kept value of an entry against a fresh computation (which records nothing for anyone). */
  private verified<A, B, C, D, E, F>(
    kept: Entry,
    compute: (a: A, b: B, c: C, d: D, e: E, f: F) => Value,
    a: A,
    b: B,
    c: C,
    d: D,
    e: E,
    f: F,
  ): Value {
    const fresh = this.recorded(() => compute(a, b, c, d, e, f), undefined, undefined, undefined).v;
    if (!sameValue(fresh, kept.v))
      throw new Error(
        `stale cached result: ${JSON.stringify(brief(kept.v))} kept, ${JSON.stringify(brief(fresh))} now`,
      );
    return kept.v;
  }

  /** The first n ids of deps into the arena; where they start. */
  private keep(deps: readonly number[], n: number): number {
    if (this.top + n > this.arena.length) this.makeRoom(n);
    const a = this.arena;
    const off = this.top;
    for (let i = 0; i < n; i++) a[off + i] = deps[i]!;
    this.top = off + n;
    return off;
  }

  /** Room for n more ids: the kept ranges moved together, into an arena of the same size while they fill at most
   *  a quarter of it, else one of at least twice the size (a compaction walks every entry: rarer is cheaper). */
  private makeRoom(n: number): void {
    const old = this.arena;
    const need = (this.live + n) * 4;
    const size = need <= old.length ? old.length : Math.max(old.length * 2, need);
    const a = new Int32Array(size);
    let top = 0;
    for (const t of this.tables.values())
      for (const e of t.map.values()) {
        for (let i = e.off, end = e.off + e.len; i < end; i++) a[top++] = old[i]!;
        e.off = top - e.len;
      }
    this.arena = a;
    this.top = top;
    this.live = top;
  }

  /** Whether the first n ids of deps are the entry's, in the same order. */
  private sameKept(deps: readonly number[], n: number, e: Entry): boolean {
    if (n !== e.len) return false;
    const a = this.arena;
    for (let i = 0; i < n; i++) if (a[e.off + i] !== deps[i]) return false;
    return true;
  }

  /** A kept entry's reads count for the enclosing cached call. */
  private mergeKept(e: Entry, active: number): void {
    const r = this.rec!;
    if (e.nest !== 0) this.nested(r, hooksRunning(active) + e.nest);
    const a = this.arena;
    const stamp = this.stamp;
    for (let i = e.off, end = e.off + e.len; i < end; i++) {
      const d = a[i]!;
      if (stamp[d] === r.id) continue;
      stamp[d] = r.id;
      r.deps[r.n++] = d;
    }
    if (e.frame !== NO_FRAME) r.frame = e.frame;
    r.guarded |= e.guarded;
  }

  /** A computation whose reads count for the enclosing cached call but which is not kept itself. */
  private merge(deps: readonly number[], n: number, frame: Frame | null, guarded: number, reach: number): void {
    const r = this.rec!;
    if (reach !== 0) this.nested(r, reach);
    for (let i = 0; i < n; i++) {
      const d = deps[i]!;
      if (this.stamp[d] === r.id) continue;
      this.stamp[d] = r.id;
      r.deps[r.n++] = d;
    }
    if (frame !== NO_FRAME) r.frame = frame;
    r.guarded |= guarded;
  }

  /** Hook evaluations nested in r down to `reach` (counted from none running). */
  private nested(r: Recorder, reach: number): void {
    const n = reach - r.base;
    if (n > r.nest) r.nest = n;
  }

  private valid(e: Entry, frame: Frame | null): boolean {
    if (e.frame !== NO_FRAME && e.frame !== frame) return false;
    // Found good at this very clock already: nothing was written since (one legal-options pass asks for the same
    // distances and targets again and again).
    const t = e.time;
    if (t === this.clock) return true;
    if (t < this.allAt) return false;
    const ver = this.ver;
    const a = this.arena;
    for (let i = e.off, end = e.off + e.len; i < end; i++) if (ver[a[i]!]! > t) return false;
    // Good now: what it read is as it was at this clock too, so a later check only looks at later writes.
    e.time = this.clock;
    return true;
  }
}

/** The first n items of a (all of them by default) are b's items (by identity), in the same order. */
export function sameItems(a: readonly unknown[], b: readonly unknown[], n = a.length): boolean {
  if (n !== b.length) return false;
  for (let i = 0; i < n; i++) if (a[i] !== b[i]) return false;
  return true;
}

/** Structural equality of results: the same players, cards and events, virtual cards and actions alike. */
export function sameValue(a: Value, b: Value): boolean {
  if (a === b || same(a, b)) return true;
  if (Array.isArray(a) || Array.isArray(b)) {
    if (!Array.isArray(a) || !Array.isArray(b) || a.length !== b.length) return false;
    return a.every((x, i) => sameValue(x, b[i]!));
  }
  if (a === null || b === null || typeof a !== 'object' || typeof b !== 'object' || a.t !== b.t) return false;
  if (a.t === 'v' && b.t === 'v')
    return (
      a.kind === b.kind &&
      a.via === b.via &&
      sameValue(a.subs, b.subs) &&
      JSON.stringify(a.set) === JSON.stringify(b.set)
    );
  if (a.t === 'a' && b.t === 'a') return a.skill === b.skill && a.idx === b.idx && a.owner === b.owner;
  if (a.t === 'z' && b.t === 'z') return a.zone === b.zone && a.owner === b.owner;
  return false;
}

function brief(v: Value): unknown {
  if (v === null || typeof v !== 'object') return v;
  if (Array.isArray(v)) return v.map(brief);
  if (v.t === 'p') return `p${v.seat}`;
  if (v.t === 'c') return `c${v.id}`;
  return v.t;
}
