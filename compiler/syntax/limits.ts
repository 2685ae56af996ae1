// The compiler's limits (docs/language.md, "Limits of the compiler"): whatever a file holds, the compiler answers
// with diagnostics in time and memory about linear in its size, and never overflows the stack. Each limit is far
// above what real rules need (the largest file of rules/ is about 41 KB, its deepest nesting about 10 levels):
//
// - a file of more than MAX_FILE_CHARS characters is not read (SGS003);
// - brackets `(` `[` `{` and `else if` chains nested more than MAX_NESTING deep stop the parse of the file at the
//   token that passes the limit (SGS004): the parser is recursive, one level per bracket;
// - a syntax tree nested more than MAX_TREE_DEPTH deep (an expression of more than that many operators in a chain,
//   `- - - x`, `a.b.c…`) is an error at the node that passes the limit (SGS005), and its declaration is dropped:
//   lowering, the checks, the text generator and the engine walk trees recursively, so none of them ever sees one;
// - a number literal above Number.MAX_SAFE_INTEGER (2^53 − 1) is an error (SGS006): it would silently change;
// - a file reports at most MAX_DIAGNOSTICS_PER_FILE diagnostics, then one SGS007 that counts the rest; the parser
//   stops reading a file at its MAX_DIAGNOSTICS_PER_FILE-th syntax error (error recovery on junk costs time and
//   memory per error).
import { SOURCE, spanOf } from '../ast/source.ts';
import type { IToken, TokenType } from 'chevrotain';
import type { Located, SourceFile, Span } from '../ast/nodes.ts';
import { error, warning, type Diagnostic } from '../diagnostics.ts';
import { Identifier, kw, LCurly, LParen, LSquare, Minus, NumberTok, RCurly, RParen, RSquare } from './tokens.ts';

// Token types by index: none of these has a subtype, so the index alone tells them (no tokenMatcher per token).
const idx = (t: TokenType | undefined) => t!.tokenTypeIdx!;
const [MINUS, NOT, L_PAREN, L_SQUARE, L_CURLY] = [Minus, kw.not, LParen, LSquare, LCurly].map(idx);
const [R_PAREN, R_SQUARE, R_CURLY, ELSE, IF, NUMBER] = [RParen, RSquare, RCurly, kw.else, kw.if, NumberTok].map(idx);
const IDENT = idx(Identifier);
// The one name a plain object does not keep as a key: the engine's state and the IR hold names as keys (a player's
// properties, an event's fields, a skill's), where `x.__proto__ = v` would change the object's prototype instead.
const UNKEPT_NAME = '__proto__';

export const MAX_FILE_CHARS = 1_000_000;
export const MAX_NESTING = 256;
export const MAX_TREE_DEPTH = 1000;
export const MAX_DIAGNOSTICS_PER_FILE = 100;

/** Line and column (1-based) of an offset. */
function lineCol(text: string, offset: number): { line: number; col: number } {
  let line = 1;
  let lineStart = 0;
  for (let i = text.indexOf('\n'); i >= 0 && i < offset; i = text.indexOf('\n', i + 1)) {
    line++;
    lineStart = i + 1;
  }
  return { line, col: offset - lineStart + 1 };
}

function tokenSpan(file: string, t: IToken): Span {
  const end = Number.isFinite(t.endOffset) ? (t.endOffset as number) + 1 : t.startOffset + t.image.length;
  return { file, start: t.startOffset, end, line: t.startLine ?? 1, col: t.startColumn ?? 1 };
}

/** SGS003 when the text is longer than the limit, at the first character past it. */
export function fileTooLarge(text: string, file: string): Diagnostic | undefined {
  if (text.length <= MAX_FILE_CHARS) return undefined;
  const { line, col } = lineCol(text, MAX_FILE_CHARS);
  const span = { file, start: MAX_FILE_CHARS, end: MAX_FILE_CHARS + 1, line, col };
  return error(
    'SGS003',
    `this file is too large: ${text.length.toLocaleString('en')} characters, more than the limit of ` +
      `${MAX_FILE_CHARS.toLocaleString('en')}; split it into several files`,
    span,
  );
}

export interface TokenLimits {
  diagnostics: Diagnostic[];
  /** Nesting passed MAX_NESTING at this token: only the tokens before it may be parsed. */
  cut?: number;
}

/** One pass over the tokens: nesting deeper than the parser can take (SGS004, stops there), number literals
 *  that are not safe integers (SGS006) and the name `__proto__` (SGS008). An `else if` nests the `if` in the
 *  `else`: a chain counts one level per `else if`, until the block it is in closes or a statement other than `else`
 *  follows it. */
