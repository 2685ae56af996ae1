// Runtime values. The live state is a graph of these objects (players, cards, zones); `snapshot()` turns it into
// plain JSON with references written as {$p: seat} / {$c: id}.
import { faceText } from './card-face.ts';

export interface PlayerObj {
  t: 'p';
  seat: number;
  name: string;
  alive: boolean;
  skills: string[];
  v: Record<string, Value>; // properties declared by the rules
}

export interface CardObj {
  t: 'c';
  id: number;
  kind: string;
  suit: string;
  rank: number;
  zone: string; // key of the zone holding it
  depicts?: string; // the entity its face depicts (a general card's general): printed, asked of its kind once when it is made
  as?: string; // the kind it stands for while it lies in a zone as another card (cleared when it moves)
  holder?: number; // in a shared zone, the seat it is held for (its user, player, judge): their filters apply (cleared when it moves)
  // Who sees it besides what its zone's visibility says (all three cleared when it moves; runtime/visibility.ts):
  faceDown?: boolean; // face down: nobody sees it, whatever the zone (but the seats in `seenBy`)
  seenBy?: number[]; // seats that see it anyway (shown to them, or a face-down card's owner)
  open?: boolean; // revealed: everyone sees it
}

/** A card that exists only as another card's stand-in (conversion): its kind plus the physical cards used. */
export interface VirtualCard {
  t: 'v';
  kind: string;
  subs: CardObj[];
  via: string | null; // the skill that made it
  set: Record<string, Value>;
}

export interface ZoneRef {
  t: 'z';
  zone: string;
  owner: PlayerObj | null;
}

/** A running event: its data (parameters, mutable by triggers) and whether it was stopped. */
export interface Frame {
  t: 'e';
  id: string;
  data: Record<string, Value>;
  stopped: boolean;
  parent: Frame | null;
  /** The number readers know the event by (view.ts), given when a reader first sees it; 0 until then. */
  key: number;
}

/** An action a player may take (an `active` item of a skill they have). */
export interface ActionRef {
  t: 'a';
  skill: string;
  idx: number;
  owner: PlayerObj;
}

export type Value =
  | number
  | string
  | boolean
  | null
  | PlayerObj
  | CardObj
  | VirtualCard
  | ZoneRef
  | Frame
  | ActionRef
  | Value[];

export class RuleError extends Error {
  constructor(
    message: string,
    public at: string,
  ) {
    super(at ? `${at}: ${message}` : message);
  }
}

export function zoneKey(zone: string, owner: PlayerObj | null): string {
  return owner ? seatZoneKey(zone, owner.seat) : zone;
}

/** The key of a seat's zone (zoneKey by the seat's number). */
export function seatZoneKey(zone: string, seat: number): string {
  // Made once per zone and seat: keys are asked for on every move and every zone read.
  let bySeat = ZONE_KEYS.get(zone);
  if (bySeat === undefined) ZONE_KEYS.set(zone, (bySeat = []));
  return (bySeat[seat] ??= internalized(`${zone}:${seat}`));
}
const ZONE_KEYS = new Map<string, string[]>();

/** The same text as the engine's property keys are: a made string used as a key is otherwise looked up in the
 *  engine's string table on every use (zones are read by key on every move). */
function internalized(s: string): string {
  return Object.keys({ [s]: 0 })[0]!;
}

/** A zone key's parts: the zone's id and the seat it belongs to (-1: a shared zone). Kept per key. */
export function zoneParts(key: string): { zone: string; seat: number } {
  let p = ZONE_PARTS.get(key);
  if (p === undefined) {
    const i = key.indexOf(':');
    p = i < 0 ? { zone: key, seat: -1 } : { zone: internalized(key.slice(0, i)), seat: Number(key.slice(i + 1)) };
    ZONE_PARTS.set(key, p);
  }
  return p;
}
const ZONE_PARTS = new Map<string, { zone: string; seat: number }>();

export function isPlayer(v: unknown): v is PlayerObj {
  return typeof v === 'object' && v !== null && (v as PlayerObj).t === 'p';
}
export function isCard(v: unknown): v is CardObj {
  return typeof v === 'object' && v !== null && (v as CardObj).t === 'c';
}
export function isVirtual(v: unknown): v is VirtualCard {
  return typeof v === 'object' && v !== null && (v as VirtualCard).t === 'v';
}

/** A card's face as the rules write it (`♠7`). */
export const cardFace = faceText;

/** How a card the reader cannot see is written in a log line. */
export const HIDDEN_CARD = 'a card';

/** A short human label for a value, used for decision options and log lines. With `sees`, a card it rejects is
 *  written as HIDDEN_CARD (a log line as one reader reads it); without, every card is written in full. */
