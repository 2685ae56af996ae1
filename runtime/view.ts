// What one player may see: the state with the cards they cannot see and hidden properties masked, and the log
// entries they may read (runtime/visibility.ts decides both); and the table an AI plays from (SeatView,
// PublicTable): the same, as values it can reason about, and never the game itself.
import type { Game } from './game.ts';
import type { Program } from './ir.ts';
import type { ObjectMaker, Request } from './types.ts';
import { request, requestSubject } from './request.ts';
import {
  isVirtual,
  seatZoneKey,
  toJSON,
  type ActionRef,
  type CardObj,
  type Frame,
  type PlayerObj,
  type Value,
  type VirtualCard,
  type ZoneRef,
} from './values.ts';
import { canSee, knows, logFor, propertyShown, revealedKey, type ReadEntry } from './visibility.ts';
import { sameItems } from './reads.ts';
import { stateless, statelessAnswer } from './stateless.ts';

/** A card as a reader sees it: its face, or only that a card lies there (`hidden`: no id, kind, suit or rank). */
export type ViewCard = { id: number; kind: string; suit: string; rank: number; depicts?: string } | { hidden: true };

/** A card the reader sees, as plain data. */
function viewCard(c: CardObj): ViewCard {
  const v = { id: c.id, kind: c.kind, suit: c.suit, rank: c.rank };
  return c.depicts !== undefined ? { ...v, depicts: c.depicts } : v;
}

export interface PlayerView {
  seat: number | null;
  current: number;
  players: { seat: number; name: string; alive: boolean; skills: string[]; props: Record<string, unknown> }[];
  /** Every zone's count; its cards when the reader sees at least one of them (the others `hidden`). */
  zones: Record<string, { count: number; cards?: ViewCard[] }>;
  over: unknown;
  /** The log entries this reader may read, cards they cannot see written as "a card". */
  log: ReadEntry[];
}

/** The state as seen from `seat` (null = a spectator who sees only public information). */
export function viewFor(g: Game, seat: number | null): PlayerView {
  const prog = g.program;
  const s = g.state;
  const players = s.players.map((p) => {
    const props: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(p.v)) {
      if (propertyShown(prog, s, p.seat, k, seat)) props[k] = toJSON(v as Value);
    }
    return { seat: p.seat, name: p.name, alive: p.alive, skills: g.skillsOf(p).slice(), props };
  });
  const zones: PlayerView['zones'] = {};
  for (const [key, cards] of Object.entries(s.zones)) {
    const seen = cards.map((c) => canSee(prog, c, seat));
    zones[key] = seen.some(Boolean)
      ? {
          count: cards.length,
          cards: cards.map((c, i) => (seen[i] ? viewCard(c) : { hidden: true as const })),
        }
      : { count: cards.length };
  }
  return {
    seat,
    current: s.current,
    players,
    zones,
    over: s.over ? { winners: toJSON(s.over.winners), text: s.over.text } : null,
    log: logFor(s.log, seat),
  };
}

/** The whole state as plain JSON (references written as {$p}/{$c}). */
export function snapshot(g: Game): unknown {
  const s = g.state;
  return {
    seed: s.seed,
    rng: s.rng.slice(),
    mode: s.mode,
    options: s.options,
    current: s.current,
    players: s.players.map((p) => ({
      seat: p.seat,
      name: p.name,
      alive: p.alive,
      skills: p.skills.slice(),
      v: Object.fromEntries(Object.entries(p.v).map(([k, v]) => [k, toJSON(v)])),
    })),
    cards: s.cards.map((c) => ({
      id: c.id,
      kind: c.kind,
      suit: c.suit,
      rank: c.rank,
      ...(c.depicts !== undefined ? { depicts: c.depicts } : {}),
      zone: c.zone,
      ...(c.faceDown ? { faceDown: true } : {}),
      ...(c.seenBy ? { seenBy: c.seenBy.slice() } : {}),
      ...(c.open ? { open: true } : {}),
    })),
    zones: Object.fromEntries(Object.entries(s.zones).map(([k, cs]) => [k, cs.map((c) => c.id)])),
    globals: Object.fromEntries(Object.entries(s.globals).map(([k, v]) => [k, toJSON(v)])),
    uses: s.uses,
    revealed: s.revealed,
    over: s.over ? { winners: toJSON(s.over.winners), text: s.over.text } : null,
    error: s.error,
    decisions: s.decisions,
    answers: s.answers,
    hash: s.hash,
  };
}

