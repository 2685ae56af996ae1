// The engine's own consistency, whatever the rules: every card lies in exactly one declared zone and says so, none
// appears or vanishes, no card's face changes; the RNG state is four 32-bit integers; counters are whole and not
// negative; the current seat exists; every property and global holds a value of its declared type. The rules'
// own invariants (`invariant …`) are checked by invariants.ts; watch.ts runs both when every event ends and after
// every answer — there only on what the engine wrote since the last check (the write log of reads.ts), and in full
// now and then and when the game is over, which also catches a change the engine did not see.
import type { Engine } from './engine.ts';
import { D_USES, type Writes } from './reads.ts';
import { cardFace, type CardObj, type PlayerObj, type Value } from './values.ts';

/** Facts fixed when the game starts, against which later states are checked, and what is worked out once. */
export interface StateBaseline {
  /** Per card id: its kind, suit and rank as dealt (a card is never re-printed; virtual cards are other objects). */
  kinds: string[];
  suits: string[];
  ranks: number[];
  /** The zones the game was made with (the rules' zones, per seat where they are per player). */
  zoneList: string[];
  /** Zone keys cards claimed, with why each is not one the rules declare (null: it is). */
  zoneKeys: Map<string, string | null>;
  /** A checker per declared type of a property or global. */
  types: Map<string, TypeCheck>;
  /** Per card id, the check in which it was last seen in a zone (a card seen twice in one check is in two). */
  seenAt: Int32Array;
  seenIn: string[];
  /** Per zone, the check in which its cards were last looked at. */
  zoneSeenAt: Map<string, number>;
  checks: number;
  /** The properties and globals of checkable types, and what each write-log id (reads.ts) stands for: worked
   *  out when first needed. */
  props?: TypedValue[];
  globals?: TypedValue[];
  ids?: WriteTargets;
}

/** A property or global whose declared type says something checkable, with its checker. */
interface TypedValue {
  id: string;
  check: TypeCheck;
}

/** Per write-log id: the zone, the (seat, property) or the global written; card ids from cardBase on. */
interface WriteTargets {
  /** What each write-log id below the cards' stands for: a zone (its key), a player's typed property, a typed
   *  global; by id in an array (looked up for every id written, at every check). */
  byId: (WriteTarget | undefined)[];
  cardBase: number;
}
type WriteTarget =
  | { t: 'zone'; key: string }
  | { t: 'prop'; seat: number; tv: TypedValue }
  | { t: 'global'; tv: TypedValue };

/** Why a value is not of a type, or null. */
type TypeCheck = (v: Value | undefined) => string | null;

export function stateBaseline(g: Engine): StateBaseline {
  const cards = g.state.cards;
  return {
    kinds: cards.map((c) => c.kind),
    suits: cards.map((c) => c.suit),
    ranks: cards.map((c) => c.rank),
    zoneList: Object.keys(g.state.zones),
    zoneKeys: new Map(),
    types: new Map(),
    seenAt: new Int32Array(cards.length),
    seenIn: [],
    zoneSeenAt: new Map(),
    checks: 0,
  };
}

/** Every way the state is unsound, one line each; empty when it is sound. With `writes` (what the engine wrote
 *  since the last check), only what they could have broken is looked at again. */
export function checkConsistency(g: Engine, base: StateBaseline, writes?: Writes): string[] {
  const out: string[] = [];
  if (writes === undefined || writes.all || g.reads === null) {
    checkCards(g, base, out);
    checkCounters(g, out, true);
    for (const tv of typedProps(g, base))
      for (let seat = 0; seat < g.state.players.length; seat++) checkProp(g, seat, tv, out);
    for (const t of typedGlobals(g, base)) checkGlobal(g, t, out);
  } else checkWritten(g, base, writes.ids, out);
  checkRng(g, out);
  checkPlayers(g, out);
  return out;
}

const describe = (c: CardObj) => `card #${c.id} (${c.kind} ${cardFace(c)})`;

