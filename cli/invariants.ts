// What must hold after every decision: the engine's own consistency, whatever the rules (every card is in exactly
// one zone and says so, none appears or vanishes; the RNG state is four 32-bit integers; a property or global
// declared `int` holds a whole number), then the invariants the rules declare (`invariant …`: HP above 0 while
// alive, the dead hold nothing…), which the engine evaluates (runtime/invariants.ts).
import { checkInvariants as declaredInvariants, type CardObj, type Game } from '../runtime/index.ts';

export interface Baseline {
  cards: number;
}

/** Facts fixed when the game starts, against which later states are checked. */
export function baseline(g: Game): Baseline {
  return { cards: g.state.cards.length };
}

/** Every broken invariant, as one-line messages (a declared one by its id and name); empty when the state is sound. */
export function checkInvariants(g: Game, base: Baseline = baseline(g)): string[] {
  return [...checkCards(g, base), ...checkRng(g), ...checkInts(g), ...declaredInvariants(g).map((v) => v.message)];
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

function checkRng(g: Game): string[] {
  const r: unknown = g.state.rng;
  const ok =
    Array.isArray(r) && r.length === 4 && r.every((x) => Number.isInteger(x) && x >= -(2 ** 31) && x < 2 ** 32);
  return ok ? [] : [`the RNG state is not four 32-bit integers: ${JSON.stringify(r)}`];
}

function checkInts(g: Game): string[] {
  const out: string[] = [];
  const bad = (type: string | undefined, v: unknown) =>
    (type === 'int' || type === 'int?') && !Number.isInteger(v) && !(type === 'int?' && v === null);
  for (const prop of Object.values(g.program.properties))
    for (const p of g.state.players)
      if (bad(prop.type, p.v[prop.id])) out.push(`${p.name}.${prop.id} is ${JSON.stringify(p.v[prop.id])}, not an int`);
  for (const v of Object.values(g.program.vars))
    if (bad(v.type, g.state.globals[v.id])) out.push(`${v.id} is ${JSON.stringify(g.state.globals[v.id])}, not an int`);
  return out;
}
