// Hidden information: who sees a card, and who reads a log line. A card's face is seen by what its zone's
// visibility says (public: everyone; owner: its owner; hidden: nobody), unless the card itself says otherwise:
// revealed (`open`: everyone), shown to some seats (`seenBy`), or face down (`faceDown`: nobody but `seenBy`).
// A log entry has an audience (everyone, only some seats, everyone but some) and, when it names cards some
// readers cannot see, the text each reader reads with those cards written as "a card". The full text is what the
// trace hash covers, whoever may read it.
import type { Program } from './ir.ts';
import type { Audience, LogArg, LogEntry, State } from './types.ts';
import { faceText } from './card-face.ts';
import { label, zoneParts, type CardObj, type Value } from './values.ts';

/** Whether `seat` (null: a reader without a seat, who sees only what is public) sees the card's face now. */
export function canSee(program: Program, card: CardObj, seat: number | null): boolean {
  return (sight(program, card) & (1 << (seat ?? NO_SEAT))) !== 0;
}

/** Who sees the card's face now, as bits: one per seat, bit NO_SEAT for a reader without a seat (all bits: everyone).
 *  It is open to all; else the seats shown it see it; else a face-down card is hidden from the rest; else its zone
 *  decides (public, or its owner's). */
function sight(program: Program, card: CardObj): number {
  if (card.open) return ALL;
  let shown = 0;
  if (card.seenBy !== undefined) for (const s of card.seenBy) if (s >= 0 && s < NO_SEAT) shown |= 1 << s;
  if (card.faceDown) return shown;
  const z = zoneParts(card.zone);
  const vis = program.zones[z.zone]?.visibility ?? 'public';
  if (vis === 'public') return ALL;
  if (vis === 'owner' && z.seat >= 0) shown |= 1 << z.seat;
  return shown;
}
const ALL = ~0;

/** Whether `seat` knows the face of a card the rules name in a log line (`log`, `logTo`, `logExcept`): a line
 *  announces the cards it names (a discard, a use, a judge card), except a face-down card to a reader who was not
 *  shown it. */
export function knowsAnnounced(card: CardObj, seat: number | null): boolean {
  return !card.faceDown || card.open === true || (seat !== null && card.seenBy?.includes(seat) === true);
}

/** Who saw each card leave the place it last left, by card id (a bit per seat; bit 31 for a reader without a
 *  seat; none or 0: nobody). Kept per game (Engine.sawLeave): a card moves several times a turn, and an array read
 *  by id costs less than a weak map keyed by the card. */
export type SawLeave = number[];
const NO_SEAT = 31;

/** Before `card` moves: note who sees it go. A reader who saw a card leave knows where it went (a card a skill
 *  takes from the table into a hand is still that card to everyone), until it moves out of their sight. */
export function noteLeaving(program: Program, saw: SawLeave, card: CardObj, seats: number): void {
  const bits = sight(program, card) & (((1 << seats) - 1) | (1 << NO_SEAT));
  if (bits !== 0 || saw[card.id] !== undefined) saw[card.id] = bits;
}

/** Shuffled cards are lost track of: nobody knows which is where. */
export function loseTrack(saw: SawLeave, cards: readonly CardObj[]): void {
  for (const c of cards) if (saw[c.id] !== undefined) saw[c.id] = 0;
}

/** Whether `seat` knows the card's face: it sees it, or saw it go where it is (noteLeaving). What an AI may read of
 *  a card (runtime/view.ts Table); a view shows only what the seat sees. */
export function knows(program: Program, saw: SawLeave, card: CardObj, seat: number | null): boolean {
  if (canSee(program, card, seat)) return true;
  const bits = saw[card.id];
  return bits !== undefined && (bits & (1 << (seat ?? NO_SEAT))) !== 0;
}

/** A card forgets who was shown it when it moves: it is seen as its new zone says. */
export function forgetShown(card: CardObj): void {
  if (card.faceDown !== undefined) card.faceDown = undefined;
  if (card.seenBy !== undefined) card.seenBy = undefined;
  if (card.open !== undefined) card.open = undefined;
}

