// What the parser's actions (parser.ts) build trees with: places from tokens, and the parts of the AST
// (compiler/ast/nodes.ts) that take more than one rule's tokens — expression precedence, a mode's owned declarations,
// a card face. One TreeBuilder per parse of a file. The parser may have recovered from errors: a token may be an
// inserted one (no position) and a part may be missing; nothing here throws on that: a missing name is `''`, a
// missing position the end of the last one found.
import { RANK_OF_LETTER, SUIT_OF_SYMBOL } from '../../runtime/card-face.ts';
import type { IToken } from 'chevrotain';
import type * as A from '../ast/nodes.ts';
import { SOURCE, Source, spanOf } from '../ast/source.ts';
import { error, type Diagnostic } from '../diagnostics.ts';
import { kw, NumberTok, StringTok } from './tokens.ts';

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

/** One item of a scenario, as the parser's `scenarioItem` rule gives it. */
export type ScenarioItem =
  | { mode: A.Ident }
  | { option: A.Field }
  | { var: A.Field }
  | { seat: A.Seat | undefined }
  | { deck: A.Expr[] | undefined }
  | { start: A.ScenarioDecl['start'] }
  | { step: A.Step | undefined };

/** The list as one of exactly its items. A list grown by push keeps room for 17 (~150 bytes for one item), and a
 *  compile keeps some 30,000 such lists of the trees (call arguments, a seat's fields, list items, statements),
 *  which every young-generation collection of the compile copies; the copy made here dies young. */
export function exact<T>(xs: T[]): T[] {
  return xs.length === 0 ? [] : xs.slice();
}

/** A suffix of a postfix expression: `.name` or `(args)`, and where its tokens end. */
export type Suffix = { name: A.Ident; end: number } | { args: A.Arg[]; end: number };

export class TreeBuilder {
  readonly diagnostics: Diagnostic[] = [];
  /** The text parsed: what every node it builds points to. */
  readonly src: Source;
  /** Where the part built last ended: where a missing part is placed. */
  lastEnd = 0;

  constructor(
    readonly file: string,
    readonly text: string,
  ) {
    this.src = new Source(file, text);
  }

  // ------------------------------------------------------------ places
  // A node's offsets come from two calls made in the order of its keys (`pos: b.startOf(…), end: b.endOf(…)`),
  // so that no object is made for them; `endOf` notes where the part ended.

  /** Where the tokens from `first` to `last` start (a rule's: `first` the next token when the rule began, `last`
   *  the last one it consumed; a token's: both that token); where the last part ended when there are none (the
   *  rule consumed nothing, or the token is an inserted one). */
  startOf(first: IToken, last: IToken): number {
    return real(first) && real(last) && last.startOffset >= first.startOffset ? first.startOffset : this.lastEnd;
  }

  /** Where the same tokens end, one past their last character; noted as the end of the last part. */
  endOf(first: IToken, last: IToken): number {
    if (!real(first) || !real(last) || last.startOffset < first.startOffset) return this.lastEnd;
    const start = first.startOffset;
    const end = Number.isFinite(last.endOffset) ? (last.endOffset as number) + 1 : start + last.image.length;
    this.lastEnd = Math.max(end, start);
    return this.lastEnd;
  }

  /** An empty place where the last part ended: the place of a part that is missing. */
  nowhere(): A.Located {
    return { pos: this.lastEnd, end: this.lastEnd, [SOURCE]: this.src };
  }

  /** The whole file. */
  whole(): A.Located {
    return { pos: 0, end: this.text.length, [SOURCE]: this.src };
  }

  // ------------------------------------------------------------ small parts

  ident(t: IToken | undefined): A.Ident {
    return {
      kind: 'Ident',
      name: real(t) ? t.image : '',
      pos: this.startOf(t!, t!),
      end: this.endOf(t!, t!),
      [SOURCE]: this.src,
    };
  }

  /** Identifiers of real tokens only (an inserted one names nothing). */
  idents(ts: IToken[]): A.Ident[] {
    const out: A.Ident[] = [];
    for (const t of ts) if (real(t)) out.push(this.ident(t));
    return out;
  }

  placeholder(pos = this.lastEnd, end = pos): A.Expr {
    return { kind: 'Name', name: '', pos, end, [SOURCE]: this.src };
  }

  /** The names of a declaration whose names are missing. */
  noNames(): A.Names {
    return this.names(undefined, undefined, undefined, this.lastEnd, this.lastEnd);
  }

  /** The type of a declaration whose type is missing. */
  missingType(): A.TypeRef {
    const pos = this.lastEnd;
    return {
      kind: 'Type',
      name: this.ident(undefined),
      list: false,
      optional: false,
      pos,
      end: pos,
      [SOURCE]: this.src,
    };
  }

  emptyBlock(): A.Block {
    return { kind: 'Block', stmts: [], pos: this.lastEnd, end: this.lastEnd, [SOURCE]: this.src };
  }

