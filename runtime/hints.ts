// What the rules say their player properties and zones are to AIs and tools: the hint that ends a declaration
// (`property hp 体力 "HP": int = 0 as life`, `zone hand 手牌 "Hand" per player owner as hand`; docs/language.md,
// "AI hints"). An AI weighs a wounded player by `life` and `maxLife`, reads sides from `role` (the mode's `sideOf`)
// and counts a hand by `hand`; the tools tally and draw players by `general`, `role` and `life`, so that none of
// them names a property or zone of the rules. The engine and the rulebook ignore hints.
import type { Program } from './ir.ts';
import type { PlayerObj, Value } from './values.ts';

/** The hints tools read, with what each means. A property may carry any hint; these are the ones read. */
export type PropertyHint = 'general' | 'role' | 'life' | 'maxLife';

/** The id of the declaration among `decls` that carries `hint`, or null when none does (the compiler allows one),
 *  found through a map of them by hint made once per program. */
function hinted(
  read: WeakMap<Program, Map<string, string>>,
  program: Program,
  decls: Record<string, { id: string; hint?: string }>,
  hint: string,
): string | null {
  let byHint = read.get(program);
  if (byHint === undefined) {
    byHint = new Map();
    for (const d of Object.values(decls)) if (d.hint !== undefined) byHint.set(d.hint, d.id);
    read.set(program, byHint);
  }
  return byHint.get(hint) ?? null;
}

/** The id of the player property that carries `hint`, or null when no property does. */
export function hintedProperty(program: Program, hint: PropertyHint): string | null {
  return hinted(propertiesRead, program, program.properties, hint);
}
const propertiesRead = new WeakMap<Program, Map<string, string>>();

/** The values the property that carries `hint` may take, in their declared order, when its type is an enum
 *  (`role?`: the roles, the lord first); [] when no property carries the hint or its type is no enum. */
export function hintedValues(program: Program, hint: PropertyHint): readonly string[] {
  const id = hintedProperty(program, hint);
  const type = id === null ? undefined : program.properties[id]?.type;
  if (type === undefined) return [];
  return program.enums[type.replace(/\?$/, '')] ?? [];
}

/** The zone hints tools read: a player's hand (the compiler reads `hand` and `equipment` itself, for conversions
 *  and the rule texts). */
export type ZoneHint = 'hand';

/** The id of the zone that carries `hint`, or null when none does. */
export function hintedZone(program: Program, hint: ZoneHint): string | null {
  return hinted(zonesRead, program, program.zones, hint);
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
