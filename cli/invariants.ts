// What must hold after every decision of any game, whatever the rules: cards are conserved across zones, HP stays
// within bounds, the dead hold nothing. The HP and death checks pause for players that a running event is
// about: while a player is dying their HP is ≤ 0, and in their death window skills may still take their cards.
// HP and max HP are read from the properties `hp` and `maxHp` when the rules declare them.
import type { Game, CardObj, PlayerObj, Value } from '../runtime/index.ts';

export interface Baseline {
  cards: number;
}

/** Facts fixed when the game starts, against which later states are checked. */
export function baseline(g: Game): Baseline {
  return { cards: g.state.cards.length };
}

/** Every broken invariant, as one-line messages; empty when the state is sound. */
export function checkInvariants(g: Game, base: Baseline = baseline(g)): string[] {
  return [...checkCards(g, base), ...checkHp(g), ...checkDead(g)];
}

function checkCards(g: Game, base: Baseline): string[] {
  const out: string[] = [];
  const s = g.state;
  if (s.cards.length !== base.cards) out.push(`card count changed: ${base.cards} at the start, ${s.cards.length} now`);
  const seen = new Map<number, string>();
  for (const [key, cards] of Object.entries(s.zones)) {
    for (const c of cards) {
      const id = (c as CardObj | undefined)?.id;
      if (typeof id !== 'number' || s.cards[id] !== c) {
        out.push(`zone ${key} holds something that is not one of the game's cards`);
        continue;
      }
      const where = seen.get(id);
      if (where !== undefined) out.push(`card #${id} (${g.describeCard(c)}) is in ${where} and in ${key}`);
      else seen.set(id, key);
      if (c.zone !== key)
        out.push(`card #${id} (${g.describeCard(c)}) lies in ${key} but says it is in ${c.zone || 'no zone'}`);
    }
  }
  for (const c of s.cards) {
    if (!seen.has(c.id)) out.push(`card #${c.id} (${g.describeCard(c)}) is in no zone (it claims ${c.zone || 'none'})`);
  }
  return out;
}

function checkHp(g: Game): string[] {
  const out: string[] = [];
  const busy = g.state.over ? new Set<PlayerObj>() : playersInRunningEvents(g);
  for (const p of g.state.players) {
    const { hp, maxHp } = p.v;
    if (!p.alive || typeof hp !== 'number' || typeof maxHp !== 'number') continue;
    if (hp > maxHp) out.push(`${p.name} has ${hp} HP, more than their max HP ${maxHp}`);
    // maxHp ≤ 0 means the seat is not set up yet (no general chosen): HP means nothing before that.
    if (hp <= 0 && maxHp > 0 && !g.state.over && !busy.has(p))
      out.push(`${p.name} is alive with ${hp} HP outside any event about them`);
  }
  return out;
}

function checkDead(g: Game): string[] {
  const out: string[] = [];
  const busy = playersInRunningEvents(g);
  for (const p of g.state.players) {
    if (p.alive || busy.has(p)) continue;
    for (const [key, cards] of Object.entries(g.state.zones)) {
      if (cards.length && key.endsWith(`:${p.seat}`))
        out.push(`${p.name} is dead but still holds ${cards.length} card(s) in ${key}`);
    }
  }
  return out;
}

/** Players named by the parameters of the events running now (the damaged, the dying, the dead…). */
function playersInRunningEvents(g: Game): Set<PlayerObj> {
  const out = new Set<PlayerObj>();
  const add = (v: Value | undefined) => {
    if (v && typeof v === 'object' && !Array.isArray(v) && v.t === 'p') out.add(v);
  };
  for (let f = g.frame; f; f = f.parent) {
    for (const v of Object.values(f.data)) {
      if (Array.isArray(v)) v.forEach(add);
      else add(v);
    }
  }
  return out;
}