  int(t: IToken | undefined): number {
    return real(t) ? Number.parseInt(t.image, 10) || 0 : 0;
  }

  names(id: IToken | undefined, zh: IToken | undefined, en: IToken | undefined, pos: number, end: number): A.Names {
    // Built key by key (no spreads: this runs for every declaration and enum member), in the same key order.
    const out: A.Names = { id: this.ident(id) } as A.Names;
    if (real(zh)) out.zh = this.ident(zh);
    if (real(en)) out.en = unescapeString(en.image);
    out.pos = pos;
    out.end = end;
    out[SOURCE] = this.src;
    return out;
  }

  face(t: IToken | undefined): A.DeckEntry['faces'][number] {
    const pos = this.startOf(t!, t!);
    const end = this.endOf(t!, t!);
    const img = !real(t) ? '' : t.image.includes('\uFE0F') ? t.image.replace(/\uFE0F/g, '') : t.image;
    const suitChar = img.charAt(0);
    const rankText = img.slice(1);
    const rank = RANK_OF_LETTER[rankText] ?? (Number.parseInt(rankText, 10) || 0);
    return { suit: SUIT_OF_SYMBOL[suitChar] ?? '', rank, face: img, pos, end, [SOURCE]: this.src };
  }

  /** The literal of one token: a number, a text, `true`, `false` or `none`; undefined for any other token. */
  literal(t: IToken): A.NumberLit | A.TextLit | A.BoolLit | A.NoneLit | undefined {
    const type = t.tokenType;
    if (type === NumberTok)
      return { kind: 'Number', value: this.int(t), pos: this.startOf(t, t), end: this.endOf(t, t), [SOURCE]: this.src };
    if (type === StringTok)
      return { kind: 'Text', value: text(t), pos: this.startOf(t, t), end: this.endOf(t, t), [SOURCE]: this.src };
    if (type === kw.true || type === kw.false) {
      const value = type === kw.true;
      return { kind: 'Bool', value, pos: this.startOf(t, t), end: this.endOf(t, t), [SOURCE]: this.src };
    }
    if (type === kw.none) return { kind: 'None', pos: this.startOf(t, t), end: this.endOf(t, t), [SOURCE]: this.src };
    return undefined;
  }

  /** `slash ♠7`: a card literal placed at [pos, end) (placed first: the face and the name then note their ends). */
  cardLit(name: IToken, face: IToken, pos: number, end: number): A.CardLit {
    const f = this.face(face);
    return {
      kind: 'CardLit',
      cardKind: this.ident(name),
      suit: f.suit,
      rank: f.rank,
      face: f.face,
      pos,
      end,
      [SOURCE]: this.src,
    };
  }

  /** `[T]`: a list type holds a plain type. */
  listType(inner: A.TypeRef, optional: boolean, pos: number, end: number): A.TypeRef {
    if (inner.list || inner.optional)
      this.diagnostics.push(error('SGS002', 'a list type holds a plain type, such as [card]', spanOf(inner)));
    return { kind: 'Type', name: inner.name, list: true, optional, pos, end, [SOURCE]: this.src };
  }

  field(name: IToken | undefined, values: A.Expr[], pos: number, end: number): A.Field {
    const id = this.ident(name);
    let value: A.Expr;
    if (values.length === 1) value = values[0]!;
    else if (values.length === 0) value = this.placeholder(pos, end);
    else {
      const last = values[values.length - 1]!;
      value = { kind: 'List', items: values, pos: values[0]!.pos, end: last.end, [SOURCE]: this.src };
    }
    return { name: id, value, pos, end, [SOURCE]: this.src };
  }

  /** The values of a `skills:` field, which must be plain names. */
  skillNames(f: A.Field): A.Ident[] {
    const items = f.value.kind === 'List' ? f.value.items : [f.value];
    const out: A.Ident[] = [];
    for (const it of items) {
      if (it.kind === 'Name') {
        if (it.name !== '') out.push({ kind: 'Ident', name: it.name, pos: it.pos, end: it.end, [SOURCE]: this.src });
      } else {
        this.diagnostics.push(error('SGS002', 'expected a skill name in `skills:`, found an expression', spanOf(it)));
      }
    }
    return out;
  }

  /** A scenario from its names and its items in order (those a recovered parse left undefined skipped). */
  scenario(names: A.Names, items: readonly (ScenarioItem | undefined)[], pos: number, end: number): A.ScenarioDecl {
    const out: A.ScenarioDecl = {
      kind: 'Scenario',
      names,
      options: [],
      vars: [],
      seats: [],
      deck: [],
      steps: [],
      pos,
      end,
      [SOURCE]: this.src,
    };
    for (const item of items) {
      if (!item) continue;
      if ('mode' in item) out.mode = item.mode;
      else if ('option' in item) out.options.push(item.option);
      else if ('var' in item) out.vars.push(item.var);
      else if ('seat' in item) {
        if (item.seat) out.seats.push(item.seat);
      } else if ('deck' in item) out.deck.push(...(item.deck ?? []));
      else if ('start' in item) {
        if (item.start) out.start = item.start;
      } else if (item.step) out.steps.push(item.step);
    }
    out.seats = exact(out.seats);
    out.steps = exact(out.steps);
    out.deck = exact(out.deck);
    return out;
  }