export function scanTokens(tokens: readonly IToken[], file: string): TokenLimits {
  const diagnostics: Diagnostic[] = [];
  // Per open bracket, the `else if` chain running at its level; `depth` is brackets plus chains.
  const chains: number[] = [0];
  let depth = 0;
  // The run of prefix operators (`- - not x`): one tree level each.
  let prefixes = 0;
  for (let i = 0; i < tokens.length; i++) {
    const t = tokens[i]!;
    const ti = t.tokenTypeIdx;
    let deeper = false;
    prefixes = ti === MINUS || ti === NOT ? prefixes + 1 : 0;
    if (prefixes > MAX_NESTING) {
      diagnostics.push(
        error(
          'SGS004',
          `more than ${MAX_NESTING} prefix operators in a row: the file is not read further`,
          tokenSpan(file, t),
        ),
      );
      return { diagnostics, cut: i };
    }
    if (ti === L_PAREN || ti === L_SQUARE || ti === L_CURLY) {
      chains.push(0);
      depth++;
      deeper = true;
    } else if (ti === R_PAREN || ti === R_SQUARE || ti === R_CURLY) {
      if (chains.length > 1) depth -= 1 + chains.pop()!;
      // After a block's `}`, anything but `else` ends the chain of the level it is in.
      if (ti === R_CURLY && tokens[i + 1]?.tokenTypeIdx !== ELSE) {
        depth -= chains[chains.length - 1]!;
        chains[chains.length - 1] = 0;
      }
    } else if (ti === ELSE) {
      if (tokens[i + 1]?.tokenTypeIdx === IF) {
        chains[chains.length - 1]!++;
        depth++;
        deeper = true;
      }
    } else if (ti === NUMBER && !safeInteger(t.image)) {
      diagnostics.push(
        error(
          'SGS006',
          `the number ${shortImage(t.image)} is too large: whole numbers go up to 9007199254740991 (2^53 − 1)`,
          tokenSpan(file, t),
        ),
      );
    } else if (ti === IDENT && t.image === UNKEPT_NAME) {
      diagnostics.push(
        error(
          'SGS008',
          `'${UNKEPT_NAME}' cannot be a name: the engine keeps names as keys of plain objects`,
          tokenSpan(file, t),
        ),
      );
    }
    if (deeper && depth > MAX_NESTING) {
      diagnostics.push(
        error(
          'SGS004',
          `nested too deeply: more than ${MAX_NESTING} levels of brackets, blocks and \`else if\` here; ` +
            'the file is not read further (name the inner parts with `let` or functions)',
          tokenSpan(file, t),
        ),
      );
      return { diagnostics, cut: i };
    }
  }
  return { diagnostics };
}

function safeInteger(image: string): boolean {
  const digits = image.replace(/^0+(?=\d)/, '');
  return digits.length < 16 || (digits.length === 16 && Number(digits) <= Number.MAX_SAFE_INTEGER);
}

function shortImage(image: string): string {
  return image.length > 24 ? `${image.slice(0, 12)}…${image.slice(-4)} (${image.length} digits)` : image;
}

/** How many nodes a tree may have on one path beyond its tokens: on any path from a declaration down, every node
 *  but a few has a token of its own inside its parent's (its keyword, operator, bracket, dot or name). The few: an
 *  expression statement (its expression's), a field's list of values (their commas), the variant that holds what a
 *  mode owns. */
const NODES_WITHOUT_A_TOKEN = 8;

/** Whether a declaration of this many tokens is too small to nest deeper than MAX_TREE_DEPTH. */
export function tooSmallToBeDeep(tokens: number): boolean {
  return tokens + NODES_WITHOUT_A_TOKEN <= MAX_TREE_DEPTH;
}

/** The first node of the file nested deeper than MAX_TREE_DEPTH (counting nodes with a `kind`), found without
 *  recursion; its top-level declaration is removed from the file so that no later stage walks it. `shallow(d)`:
 *  declaration d is known to be shallow enough (tooSmallToBeDeep) and is not walked. */
export function treeTooDeep(ast: SourceFile, shallow?: (d: number) => boolean): Diagnostic | undefined {
  // Each node with its depth and the outermost expression it is part of (where the diagnostic points), in three
  // stacks side by side: a walk of every node of every file allocates nothing per node.
  const nodes: object[] = [];
  const depths: number[] = [];
  const roots: (object | undefined)[] = [];
  const push = (x: unknown, depth: number, inExpr: object | undefined) => {
    if (x === null || typeof x !== 'object') return;
    // A plain object (an argument, a field) is part of its parent: same depth, same expression.
    nodes.push(x);
    depths.push(typeof (x as { kind?: unknown }).kind === 'string' ? depth + 1 : depth);
    roots.push(inExpr);
  };
  for (let d = 0; d < ast.decls.length; d++) {
    if (shallow?.(d)) continue;
    nodes.push(ast.decls[d]!);
    depths.push(1);
    roots.push(undefined);
    while (nodes.length > 0) {
      const node = nodes.pop()!;
      const depth = depths.pop()!;
      const root = roots.pop();
      if (depth > MAX_TREE_DEPTH) {
        // The declaration's place when the part found has none of its own.
        const at = (root ?? node) as Partial<Located>;
        const span = spanOf(at[SOURCE] ? (at as Located) : ast.decls[d]!);
        ast.decls.splice(d, 1);
        return error(
          'SGS005',
          `this is nested too deeply: more than ${MAX_TREE_DEPTH} levels of operators, calls, members or blocks ` +
            'in one declaration (split a long chain with `let` or a function)',
          span,
        );
      }
      const inExpr = isExpr(node) ? (root ?? node) : undefined;
      for (const key in node) {
        const v = (node as Record<string, unknown>)[key];
        if (v === null || typeof v !== 'object') continue;
        if (Array.isArray(v)) for (const x of v) push(x, depth, inExpr);
        else push(v, depth, inExpr);
      }
    }
  }
  return undefined;
}

