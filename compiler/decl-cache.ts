// Results per declaration kept between compiles, so that re-checking after an edit redoes only what the edit can
// have changed. A result is a function of its declaration (never mutated downstream, and an unchanged one keeps
// its object across compiles: compiler/index.ts), of what it read of the symbol table, and of the table's
// program-wide parts (windows, fields, tags …). An entry is reused when the declaration is the same object, the
// names it looked up resolve to the same declarations, and those parts did not change (`sameTables`, checked once
// per compile by `DeclCaches.begin`).
import { nameBit, Reads, sameSym, sameTables, type FilePart, type SymKind, type Symbols } from './lower/symbols.ts';

interface Entry<T> {
  value: T;
  reads: Reads;
  S: Symbols;
  tag: unknown;
}

/** Whether what `reads` saw of `was` is what `now` shows; `extra` answers the reads of other tables. */
function holds(reads: Reads, was: Symbols, now: Symbols, extra?: (key: string) => unknown): boolean {
  for (const [n, s] of reads.names) if (!sameSym(s, now.byName.get(n))) return false;
  for (const [k, list] of reads.kinds) {
    const cur = now.kindList(k);
    if (cur.length !== list.length || cur.some((s, i) => !sameSym(s, list[i]))) return false;
  }
  if (reads.extra.size > 0 && !extra) return false;
  for (const [k, v] of reads.extra) if (extra!(k) !== v) return false;
  for (const r of reads.shared) if (!holds(r, was, now, extra)) return false;
  return !reads.all || sameNames(was, now);
}

/** What changed from one table to the next: the names that resolve differently, the kinds whose list differs. */
export interface TableChange {
  from: Symbols;
  to: Symbols;
  /** (Lists, each item once: every kept entry is checked against them, and an index loop over a list made no
   *  iterator, where one per set was a twelfth of a re-check.) */
  names: readonly string[];
  /** The names' bits (Reads.mask): an entry none of whose bits is here read none of the names. */
  mask: number;
  kinds: readonly SymKind[];
  /** Different for each change made in this process (Reads.verdictOf). */
  serial: number;
}
let changes = 0;

function changeOf(from: Symbols, to: Symbols): TableChange {
  const names = new Set<string>();
  // The names a changed file may add (collect's parts), when the tables come from as many files: a file that is the
  // same object in both added the same symbols to both, and most of a re-check's files are (an edit changes one).
  // Else every name is looked at.
  const changed = changedParts(from, to);
  if (changed !== null) {
    const look = (n: string) => {
      if (!sameSym(from.byName.get(n), to.byName.get(n))) names.add(n);
    };
    for (const p of changed) for (const n of p.names) look(n);
    for (const n of from.extendedNames) look(n);
    for (const n of to.extendedNames) look(n);
  } else {
    // forEach, not for…of: an entry array per name would be most of what a re-check allocates here.
    from.byName.forEach((s, n) => {
      if (!sameSym(s, to.byName.get(n))) names.add(n);
    });
    to.byName.forEach((_, n) => {
      if (!from.byName.has(n)) names.add(n);
    });
  }
  const kinds = new Set<SymKind>();
  for (const n of names) {
    const a = from.byName.get(n);
    const b = to.byName.get(n);
    if (a) kinds.add(a.kind);
    if (b) kinds.add(b.kind);
  }
  // A list can also change by its order alone: only a list a changed file adds to (or an extension) can.
  const ordered =
    changed === null
      ? to.kinds()
      : new Set<SymKind>([
          ...changed.flatMap((p) => [...p.kinds]),
          ...(from.extendedNames.length + to.extendedNames.length > 0 ? (['member'] as const) : []),
        ]);
  for (const kind of ordered) {
    if (kinds.has(kind)) continue;
    const a = from.kindList(kind);
    const b = to.kindList(kind);
    if (a.length !== b.length || a.some((x, i) => !sameSym(x, b[i]))) kinds.add(kind);
  }
  let mask = 0;
  for (const n of names) mask |= nameBit(n);
  return { from, to, names: [...names], mask, kinds: [...kinds], serial: changes++ };
}

/** The parts (symbols.ts collect) of the files that differ between two tables made from as many files, those of
 *  both; null when they were made from different numbers of files, or not by collect. */
function changedParts(from: Symbols, to: Symbols): FilePart[] | null {
  // (A table made otherwise than by collect has no parts: compared whole.)
  if (from.parts.length !== to.parts.length || from.parts.length === 0) return null;
  const out: FilePart[] = [];
  for (let i = 0; i < from.parts.length; i++) {
    const a = from.parts[i]!;
    const b = to.parts[i]!;
    if (a !== b) out.push(a, b);
  }
  return out;
}

/** `holds` when the entry was last found good with the table the change starts from: only the changed names and
 *  kinds need a look. */
function holdsAfter(reads: Reads, change: TableChange, extra?: (key: string) => unknown): boolean {
  const { names, kinds } = change;
  if ((reads.mask & change.mask) !== 0)
    for (let i = 0; i < names.length; i++) if (reads.names.has(names[i]!)) return false;
  for (let i = 0; i < kinds.length; i++) if (reads.kinds.has(kinds[i]!)) return false;
  if (reads.all && names.length > 0) return false;
  if (reads.extra.size > 0 && !extra) return false;
  for (const [k, v] of reads.extra) if (extra!(k) !== v) return false;
  if (reads.shared.size === 0) return true;
  // A shared result's reads (a function's, read by every caller) are judged once per change and `extra`.
  for (const r of reads.shared) {
    if (r.verdictOf !== change.serial || r.verdictExtra !== extra) {
      r.verdict = holdsAfter(r, change, extra);
      r.verdictOf = change.serial;
      r.verdictExtra = extra;
    }
    if (!r.verdict) return false;
  }
  return true;
}

