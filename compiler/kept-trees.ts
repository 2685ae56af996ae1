// Trees kept across compiles: a declaration an edit did not change keeps its object, so that the caches after
// parsing (compiler/decl-cache.ts) find it by identity. Parsing a changed file anew makes new objects for all of
// its declarations; each that equals the one parsed before at the same offset is replaced by that one.
import type * as A from './ast/nodes.ts';
import { SOURCE } from './ast/source.ts';
import type { ParseResult } from './syntax/parse.ts';

/** Deep equality of plain data (the AST and diagnostics are JSON-like: objects, arrays, primitives). */
export function sameData(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a)) {
    if (!Array.isArray(b) || a.length !== b.length) return false;
    for (let i = 0; i < a.length; i++) if (!sameData(a[i], b[i])) return false;
    return true;
  }
  if (Array.isArray(b)) return false;
  // Counted rather than listed: no arrays of keys made for every node.
  let keys = 0;
  for (const k in a) {
    keys++;
    if (!(k in b) || !sameData((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k])) return false;
  }
  for (const _ in b) keys--;
  return keys === 0;
}

/** Whether two nodes at the same offsets are on the same lines and columns, with all they hold: their trees say
 *  only where they are in their text (offsets), their sources where its lines start. */
export function sameLines(a: A.Located, b: A.Located): boolean {
  return a[SOURCE].sameLines(b[SOURCE], a.pos, a.end);
}

/** `now` with the declarations of `before` it equals, in the same places. */
export function keepDecls(before: ParseResult, now: ParseResult): ParseResult {
  if (before.ast.decls === now.ast.decls) return now;
  const at = new Map<number, A.Decl>();
  for (const d of before.ast.decls) at.set(d.pos, d);
  let kept = 0;
  const decls = now.ast.decls.map((d) => {
    const old = at.get(d.pos);
    if (!old || !sameData(old, d) || !sameLines(old, d)) return d;
    kept++;
    return old;
  });
  return kept ? { ast: { ...now.ast, decls }, diagnostics: now.diagnostics } : now;
}