/** Whether a reader may read an entry with this audience. */
export function inAudience(a: Audience | undefined, seat: number | null): boolean {
  if (!a) return true;
  if ('only' in a) return seat !== null && a.only.includes(seat);
  return seat === null || !a.except.includes(seat);
}

/** Whether `seat` (null: a reader without a seat) sees the property `name` of the player at `owner`: its declared
 *  visibility (public, owner, hidden; undeclared: public), or the table was shown it (`reveal`). */
export function propertyShown(
  program: Program,
  state: State,
  owner: number,
  name: string,
  seat: number | null,
): boolean {
  const vis = program.properties[name]?.visibility ?? 'public';
  return vis === 'public' || (vis === 'owner' && owner === seat) || state.revealed[revealedKey(owner, name)] === true;
}

/** The key of a fact revealed to everyone in `State.revealed` (`seat:property`), made once per seat and property:
 *  readers ask again and again. */
export function revealedKey(seat: number, property: string): string {
  let keys = REVEALED_KEYS[seat];
  if (keys === undefined) REVEALED_KEYS[seat] = keys = new Map();
  let k = keys.get(property);
  if (k === undefined) keys.set(property, (k = `${seat}:${property}`));
  return k;
}
const REVEALED_KEYS: Map<string, string>[] = [];

/** Where a filled template goes, piece by piece: a text (TextSink) or a trace hash (hash.ts StringHash: a
 *  simulation keeps only the hash, and hashing the pieces spares making the line). */
export interface Sink {
  addRange(str: string, from: number, to: number): unknown;
}

/** A whole string into a sink. */
export function put(sink: Sink, str: string): void {
  sink.addRange(str, 0, str.length);
}

/** label(v, sees) into a sink: a list's items one by one, without the list's text made first (every log line
 *  naming a list of players or cards is hashed, kept or not). */
export function putLabel(sink: Sink, v: Value, sees?: (c: CardObj) => boolean): void {
  if (!Array.isArray(v)) {
    put(sink, label(v, sees));
    return;
  }
  put(sink, '[');
  for (let i = 0; i < v.length; i++) {
    if (i > 0) put(sink, ', ');
    putLabel(sink, v[i]!, sees);
  }
  put(sink, ']');
}

export class TextSink implements Sink {
  out = '';
  addRange(str: string, from: number, to: number): void {
    this.out += from === 0 && to === str.length ? str : str.slice(from, to);
  }
}

/** The template with each `{n}` replaced by the label of values[n] (a scan, not a regular expression: every log
 *  line is filled for the trace hash, kept or not). */
function fill(template: string, values: Value[], sees?: (c: CardObj) => boolean): string {
  if (template.indexOf('{') < 0) return template;
  const t = new TextSink();
  fillInto(t, template, values, sees);
  return t.out;
}

/** fill() into a sink. */
export function fillInto(sink: Sink, template: string, values: Value[], sees?: (c: CardObj) => boolean): void {
  let from = 0;
  for (let open = template.indexOf('{'); open >= 0; open = template.indexOf('{', open + 1)) {
    let k = open + 1;
    let n = 0;
    for (; k < template.length; k++) {
      const d = template.charCodeAt(k) - 48;
      if (d < 0 || d > 9) break;
      n = n * 10 + d;
    }
    if (k === open + 1 || template.charCodeAt(k) !== 125) continue; // not `{digits}`
    const v = values[n];
    sink.addRange(template, from, open);
    if (typeof v === 'string') put(sink, v);
    else putLabel(sink, v ?? null, sees);
    from = k + 1;
    open = k;
  }
  sink.addRange(template, from, template.length);
}

function namesCards(v: Value): boolean {
  if (v === null || typeof v !== 'object') return false;
  if (Array.isArray(v)) return v.some(namesCards);
  return v.t === 'c' || v.t === 'v';
}

/** A kept log's entry from a template and values: its full text, its template and values and, when some reader
 *  cannot see a card it names (`sees`), the text each reader reads (the seats in `knows` read every card). Strings
 *  are written as they are. */