const EXPR_KINDS = new Set([
  'Number',
  'Text',
  'Bool',
  'None',
  'Name',
  'Member',
  'Call',
  'Unary',
  'Binary',
  'List',
  'CardLit',
  'Where',
]);

function isExpr(x: object): boolean {
  return EXPR_KINDS.has((x as { kind?: string }).kind ?? '');
}

/** Thrown from the parser when a file reached the most syntax errors it reports: the parse stops there. */
export class TooManyErrors extends Error {
  constructor() {
    super('too many syntax errors');
  }
}

/** Make the parser stop (throw TooManyErrors) once it has recorded `max` errors. Chevrotain rethrows what is not
 *  a recognition exception, so the throw leaves the parse; `parser.input = …` resets it for the next one. */
export function stopAfterErrors(parser: object, max = MAX_DIAGNOSTICS_PER_FILE): void {
  const p = parser as { SAVE_ERROR(e: unknown): unknown; _errors: unknown[] };
  const save = p.SAVE_ERROR;
  p.SAVE_ERROR = function (this: typeof p, e: unknown) {
    const r = save.call(this, e);
    if (this._errors.length >= max) throw new TooManyErrors();
    return r;
  };
}

/** Run a rule of the parser; if its error recovery overflows the stack (Chevrotain walks the grammar recursively
 *  to find what may follow each open rule: about a hundred unclosed brackets at the end of a file are enough), run it
 *  again without recovery, which stops at the first error. */
export function parseOnce<T>(parser: object, rule: () => T): T {
  // With recovery enabled, Chevrotain also sets the instance's attemptInRepetitionRecovery (a no-op otherwise).
  const p = parser as { input: unknown; recoveryEnabled: boolean; attemptInRepetitionRecovery: unknown };
  const input = p.input;
  try {
    return rule();
  } catch (e) {
    if (!(e instanceof RangeError)) throw e;
    const attempt = p.attemptInRepetitionRecovery;
    p.input = input; // resets the parser
    p.recoveryEnabled = false;
    p.attemptInRepetitionRecovery = () => {};
    try {
      return rule();
    } finally {
      p.recoveryEnabled = true;
      p.attemptInRepetitionRecovery = attempt;
    }
  }
}

/** SGS007 after the syntax errors of a file whose parse stopped at the limit. */
export function parseStopped(file: string, at: Span | undefined): Diagnostic {
  return error(
    'SGS007',
    `too many syntax errors: the first ${MAX_DIAGNOSTICS_PER_FILE} are shown and the rest of the file was not read`,
    at ?? { file, start: 0, end: 0, line: 1, col: 1 },
  );
}

/** At most MAX_DIAGNOSTICS_PER_FILE diagnostics per file, in their order, then one SGS007 per file that says how
 *  many more there were (an error if any of them is). */
export function capDiagnostics(diags: Diagnostic[]): Diagnostic[] {
  if (diags.length <= MAX_DIAGNOSTICS_PER_FILE) return diags;
  const shown = new Map<string, number>();
  const hidden = new Map<string, { count: number; errors: boolean; first: Span }>();
  const out: Diagnostic[] = [];
  for (const d of diags) {
    const file = d.span.file;
    const n = shown.get(file) ?? 0;
    // A file's own SGS007 (a parse that stopped) is shown whatever the count.
    if (n < MAX_DIAGNOSTICS_PER_FILE || d.code === 'SGS007') {
      shown.set(file, n + 1);
      out.push(d);
      continue;
    }
    const h = hidden.get(file) ?? { count: 0, errors: false, first: d.span };
    h.count++;
    h.errors ||= d.severity === 'error';
    hidden.set(file, h);
  }
  if (hidden.size === 0) return diags;
  for (const [, h] of hidden) {
    const message = `… and ${h.count.toLocaleString('en')} more (at most ${MAX_DIAGNOSTICS_PER_FILE} are shown per file)`;
    // At the first diagnostic not shown.
    out.push(h.errors ? error('SGS007', message, h.first) : warning('SGS007', message, h.first));
  }
  return out;
}
