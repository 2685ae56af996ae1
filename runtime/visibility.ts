// Hidden information: who sees a card, and who reads a log line. A card's face is seen by what its zone's
// visibility says (public: everyone; owner: its owner; hidden: nobody), unless the card itself says otherwise:
// revealed (`open`: everyone), shown to some seats (`seenBy`), or face down (`faceDown`: nobody but `seenBy`).
// A log entry has an audience (everyone, only some seats, everyone but some) and, when it names cards some
// readers cannot see, the text each reader reads with those cards written as "a card". The full text is what the
// trace hash covers, whoever may read it.
import type { Program } from './ir.ts';
import type { Audience, LogEntry, State } from './types.ts';
import { label, type CardObj, type Value } from './values.ts';

/** Whether `seat` (null: a reader without a seat, who sees only what is public) sees the card's face now. */
export function canSee(program: Program, card: CardObj, seat: number | null): boolean {
  if (card.open) return true;
  if (seat !== null && card.seenBy?.includes(seat)) return true;
  if (card.faceDown) return false;
  const i = card.zone.indexOf(':');
  const zid = i < 0 ? card.zone : card.zone.slice(0, i);
  const vis = program.zones[zid]?.visibility ?? 'public';
  if (vis === 'public') return true;
  if (vis === 'owner') return i >= 0 && seat !== null && Number(card.zone.slice(i + 1)) === seat;
  return false;
}

/** Whether `seat` knows the face of a card the rules name in a log line (`log`, `logTo`, `logExcept`): a line
 *  announces the cards it names (a discard, a use, a judge card), except a face-down card to a reader who was not
 *  shown it. */
export function knowsAnnounced(card: CardObj, seat: number | null): boolean {
  return !card.faceDown || card.open === true || (seat !== null && card.seenBy?.includes(seat) === true);
}

/** Who saw each card leave the place it last left (a bit per seat; bit 31 for a reader without a seat). */
const sawLeave = new WeakMap<CardObj, number>();
const NO_SEAT = 31;

/** Before `card` moves: note who sees it go. A reader who saw a card leave knows where it went (a card a skill
 *  takes from the table into a hand is still that card to everyone), until it moves out of their sight. */
export function noteLeaving(program: Program, card: CardObj, seats: number): void {
  let bits = canSee(program, card, null) ? 1 << NO_SEAT : 0;
  for (let s = 0; s < seats; s++) if (canSee(program, card, s)) bits |= 1 << s;
  if (bits !== 0) sawLeave.set(card, bits);
  else if (sawLeave.has(card)) sawLeave.delete(card);
}

/** Shuffled cards are lost track of: nobody knows which is where. */
export function loseTrack(cards: readonly CardObj[]): void {
  for (const c of cards) sawLeave.delete(c);
}

/** Whether `seat` knows the card's face: it sees it, or saw it go where it is (noteLeaving). What an AI may read of
 *  a card (runtime/view.ts Table); a view shows only what the seat sees. */
export function knows(program: Program, card: CardObj, seat: number | null): boolean {
  if (canSee(program, card, seat)) return true;
  const bits = sawLeave.get(card);
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

/** The template with each `{n}` replaced by the label of values[n] (a scan, not a regular expression: every log
 *  line is filled for the trace hash, kept or not). */
function fill(template: string, values: Value[], sees?: (c: CardObj) => boolean): string {
  let out = '';
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
    out += template.slice(from, open) + (typeof v === 'string' ? v : label(v ?? null, sees));
    from = k + 1;
    open = k;
  }
  return from === 0 ? template : out + template.slice(from);
}

function namesCards(v: Value): boolean {
  if (v === null || typeof v !== 'object') return false;
  if (Array.isArray(v)) return v.some(namesCards);
  return v.t === 'c' || v.t === 'v';
}

/** A log entry from a template and values: its full text and, when `detail` and some reader cannot see a card it
 *  names (`sees`), the text each reader reads (the seats in `knows` read every card). Strings are written as they
 *  are. */
export function logEntry(
  sees: (c: CardObj, seat: number | null) => boolean,
  state: State,
  k: LogEntry['k'],
  template: string,
  values: Value[],
  audience: Audience | undefined,
  knows: number[] | undefined,
  detail: boolean,
): LogEntry {
  const text = fill(template, values);
  const e: LogEntry = audience ? { k, text, audience } : { k, text };
  if (!detail || !values.some(namesCards)) return e;
  const bySeat = state.players.map((p) =>
    knows?.includes(p.seat) ? text : fill(template, values, (c) => sees(c, p.seat)),
  );
  const spectator = fill(template, values, (c) => sees(c, null));
  if (spectator !== text || bySeat.some((t) => t !== text)) e.masked = { bySeat, spectator };
  return e;
}

/** The entry as `seat` reads it, or null when it is not for them. */
export function entryFor(e: LogEntry, seat: number | null): { k: LogEntry['k']; text: string } | null {
  if (!inAudience(e.audience, seat)) return null;
  const text = e.masked ? (seat === null ? e.masked.spectator : (e.masked.bySeat[seat] ?? e.masked.spectator)) : e.text;
  return { k: e.k, text };
}

/** The log as `seat` reads it: only the entries it may read, each with the cards it cannot see hidden. */
export function logFor(log: readonly LogEntry[], seat: number | null): { k: LogEntry['k']; text: string }[] {
  const out: { k: LogEntry['k']; text: string }[] = [];
  for (const e of log) {
    const x = entryFor(e, seat);
    if (x) out.push(x);
  }
  return out;
}
