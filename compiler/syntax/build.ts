// What the parser's actions (parser.ts) build trees with: spans from tokens, and the parts of the AST
// (compiler/ast/nodes.ts) that take more than one rule's tokens — expression precedence, a mode's owned declarations,
// a card face. One TreeBuilder per parse of a file. The parser may have recovered from errors: a token may be an
// inserted one (no position) and a part may be missing; nothing here throws on that: a missing name is `''`, a
// missing position the end of the last one found.
import { RANK_OF_LETTER, SUIT_OF_SYMBOL } from '../../runtime/card-face.ts';
import type { IToken } from 'chevrotain';
import type * as A from '../ast/nodes.ts';
import { error, type Diagnostic } from '../diagnostics.ts';

export function real(t: IToken | undefined): t is IToken {
  return t !== undefined && Number.isFinite(t.startOffset);
}

/** The spelling of a token type (for keywords and operators), so an inserted token still says what it is. */
export function spelling(t: IToken | undefined): string {
  if (!t) return '';
  const p = t.tokenType.PATTERN;
  return typeof p === 'string' ? p : (t.image ?? '');
}

export function unescapeString(image: string): string {
  let s = image;
  if (s.startsWith('"')) s = s.slice(1);
  if (s.endsWith('"') && image.length >= 2) s = s.slice(0, -1);
  // Most strings have no escape: no regexp, no callback.
  if (!s.includes('\\')) return s;
  return s.replace(/\\(.)/gs, (_m, c: string) => (c === 'n' ? '\n' : c));
}

/** A string token's text; '' for a missing one. */
export function text(t: IToken | undefined): string {
  return real(t) ? unescapeString(t.image) : '';
}

/** A mode as its rule parsed it: the mode, and the declarations written in its body. Where the mode is declared
 *  decides what becomes of those (`TreeBuilder.modeWithOwned`, `TreeBuilder.modeOnly`). */
export interface ModeParts {
  kind: 'ModeParts';
  mode: A.ModeDecl;
  owned: A.Decl[];
}

/** One operand of a flat expression: its prefix operators (`not`, `-`) and the postfix expression they apply to. */
export interface Operand {
  prefix: IToken[];
  value: A.Expr;
}

/** A suffix of a postfix expression: `.name` or `(args)`, and the span of its tokens. */
export type Suffix = { name: A.Ident; span: A.Span } | { args: A.Arg[]; span: A.Span };

export class TreeBuilder {
  readonly diagnostics: Diagnostic[] = [];
  /** The span made last: where a missing part is placed (at its end). */
  private last: A.Span;
  /** Offsets where each line starts: a node's line and column count `\n` only (a token's, the lexer's). */
  private readonly lineStarts: number[] = [0];
  /** The line lineOf found last: nodes are mostly made in text order, so the next one is usually on it. */
  private lineHint = 0;

  constructor(
    readonly file: string,
    readonly text: string,
  ) {
    this.last = { file, start: 0, end: 0, line: 1, col: 1 };
    for (let i = text.indexOf('\n'); i >= 0; i = text.indexOf('\n', i + 1)) this.lineStarts.push(i + 1);
  }

  // ------------------------------------------------------------ spans

  /** A token's span; for an inserted token, an empty span where the last one ended. */
  tok(t: IToken | undefined): A.Span {
    if (real(t)) {
      const end = Number.isFinite(t.endOffset) ? (t.endOffset as number) + 1 : t.startOffset + t.image.length;
      // Shared with `last`, which is only ever replaced: nothing downstream mutates a span.
      this.last = { file: this.file, start: t.startOffset, end, line: t.startLine ?? 1, col: t.startColumn ?? 1 };
      return this.last;
    }
    return this.nowhere();
  }

  /** The span of a rule's tokens, from `first` (the next token when the rule began) to `last` (the last one it
   *  consumed); an empty one where the last span ended when the rule consumed none. */
  range(first: IToken, last: IToken): A.Span {
    if (!real(first) || !real(last) || last.startOffset < first.startOffset) return this.nowhere();
    const start = first.startOffset;
    const end = Math.max(Number.isFinite(last.endOffset) ? (last.endOffset as number) + 1 : start, start);
    // The span made last, when it covers the same text (an argument and its value, a statement and its
    // expression): shared, as spans are never changed.
    const was = this.last;
    if (was.start === start && was.end === end) return was;
    const line = this.lineOf(start);
    const col = start - this.lineStarts[line - 1]! + 1;
    this.last = { file: this.file, start, end, line, col };
    return this.last;
  }

