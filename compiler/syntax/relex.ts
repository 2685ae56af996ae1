// Lexing only the lines an edit changed. No token but white space holds a line break or is decided by what follows
// one (a comment and a string end at the line's end), so the lexer reads each line alike wherever it stands: the
// tokens of the unchanged lines before the edit are the old ones, those after it the old ones moved by what the
// edit added. The new text's layout is made from the old one and a lexer run over the changed lines only.
import type { IToken, TokenType } from 'chevrotain';
import { allTokens, makeToken } from './tokens.ts';
import { lexer } from './scan.ts';
import { sameToken, STRIDE } from './layout.ts';

export interface Relexed {
  /** The new text's token layout (layout.ts). */
  layout: Int32Array;
  /** Token i of the new text, as the lexer gives it. */
  token(i: number): IToken;
  /** The first `same` tokens are the old ones, and the last `sameEnd` the old last ones, `dOff` characters and
   *  `dLine` lines further on (same columns). */
  same: number;
  sameEnd: number;
  dOff: number;
  dLine: number;
}

const typeOf = new Map<number, TokenType>(allTokens.map((t) => [t.tokenTypeIdx!, t]));

/** Characters compared at once while looking for the edit. */
const BLOCK = 512;

function isBreak(c: number): boolean {
  return c === 10 || c === 13;
}

/** Line breaks in text[from, to), `\r\n` counted once (as the lexer counts lines). */
function breaks(text: string, from: number, to: number): number {
  let n = 0;
  for (let i = from; i < to; i++) {
    const c = text.charCodeAt(i);
    if (c === 10 || (c === 13 && text.charCodeAt(i + 1) !== 10)) n++;
  }
  return n;
}

function newlines(text: string, from: number, to: number): number {
  let n = 0;
  for (let i = text.indexOf('\n', from); i >= 0 && i < to; i = text.indexOf('\n', i + 1)) n++;
  return n;
}

/** The first token of the layout that starts at `offset` or later. */
function firstFrom(layout: Int32Array, offset: number): number {
  let lo = 0;
  let hi = layout.length / STRIDE;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (layout[mid * STRIDE + 1]! < offset) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** The tokens of `text`, an edit of `before` (whose clean tokens `was` lays out). Undefined when the changed lines
 *  do not lex cleanly (the whole text is lexed again, to say why). */
export function relex(before: string, was: Int32Array, text: string): Relexed | undefined {
  const most = Math.min(before.length, text.length);
  let d0 = 0;
  // Whole blocks first (a string comparison is a memory comparison), then character by character.
  while (d0 + BLOCK <= most && before.slice(d0, d0 + BLOCK) === text.slice(d0, d0 + BLOCK)) d0 += BLOCK;
  while (d0 < most && before.charCodeAt(d0) === text.charCodeAt(d0)) d0++;
  let d1 = 0;
  while (
    d1 + BLOCK <= most - d0 &&
    before.slice(before.length - d1 - BLOCK, before.length - d1) ===
      text.slice(text.length - d1 - BLOCK, text.length - d1)
  )
    d1 += BLOCK;
  while (d1 < most - d0 && before.charCodeAt(before.length - 1 - d1) === text.charCodeAt(text.length - 1 - d1)) d1++;
  const dOff = text.length - before.length;

  // The changed lines: from the start of the line of the first changed character (not between `\r` and `\n`) to
  // just after the first `\n` in the unchanged end, or to the end of the text.
  let x0 = d0;
  while (x0 > 0 && !isBreak(text.charCodeAt(x0 - 1))) x0--;
  while (x0 > 0 && text.charCodeAt(x0 - 1) === 13) {
    x0--;
    while (x0 > 0 && !isBreak(text.charCodeAt(x0 - 1))) x0--;
  }
  const x1 = text.indexOf('\n', text.length - d1) + 1 || text.length;
  const o1 = x1 - dOff;
  // The lexer also counts a lone `\r` as a line break, the trees' lines and columns only `\n` (build.ts): when
  // the edit changed their numbers differently, the moved trees could not be told apart.
  const dLine = breaks(text, x0, x1) - breaks(before, x0, o1);
  if (dLine !== newlines(text, x0, x1) - newlines(before, x0, o1)) return undefined;

  const lexed = lexer.tokenize(text.slice(x0, x1));
  if (lexed.errors.length > 0) return undefined;
  const q0 = firstFrom(was, x0);
  const q1 = firstFrom(was, o1);
  const oldCount = was.length / STRIDE;
  // The line of x0: that of the last token before it, and the breaks after that token.
  const line0 =
    q0 > 0 ? was[(q0 - 1) * STRIDE + 3]! + breaks(text, was[(q0 - 1) * STRIDE + 2]! + 1, x0) : 1 + breaks(text, 0, x0);
  const window = lexed.tokens;
  for (const t of window) {
    t.startOffset += x0;
    t.endOffset! += x0;
    t.startLine! += line0 - 1;
  }

  const count = q0 + window.length + (oldCount - q1);
  const layout = new Int32Array(count * STRIDE);
  layout.set(was.subarray(0, q0 * STRIDE));
  for (let i = 0, j = q0 * STRIDE; i < window.length; i++, j += STRIDE) {
    const t = window[i]!;
    layout[j] = t.tokenTypeIdx;
    layout[j + 1] = t.startOffset;
    layout[j + 2] = t.endOffset!;
    layout[j + 3] = t.startLine!;
    layout[j + 4] = t.startColumn!;
  }
  for (let i = q1, j = (q0 + window.length) * STRIDE; i < oldCount; i++, j += STRIDE) {
    const k = i * STRIDE;
    layout[j] = was[k]!;
    layout[j + 1] = was[k + 1]! + dOff;
    layout[j + 2] = was[k + 2]! + dOff;
    layout[j + 3] = was[k + 3]! + dLine;
    layout[j + 4] = was[k + 4]!;
  }

  // The changed lines may begin and end with unchanged tokens.
  let same = q0;
  while (same - q0 < window.length && same < q1 && sameToken(was, same, before, window[same - q0]!)) same++;
  let sameEnd = oldCount - q1;
  for (let w = window.length - 1, o = q1 - 1; w >= same - q0 && o >= same; w--, o--, sameEnd++)
    if (!sameToken(was, o, before, window[w]!, dOff, dLine)) break;

  const token = (i: number): IToken => {
    if (i >= q0 && i < q0 + window.length) return window[i - q0]!;
    const j = i * STRIDE;
    const start = layout[j + 1]!;
    const end = layout[j + 2]!;
    const line = layout[j + 3]!;
    const col = layout[j + 4]!;
    return makeToken(typeOf.get(layout[j]!)!, text.slice(start, end + 1), start, line, col);
  };
  return { layout, token, same, sameEnd, dOff, dLine };
}