// ------------------------------------------------------------------ what an AI reads: a seat at the table

/** A running event as a reader sees it: its parameters with the cards it does not know written as none. `key` names
 *  the running event across readings (the same event read twice may be two objects). */
export interface SeenEvent extends Frame {
  key: number;
  parent: SeenEvent | null;
  /** One field as `data` has it (none when the event has no such field), without copying the others: a policy
   *  watching every event reads one or two of an event's fields. */
  field(name: string): Value;
}

/** What a reader at the table may look at: the players (only the properties it may see), zone sizes, the running
 *  events, and the rules' static facts (`program`: card kinds, skills, AI hints). Every value it hands out is a
 *  copy with the cards the reader does not know (visibility.ts `knows`) written as none; `cardField` and `call` take
 *  only values a table handed out. Nothing reachable from it is the game or its state. */
export interface Table {
  /** The reader's seat; null: a spectator, who sees only what is public. */
  readonly seat: number | null;
  readonly program: Program;
  players(): PlayerObj[];
  /** One player, as `players()[seat]`. */
  player(seat: number): PlayerObj | null;
  /** Whether a property of a seat was revealed to everyone (a hidden role shown at death). */
  revealed(seat: number, property: string): boolean;
  /** How many cards a zone holds (`owner`: the seat of a per-player zone). Sizes are public. */
  count(zone: string, owner: number | null): number;
  /** The seat whose turn it is (public). */
  current(): number;
  /** The innermost running event, its parents reachable through `parent`. */
  running(): SeenEvent | null;
  /** A member of a card a table handed out and the reader still sees (a kind's field such as an AI hint, the kind
   *  a card counts as); null otherwise. */
  cardField(card: Value, name: string): Value;
  /** A rules function on values this table handed out; null if it does not exist or fails. The function runs on
   *  the game: the rules' functions an AI asks are public questions (distances, legal targets, sides), and the
   *  permutation test (test/hidden-permutation.test.ts) checks that no AI answer depends on a hidden fact. */
  call(name: string, ...args: Value[]): Value;
}

/** The table as every seat sees it, with the events as they happen: what a policy watches over a game. */
export interface PublicTable extends Table {
  readonly seat: null;
  /** Call `fn` at the start and end of every event named in `ids`. */
  onEvent(ids: readonly string[], fn: (e: SeenEvent, phase: 'start' | 'end') => void): void;
}

/** One seat at one moment: its view, its log and its pending question, if it has one. */
export interface SeatView extends Table {
  readonly seat: number;
  /** The question the seat is asked now (its options written as the seat sees them), or null. */
  readonly request: Request | null;
  /** How many options the seat's question has and how many it may pick, or null: what `request` says without
   *  copying its options (a policy that picks by number alone, the random one, reads only this). */
  readonly asked: { options: number; min: number; max: number } | null;
  view(): PlayerView;
  log(): ReadEntry[];
}

/** The next number a frame is known by to readers (Frame.key). */
let nextEventKey = 1;

/** The live object behind every copy a table handed out but cards' and players' (found by id and seat) and events'
 *  (EventCopy holds its frame), so that `cardField` and `call` take copies and nothing else (a copy from an earlier
 *  moment or another seat's table included: what was seen may be asked about). */
const liveOf = new WeakMap<object, Value>();

/** A player's copy as a reader saw it, the game's stamp for that player then (Reads.playerStamp), and the shown
 *  properties whose values are not plain (they hold cards or players, which a reader may see differently later
 *  without a write: they are copied again at every moment). */
interface Kept {
  copy: PlayerObj;
  stamp: number;
  objects: string[];
  /** When the copy's properties are one of the lists compiled code makes objects of (Linked.playerValues): that
   *  list, its maker, and the values in its order (a later copy is made from them, not by cloning the object). */
  made?: { names: string[]; make: ObjectMaker; vals: Value[] };
}

