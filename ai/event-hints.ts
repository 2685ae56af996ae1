// What the rules say their events mean to an AI: the hints an event declares before its statements, each naming
// fields of the event (`aiHarm: from, to` on damage; docs/language.md, "AI hints"). The heuristic AI learns who
// hurt or helped whom, which card was used on whom, which card effect a cancelling card answers and for whom a
// response is asked from these, so it names no event of the rules and an expansion's own events teach it the same.
// The fields are read from the event as the seat sees it (runtime/view.ts SeenEvent): a hint shows nothing hidden.
import type { Program } from '../runtime/index.ts';

/** Two fields of an event: a player who acts and the player acted on. */
export interface Deed {
  by: string;
  on: string;
}

export interface EventHints {
  /** `aiHarm: by, on`: once the event ends (not stopped), `by` has harmed `on` (damage). */
  harm: Map<string, Deed>;
  /** `aiHelp: by, on`: once the event ends (not stopped), `by` has helped `on` (recovery). */
  help: Map<string, Deed>;
  /** `aiCardUse: user, card, targets`: the event is a use of that card by that player on those players. */
  cardUse: Map<string, { user: string; card: string; targets: string }>;
  /** `aiCardEffect: card, target`: the event is the effect of that card on that player (what cancelling answers). */
  cardEffect: Map<string, { card: string; target: string }>;
  /** `aiOut: who`: once the event ends, that player is out of the game (death). */
  out: Map<string, string>;
  /** `aiResponse: who`: the event asks that player for a card in response. */
  response: Map<string, string>;
  /** The events an AI watches as they start and end: those with a deed, a use or an exit. */
  watched: string[];
}

/** The program's event hints by kind (a hint naming too few fields is left out), read once per program: every
 *  seat's AI of every game asks. */
export function eventHints(program: Program): EventHints {
  let h = read.get(program);
  if (h === undefined) read.set(program, (h = readHints(program)));
  return h;
}
const read = new WeakMap<Program, EventHints>();

function readHints(program: Program): EventHints {
  const h: EventHints = {
    harm: new Map(),
    help: new Map(),
    cardUse: new Map(),
    cardEffect: new Map(),
    out: new Map(),
    response: new Map(),
    watched: [],
  };
  for (const [id, ev] of Object.entries(program.events)) {
    const hints = ev.hints;
    if (hints === undefined) continue;
    const [hBy, hOn] = hints.aiHarm ?? [];
    if (hBy !== undefined && hOn !== undefined) h.harm.set(id, { by: hBy, on: hOn });
    const [pBy, pOn] = hints.aiHelp ?? [];
    if (pBy !== undefined && pOn !== undefined) h.help.set(id, { by: pBy, on: pOn });
    const [user, card, targets] = hints.aiCardUse ?? [];
    if (user !== undefined && card !== undefined && targets !== undefined) h.cardUse.set(id, { user, card, targets });
    const [eCard, eTarget] = hints.aiCardEffect ?? [];
    if (eCard !== undefined && eTarget !== undefined) h.cardEffect.set(id, { card: eCard, target: eTarget });
    const [who] = hints.aiOut ?? [];
    if (who !== undefined) h.out.set(id, who);
    const [asked] = hints.aiResponse ?? [];
    if (asked !== undefined) h.response.set(id, asked);
    if (h.harm.has(id) || h.help.has(id) || h.cardUse.has(id) || h.out.has(id)) h.watched.push(id);
  }
  return h;
}
