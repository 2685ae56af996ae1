// Re-parsing only the top-level declarations an edit touched. The new text's tokens (relex.ts) are compared with the
// last clean parse's (layout.ts): the unchanged tokens at the start and, shifted, at the end. The declarations around the
// changed tokens are parsed again and put between the kept ones, whose places move by what the edit added. Whenever
// that could differ from a parse of the whole text, it declines (undefined) and the caller parses the whole text:
// a syntax error anywhere in the parsed part (its recovery is the whole parse's to find), a change near the header,
// declarations that no longer end where the kept ones begin.
import type { IToken } from 'chevrotain';
import type * as A from '../ast/nodes.ts';
import { SOURCE, type Source } from '../ast/source.ts';
import { MAX_LOOKAHEAD, parser, type Parsed } from './parser.ts';
import { declLayout, STRIDE, type Layout } from './layout.ts';
import type { Relexed } from './relex.ts';

/** The new tree and layout, with what was parsed again: its tokens and the declarations made from them (the
 *  limits of limits.ts are checked on those alone: the kept ones kept them before). */
export interface Spliced {
  ast: A.SourceFile;
  layout: Layout;
  freshTokens: IToken[];
  freshDecls: A.Decl[];
}

/** The last clean parse of the file: its text, its tree and their layout. */
export interface Before {
  text: string;
  ast: A.SourceFile;
  layout: Layout;
}

// Why the parsed part reaches MAX_LOOKAHEAD tokens past the change on each side: the parser decides at each token
// from at most that many tokens, so a declaration that ends that far before the first changed token parses as it
// did, and the last declaration parsed again sees as many of the tokens after it as a parse of the whole text does.

/** The tree of `text` (a clean parse, nothing to say), whose tokens `relexed` gives, from the parse of the file's
 *  text before; undefined when the whole text must be parsed. */
export function splice(before: Before, text: string, file: string, relexed: Relexed): Spliced | undefined {
  const chunks = before.layout.decls;
  const oldLen = before.layout.tokens.length / STRIDE;
  const newLen = relexed.layout.length / STRIDE;
  const nChunks = chunks.length / 2;
  if (nChunks === 0 || newLen === 0 || oldLen === 0) return undefined;
  // The tokens the same at the start (p of them) and, moved, at the end (s).
  const { same: p, sameEnd: s, dOff, dLine } = relexed;

  // Old declarations [a, b) are parsed again: a is the one holding the token MAX_LOOKAHEAD before the change,
  // b the first that starts in the unchanged end. The parse reads on to old declaration c, MAX_LOOKAHEAD further.
  const from = p - MAX_LOOKAHEAD;
  if (from < chunks[0]!) return undefined;
  let a = 0;
  while (a + 1 < nChunks && chunks[(a + 1) * 2]! <= from) a++;
  let b = a + 1;
  while (b < nChunks && chunks[b * 2]! < oldLen - s) b++;
  let c = b;
  while (c < nChunks && chunks[c * 2]! < chunks[b * 2]! + MAX_LOOKAHEAD) c++;
  const moved = newLen - oldLen;
  const start = chunks[a * 2]!;
  const end = b < nChunks ? chunks[b * 2]! + moved : newLen;
  const stop = c < nChunks ? chunks[c * 2]! + moved : newLen;

  const tokens: IToken[] = [];
  for (let i = start; i < stop; i++) tokens.push(relexed.token(i));
  let parsed: Parsed;
  try {
    parser.begin(file, text);
    parser.input = tokens;
    parser.decls();
    if (parser.errors.length > 0) return undefined;
    parsed = parser.tree();
  } finally {
    parser.input = []; // release the tokens
  }
  if (parsed.diagnostics.length > 0) return undefined;
  const parts = declLayout(parsed.starts, relexed.layout, parsed.counts, start);
  if (!parts) return undefined;
  // The parsed declarations must end where the kept ones begin.
  let k = 0;
  let trees = 0;
  while (k < parts.length / 2 && parts[k * 2]! < end) trees += parts[k++ * 2 + 1]!;
  if (end < newLen && parts[k * 2] !== end) return undefined;

  const oldDecls = before.ast.decls;
  let keptBefore = 0;
  for (let i = 0; i < a; i++) keptBefore += chunks[i * 2 + 1]!;
  let keptAfter = keptBefore;
  for (let i = a; i < b; i++) keptAfter += chunks[i * 2 + 1]!;
  const after = oldDecls.slice(keptAfter);
  const freshDecls = parsed.ast.decls.slice(0, trees);
  const decls = [
    ...oldDecls.slice(0, keptBefore),
    ...freshDecls,
    // Those before the change keep their trees (the text up to them is the same); so do those after it when it
    // moved nothing. Otherwise they are copied to their new offsets, in the new text.
    ...(dOff === 0 && dLine === 0 ? after : after.map((d) => shifted(d, dOff, parsed.ast[SOURCE]))),
  ];

  const declsLayout = new Int32Array(a * 2 + k * 2 + (nChunks - b) * 2);
  declsLayout.set(chunks.subarray(0, a * 2));
  declsLayout.set(parts.subarray(0, k * 2), a * 2);
  for (let i = b, j = (a + k) * 2; i < nChunks; i++, j += 2) {
    declsLayout[j] = chunks[i * 2]! + moved;
    declsLayout[j + 1] = chunks[i * 2 + 1]!;
  }
  return {
    ast: { ...before.ast, decls, pos: 0, end: text.length, [SOURCE]: parsed.ast[SOURCE] },
    layout: { tokens: relexed.layout, decls: declsLayout },
    freshTokens: tokens.slice(0, end - start),
    freshDecls,
  };
}

/** A copy of a tree `dOff` characters further on, pointing to `src` (the columns stay: only declarations that start
 *  on a line after the change are kept). */
function shifted<T>(node: T, dOff: number, src: Source): T {
  if (typeof node !== 'object' || node === null) return node;
  if (Array.isArray(node)) return node.map((x) => shifted(x, dOff, src)) as T;
  const out: Record<string | symbol, unknown> = {};
  for (const k in node) out[k] = shifted((node as Record<string, unknown>)[k], dOff, src);
  if (typeof out.pos === 'number') {
    out.pos = (out.pos as number) + dOff;
    out.end = (out.end as number) + dOff;
    out[SOURCE] = src;
  }
  return out as T;
}
