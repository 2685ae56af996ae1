// The operators of the rules language on values, the loops of `where` and `stop`, and the shapes of the
// `count(…) > 0` fast path: shared by the interpreter (link.ts) and compiled code (compiler/emit, aot/support.ts),
// so that both backends compute exactly the same thing.
import { isKindOf, kindOfValue } from './kinds.ts';
import type { IExpr, IFunction, Program } from './ir.ts';
import { RuleError, same, type Frame, type Value } from './values.ts';
import type { Ctx, Ex, RulesHost } from './types.ts';

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
  if (Array.isArray(a)) return Array.isArray(b) ? joined(a, b) : [...a, b];
  if (typeof a === 'string' || typeof b === 'string') return String(a) + String(b);
  return num(a, at) + num(b, at);
}

/** `a - b`: a list without the items of b (or without b), else numbers subtract. */
export function minus(a: Value, b: Value, at: string): Value {
  // The list case in a function of its own: a closure over `b` here would allocate on every subtraction.
  if (Array.isArray(a)) return without(a, b);
  return num(a, at) - num(b, at);
}

function without(a: Value[], b: Value): Value[] {
  return a.filter((x) => (Array.isArray(b) ? !b.some((y) => same(x, y)) : !same(x, b)));
}

/** `x += v`: a list takes v's items, a number adds. */
export function plusAssign(old: Value, v: Value, at: string): Value {
  if (!Array.isArray(old)) return num(old, at) + num(v, at);
  return Array.isArray(v) ? joined(old, v) : [...old, v];
}

/** A new list of a's items then b's. (Not Array.prototype.concat: in V8 it costs several times a copy and a loop
 *  of pushes, and the rules join lists at every decision: `hands + conversions + actions`.) */
function joined(a: readonly Value[], b: readonly Value[]): Value[] {
  const out = a.slice();
  for (let i = 0; i < b.length; i++) out.push(b[i]!);
  return out;
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
  const cards = g.program.cards;
  // Without a list made of the kinds: `is` runs for every card a rule looks at.
  if (!Array.isArray(ks)) return isKindOf(cards, k, String(ks));
  for (let i = 0; i < ks.length; i++) if (isKindOf(cards, k, String(ks[i]))) return true;
  return false;
}

/** `xs where cond`: the items for which cond holds, each bound to the slot while cond runs. */
export function whereItems(c: Ctx, list: Value, slot: number, cond: Ex, at: string): Value[] {
  const xs = c.g.asList(list, at);
  const out: Value[] = [];
  for (const x of xs) {
    c.vars[slot] = x;
    if (truthy(cond(c))) out.push(x);
  }
  return out;
}

/** Whether some item meets the condition, stopping at the first (`count(xs where c) > 0`). */
export function someItem(c: Ctx, list: Value, slot: number, cond: Ex, at: string): boolean {
  const xs = c.g.asList(list, at);
  for (const x of xs) {
    c.vars[slot] = x;
    if (truthy(cond(c))) return true;
  }
  return false;
}

/** A context's variable slots, all none. Literals for the usual sizes: they are copied from a boilerplate, which
 *  is several times cheaper than `new Array(n).fill(null)` (contexts are the engine's most frequent allocation). */
export function nulls(n: number): Value[] {
  switch (n) {
    case 0:
      return [];
    case 1:
      return [null];
    case 2:
      return [null, null];
    case 3:
      return [null, null, null];
    case 4:
      return [null, null, null, null];
    case 5:
      return [null, null, null, null, null];
    case 6:
      return [null, null, null, null, null, null];
    case 7:
      return [null, null, null, null, null, null, null];
    case 8:
      return [null, null, null, null, null, null, null, null];
    default: {
      const a: Value[] = [null, null, null, null, null, null, null, null];
      for (let i = 8; i < n; i++) a.push(null);
      return a;
    }
  }
}

/** A rules function's own context, as a call the engine runs builds it (no owner, the running event). */
export function fnCtx(g: RulesHost, slots: number): Ctx {
  return {
    g,
    vars: nulls(slots),
    you: null,
    frame: g.frame,
    subject: null,
    checkStop: false,
    ret: null,
  };
}

/** `stop` (of the running event, or of the event given): marked stopped; the body unwinds with the stop signal. */
export function stopEvent(g: RulesHost, f: Value, at: string): number {
  if (!f || typeof f !== 'object' || (f as Frame).t !== 'e') throw new RuleError('stop needs an event', at);
  (f as Frame).stopped = true;
  g.touch('frame');
  return 4;
}

/** The shapes `count(xs where c) > 0` (`>= 1`, `!= 0`; `== 0` for none) takes, directly or through a function
 *  whose whole body is the `where` (`count(legalTargets(p, c)) > 0`): both engines test them by stopping at the
 *  first hit (the count is thrown away and c is pure). `want`: the answer when some item meets c. And the count of
 *  a zone so compared (`count(hand(p)) == 0`): whether the zone holds a card. Null for any other comparison. */
export type SomeTest =
  | { want: boolean; where: Extract<IExpr, { k: 'where' }> }
  | { want: boolean; where: Extract<IExpr, { k: 'where' }>; fn: IFunction; args: IExpr[] }
  | { want: boolean; zone: Extract<IExpr, { k: 'zone' }> };

export function someTestOf(e: Extract<IExpr, { k: 'bin' }>, functions: Program['functions']): SomeTest | null {
  const zero = (x: IExpr) => x.k === 'lit' && x.v === 0;
  const one = (x: IExpr) => x.k === 'lit' && x.v === 1;
  let want: boolean;
  if ((e.op === '>' || e.op === '!=') && zero(e.r)) want = true;
  else if (e.op === '>=' && one(e.r)) want = true;
  else if (e.op === '==' && zero(e.r)) want = false;
  else return null;
  const l = e.l;
  if (l.k !== 'call' || l.fn !== 'count' || l.args.length !== 1) return null;
  const x = l.args[0]!;
  if (x.k === 'where') return { want, where: x };
  // Whether a zone holds a card (`count(hand(p)) > 0`): read as that alone, not as the zone's cards, so that a kept
  // result survives a hand that changes but stays empty or not (reads.ts, zones.ts zoneFilled).
  if (x.k === 'zone') return { want, zone: x };
  if (x.k !== 'fn') return null;
  const fn = functions[x.name];
  const body = fn?.expr;
  if (!fn || body?.k !== 'where' || x.args.length > fn.params.length) return null;
  return { want, where: body, fn, args: x.args };
}