export function logEntry(
  sees: (c: CardObj, seat: number | null) => boolean,
  state: State,
  k: LogEntry['k'],
  template: string,
  values: Value[],
  audience: Audience | undefined,
  knows: number[] | undefined,
): LogEntry {
  const text = fill(template, values);
  const e: LogEntry = audience ? { k, text, audience } : { k, text };
  e.tpl = template;
  e.args = values.map((v) => logArg(v, state.players.length, sees, knows));
  if (!values.some(namesCards)) return e;
  const bySeat = state.players.map((p) =>
    knows?.includes(p.seat) ? text : fill(template, values, (c) => sees(c, p.seat)),
  );
  const spectator = fill(template, values, (c) => sees(c, null));
  if (spectator !== text || bySeat.some((t) => t !== text)) e.masked = { bySeat, spectator };
  return e;
}

/** A value of a log line as plain data; a card with who sees it (the seats in `knows` see every card). */
function logArg(
  v: Value,
  seats: number,
  sees: (c: CardObj, seat: number | null) => boolean,
  knows: number[] | undefined,
): LogArg {
  if (v === null || typeof v !== 'object') return v;
  if (Array.isArray(v)) return { t: 'l', items: v.map((x) => logArg(x, seats, sees, knows)) };
  switch (v.t) {
    case 'p':
      return { t: 'p', seat: v.seat, name: v.name };
    case 'c': {
      let seen = sees(v, null) ? 1 << NO_SEAT : 0;
      for (let s = 0; s < seats; s++) if (knows?.includes(s) || sees(v, s)) seen |= 1 << s;
      return v.depicts !== undefined
        ? { t: 'c', kind: v.kind, face: faceText(v), seen, depicts: v.depicts }
        : { t: 'c', kind: v.kind, face: faceText(v), seen };
    }
    case 'v': {
      const subs = v.subs.map((x) => logArg(x, seats, sees, knows));
      return v.via ? { t: 'v', kind: v.kind, via: v.via, subs } : { t: 'v', kind: v.kind, subs };
    }
    case 'z':
      return v.owner ? { t: 'z', zone: v.zone, owner: v.owner.seat } : { t: 'z', zone: v.zone };
    case 'e':
      return { t: 'e', id: v.id };
    case 'a':
      return { t: 'a', skill: v.skill };
  }
}

/** The values as `seat` may read them: a card it did not see is `{ t: 'h' }`. */
function argsFor(args: LogArg[], seat: number | null): LogArg[] {
  const bit = 1 << (seat ?? NO_SEAT);
  const hide = (a: LogArg): LogArg => {
    if (a === null || typeof a !== 'object') return a;
    switch (a.t) {
      case 'c':
        return (a.seen & bit) !== 0 ? a : { t: 'h' };
      case 'v':
        return { ...a, subs: a.subs.map(hide) };
      case 'l':
        return { t: 'l', items: a.items.map(hide) };
      default:
        return a;
    }
  };
  return args.map(hide);
}

/** A log entry as one reader reads it: its text (cards it cannot see written "a card") and, when the log kept
 *  them, the template and the values as that reader may know them. */
export interface ReadEntry {
  k: LogEntry['k'];
  text: string;
  tpl?: string;
  args?: LogArg[];
}

/** The entry as `seat` reads it, or null when it is not for them. */
export function entryFor(e: LogEntry, seat: number | null): ReadEntry | null {
  if (!inAudience(e.audience, seat)) return null;
  const text = e.masked ? (seat === null ? e.masked.spectator : (e.masked.bySeat[seat] ?? e.masked.spectator)) : e.text;
  if (e.tpl === undefined || e.args === undefined) return { k: e.k, text };
  return { k: e.k, text, tpl: e.tpl, args: argsFor(e.args, seat) };
}

/** The log as `seat` reads it: only the entries it may read, each with the cards it cannot see hidden. */
export function logFor(log: readonly LogEntry[], seat: number | null): ReadEntry[] {
  const out: ReadEntry[] = [];
  for (const e of log) {
    const x = entryFor(e, seat);
    if (x) out.push(x);
  }
  return out;
}
