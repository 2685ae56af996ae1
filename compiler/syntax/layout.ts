// Where a clean parse's tokens and top-level declarations lie, kept with the parse so that the next text of the file
// can be compared with it token by token (parse.ts `reparse`, splice.ts). Nothing but the tokens (these and their
// images) and the text's length reaches the trees: two texts with the same layout and images parse alike.
import type { IToken } from 'chevrotain';

export interface Layout {
  /** Per token, STRIDE numbers: its type, start and end offsets, line and column. */
  tokens: Int32Array;
  /** Per top-level declaration, two numbers: the index of its first token, how many trees it made (a mode with
   *  owned declarations makes several). The declarations cover the tokens after the file's header, back to back. */
  decls: Int32Array;
}

export const STRIDE = 5;

/** A layout, or how to make it the first time it is asked for (`layoutOf`). */
export type LayoutOf = Layout | (() => Layout | undefined);

export function layoutOf(l: LayoutOf | undefined): Layout | undefined {
  return typeof l === 'function' ? l() : l;
}

export function tokenLayout(tokens: IToken[]): Int32Array {
  const out = new Int32Array(tokens.length * STRIDE);
  for (let i = 0, j = 0; i < tokens.length; i++, j += STRIDE) {
    const t = tokens[i]!;
    out[j] = t.tokenTypeIdx;
    out[j + 1] = t.startOffset;
    out[j + 2] = t.endOffset ?? -1;
    out[j + 3] = t.startLine ?? -1;
    out[j + 4] = t.startColumn ?? -1;
  }
  return out;
}

/** The declarations' layout: `starts` are the offsets where the top-level declarations of a parse of the tokens
 *  `tokens` lays out begin, from token `base` on; `counts` the trees each made. Undefined when a declaration does
 *  not start at a token (never in a clean parse). */
export function declLayout(
  starts: readonly number[],
  tokens: Int32Array,
  counts: readonly number[],
  base = 0,
): Int32Array | undefined {
  if (starts.length !== counts.length) return undefined;
  const out = new Int32Array(starts.length * 2);
  const n = tokens.length / STRIDE;
  let j = base;
  for (let i = 0; i < starts.length; i++) {
    const at = starts[i];
    while (j < n && tokens[j * STRIDE + 1] !== at) j++;
    if (j >= n) return undefined;
    out[i * 2] = j;
    out[i * 2 + 1] = counts[i]!;
  }
  return out;
}

/** Whether token `t` is token `i` of the layout, `dOff` characters and `dLine` lines further on (same column, same
 *  type, same image in the text the layout was made from). */
export function sameToken(layout: Int32Array, i: number, before: string, t: IToken, dOff = 0, dLine = 0): boolean {
  const j = i * STRIDE;
  return (
    layout[j] === t.tokenTypeIdx &&
    layout[j + 1]! + dOff === t.startOffset &&
    layout[j + 2]! + dOff === (t.endOffset ?? -1) &&
    layout[j + 3]! + dLine === (t.startLine ?? -1) &&
    layout[j + 4] === (t.startColumn ?? -1) &&
    before.startsWith(t.image, layout[j + 1]!)
  );
}

export function sameLayout(layout: Int32Array, before: string, tokens: IToken[]): boolean {
  if (layout.length !== tokens.length * STRIDE) return false;
  for (let i = 0; i < tokens.length; i++) if (!sameToken(layout, i, before, tokens[i]!)) return false;
  return true;
}