  /** An empty span where the last span ended: the place of a part that is missing. */
  nowhere(): A.Span {
    return { ...this.last, start: this.last.end };
  }

  /** The whole file. */
  whole(): A.Span {
    return { file: this.file, start: 0, end: this.text.length, line: 1, col: 1 };
  }

  /** The (1-based) line of an offset. */
  private lineOf(offset: number): number {
    const starts = this.lineStarts;
    const h = this.lineHint;
    if (starts[h]! <= offset && (h + 1 === starts.length || starts[h + 1]! > offset)) return h + 1;
    let lo = 0,
      hi = starts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (starts[mid]! <= offset) lo = mid;
      else hi = mid - 1;
    }
    this.lineHint = lo;
    return lo + 1;
  }

  join(a: A.Span, b: A.Span): A.Span {
    return { file: this.file, start: a.start, end: Math.max(a.end, b.end), line: a.line, col: a.col };
  }

  // ------------------------------------------------------------ small parts

  ident(t: IToken | undefined): A.Ident {
    return { kind: 'Ident', name: real(t) ? t.image : '', span: this.tok(t) };
  }

  /** Identifiers of real tokens only (an inserted one names nothing). */
  idents(ts: IToken[]): A.Ident[] {
    const out: A.Ident[] = [];
    for (const t of ts) if (real(t)) out.push(this.ident(t));
    return out;
  }

  placeholder(span = this.nowhere()): A.Expr {
    return { kind: 'Name', name: '', span };
  }

  /** The names of a declaration whose names are missing. */
  noNames(): A.Names {
    return this.names(undefined, undefined, undefined, this.nowhere());
  }

  /** The type of a declaration whose type is missing. */
  missingType(): A.TypeRef {
    const span = this.nowhere();
    return { kind: 'Type', name: this.ident(undefined), list: false, optional: false, span };
  }

  emptyBlock(): A.Block {
    return { kind: 'Block', stmts: [], span: this.nowhere() };
  }

  int(t: IToken | undefined): number {
    return real(t) ? Number.parseInt(t.image, 10) || 0 : 0;
  }

  names(id: IToken | undefined, zh: IToken | undefined, en: IToken | undefined, span: A.Span): A.Names {
    // Built key by key (no spreads: this runs for every declaration and enum member), in the same key order.
    const out: A.Names = { id: this.ident(id) } as A.Names;
    if (real(zh)) out.zh = this.ident(zh);
    if (real(en)) out.en = unescapeString(en.image);
    out.span = span;
    return out;
  }

  face(t: IToken | undefined): { suit: string; rank: number; face: string; span: A.Span } {
    const span = this.tok(t);
    const img = !real(t) ? '' : t.image.includes('\uFE0F') ? t.image.replace(/\uFE0F/g, '') : t.image;
    const suitChar = img.charAt(0);
    const rankText = img.slice(1);
    const rank = RANK_OF_LETTER[rankText] ?? (Number.parseInt(rankText, 10) || 0);
    return { suit: SUIT_OF_SYMBOL[suitChar] ?? '', rank, face: img, span };
  }

  /** `[T]`: a list type holds a plain type. */
  listType(inner: A.TypeRef, optional: boolean, span: A.Span): A.TypeRef {
    if (inner.list || inner.optional)
      this.diagnostics.push(error('SGS002', 'a list type holds a plain type, such as [card]', inner.span));
    return { kind: 'Type', name: inner.name, list: true, optional, span };
  }

  field(name: IToken | undefined, values: A.Expr[], span: A.Span): A.Field {
    const id = this.ident(name);
    let value: A.Expr;
    if (values.length === 1) value = values[0]!;
    else if (values.length === 0) value = this.placeholder(span);
    else value = { kind: 'List', items: values, span: this.join(values[0]!.span, values[values.length - 1]!.span) };
    return { name: id, value, span };
  }

  /** The values of a `skills:` field, which must be plain names. */
  skillNames(f: A.Field): A.Ident[] {
    const items = f.value.kind === 'List' ? f.value.items : [f.value];
    const out: A.Ident[] = [];
    for (const it of items) {
      if (it.kind === 'Name') {
        if (it.name !== '') out.push({ kind: 'Ident', name: it.name, span: it.span });
      } else {
        this.diagnostics.push(error('SGS002', 'expected a skill name in `skills:`, found an expression', it.span));
      }
    }
    return out;
  }

  // ------------------------------------------------------------ modes

  /** A mode declared inside another declaration: it cannot own declarations. */
  modeOnly(parts: ModeParts): A.ModeDecl {
    for (const d of parts.owned)
      this.diagnostics.push(error('SGS162', 'a mode inside a variant cannot own declarations', d.span));
    return parts.mode;
  }

  /** A top-level mode and what it owns: its options and variants, marked as its own, and the rest as a variant of
   *  the game's mode (`variant mode == id`), so that they hold only in games of this mode and replace same-named
   *  ones. */
  modeWithOwned(parts: ModeParts): A.Decl[] {
    const { mode: m, owned } = parts;
    if (owned.length === 0) return [m];
    // Its options (marked as the mode's), the rest as one variant of the mode, then its own variants (marked too),
    // which come later so that they replace what the mode declares.
    const id = m.names.id;
    const options: A.Decl[] = [];
    const variants: A.Decl[] = [];
    const rest: A.Decl[] = [];
    for (const d of owned) {
      if (d.kind === 'Option') options.push({ ...d, mode: id.name });
      else if (d.kind === 'Variant') variants.push({ ...d, mode: id.name });
      else if (d.kind === 'Mode' || d.kind === 'Scenario')
        this.diagnostics.push(
          error('SGS162', `a mode cannot own a ${d.kind.toLowerCase()}: declare it outside the mode`, d.span),
        );
      else rest.push(d);
    }
    if (rest.length === 0) return [m, ...options, ...variants];
    const variant: A.VariantDecl = {
      kind: 'Variant',
      option: { kind: 'Ident', name: 'mode', span: id.span },
      value: { kind: 'Name', name: id.name, span: id.span },
      decls: rest,
      span: m.span,
    };
    return [m, ...options, variant, ...variants];
  }

  // ------------------------------------------------------------ expressions

  /** A postfix expression with one more suffix: `.name` or `(args)`. */
  suffixed(object: A.Expr, s: Suffix): A.Expr {
    const span = this.join(object.span, s.span);
    return 'name' in s
      ? { kind: 'Member', object, name: s.name, span }
      : { kind: 'Call', callee: object, args: s.args, span };
  }

  /** The flat `operand (op operand)*` of an expression → a tree by precedence (Pratt): where < or < and < not <
   *  comparisons < + - < * / % < unary minus; binary operators associate to the left. */
  flat(operands: Operand[], ops: IToken[], span: A.Span): A.Expr {
    if (operands.length === 0) return this.placeholder(span);
    // Most expressions are one operand: no stream, no closure (the common case is the hot one).
    if (operands.length === 1 && ops.length === 0 && operands[0]!.prefix.length === 0) return operands[0]!.value;
    // The stream: each operand's prefix operators, the operand, then the binary operator that follows it.
    const stream: ({ t: 'pre'; op: IToken } | { t: 'val'; value: A.Expr } | { t: 'bin'; op: IToken })[] = [];
    operands.forEach((o, i) => {
      for (const p of o.prefix) stream.push({ t: 'pre', op: p });
      stream.push({ t: 'val', value: o.value });
      if (i < ops.length) stream.push({ t: 'bin', op: ops[i]! });
    });
    let pos = 0;
    const parse = (min: number): A.Expr => {
      let left: A.Expr;
      const item = stream[pos];
      if (item && item.t === 'pre') {
        pos++;
        const isNot = spelling(item.op) === 'not';
        const operand = parse(isNot ? PREC.cmp : PREC.neg);
        left = { kind: 'Unary', op: isNot ? 'not' : '-', operand, span: this.join(this.tok(item.op), operand.span) };
      } else if (item && item.t === 'val') {
        pos++;
        left = item.value;
      } else {
        return this.placeholder(span);
      }
      for (;;) {
        const next = stream[pos];
        if (next?.t !== 'bin') break;
        const op = spelling(next.op) || '+';
        const prec = binaryPrec(op);
        if (prec < min) break;
        pos++;
        const right = parse(prec + 1);
        const joined = this.join(left.span, right.span);
        left =
          op === 'where'
            ? { kind: 'Where', list: left, cond: right, span: joined }
            : { kind: 'Binary', op: op as A.BinaryOp, left, right, span: joined };
      }
      return left;
    };
    return parse(0);
  }
}

const PREC = { where: 1, or: 2, and: 3, not: 4, cmp: 5, add: 6, mul: 7, neg: 8 };

function binaryPrec(op: string): number {
  switch (op) {
    case 'where':
      return PREC.where;
    case 'or':
      return PREC.or;
    case 'and':
      return PREC.and;
    case '+':
    case '-':
      return PREC.add;
    case '*':
    case '/':
    case '%':
      return PREC.mul;
    default:
      return PREC.cmp; // == != < <= > >= in is
  }
}