/** What a reading seat keeps of a game: its player copies kept past the moment they were made (by seat), and this
 *  moment's copies of players and cards (by seat and id, with the moment each was made at: Game.mut), found by
 *  number rather than in a map, and shared by the seat's readers of one moment. */
interface SeatKept {
  kept: (Kept | undefined)[];
  players: PlayerObj[];
  playerAt: number[];
  cards: CardObj[];
  cardAt: number[];
}

/** A reader's copies before its first moment (#fresh replaces it before anything is kept). */
const NO_COPIES = new Map<object, Value>();

// Per game and reading seat (the spectator first, then seat by seat): a policy is handed a new reader at every
// question (seatView), and a copy shows only what its reading seat may see.
const KEPT = new WeakMap<Game, (SeatKept | undefined)[]>();

/** Whether the entries' names are these, in this order. */
function sameNames(names: readonly string[], entries: readonly [string, Value][]): boolean {
  if (names.length !== entries.length) return false;
  for (let i = 0; i < names.length; i++) if (names[i] !== entries[i]![0]) return false;
  return true;
}

function keptFor(g: Game, seat: number | null): SeatKept {
  let bySeat = KEPT.get(g);
  if (bySeat === undefined) KEPT.set(g, (bySeat = []));
  const i = seat === null ? 0 : seat + 1;
  let kept = bySeat[i];
  if (kept === undefined) {
    const n = g.state.players.length;
    const m = g.state.cards.length;
    // Sized once (a moment of -1: no copy), so that no store grows them; the moments packed small integers.
    kept = {
      kept: [],
      players: new Array<PlayerObj>(n),
      playerAt: Array.from({ length: n }, () => -1),
      cards: new Array<CardObj>(m),
      cardAt: Array.from({ length: m }, () => -1),
    };
    bySeat[i] = kept;
  }
  return kept;
}

function isPlain(v: Value): boolean {
  if (v === null || typeof v !== 'object') return true;
  if (!Array.isArray(v)) return false;
  for (const x of v) if (!isPlain(x)) return false;
  return true;
}

/** Made only here (a policy holding a copy cannot make one for a frame of its choosing). */
const MAKE = Symbol('event copy');
/** The live frame behind an event copy (#unseen); set by the class itself, reachable from nowhere else. */
let frameOf: (e: EventCopy) => Frame;

/** A running event as a reader sees it. Its fields and parent are copied when first read (most readers look at
 *  one or two of an event's), by getters its class shares: a copy is one small object, and the frame behind it is
 *  a private field instead of an entry in `liveOf` (events are what an AI watching the table is handed most). */
class EventCopy implements SeenEvent {
  readonly t = 'e' as const;
  readonly id: string;
  readonly key: number;
  readonly stopped: boolean;
  readonly #f: Frame;
  readonly #reader: Reader;
  #data: Record<string, Value> | undefined = undefined;
  #parent: SeenEvent | null | undefined = undefined;

  constructor(token: symbol, f: Frame, key: number, reader: Reader) {
    if (token !== MAKE) throw new Error('event copies are made by a table');
    this.id = f.id;
    this.key = key;
    this.stopped = f.stopped;
    this.#f = f;
    this.#reader = reader;
  }

