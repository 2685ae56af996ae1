// Equality of lists and maps, item by item in order: what a re-check compares to keep what it found before
// (facts.ts, asks.ts, missing.ts).
/** The same items in the same order (`same` of each pair; identity by default). */
export function sameList<T>(
  a: readonly T[],
  b: readonly T[],
  same: (x: T, y: T) => boolean = (x, y) => x === y,
): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (!same(a[i]!, b[i]!)) return false;
  return true;
}

/** The same keys in the same order, and `same` values. */
export function sameMap<K, V>(a: ReadonlyMap<K, V>, b: ReadonlyMap<K, V>, same: (x: V, y: V) => boolean): boolean {
  if (a.size !== b.size) return false;
  const bs = b.entries();
  for (const [k, v] of a) {
    const n = bs.next();
    if (n.done || n.value[0] !== k || !same(v, n.value[1])) return false;
  }
  return true;
}