/** A new check: the stamp that marks the cards and zones seen in it. */
function nextCheck(g: Engine, base: StateBaseline): number {
  if (base.seenAt.length < g.state.cards.length) {
    const grown = new Int32Array(g.state.cards.length);
    grown.set(base.seenAt);
    base.seenAt = grown;
  }
  return ++base.checks;
}

function checkCards(g: Engine, base: StateBaseline, out: string[]): void {
  const s = g.state;
  const n = base.kinds.length;
  if (s.cards.length < n) out.push(`card count changed: ${n} at the start, ${s.cards.length} now`);
  const now = nextCheck(g, base);
  for (let i = 0; i < s.cards.length; i++) checkFace(g, base, i, out);
  // The zones as the game was made (a card put under any other key is in none of them: reported below).
  for (const key of base.zoneList) checkZone(g, base, key, now, out);
  for (const c of s.cards) {
    // A scenario's card made for a check (not placed) lies nowhere and says so.
    if (c?.t !== 'c' || base.seenAt[c.id] === now || c.zone === '') continue;
    inNoZone(g, base, c, out);
  }
}

/** The zones and cards the engine wrote, the properties and globals, the use counters if they changed. */
function checkWritten(g: Engine, base: StateBaseline, ids: readonly number[], out: string[]): void {
  const t = (base.ids ??= writeTargets(g, base));
  const s = g.state;
  const now = nextCheck(g, base);
  let uses = false;
  const cards: number[] = [];
  for (const id of ids) {
    if (id >= t.cardBase) {
      cards.push(id - t.cardBase);
      continue;
    }
    if (id === D_USES) uses = true;
    const w = t.byId[id];
    if (w === undefined) continue;
    if (w.t === 'zone') {
      if (base.zoneSeenAt.get(w.key) !== now) checkZone(g, base, w.key, now, out);
    } else if (w.t === 'prop') checkProp(g, w.seat, w.tv, out);
    else checkGlobal(g, w.tv, out);
  }
  // A card taken from a zone (it was written) lies in the zone it names, which was looked at above if written.
  for (const i of cards) {
    const c = s.cards[i];
    if (c === undefined) continue;
    checkFace(g, base, i, out);
    if (c.t !== 'c' || base.seenAt[i] === now || c.zone === '') continue;
    const holds = base.zoneSeenAt.get(c.zone) === now ? false : (s.zones[c.zone]?.includes(c) ?? false);
    if (!holds) inNoZone(g, base, c, out);
  }
  if (uses) checkCounters(g, out, true);
}

/** Card #i is a card of the game with the face it was dealt with. A card made after the game was (the mode's setup
 *  makes cards: `makeCard`; a scenario's check names a card the deck lacks) is learnt when a check first sees it and
 *  held to that face from then on. */
function checkFace(g: Engine, base: StateBaseline, i: number, out: string[]): void {
  const c = g.state.cards[i]!;
  if (c?.t !== 'c' || c.id !== i) {
    out.push(`the card list holds something that is not card #${i}`);
    return;
  }
  const n = base.kinds.length;
  if (i >= n) {
    learnFaces(g, base, i);
    if (!g.program.cards[c.kind]) out.push(`${describe(c)} is of a kind the rules do not declare`);
    return;
  }
  if (c.kind === base.kinds[i] && c.suit === base.suits[i] && c.rank === base.ranks[i]) return;
  out.push(`${describe(c)} was dealt as ${base.kinds[i]} ${cardFace({ suit: base.suits[i]!, rank: base.ranks[i]! })}`);
  if (!g.program.cards[c.kind]) out.push(`${describe(c)} is of a kind the rules do not declare`);
}

/** Add the faces of the cards made since the baseline, up to card #i. */
function learnFaces(g: Engine, base: StateBaseline, i: number): void {
  for (let k = base.kinds.length; k <= i; k++) {
    const c = g.state.cards[k];
    base.kinds.push(c?.kind ?? '');
    base.suits.push(c?.suit ?? '');
    base.ranks.push(c?.rank ?? 0);
  }
}

