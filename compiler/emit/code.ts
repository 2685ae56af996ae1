// The only way text enters the emitted module. `js` templates are the emitter's own shapes: its literal parts are
// written in compiler/emit, and every interpolation must be Code again (checked when the module is built). Author
// text (names, log templates, file names in positions) becomes Code only through `lit`, which writes a JSON
// literal; numbers that index or count only through `int`; the emitter's own names only through `name`.
// So nothing an author writes can become an identifier, an operator or a statement of the output.

export class Code {
  /** Only this file makes Code (the constructor is not exported in spirit: use js, lit, int, name, list). */
  constructor(
    readonly text: string,
    token: typeof TOKEN,
  ) {
    if (token !== TOKEN) throw new Error('Code is made by compiler/emit/code.ts only');
  }
  toString(): string {
    return this.text;
  }
}

const TOKEN = Symbol('code');
const make = (s: string) => new Code(s, TOKEN);

/** A template of the emitter's own text with Code (or lists of Code, joined by ", ") in its holes. */
export function js(parts: TemplateStringsArray, ...holes: (Code | readonly Code[])[]): Code {
  let s = parts[0]!;
  for (let i = 0; i < holes.length; i++) {
    const h = holes[i]!;
    if (Array.isArray(h)) s += list(h).text;
    else if (h instanceof Code) s += h.text;
    else throw new Error(`emit: a hole of a template must be Code, got ${typeof h}`);
    s += parts[i + 1]!;
  }
  return make(s);
}

/** Code joined by a separator of the emitter's own (", " by default; "\n" for statements). */
export function list(xs: readonly Code[], sep: ', ' | ',\n' | '\n' | '' = ', '): Code {
  for (const x of xs) if (!(x instanceof Code)) throw new Error('emit: list items must be Code');
  return make(xs.map((x) => x.text).join(sep));
}

/** A literal value: a JSON string, a finite number, a boolean, null or undefined. */
export function lit(v: string | number | boolean | null | undefined): Code {
  if (v === undefined) return make('undefined');
  if (v === null || typeof v === 'boolean') return make(String(v));
  if (typeof v === 'number') {
    if (!Number.isFinite(v)) throw new Error(`emit: a number literal must be finite, got ${v}`);
    return make(Object.is(v, -0) ? '(-0)' : v < 0 ? `(${JSON.stringify(v)})` : JSON.stringify(v));
  }
  if (typeof v === 'string') return make(JSON.stringify(v));
  throw new Error(`emit: not a literal: ${typeof v}`);
}

/** A non-negative integer (a slot, a count, an index). */
export function int(n: number): Code {
  if (!Number.isInteger(n) || n < 0) throw new Error(`emit: expected a non-negative integer, got ${n}`);
  return make(String(n));
}

/** The emitter's prefixes for the names it makes: a letter, then a number. */
export type Prefix =
  | 'F'
  | 'J'
  | 'U'
  | 'V'
  | 'Y'
  | 'B'
  | 'A'
  | 'G'
  | 'P'
  | 'H'
  | 'W'
  | 'Q'
  | 'E'
  | 'R'
  | 'L'
  | 'K'
  | 'Z'
  | 'x'
  | 'k'
  | 'v'
  | 'o'
  | 'f'
  | 'w'
  | 'h'
  | 'b'
  | 's';

/** One of the emitter's own names: its prefix and a number (`F12`). */
export function name(prefix: Prefix, n: number): Code {
  return make(prefix + int(n).text);
}