  get data(): Record<string, Value> {
    if (this.#data === undefined) {
      const src = this.#f.data;
      const vals: Value[] = [];
      for (const k in src) vals.push(this.#reader.seen(src[k]!));
      // Made by the event's maker (an object literal of the compiled module, one shape per kind of event) when the
      // fields are the event's parameters, as an event's own are: a copy given its fields one by one was slower.
      const make = this.#reader.eventMaker(this.id, vals.length);
      if (make !== undefined) this.#data = make(vals);
      else {
        const data: Record<string, Value> = {};
        let i = 0;
        for (const k in src) data[k] = vals[i++]!;
        this.#data = data;
      }
    }
    return this.#data;
  }

  field(name: string): Value {
    if (this.#data !== undefined) return this.#data[name] ?? null;
    const v = this.#f.data[name];
    return v === undefined ? null : this.#reader.seen(v);
  }

  get parent(): SeenEvent | null {
    if (this.#parent === undefined) {
      const p = this.#f.parent;
      this.#parent = p === null ? null : (this.#reader.seen(p) as unknown as SeenEvent);
    }
    return this.#parent;
  }

  /** As text, the fields and parent are part of it (a plain object's own properties are). */
  toJSON(): object {
    return { t: this.t, id: this.id, key: this.key, stopped: this.stopped, data: this.data, parent: this.parent };
  }

  static {
    frameOf = (e) => e.#f;
  }
}

class Reader implements Table {
  // Private fields (#), not TypeScript's `private`: nothing outside this class can reach the game, even untyped.
  readonly #g: Game;
  readonly seat: number | null;
  readonly program: Program;
  /** Copies made since the game last changed, by the live object: the same object read twice is one copy. Made by
   *  #fresh at the first copy of a moment (a reader made for a question may copy nothing: the random policy). */
  #copies: Map<object, Value> = NO_COPIES;
  #stamp = -1;

  constructor(g: Game, seat: number | null) {
    this.#g = g;
    this.seat = seat;
    this.program = g.program;
  }

  #fresh(): Map<object, Value> {
    if (this.#stamp !== this.#g.mut) {
      this.#stamp = this.#g.mut;
      this.#copies = new Map();
      this.#answers = null;
    }
    return this.#copies;
  }

  /** What `call` gave this moment for a function and one plain argument (a plain result only), by name. */
  #answers: Map<string, Map<Value, Value>> | null = null;

  #keep<T extends object>(copy: T, live: Value & object): T {
    this.#copies.set(live, copy as Value);
    liveOf.set(copy, live);
    return copy;
  }

  /** `v` as this reader sees it: a card only if it sees it or saw it go where it is (visibility.ts knows). */
  seen(v: Value): Value {
    if (v === null || typeof v !== 'object') return v;
    if (Array.isArray(v)) return v.map((x) => this.seen(x));
    if (v.t === 'p') return this.#player(v);
    if (v.t === 'c') {
      this.#fresh();
      const k = this.#seatKept;
      if (k.cardAt[v.id] === this.#stamp) return k.cards[v.id]!;
      return knownTo(this.#g, v, this.seat) ? this.#card(v) : null;
    }
    const known = this.#fresh().get(v);
    if (known !== undefined) return known;
    switch (v.t) {
      case 'v':
        return this.#virtual(v, (c) => this.seen(c));
      case 'z':
        return this.#keep<ZoneRef>({ t: 'z', zone: v.zone, owner: v.owner && this.#player(v.owner) }, v);
      case 'e':
        return this.#event(v);
      case 'a':
        return this.#keep<ActionRef>({ t: 'a', skill: v.skill, idx: v.idx, owner: this.#player(v.owner) }, v);
    }
  }

  /** A card's copy. It is found again by its id, not through `liveOf` (cards are most of what is copied, and a
   *  weak map's entries are dear): a copy of a card the reader does not know now resolves to nothing (#unseen). */
  #card(v: CardObj): CardObj {
    this.#fresh();
    const at = this.#stamp;
    const k = this.#seatKept;
    if (k.cardAt[v.id] === at) return k.cards[v.id]!;
    const copy: CardObj = { t: 'c', id: v.id, kind: v.kind, suit: v.suit, rank: v.rank, zone: v.zone };
    if (v.depicts !== undefined) copy.depicts = v.depicts;
    if (v.as !== undefined) copy.as = v.as;
    if (v.holder !== undefined) copy.holder = v.holder;
    if (v.id >= k.cardAt.length) for (let i = k.cardAt.length; i <= v.id; i++) k.cardAt.push(-1); // made later
    k.cards[v.id] = copy;
    k.cardAt[v.id] = at;
    return copy;
  }

  #virtual(v: VirtualCard, sub: (c: CardObj) => Value): VirtualCard {
    const known = this.#fresh().get(v);
    if (known !== undefined) return known as VirtualCard;
    const copy: VirtualCard = { t: 'v', kind: v.kind, via: v.via, subs: [], set: {} };
    this.#keep(copy, v);
    for (const c of v.subs) {
      const s = sub(c);
      if (s !== null) copy.subs.push(s as CardObj);
    }
    for (const [k, x] of Object.entries(v.set)) copy.set[k] = this.seen(x);
    return copy;
  }

