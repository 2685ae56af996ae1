// The lexer: one pass over the text, a switch on each token's first character. The token patterns in tokens.ts
// are the specification; Chevrotain's lexer built from them (`referenceLexer`) is what this must agree with, token
// for token and error for error (test/scan.test.ts compares the two on every .sgs file and on random texts).
// Chevrotain's lexer tried each candidate pattern as a sticky regular expression and allocated a match array for
// every token and every run of white space: a fifth of what parsing `rules/` allocated (21 of ~64 MB a compile).
import type { ILexingError, ILexingResult, IToken, TokenType } from 'chevrotain';
import {
  CardFace,
  Colon,
  Comma,
  Dot,
  Eq,
  EqEq,
  Gt,
  GtEq,
  Identifier,
  keywordOf,
  LCurly,
  LParen,
  LSquare,
  Lt,
  LtEq,
  makeToken,
  matchIdentifier,
  Minus,
  MinusEq,
  NotEq,
  NumberTok,
  Percent,
  Plus,
  PlusEq,
  Question,
  RCurly,
  RParen,
  RSquare,
  Slash,
  Star,
  StringTok,
} from './tokens.ts';

/** One-character tokens by character code. */
const single: (TokenType | undefined)[] = [];
for (const t of [Lt, Gt, Eq, Plus, Minus, Star, Slash, Percent, Dot, Comma, Colon, Question])
  single[(t.PATTERN as string).charCodeAt(0)] = t;
for (const t of [LParen, RParen, LCurly, RCurly, LSquare, RSquare]) single[(t.PATTERN as string).charCodeAt(0)] = t;
/** Two-character tokens by their first character; all of them end with `=` and come before the one-character ones. */
const withEq: (TokenType | undefined)[] = [];
for (const t of [EqEq, NotEq, LtEq, GtEq, PlusEq, MinusEq]) withEq[(t.PATTERN as string).charCodeAt(0)] = t;

/** A word's hash as the lexer reads it, one character at a time; 30 bits, so that it is a small integer in V8. */
const step = (h: number, c: number) => (Math.imul(h, 31) + c) & 0x3fffffff;
const hashOf = (word: string) => {
  let h = 0;
  for (let i = 0; i < word.length; i++) h = step(h, word.charCodeAt(i));
  return h;
};

/** A word and its token type, in a chain of the words whose hashes share a slot. */
interface Word {
  text: string;
  type: TokenType;
  hash: number;
  next: Word | undefined;
}
/** ASCII words read before (keywords first), by hash: a word is compared with these where it stands, so a keyword
 *  is found and a name seen before is not made again. Every `caocao` of every file is then one string: no new
 *  string per word (looking each word up in a map of strings hashed a new string per word was a third of the
 *  lexer's time), a smaller tree, and a string whose hash the maps of the later stages have already computed.
 *  A table of our own: an array slot per hash's low bits, a chain per slot. */
const SLOTS = 1 << 16;
let table: (Word | undefined)[] = [];
let stored = 0;
/** At most this many words are kept (the keywords always): a long-lived process reading many texts. */
const MAX_WORDS = 50_000;
function forgetWords(): void {
  table = new Array<Word | undefined>(SLOTS).fill(undefined);
  stored = 0;
  for (const [word, type] of keywordOf) remember(hashOf(word), word, type);
}
function remember(hash: number, text: string, type: TokenType): Word {
  const slot = hash & (SLOTS - 1);
  const w: Word = { text, type, hash, next: table[slot] };
  table[slot] = w;
  stored++;
  return w;
}
forgetWords();

/** The ASCII word text[i, i + length) of hash `h`: found among the words read before, or made and remembered as a
 *  name. */
function wordAt(text: string, i: number, length: number, h: number): Word {
  for (let w = table[h & (SLOTS - 1)]; w !== undefined; w = w.next) {
    if (w.hash !== h || w.text.length !== length) continue;
    let k = 0;
    while (k < length && w.text.charCodeAt(k) === text.charCodeAt(i + k)) k++;
    if (k === length) return w;
  }
  if (stored >= MAX_WORDS) forgetWords();
  return remember(h, text.slice(i, i + length), Identifier);
}

const EQ = 61;
const QUOTE = 34;
const BACKSLASH = 92;
const HASH = 35;
const LF = 10;
const CR = 13;

function isSpace(c: number): boolean {
  return c === 32 || (c >= 9 && c <= 13) || c === 0xa0 || c === 0x3000 || c === 0xfeff;
}
function isDigit(c: number): boolean {
  return c >= 48 && c <= 57;
}
/** A letter, `_`, or (not first) a digit, in ASCII. */
function isWordAscii(c: number, inside: boolean): boolean {
  return (c >= 97 && c <= 122) || (c >= 65 && c <= 90) || c === 95 || (inside && c >= 48 && c <= 57);
}
function isSuit(c: number): boolean {
  return c === 0x2660 || c === 0x2665 || c === 0x2663 || c === 0x2666; // ♠ ♥ ♣ ♦
}

