// Zones and the values that stand for cards: a zone reference's cards, a card's zone and owner, moving cards.
// Zone keys are `id` for shared zones and `id:seat` for per-player ones.
import type { Engine } from './engine.ts';
import { forgetShown } from './visibility.ts';
import { RuleError, label, zoneKey, type CardObj, type PlayerObj, type Value, type ZoneRef } from './values.ts';

/** A value as a list: a list, none (empty), a zone's cards (live), or one card, virtual card or player. */
export function asList(g: Engine, v: Value, at: string): Value[] {
  if (Array.isArray(v)) return v;
  if (v === null) return [];
  if (typeof v === 'object' && v.t === 'z') return g.state.zones[zoneKey(v.zone, v.owner)] ?? [];
  if (typeof v === 'object' && v.t === 'v') return [v];
  if (typeof v === 'object' && (v.t === 'c' || v.t === 'p')) return [v];
  throw new RuleError(`expected a list, got ${label(v)}`, at);
}

/** The physical cards behind a value: a card, a virtual card's parts, or a list of either. */
export function asCards(g: Engine, v: Value, at: string): CardObj[] {
  if (v === null) return [];
  if (Array.isArray(v)) return v.flatMap((x) => asCards(g, x, at));
  if (typeof v === 'object') {
    if (v.t === 'c') return [v];
    if (v.t === 'v') return v.subs.slice();
    if (v.t === 'z') return (g.state.zones[zoneKey(v.zone, v.owner)] ?? []).slice();
  }
  throw new RuleError(`expected cards, got ${label(v)}`, at);
}

export function removeFromZone(g: Engine, card: CardObj): void {
  const z = g.state.zones[card.zone];
  if (z) {
    const i = z.indexOf(card);
    if (i >= 0) z.splice(i, 1);
  }
}

/** Move cards onto a zone (its top, or its bottom); a card forgets the kind it stood for and who was shown it. */
export function put(g: Engine, cards: CardObj[], to: ZoneRef, bottom: boolean): void {
  g.mut++;
  const key = zoneKey(to.zone, to.owner);
  const dest = g.state.zones[key];
  if (!dest) throw new RuleError(`no zone ${key}`, '');
  for (const c of cards) {
    if (g.L.grantZones.length) g.epoch++;
    removeFromZone(g, c);
    c.zone = key;
    if (c.as !== undefined) delete c.as;
    if (c.holder !== undefined) delete c.holder;
    forgetShown(c);
    if (bottom) dest.push(c);
    else dest.unshift(c);
  }
}

/** The player whose zone holds the card, or null for a shared zone. */
export function ownerOf(g: Engine, card: CardObj): PlayerObj | null {
  const i = card.zone.indexOf(':');
  return i < 0 ? null : g.state.players[Number(card.zone.slice(i + 1))]!;
}

/** Whose card it is now: the owner of the zone holding it, else the player a shared zone holds it for (the user of
 *  a card in the processing area, the player whose judge card it is); null if nobody's. */
export function holderOf(g: Engine, card: CardObj): PlayerObj | null {
  return ownerOf(g, card) ?? (card.holder === undefined ? null : (g.state.players[card.holder] ?? null));
}

/** The zone id (without the seat) the card lies in; '' outside every zone. */
export function zoneOf(card: CardObj): string {
  const i = card.zone.indexOf(':');
  return i < 0 ? card.zone : card.zone.slice(0, i);
}