/** Every card a zone holds is a card of the game, in no other zone looked at in this check, and says it lies there. */
function checkZone(g: Engine, base: StateBaseline, key: string, now: number, out: string[]): void {
  const s = g.state;
  base.zoneSeenAt.set(key, now);
  const cards = s.zones[key];
  if (cards === undefined) {
    out.push(`zone ${key} is gone`);
    return;
  }
  for (let k = 0; k < cards.length; k++) {
    const c = cards[k] as CardObj | undefined;
    const id = c?.id;
    if (typeof id !== 'number' || s.cards[id] !== c) {
      out.push(`zone ${key} holds something that is not one of the game's cards`);
      continue;
    }
    if (base.seenAt[id] === now) out.push(`${describe(c)} is in ${base.seenIn[id]} and in ${key}`);
    base.seenAt[id] = now;
    base.seenIn[id] = key;
    if (c.zone !== key) out.push(`${describe(c)} lies in ${key} but says it is in ${c.zone || 'no zone'}`);
  }
}

function inNoZone(g: Engine, base: StateBaseline, c: CardObj, out: string[]): void {
  let why = base.zoneKeys.get(c.zone);
  if (why === undefined) base.zoneKeys.set(c.zone, (why = badZoneKey(g, c.zone)));
  out.push(`${describe(c)} is in no zone (it claims ${c.zone}, which ${why ?? 'does not hold it'})`);
}

function writeTargets(g: Engine, base: StateBaseline): WriteTargets {
  const r = g.reads!;
  const cardBase = r.cardId(0);
  const byId: (WriteTarget | undefined)[] = Array.from({ length: cardBase }, () => undefined);
  for (const key of base.zoneList) byId[r.zoneId(key)] = { t: 'zone', key };
  for (const tv of typedProps(g, base))
    for (const p of g.state.players) byId[r.propId(p, tv.id)] = { t: 'prop', seat: p.seat, tv };
  for (const tv of typedGlobals(g, base)) byId[r.globalId(tv.id)] = { t: 'global', tv };
  return { byId, cardBase };
}

function typedProps(g: Engine, base: StateBaseline): TypedValue[] {
  return (base.props ??= typedOf(g, base, Object.values(g.program.properties)));
}

function typedGlobals(g: Engine, base: StateBaseline): TypedValue[] {
  return (base.globals ??= typedOf(g, base, Object.values(g.program.vars)));
}

/** The declarations (properties or globals) whose type says something checkable, with their checkers. */
function typedOf(g: Engine, base: StateBaseline, decls: { id: string; type?: string }[]): TypedValue[] {
  const out: TypedValue[] = [];
  for (const d of decls) {
    const check = typeCheck(g, base, d.type);
    if (check !== null) out.push({ id: d.id, check });
  }
  return out;
}

/** Why a zone key is not one the rules declare for this table (null when it is). */
function badZoneKey(g: Engine, key: string): string | null {
  const [id, owner, more] = key.split(':');
  const z = g.program.zones[id!];
  if (!z || more !== undefined) return 'is not a zone the rules declare';
  if (!z.perPlayer) return owner === undefined ? null : 'is a shared zone, not a player zone';
  const seat = Number(owner);
  return Number.isInteger(seat) && seat >= 0 && seat < g.state.players.length ? null : 'is the zone of no seat';
}

function checkRng(g: Engine, out: string[]): void {
  const r: unknown = g.state.rng;
  const ok =
    Array.isArray(r) && r.length === 4 && r.every((x) => Number.isInteger(x) && x >= -(2 ** 31) && x < 2 ** 32);
  if (!ok)
    out.push(`the RNG state is not four 32-bit integers: ${Array.isArray(r) ? `[${r.join(',')}]` : shown(r as Value)}`);
}

const whole = (v: unknown) => Number.isSafeInteger(v) && (v as number) >= 0;

