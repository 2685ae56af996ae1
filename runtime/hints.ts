// What the rules say their player properties and zones are to AIs and tools: the hint that ends a declaration
// (`property hp 体力 "HP": int = 0 as life`, `zone hand 手牌 "Hand" per player owner as hand`; docs/language.md,
// "AI hints"). An AI weighs a wounded player by `life` and `maxLife`, reads sides from `role` (the mode's `sideOf`)
// and counts a hand by `hand`; the tools tally and draw players by `general`, `role` and `life`, so that none of
// them names a property or zone of the rules. The engine and the rulebook ignore hints.
import type { Program } from './ir.ts';
import type { PlayerObj, Value } from './values.ts';

/** The hints tools read, with what each means. A property may carry any hint; these are the ones read. */
export type PropertyHint = 'general' | 'role' | 'life' | 'maxLife';

/** The id of the player property that carries `hint`, or null when no property does (the compiler allows one). */
export function hintedProperty(program: Program, hint: PropertyHint): string | null {
  let byHint = read.get(program);
  if (byHint === undefined) {
    byHint = new Map();
    for (const p of Object.values(program.properties)) if (p.hint !== undefined) byHint.set(p.hint, p.id);
    read.set(program, byHint);
  }
  return byHint.get(hint) ?? null;
}
const read = new WeakMap<Program, Map<string, string>>();

/** The zone hints tools read: a player's hand (the compiler reads `hand` and `equipment` itself, for conversions
 *  and the rule texts). */
export type ZoneHint = 'hand';

/** The id of the zone that carries `hint`, or null when none does. */
export function hintedZone(program: Program, hint: ZoneHint): string | null {
  let byHint = zonesRead.get(program);
  if (byHint === undefined) {
    byHint = new Map();
    for (const z of Object.values(program.zones)) if (z.hint !== undefined) byHint.set(z.hint, z.id);
    zonesRead.set(program, byHint);
  }
  return byHint.get(hint) ?? null;
}
const zonesRead = new WeakMap<Program, Map<string, string>>();

/** A player's value of the property that carries `hint` (undefined when none does, or a view does not show it). */
export function hintedValue(program: Program, p: PlayerObj, hint: PropertyHint): Value | undefined {
  const id = hintedProperty(program, hint);
  return id === null ? undefined : (p.v[id] as Value | undefined);
}

/** A seat as win-rate tallies name it: its role (the property `as role`), or `seat N` in a mode without roles. */
export function roleOrSeat(program: Program, p: PlayerObj): string {
  const role = hintedValue(program, p, 'role');
  return typeof role === 'string' ? role : `seat ${p.seat + 1}`;
}
