// Kinds of kinds: a card kind may be declared a kind of another (`card fireSlash 火杀 is slash`). The engine knows
// no kind by name: it follows the `parent` links of the IR. A child inherits its parent's fields, skills and
// methods unless it declares its own, and every match on the parent (`c is slash`, kind lists given to builtins)
// matches the child.
import type { ICardKind, Program } from './ir.ts';
import type { Value } from './values.ts';

/** `kind` and the kinds it is a kind of, nearest first (a cycle, which the compiler rejects, stops the walk). */
export function kindChain(cards: Program['cards'], kind: string): string[] {
  const out: string[] = [];
  for (let k: string | undefined = kind; k !== undefined && !out.includes(k); k = cards[k]?.parent) out.push(k);
  return out;
}

/** Whether `kind` is `ancestor` or, through its parents, a kind of it. */
export function isKindOf(cards: Program['cards'], kind: string, ancestor: string): boolean {
  // Walks the parent links without building the chain: `is` runs for every card a rule looks at. The step bound
  // stops a cycle, which the compiler rejects anyway.
  let k: string | undefined = kind;
  for (let steps = 0; k !== undefined && steps <= 64; steps++, k = cards[k]?.parent) if (k === ancestor) return true;
  return false;
}

/** Whether `kind` matches one of `kinds` (a kind list such as `[slash]` given to `conversions`). */
export function matchesAny(cards: Program['cards'], kind: string, kinds: readonly string[]): boolean {
  for (let i = 0; i < kinds.length; i++) if (isKindOf(cards, kind, kinds[i]!)) return true;
  return false;
}

/** The card kinds with inheritance resolved: each child carries its ancestors' fields, skills and methods under
 *  its own (its own win). The same object when no kind has a parent. */
export function inheritKinds(cards: Program['cards']): Program['cards'] {
  if (!Object.values(cards).some((c) => c.parent !== undefined)) return cards;
  const out: Record<string, ICardKind> = {};
  for (const [id, c] of Object.entries(cards)) {
    if (c.parent === undefined) {
      out[id] = c;
      continue;
    }
    const chain = kindChain(cards, id)
      .map((k) => cards[k])
      .filter((k): k is ICardKind => k !== undefined)
      .reverse();
    let skills: string[] = [];
    for (const k of chain) if (k.skills.length > 0) skills = k.skills;
    out[id] = {
      ...c,
      fields: Object.assign({}, ...chain.map((k) => k.fields)),
      methods: Object.assign({}, ...chain.map((k) => k.methods)),
      skills,
    };
  }
  return out;
}

/** The kind a value counts as: a card's (after filters and conversions: `x.kind`), a kind id itself; else null. */
export function kindOfValue(g: { getMember(o: Value, name: string, at: string): Value }, x: Value, at: string) {
  if (typeof x === 'string') return x;
  if (x && typeof x === 'object' && !Array.isArray(x) && (x.t === 'c' || x.t === 'v'))
    return String(g.getMember(x, 'kind', at));
  return null;
}