function checkCounters(g: Engine, out: string[], uses: boolean): void {
  const s = g.state;
  if (!whole(s.decisions)) out.push(`the decision counter is ${JSON.stringify(s.decisions)}`);
  if (!whole(s.hash)) out.push(`the log hash is ${JSON.stringify(s.hash)}`);
  if (!uses) return;
  for (const [scope, counts] of Object.entries(s.uses))
    for (const [key, n] of Object.entries(counts))
      if (!whole(n)) out.push(`use counter ${key} (per ${scope}) is ${JSON.stringify(n)}`);
}

function checkPlayers(g: Engine, out: string[]): void {
  const ps = g.state.players;
  ps.forEach((p, i) => {
    if (p?.t !== 'p' || p.seat !== i) out.push(`seat ${i} holds something that is not the player of that seat`);
    else if (typeof p.alive !== 'boolean') out.push(`${p.name}.alive is ${JSON.stringify(p.alive)}, not true or false`);
  });
  const cur = g.state.current;
  if (!Number.isInteger(cur) || cur < 0 || cur >= ps.length) out.push(`the current seat is ${JSON.stringify(cur)}`);
}

function checkProp(g: Engine, seat: number, { id, check }: TypedValue, out: string[]): void {
  const p = g.state.players[seat]!;
  const why = check(p.v[id]);
  if (why) out.push(`${p.name}.${id} is ${shown(p.v[id])}, ${why}`);
}

function checkGlobal(g: Engine, { id, check }: TypedValue, out: string[]): void {
  const why = check(g.state.globals[id]);
  if (why) out.push(`${id} is ${shown(g.state.globals[id])}, ${why}`);
}

/** The kept checker of a declared type (null when the type says nothing checkable). */
function typeCheck(g: Engine, base: StateBaseline, type: string | undefined): TypeCheck | null {
  if (type === undefined) return null;
  let check = base.types.get(type);
  if (check === undefined) base.types.set(type, (check = checkerOf(g, type)));
  return check === ALWAYS ? null : check;
}

function shown(v: Value | undefined): string {
  if (typeof v === 'number' && !Number.isFinite(v)) return String(v);
  if (isObject(v)) return v.t === 'p' ? (v as PlayerObj).name : v.t;
  return JSON.stringify(v) ?? 'undefined';
}

const isObject = (v: Value | undefined): v is Exclude<Value, unknown[]> & object =>
  v !== null && typeof v === 'object' && !Array.isArray(v);

/** A checker of values of the declared type, made once per type (ALWAYS when the type says nothing checkable). */
function checkerOf(g: Engine, type: string): TypeCheck {
  if (type.endsWith('?')) {
    const inner = checkerOf(g, type.slice(0, -1));
    return (v) => (v === null ? null : inner(v));
  }
  if (type.startsWith('[') && type.endsWith(']')) {
    const item = checkerOf(g, type.slice(1, -1));
    return (v) => {
      if (!Array.isArray(v)) return `not a list (${type})`;
      for (const x of v) {
        const why = item(x);
        if (why) return `with an item that is ${shown(x)}: ${why}`;
      }
      return null;
    };
  }
  const { program, state } = g;
  switch (type) {
    case 'int':
      return (v) => (Number.isSafeInteger(v) ? null : 'not a whole number');
    case 'bool':
      return (v) => (typeof v === 'boolean' ? null : 'not true or false');
    case 'text':
      return (v) => (typeof v === 'string' ? null : 'not a text');
    case 'player':
      return (v) => (isObject(v) && state.players[(v as PlayerObj).seat] === v ? null : 'not a player of this game');
    case 'general':
      return (v) => (typeof v === 'string' && program.generals[v] ? null : 'not a general the rules declare');
    case 'skill':
      return (v) => (typeof v === 'string' && program.skills[v] ? null : 'not a skill the rules declare');
  }
  const members = program.enums[type];
  if (members) {
    const known = new Set(members);
    return (v) => (typeof v === 'string' && known.has(v) ? null : `not one of the ${type} values`);
  }
  return ALWAYS;
}

const ALWAYS: TypeCheck = () => null;