  /** A phrase from its parts (a missing target is a nameless name). */
  phrase(
    target: A.PhraseTarget | undefined,
    params: A.PhraseParam[] | undefined,
    zh: IToken | undefined,
    en: IToken | undefined,
    negative: IToken[] | undefined,
    result: IToken[] | undefined,
    pos: number,
    end: number,
  ): A.PhraseDecl {
    const out: A.PhraseDecl = {
      kind: 'Phrase',
      target: target ?? { kind: 'Name', name: this.ident(undefined) },
      text: { zh: text(zh), en: text(en) },
      pos,
      end,
      [SOURCE]: this.src,
    };
    if (params) out.params = params;
    if (negative) out.negative = { zh: text(negative[0]), en: text(negative[1]) };
    if (result) out.result = { zh: text(result[0]), en: text(result[1]) };
    return out;
  }

  // ------------------------------------------------------------ modes

  /** A mode declared inside another declaration: it cannot own declarations. */
  modeOnly(parts: ModeParts): A.ModeDecl {
    for (const d of parts.owned)
      this.diagnostics.push(error('SGS162', 'a mode inside a variant cannot own declarations', spanOf(d)));
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
          error('SGS162', `a mode cannot own a ${d.kind.toLowerCase()}: declare it outside the mode`, spanOf(d)),
        );
      else rest.push(d);
    }
    if (rest.length === 0) return [m, ...options, ...variants];
    const variant: A.VariantDecl = {
      kind: 'Variant',
      option: { kind: 'Ident', name: 'mode', pos: id.pos, end: id.end, [SOURCE]: this.src },
      value: { kind: 'Name', name: id.name, pos: id.pos, end: id.end, [SOURCE]: this.src },
      decls: rest,
      pos: m.pos,
      end: m.end,
      [SOURCE]: this.src,
    };
    return [m, ...options, variant, ...variants];
  }

  // ------------------------------------------------------------ expressions

  /** A postfix expression with one more suffix: `.name` or `(args)`. */
  suffixed(object: A.Expr, s: Suffix): A.Expr {
    const pos = object.pos;
    const end = Math.max(object.end, s.end);
    return 'name' in s
      ? { kind: 'Member', object, name: s.name, pos, end, [SOURCE]: this.src }
      : { kind: 'Call', callee: object, args: s.args, pos, end, [SOURCE]: this.src };
  }

  /** The flat `operand (op operand)*` of an expression → a tree by precedence (Pratt): where < or < and < not <
   *  comparisons < + - < * / % < unary minus; binary operators associate to the left. */
  flat(operands: Operand[], ops: IToken[], pos: number, end: number): A.Expr {
    if (operands.length === 0) return this.placeholder(pos, end);
    // Most expressions are one operand: no stream, no closure (the common case is the hot one).
    if (operands.length === 1 && ops.length === 0 && operands[0]!.prefix.length === 0) return operands[0]!.value;
    // The stream: each operand's prefix operators, the operand, then the binary operator that follows it.
    const stream: ({ t: 'pre'; op: IToken } | { t: 'val'; value: A.Expr } | { t: 'bin'; op: IToken })[] = [];
    operands.forEach((o, i) => {
      for (const p of o.prefix) stream.push({ t: 'pre', op: p });
      stream.push({ t: 'val', value: o.value });
      if (i < ops.length) stream.push({ t: 'bin', op: ops[i]! });
    });
    let index = 0;
    const parse = (min: number): A.Expr => {
      let left: A.Expr;
      const item = stream[index];
      if (item && item.t === 'pre') {
        index++;
        const isNot = spelling(item.op) === 'not';
        const operand = parse(isNot ? PREC.cmp : PREC.neg);
        const at = this.startOf(item.op, item.op);
        const to = Math.max(this.endOf(item.op, item.op), operand.end);
        left = { kind: 'Unary', op: isNot ? 'not' : '-', operand, pos: at, end: to, [SOURCE]: this.src };
      } else if (item && item.t === 'val') {
        index++;
        left = item.value;
      } else {
        return this.placeholder(pos, end);
      }
      for (;;) {
        const next = stream[index];
        if (next?.t !== 'bin') break;
        const op = spelling(next.op) || '+';
        const prec = binaryPrec(op);
        if (prec < min) break;
        index++;
        const right = parse(prec + 1);
        const at = left.pos;
        const to = Math.max(left.end, right.end);
        left =
          op === 'where'
            ? { kind: 'Where', list: left, cond: right, pos: at, end: to, [SOURCE]: this.src }
            : { kind: 'Binary', op: op as A.BinaryOp, left, right, pos: at, end: to, [SOURCE]: this.src };
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