export function label(v: Value, sees?: (c: CardObj) => boolean): string {
  if (v === null) return 'none';
  if (Array.isArray(v)) return `[${v.map((x) => label(x, sees)).join(', ')}]`;
  if (typeof v !== 'object') return String(v);
  switch (v.t) {
    case 'p':
      return v.name;
    case 'c':
      if (sees && !sees(v)) return HIDDEN_CARD;
      return v.depicts !== undefined ? `${v.kind}(${v.depicts}) ${faceText(v)}` : labelOfCard(v);
    case 'v':
      return `${v.kind}${v.via ? `(${v.via})` : ''}[${v.subs.map((x) => label(x, sees)).join(', ')}]`;
    case 'z':
      return v.owner ? `${v.zone}(${v.owner.name})` : v.zone;
    case 'e':
      return v.id;
    case 'a':
      return v.skill;
  }
}

// A card's label by kind, suit and rank, made once: every question labels each card it offers, and every log line
// each card it names (a label made anew is also a string the trace hash must flatten).
const CARD_LABELS = new Map<string, Map<string, Map<number, string>>>();

/** The label of the card (cardLabel), found again by its id while its face is the same: the card labelled last
 *  under an id is the one asked again (a game's card ids are its cards). */
function labelOfCard(c: CardObj): string {
  const k = LABEL_BY_ID[c.id];
  if (k !== undefined && k.kind === c.kind && k.suit === c.suit && k.rank === c.rank) return k.text;
  const text = cardLabel(c.kind, c.suit, c.rank);
  if (Number.isInteger(c.id) && c.id >= 0 && c.id < 100_000)
    LABEL_BY_ID[c.id] = { kind: c.kind, suit: c.suit, rank: c.rank, text };
  return text;
}
const LABEL_BY_ID: ({ kind: string; suit: string; rank: number; text: string } | undefined)[] = [];

function cardLabel(kind: string, suit: string, rank: number): string {
  let bySuit = CARD_LABELS.get(kind);
  if (bySuit === undefined) CARD_LABELS.set(kind, (bySuit = new Map()));
  let byRank = bySuit.get(suit);
  if (byRank === undefined) bySuit.set(suit, (byRank = new Map()));
  let t = byRank.get(rank);
  if (t === undefined) byRank.set(rank, (t = `${kind} ${faceText({ suit, rank })}`));
  return t;
}

/** What a log line writes for a picked option: a card option is its card (so that it is written as "a card" for a
 *  reader who cannot see it), any other option its label. */
export function optionLogValue(o: { label: string; value: Value }): Value {
  const v = o.value;
  const card = v !== null && typeof v === 'object' && !Array.isArray(v) && (v.t === 'c' || v.t === 'v');
  return card && label(v) === o.label ? v : o.label;
}

/** Equality: identity for objects, except virtual cards (same kind and same parts) and zone refs. */
export function same(a: Value, b: Value): boolean {
  if (a === b) return true;
  // A zone id (what zoneOf returns) equals a shared zone named in the rules.
  if (typeof a === 'string' && b !== null && typeof b === 'object' && !Array.isArray(b) && b.t === 'z')
    return b.owner === null && b.zone === a;
  if (typeof b === 'string' && a !== null && typeof a === 'object' && !Array.isArray(a) && a.t === 'z')
    return a.owner === null && a.zone === b;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a) || Array.isArray(b)) return false;
  if (a.t === 'v' && b.t === 'v') {
    if (a.kind !== b.kind || a.subs.length !== b.subs.length) return false;
    // A loop, not a closure: a closure over `b` would allocate a context on every call of `same`, hit or not.
    for (let i = 0; i < a.subs.length; i++) if (a.subs[i] !== b.subs[i]) return false;
    return true;
  }
  if (a.t === 'z' && b.t === 'z') return a.zone === b.zone && a.owner === b.owner;
  if (a.t === 'a' && b.t === 'a') return a.skill === b.skill && a.idx === b.idx && a.owner === b.owner;
  return false;
}

/** Plain-JSON form of a value inside the state. */
export function toJSON(v: Value): unknown {
  if (v === null || typeof v !== 'object') return v;
  if (Array.isArray(v)) return v.map(toJSON);
  switch (v.t) {
    case 'p':
      return { $p: v.seat };
    case 'c':
      return { $c: v.id };
    case 'v':
      return { $v: v.kind, subs: v.subs.map((c) => c.id) };
    case 'z':
      return { $z: v.zone, owner: v.owner?.seat ?? null };
    case 'e':
      return { $e: v.id };
    case 'a':
      return { $a: v.skill, owner: v.owner.seat };
  }
}
