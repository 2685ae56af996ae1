// The operators of the rules language on values, shared by the interpreter (link.ts) and compiled code
// (aot/support.ts), so that both backends compute exactly the same thing.
import { kindOfValue, matchesAny } from './kinds.ts';
import { RuleError, same, type Value } from './values.ts';
import type { RulesHost } from './types.ts';

export function truthy(v: Value): boolean {
  return v !== null && v !== false && v !== 0 && v !== '';
}

export function num(v: Value, at: string): number {
  if (typeof v === 'number') return v;
  if (v === null) return 0;
  if (typeof v === 'boolean') return v ? 1 : 0;
  throw new RuleError(`expected a number, got ${typeof v === 'object' ? 'an object' : JSON.stringify(v)}`, at);
}

/** `a + b`: lists concatenate (or take one more item), text joins, numbers add. */
export function plus(a: Value, b: Value, at: string): Value {
  if (Array.isArray(a)) return Array.isArray(b) ? a.concat(b) : [...a, b];
  if (typeof a === 'string' || typeof b === 'string') return String(a) + String(b);
  return num(a, at) + num(b, at);
}

/** `a - b`: a list without the items of b (or without b), else numbers subtract. */
export function minus(a: Value, b: Value, at: string): Value {
  if (Array.isArray(a)) return a.filter((x) => (Array.isArray(b) ? !b.some((y) => same(x, y)) : !same(x, b)));
  return num(a, at) - num(b, at);
}

/** `x += v`: a list takes v's items, a number adds. */
export function plusAssign(old: Value, v: Value, at: string): Value {
  return Array.isArray(old) ? old.concat(v as Value[]) : num(old, at) + num(v, at);
}

/** `x in xs`. */
export function inList(g: RulesHost, x: Value, list: Value, at: string): boolean {
  const xs = g.asList(list, at);
  for (const y of xs) if (same(x, y)) return true;
  return false;
}

/** `c is slash`: the kind c counts as is slash or a kind of it; the right side may list kinds. */
export function isKind(g: RulesHost, x: Value, ks: Value, at: string): boolean {
  const k = kindOfValue(g, x, at);
  if (k === null) return false;
  return matchesAny(g.program.cards, k, Array.isArray(ks) ? ks.map(String) : [String(ks)]);
}