/** The length of a card face at `i` (`♠7`, `♣10`, `♥\uFE0FA`), or -1. */
function cardFaceLength(text: string, i: number): number {
  let j = i + 1;
  if (text.charCodeAt(j) === 0xfe0f) j++;
  const c = text.charCodeAt(j);
  if (c === 49 && text.charCodeAt(j + 1) === 48) return j + 2 - i; // 10
  if ((c >= 50 && c <= 57) || c === 65 || c === 74 || c === 81 || c === 75) return j + 1 - i; // 2-9 A J Q K
  return -1;
}

/** The length of a string literal at `i` (escapes of anything but a line break; no line break inside), or -1. */
function stringLength(text: string, i: number): number {
  for (let j = i + 1; j < text.length; j++) {
    const c = text.charCodeAt(j);
    if (c === QUOTE) return j + 1 - i;
    if (c === LF || c === CR) return -1;
    if (c === BACKSLASH) {
      const n = text.charCodeAt(j + 1);
      // `.` in the pattern: any character but a line terminator.
      if (Number.isNaN(n) || n === LF || n === CR || n === 0x2028 || n === 0x2029) return -1;
      j++;
    }
  }
  return -1;
}

/** Whether some token (or skipped text) starts at `i`: where the lexer resumes after characters it cannot read. */
function startsToken(text: string, i: number): boolean {
  const c = text.charCodeAt(i);
  if (Number.isNaN(c)) return false;
  if (isSpace(c) || c === HASH || isDigit(c) || single[c] !== undefined) return true;
  if (withEq[c] !== undefined) return text.charCodeAt(i + 1) === EQ;
  if (isSuit(c)) return cardFaceLength(text, i) > 0;
  if (c === QUOTE) return stringLength(text, i) > 0;
  return matchIdentifier(text, i) !== null;
}

/** Lex a text as Chevrotain's lexer would with the patterns of tokens.ts (skipping white space and comments,
 *  keywords looked up as whole words), with the same positions and the same errors. */
export function scan(text: string): ILexingResult {
  const tokens: IToken[] = [];
  const errors: ILexingError[] = [];
  const n = text.length;
  let i = 0;
  let line = 1;
  let column = 1;
  while (i < n) {
    const c = text.charCodeAt(i);
    if (isSpace(c)) {
      // Line breaks: \n, \r\n and a lone \r, as the lexer's line terminators.
      let j = i;
      for (; j < n; j++) {
        const d = text.charCodeAt(j);
        if (!isSpace(d)) break;
        if (d === LF || (d === CR && text.charCodeAt(j + 1) !== LF)) {
          line++;
          column = 0;
        }
        column++;
      }
      i = j;
      continue;
    }
    let type: TokenType | undefined;
    let length = -1;
    // Punctuation: the token's text is its pattern, one string for every one of them rather than a slice each.
    let fixed = false;
    if (c === HASH) {
      let j = i + 1;
      while (j < n && text.charCodeAt(j) !== LF && text.charCodeAt(j) !== CR) j++;
      column += j - i;
      i = j;
      continue;
    }
    if (isDigit(c)) {
      let j = i + 1;
      while (isDigit(text.charCodeAt(j))) j++;
      type = NumberTok;
      length = j - i;
    } else if (withEq[c] !== undefined && text.charCodeAt(i + 1) === EQ) {
      type = withEq[c];
      length = 2;
      fixed = true;
    } else if (single[c] !== undefined) {
      type = single[c];
      length = 1;
      fixed = true;
    } else if (c === QUOTE) {
      length = stringLength(text, i);
      type = StringTok;
    } else if (isSuit(c)) {
      length = cardFaceLength(text, i);
      type = CardFace;
    } else {
      // A word: ASCII ones (nearly all) scanned here, any other by the identifier pattern.
      let j = i;
      let h = 0;
      for (; j < n; j++) {
        const d = text.charCodeAt(j);
        if (!isWordAscii(d, j > i)) break;
        h = step(h, d);
      }
      let image: string | undefined;
      let wordType: TokenType = Identifier;
      if (j < n && text.charCodeAt(j) >= 0x80) {
        image = matchIdentifier(text, i)?.[0];
        if (image !== undefined) wordType = keywordOf.get(image) ?? Identifier; // `skill` before `　`
      } else if (j > i) {
        const w = wordAt(text, i, j - i, h);
        image = w.text;
        wordType = w.type;
      }
      if (image !== undefined) {
        tokens.push(makeToken(wordType, image, i, line, column));
        column += image.length;
        i += image.length;
        continue;
      }
    }
    if (length > 0) {
      const image = fixed ? (type!.PATTERN as string) : text.slice(i, i + length);
      tokens.push(makeToken(type!, image, i, line, column));
      column += length;
      i += length;
      continue;
    }
    // Characters no token starts with: one error for the run of them, up to where a token (or space) starts.
    const start = i;
    do i++;
    while (i < n && !startsToken(text, i));
    const skipped = i - start;
    errors.push({
      offset: start,
      line,
      column,
      length: skipped,
      message: `unexpected character: ->${text.charAt(start)}<- at offset: ${start}, skipped ${skipped} characters.`,
    });
    column += skipped;
  }
  return { tokens, groups: {}, errors };
}

/** The lexer the parser and the tools use. */
export const lexer = { tokenize: scan };