  /** An option of the seat's own question: a card it lists, and the parts of a virtual card it lists, are known to
   *  the seat by being listed (knownTo), so they are copied without asking and keep their labels. */
  #listed(v: Value): Value {
    if (v === null || typeof v !== 'object' || Array.isArray(v)) return this.seen(v);
    if (v.t === 'c') return this.#card(v);
    if (v.t === 'v') return this.#virtual(v, (c) => this.#card(c));
    return this.seen(v);
  }

  #player(p: PlayerObj): PlayerObj {
    this.#fresh();
    const at = this.#stamp;
    const sk = this.#seatKept;
    if (sk.playerAt[p.seat] === at) return sk.players[p.seat]!;
    const skills = this.#g.skillsOf(p);
    // The copy made at an earlier moment, while nothing it shows can have changed since (an AI reads every player
    // at each of its questions, and copying their properties was a tenth of a game with heuristic players).
    const r = this.#g.reads;
    const stamp = r === null ? -1 : r.playerStamp(p.seat);
    const kept = sk.kept[p.seat];
    if (
      kept !== undefined &&
      stamp >= 0 &&
      kept.stamp === stamp &&
      kept.objects.length === 0 &&
      sameItems(kept.copy.skills, skills)
    ) {
      sk.players[p.seat] = kept.copy;
      sk.playerAt[p.seat] = at;
      return kept.copy;
    }
    // A kept copy whose shown properties are the same ones (nothing revealed since): cloned, with the properties
    // written since and those holding cards or players read again. Building a copy property by property was most
    // of the time readers spent on players. (A list is a value: the rules make a new one rather than change one.)
    const written = kept !== undefined && r !== null ? r.propsWrittenSince(p.seat, kept.stamp) : null;
    // The copy is this moment's before its values are read: a value may hold players whose own values hold p.
    // Found again by its seat (#unseen), like a card by its id: no entry in `liveOf`.
    const copy: PlayerObj = { t: 'p', seat: p.seat, name: p.name, alive: p.alive, skills: skills.slice(), v: {} };
    sk.players[p.seat] = copy;
    sk.playerAt[p.seat] = at;
    const objects: string[] = [];
    const made = kept?.made;
    if (written !== null && made !== undefined) {
      // The kept copy's values with those written since (and those holding cards or players) read again, made into
      // an object by the maker: cloning an object of some forty properties, whose shapes vary as their values
      // change, was a tenth of a game with heuristic players.
      // Updated in place: the kept values are this seat's alone, and the copy made from them is a new object.
      const vals = made.vals;
      const again = (k: string) => {
        const i = made.names.indexOf(k);
        if (i < 0) return;
        const x = p.v[k] as Value;
        if (!isPlain(x)) objects.push(k);
        vals[i] = this.seen(x);
      };
      for (const k of written) again(k);
      for (const k of kept!.objects) if (!written.includes(k)) again(k);
      copy.v = made.make(vals);
      sk.kept[p.seat] = { copy, stamp, objects, made: { names: made.names, make: made.make, vals } };
      return copy;
    }
    if (kept !== undefined && written !== null) {
      const v: Record<string, Value> = { ...kept.copy.v };
      copy.v = v;
      const again = (k: string) => {
        if (!(k in v)) return;
        const x = p.v[k] as Value;
        if (!isPlain(x)) objects.push(k);
        v[k] = this.seen(x);
      };
      for (const k of written) again(k);
      for (const k of kept.objects) if (!written.includes(k)) again(k);
      sk.kept[p.seat] = { copy, stamp, objects };
      return copy;
    }
    const state = this.#g.state;
    const shown: [string, Value][] = [];
    for (const k in p.v) {
      if (propertyShown(this.program, state, p.seat, k, this.seat)) {
        const v = p.v[k] as Value;
        if (!isPlain(v)) objects.push(k);
        shown.push([k, this.seen(v)]);
      }
    }
    // Made in one go (an object given its properties one by one becomes a slow dictionary, and so do its clones):
    // by compiled code's maker when the shown properties are one of its lists.
    const maker = this.#g.L.playerValues.views.find((m) => sameNames(m.names, shown));
    if (maker !== undefined) {
      const vals = shown.map((e) => e[1]);
      copy.v = maker.make(vals);
      sk.kept[p.seat] =
        stamp >= 0 ? { copy, stamp, objects, made: { names: maker.names, make: maker.make, vals } } : undefined;
      return copy;
    }
    copy.v = Object.fromEntries(shown);
    sk.kept[p.seat] = stamp >= 0 ? { copy, stamp, objects } : undefined;
    return copy;
  }

  /** This seat's kept copies (its `kept`: player copies that may outlive a moment, by seat); its players' and cards'
   *  copies of this moment are there (SeatKept), not in #copies (a map's lookups were most of what reading a kept
   *  player cost). Found at the first copy: a reader made for a question may copy nothing (the random policy). */
  get #seatKept(): SeatKept {
    return (this.#seatKeptOf ??= keptFor(this.#g, this.seat));
  }
  #seatKeptOf: SeatKept | null = null;

  /** The maker of an event's fields (compiled code's), when the event has `fields` parameters (the fields of an
   *  event's frame are its parameters, in order). */
  eventMaker(id: string, fields: number): ObjectMaker | undefined {
    const make = this.#g.L.eventFields.get(id);
    return make !== undefined && this.program.events[id]?.params.length === fields ? make : undefined;
  }

  #event(f: Frame): SeenEvent {
    const copies = this.#fresh();
    const known = copies.get(f);
    if (known !== undefined) return known as SeenEvent;
    // Numbered as a reader first sees it (on the frame itself: a weak map's insertions were dear).
    let key = f.key;
    if (key === 0) f.key = key = nextEventKey++;
    const copy = new EventCopy(MAKE, f, key, this);
    copies.set(f, copy as unknown as Value);
    return copy;
  }

  /** The live value behind a copy this table handed out; undefined for anything else. */
  #unseen(v: Value): Value | undefined {
    if (v === null || typeof v !== 'object') return v;
    if (Array.isArray(v)) {
      const out: Value[] = [];
      for (const x of v) {
        const l = this.#unseen(x);
        if (l === undefined) return undefined;
        out.push(l);
      }
      return out;
    }
    if (v.t === 'p') return typeof v.seat === 'number' ? this.#g.state.players[v.seat] : undefined;
    // A card that went out of sight since it was handed out is no longer this reader's to ask about.
    if (v.t === 'c') {
      const live = typeof v.id === 'number' ? this.#g.state.cards[v.id] : undefined;
      return live !== undefined && knownTo(this.#g, live, this.seat) ? live : undefined;
    }
    if (v instanceof EventCopy) return frameOf(v);
    return liveOf.get(v);
  }

  #players: PlayerObj[] | null = null;
  #playersAt = -1;

  players(): PlayerObj[] {
    // Asked for again and again while an AI weighs one answer: made once per state of the game.
    if (this.#playersAt !== this.#g.mut || this.#players === null) {
      this.#players = this.#g.state.players.map((p) => this.#player(p));
      this.#playersAt = this.#g.mut;
    }
    return this.#players;
  }

  player(seat: number): PlayerObj | null {
    const p = this.#g.state.players[seat];
    return p ? this.#player(p) : null;
  }

  revealed(seat: number, property: string): boolean {
    return this.#g.state.revealed[revealedKey(seat, property)] === true;
  }

  count(zone: string, owner: number | null): number {
    const key =
      owner === null
        ? zone
        : Number.isInteger(owner) && owner >= 0 && owner < 64
          ? seatZoneKey(zone, owner)
          : `${zone}:${owner}`;
    return this.#g.state.zones[key]?.length ?? 0;
  }

  current(): number {
    return this.#g.state.current;
  }

  running(): SeenEvent | null {
    return this.#g.frame && this.#event(this.#g.frame);
  }

  cardField(card: Value, name: string): Value {
    const live = this.#unseen(card);
    if (live === undefined || live === null || typeof live !== 'object' || Array.isArray(live)) return null;
    if (live.t !== 'c' && live.t !== 'v') return null;
    try {
      return this.seen(this.#g.getMember(live, name, ''));
    } catch {
      return null;
    }
  }

  call(name: string, ...args: Value[]): Value {
    if (!this.program.functions[name]) return null;
    // A question about one plain value (the side of a role) is asked again and again while a policy weighs one
    // answer: the same moment gives the same answer, so it is computed once.
    const a = args.length === 1 ? args[0]! : undefined;
    const plain = a !== undefined && (a === null || typeof a !== 'object');
    if (plain) {
      // A function of its argument alone gives the same answer in every game of the program.
      if (stateless(this.program, name)) return statelessAnswer(this.program, name, a, () => this.#callNow(name, args));
      this.#fresh(); // a moment's answers are dropped when the game changed
      const known = this.#answers?.get(name)?.get(a);
      if (known !== undefined) return known;
    }
    const v = this.#callNow(name, args) ?? null;
    if (plain && (v === null || typeof v !== 'object')) {
      const answers = (this.#answers ??= new Map());
      let byArg = answers.get(name);
      if (byArg === undefined) answers.set(name, (byArg = new Map()));
      byArg.set(a, v);
    }
    return v;
  }

  /** The function's value for these arguments now, as this reader sees it; undefined when it fails (a rule error,
   *  or an argument this reader no longer sees). */
  #callNow(name: string, args: Value[]): Value | undefined {
    const live = this.#unseen(args);
    if (live === undefined) return undefined;
    try {
      return this.seen(this.#g.callFunction(name, live as Value[], ''));
    } catch {
      return undefined;
    }
  }

  // ---------------------------------------------------------------- a seat's own: its view, log and question

  view(): PlayerView {
    return viewFor(this.#g, this.seat);
  }

  log(): ReadEntry[] {
    return logFor(this.#g.state.log, this.seat);
  }

  #request: Request | null | undefined;

  /** The pending question if it is this seat's, written as the seat sees it (made once: a seat view is for one
   *  moment). */
  get request(): Request | null {
    if (this.#request !== undefined) return this.#request;
    const r = this.#g.pending;
    if (!r || r.seat !== this.seat) return (this.#request = null);
    const options = r.options.map((o) => ({ label: o.label, value: this.#listed(o.value) }));
    const s = r.subject;
    // Field by field (a spread of a spread was a tenth of what reading a question cost a heuristic player).
    const subject =
      s === undefined
        ? undefined
        : requestSubject(s.asks, s.about === undefined ? undefined : this.seen(s.about), s.skill, s.window);
    const sealed = r.sealed && { seats: r.sealed.seats.slice(), answered: r.sealed.answered };
    return (this.#request = request(r.seat, r.prompt, options, r.min, r.max, subject, sealed));
  }

  get asked(): { options: number; min: number; max: number } | null {
    const r = this.#g.pending;
    return r && r.seat === this.seat ? { options: r.options.length, min: r.min, max: r.max } : null;
  }

  onEvent(ids: readonly string[], fn: (e: SeenEvent, phase: 'start' | 'end') => void): void {
    const want = new Set(ids);
    this.#g.observers.push((f, phase) => {
      if (want.has(f.id)) fn(this.#event(f), phase);
    });
  }
}

/** Whether `seat` knows a card now: it sees it, saw it go where it is (visibility.ts `knows`), or its own question
 *  lists it (观星's cards from the top of the pile: a question is read in full by the seat it asks). */
export function knownTo(g: Game, card: CardObj, seat: number | null): boolean {
  if (knows(g.program, g.sawLeave, card, seat)) return true;
  const r = g.pending;
  return (
    r !== null &&
    r.seat === seat &&
    r.options.some((o) => o.value === card || (isVirtual(o.value) && o.value.subs.includes(card)))
  );
}

/** Seat `seat` at this moment (its pending question, if any, included): what a policy answers from. */
export function seatView(g: Game, seat: number): SeatView {
  return new Reader(g, seat) as SeatView;
}

/** The table as a spectator sees it, with its events as they happen: what a policy is made with. */
export function publicTable(g: Game): PublicTable {
  return new Reader(g, null) as PublicTable;
}