/** Every name means the same (suggestions read them all). */
function sameNames(a: Symbols, b: Symbols): boolean {
  if (a === b) return true;
  if (a.byName.size !== b.byName.size) return false;
  let same = true;
  a.byName.forEach((s, n) => {
    if (same && !sameSym(s, b.byName.get(n))) same = false;
  });
  return same;
}

/** `holds`, through `change` when it leads from `was` to `now`. */
export function stillHolds(
  reads: Reads,
  was: Symbols,
  now: Symbols,
  change?: TableChange,
  extra?: (key: string) => unknown,
): boolean {
  if (was === now) return true;
  return change?.from === was && change.to === now ? holdsAfter(reads, change, extra) : holds(reads, was, now, extra);
}

export class DeclCache<K extends object, T> {
  private entries = new WeakMap<K, Entry<T>>();
  constructor(private owner?: DeclCaches) {}

  clear(): void {
    this.entries = new WeakMap();
  }

  /** `compute()` for `key`, or what it gave last time if that still holds. `tag` is anything else the result
   *  depends on (compared with ===); `extra` answers the reads recorded in `Reads.extra`. */
  run(key: K, S: Symbols, compute: () => T, tag?: unknown, extra?: (key: string) => unknown): T {
    // A compile no re-check follows (CompileOptions.once): what it reads goes to the enclosing result, if any.
    if (this.owner?.keeping === false) return compute();
    const hit = this.entries.get(key);
    if (hit && hit.tag === tag && stillHolds(hit.reads, hit.S, S, this.owner?.change, extra)) {
      hit.S = S;
      if (S.reads) mergeReads(S.reads, hit.reads);
      return hit.value;
    }
    const outer = S.reads;
    const reads = new Reads();
    S.reads = reads;
    let value: T;
    try {
      value = compute();
    } finally {
      S.reads = outer;
      if (outer) mergeReads(outer, reads);
    }
    this.entries.set(key, { value, reads, S, tag });
    return value;
  }

  /** Keep `value` for `key` as found with `S`, having read `reads` (a result made otherwise than by `run`). */
  put(key: K, S: Symbols, value: T, reads: Reads, tag?: unknown): void {
    if (this.owner?.keeping !== false) this.entries.set(key, { value, reads, S, tag });
  }
}

/** A result several declarations read (a callable's, read by each caller's checks): `cache.run` (or `compute` when
 *  there is no cache), with what it read handed to the caller's reads by reference (Reads.share) and given back
 *  with the value, so that a caller finding the value elsewhere (in a table of this compile's) can hand them on
 *  too. `reads` is null when nothing records reads (a compile that keeps nothing). */
export function runShared<K extends object, T>(
  cache: DeclCache<K, T> | undefined,
  key: K,
  S: Symbols,
  compute: () => T,
): { value: T; reads: Reads | null } {
  const outer = S.reads;
  if (outer === undefined) return { value: cache ? cache.run(key, S, compute) : compute(), reads: null };
  const mine = new Reads();
  S.reads = mine;
  let value: T;
  try {
    value = cache ? cache.run(key, S, compute) : compute();
  } finally {
    S.reads = outer;
  }
  outer.share(mine);
  return { value, reads: mine };
}

/** A result shared by several declarations (computed once) still counts as read by each. */
export function mergeReads(into: Reads, from: Reads): void {
  // forEach, not for…of: no entry array per name (a file re-checked merges every declaration's reads).
  from.names.forEach((s, n) => {
    if (!into.names.has(n)) into.names.set(n, s);
  });
  into.mask |= from.mask;
  for (const [k, l] of from.kinds) into.readKind(k, l);
  for (const [k, v] of from.extra) if (!into.extra.has(k)) into.readExtra(k, v);
  for (const r of from.shared) into.share(r);
  into.all ||= from.all;
}

/** The caches of one compile pipeline: every entry is dropped when the program-wide tables change. */
export class DeclCaches {
  private last?: Symbols;
  private all: DeclCache<object, unknown>[] = [];
  /** From the last compile's table to this one's. */
  change?: TableChange;
  /** Whether this compile's results are kept for the next (false: CompileOptions.once). Recording what each
   *  declaration read and storing it in weak maps is work a compile made once never gets back. */
  keeping = true;

  cache<K extends object, T>(): DeclCache<K, T> {
    const c = new DeclCache<K, T>(this);
    this.all.push(c as unknown as DeclCache<object, unknown>);
    return c;
  }

  /** A compile with table `S` starts. */
  begin(S: Symbols): void {
    if (this.last && !sameTables(this.last, S)) this.clear();
    this.change = this.last && this.last !== S ? changeOf(this.last, S) : undefined;
    this.last = S;
  }

  clear(): void {
    for (const c of this.all) c.clear();
    this.last = undefined;
    this.change = undefined;
  }
}
