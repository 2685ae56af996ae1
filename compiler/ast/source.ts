// Where a node of the AST is. A node holds two offsets into its file's text (`pos`, `end`) and, under a symbol,
// the parse's `Source`; a `Span` (file, offsets, line, column) is made only when one is asked for (`spanOf`). A parse
// makes ~100,000 nodes: a span object for each was 6 MB that every compile allocated and kept.
//
// The symbol keeps the source out of everything that walks a tree by its keys (`for…in`, `sameData`, JSON, a
// structured clone). vitest's `toEqual` does compare symbol-keyed properties; a source's only public field is its
// file's name, so two parses of one file still compare equal where their trees do.

export interface Span {
  file: string;
  start: number; // offset of the first character
  end: number; // offset one past the last character
  line: number; // 1-based
  col: number; // 1-based
}

export const SOURCE: unique symbol = Symbol('source');

/** A node's place: offsets into the text of its source. */
export interface Located {
  pos: number; // offset of the first character
  end: number; // offset one past the last character
  [SOURCE]: Source;
}

/** The keys of a place: `Omit<T, Placed>` is a node before it is placed. */
export type Placed = keyof Located;

/** A parsed text: its file's name, and where its lines start (a line ends at `\n`). */
export class Source {
  readonly #text: string;
  readonly #starts: number[] = [0];
  /** The line found last: nodes are mostly asked for in text order. */
  #hint = 0;

  constructor(
    readonly file: string,
    text: string,
  ) {
    this.#text = text;
    for (let i = text.indexOf('\n'); i >= 0; i = text.indexOf('\n', i + 1)) this.#starts.push(i + 1);
  }

  get text(): string {
    return this.#text;
  }

  /** The (1-based) line of an offset. */
  lineOf(offset: number): number {
    const starts = this.#starts;
    const h = this.#hint;
    if (starts[h]! <= offset && (h + 1 === starts.length || starts[h + 1]! > offset)) return h + 1;
    let lo = 0;
    let hi = starts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (starts[mid]! <= offset) lo = mid;
      else hi = mid - 1;
    }
    this.#hint = lo;
    return lo + 1;
  }

  /** `file:line:col` of an offset: the file's name (shared by every node of the file) and one short flat string.
   *  V8 keeps a concatenation of 13 or more characters as a rope, one object per `+`. */
  place(offset: number): string {
    const line = this.lineOf(offset);
    return this.file + (':' + line + ':' + (offset - this.#starts[line - 1]! + 1));
  }

  /** Whether every offset in `[from, to]` has the same line and column here and in `other`: what two trees with
   *  the same offsets need to stand for the same places. */
  sameLines(other: Source, from: number, to: number): boolean {
    if (other === this) return true;
    const a = this.#starts;
    const b = other.#starts;
    const i = this.lineOf(from) - 1;
    if (other.lineOf(from) - 1 !== i) return false;
    // The line of `from` starts at the same offset, and so does every line that starts in the range in either.
    for (let k = i; (k < a.length && a[k]! <= to) || (k < b.length && b[k]! <= to); k++)
      if (a[k] !== b[k]) return false;
    return true;
  }

  /** The span of `[start, end)`. */
  span(start: number, end: number): Span {
    const line = this.lineOf(start);
    return { file: this.file, start, end, line, col: start - this.#starts[line - 1]! + 1 };
  }
}

/** Where a node is, as a span. */
export function spanOf(n: Located): Span {
  return n[SOURCE].span(n.pos, n.end);
}

/** `file:line:col` of a node's start. */
export function placeOf(n: Located): string {
  return n[SOURCE].place(n.pos);
}

/** The place of `n`, for a node made from another (same source, same offsets). */
export function locatedAs(n: Located): Located {
  return { pos: n.pos, end: n.end, [SOURCE]: n[SOURCE] };
}

/** The name of a node's file. */
export function fileOf(n: Located): string {
  return n[SOURCE].file;
}

/** The (1-based) line where a node starts. */
export function lineOf(n: Located): number {
  return n[SOURCE].lineOf(n.pos);
}
