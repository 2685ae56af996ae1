// Zones and the values that stand for cards: a zone reference's cards, a card's zone and owner, moving cards.
// Zone keys are `id` for shared zones and `id:seat` for per-player ones.
import type { Engine } from './engine.ts';
import { cardSkills } from './skills.ts';
import { forgetShown, noteLeaving } from './visibility.ts';
import {
  RuleError,
  label,
  zoneKey,
  zoneParts,
  type CardObj,
  type PlayerObj,
  type Value,
  type ZoneRef,
} from './values.ts';

/** A value as a list: a list, none (empty), a zone's cards (live), or one card, virtual card or player. */
export function asList(g: Engine, v: Value, at: string): Value[] {
  if (Array.isArray(v)) return v;
  if (v === null) return [];
  if (typeof v === 'object' && v.t === 'z') return zoneCards(g, v);
  if (typeof v === 'object' && v.t === 'v') return [v];
  if (typeof v === 'object' && (v.t === 'c' || v.t === 'p')) return [v];
  throw new RuleError(`expected a list, got ${label(v)}`, at);
}

/** The physical cards behind a value: a card, a virtual card's parts, or a list of either. A list of physical cards
 *  is its own answer (a list is a value: nothing changes one in place; a zone's own array is never a value, since
 *  the builtins that read a zone copy it), so that moving cards, the most frequent change, makes no list for it.
 *  Callers read what they are given and do not change it. */
export function asCards(g: Engine, v: Value, at: string): readonly CardObj[] {
  if (v === null) return [];
  if (Array.isArray(v)) {
    let physical = true;
    for (let i = 0; i < v.length && physical; i++) {
      const x = v[i];
      physical = x !== null && typeof x === 'object' && !Array.isArray(x) && x.t === 'c';
    }
    if (physical) return v as CardObj[];
    const out: CardObj[] = [];
    for (const x of v) {
      if (x !== null && typeof x === 'object' && !Array.isArray(x) && x.t === 'c') out.push(x);
      else for (const c of asCards(g, x, at)) out.push(c);
    }
    return out;
  }
  if (typeof v === 'object') {
    if (v.t === 'c') return [v];
    if (v.t === 'v') return v.subs.slice();
    if (v.t === 'z') return zoneCards(g, v).slice();
  }
  throw new RuleError(`expected cards, got ${label(v)}`, at);
}

/** A zone's cards (live), read as a cached call's dependency. */
export function zoneCards(g: Engine, z: ZoneRef): CardObj[] {
  const key = zoneKey(z.zone, z.owner);
  const r = g.reads;
  if (r !== null && r.rec !== null) r.dep(r.zoneId(key));
  return g.state.zones[key] ?? [];
}

/** Whether the zone holds a card, read as a cached call's dependency on that alone: a result that only asked this
 *  (`count(hand(p)) == 0`: ops.ts someTestOf) is kept while cards come and go but the zone stays empty, or not. */
export function zoneFilled(g: Engine, z: ZoneRef): boolean {
  const key = zoneKey(z.zone, z.owner);
  const r = g.reads;
  if (r !== null && r.rec !== null) r.dep(r.zoneFilledId(key));
  return (g.state.zones[key]?.length ?? 0) > 0;
}

/** Note a read of the cards in the zone with this key (builtins that walk zones themselves). */
export function readZone(g: Engine, key: string): void {
  const r = g.reads;
  if (r !== null && r.rec !== null) r.dep(r.zoneId(key));
}

export function removeFromZone(g: Engine, card: CardObj): void {
  const z = g.state.zones[card.zone];
  const r = g.reads;
  if (r !== null) {
    r.bump(r.cardId(card.id));
    if (z) r.bump(r.zoneId(card.zone));
  }
  if (z) {
    const i = z.indexOf(card);
    if (i < 0) return;
    // Not splice, which makes a list of what it removed at every move; the top card (a draw) by shift, which V8
    // does without moving the others.
    if (i === 0) z.shift();
    else {
      for (let k = i + 1; k < z.length; k++) z[k - 1] = z[k]!;
      z.pop();
    }
    if (r !== null && z.length === 0) r.bump(r.zoneFilledId(card.zone));
  }
}

/** Move cards onto a zone (its top, or its bottom); a card forgets the kind it stood for and who was shown it. */
export function put(g: Engine, cards: readonly CardObj[], to: ZoneRef, bottom: boolean): void {
  g.mut++;
  const key = zoneKey(to.zone, to.owner);
  const dest = g.state.zones[key];
  if (!dest) throw new RuleError(`no zone ${key}`, '');
  const r = g.reads;
  r?.bump(r.zoneId(key));
  // Skills granted by cards (equipment) change only when a card enters or leaves a zone that grants.
  const grants = g.L.grantZones;
  const into = grants.length > 0 && grants.includes(to.zone);
  for (const c of cards) {
    const from = grants.length > 0 && grants.includes(zoneOf(c));
    if (into || from) {
      g.epoch++;
      if (r !== null) {
        // The skills that come or go are the card's own (baseSkillsOf in skills.ts).
        const skills = cardSkills(g, c);
        if (into) r.bumpSkills(to.owner?.seat ?? null, skills);
        if (from) r.bumpSkills(seatOf(c.zone), skills);
      }
    }
    noteLeaving(g.program, g.sawLeave, c, g.state.players.length);
    removeFromZone(g, c);
    c.zone = key;
    // Cleared, not deleted: a delete would turn the card into a slow dictionary object for the rest of the game
    // (the same in visibility.ts and builtins.ts).
    if (c.as !== undefined) c.as = undefined;
    if (c.holder !== undefined) c.holder = undefined;
    forgetShown(c);
    if (r !== null && dest.length === 0) r.bump(r.zoneFilledId(key));
    if (bottom) dest.push(c);
    else dest.unshift(c);
  }
}

/** The seat of a per-player zone's key, or null for a shared zone. */
function seatOf(key: string): number | null {
  const s = zoneParts(key).seat;
  return s < 0 ? null : s;
}

/** The player whose zone holds the card, or null for a shared zone. */
export function ownerOf(g: Engine, card: CardObj): PlayerObj | null {
  const r = g.reads;
  if (r !== null && r.rec !== null) r.dep(r.cardId(card.id));
  const s = zoneParts(card.zone).seat;
  return s < 0 ? null : g.state.players[s]!;
}

/** Whose card it is now: the owner of the zone holding it, else the player a shared zone holds it for (the user of
 *  a card in the processing area, the player whose judge card it is); null if nobody's. */
export function holderOf(g: Engine, card: CardObj): PlayerObj | null {
  return ownerOf(g, card) ?? (card.holder === undefined ? null : (g.state.players[card.holder] ?? null));
}

/** The zone id (without the seat) the card lies in; '' outside every zone. */
export function zoneOf(card: CardObj): string {
  return zoneParts(card.zone).zone;
}
