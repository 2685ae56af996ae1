// An expression read by hand, for the parser's `expr` rule (parser.ts): Chevrotain's rules `expr`, `operand`,
// `postfix`, `suffix`, `arg`, `listLit` and `primary` cost a rule call, a lookahead and a closure per part, and an
// expression is what most of a file is made of. This reads the same grammar from the same tokens with the same
// one-token choices (lookahead-table.ts: each is one token, but `listLit`'s comma, which looks at the token after
// it) and builds the same tree with the same calls to the tree builder in the same order (so that its `lastEnd`,
// where a later missing part is placed, is the same too). It only reads well-formed expressions: at the first
// token the grammar does not allow it gives up, leaving the builder as it found it, and the parser's rules read the
// expression again and report and recover as they do. test/syntax.test.ts compares both on every file of the
// repository and on broken and random input.
import { tokenMatcher, type IToken, type TokenType } from 'chevrotain';
import type * as A from '../ast/nodes.ts';
import { SOURCE } from '../ast/source.ts';
import { exact, type Operand, type Suffix, type TreeBuilder } from './build.ts';
import {
  allTokens,
  CardFace,
  Comma,
  Colon,
  Dot,
  EqEq,
  Gt,
  GtEq,
  Identifier,
  kw,
  LParen,
  LSquare,
  Lt,
  LtEq,
  Minus,
  NotEq,
  NumberTok,
  Percent,
  Plus,
  Reserved,
  RParen,
  RSquare,
  Slash,
  Star,
  StringTok,
} from './tokens.ts';

/** Whether a token type is (or is in the category of) one of `types`, by token type index. */
export function table(types: TokenType[]): boolean[] {
  const out: boolean[] = [];
  for (const t of allTokens) {
    const probe = { tokenTypeIdx: t.tokenTypeIdx, tokenType: t } as IToken;
    if (types.some((x) => tokenMatcher(probe, x))) out[t.tokenTypeIdx!] = true;
  }
  return out;
}

/** The binary operators, in the order of `expr`'s alternatives (one token decides). */
const opTypes = [
  kw.where!,
  kw.or!,
  kw.and!,
  EqEq,
  NotEq,
  LtEq,
  GtEq,
  Lt,
  Gt,
  kw.in!,
  kw.is!,
  Plus,
  Minus,
  Star,
  Slash,
  Percent,
];
const isOp = table(opTypes);
const isPrefix = table([kw.not!, Minus]);
/** What can continue an expression after a primary: a binary operator, a suffix, a card face (`expect end` is an
 *  expectation only when none follows). */
export const continuesExpr = table([...opTypes, Dot, LParen, CardFace]);
/** What an expression starts with (the lookahead of `suffix`'s arguments and of `listLit`'s items). */
export const startsExpr = table([
  Identifier,
  kw.not!,
  Minus,
  NumberTok,
  StringTok,
  kw.true!,
  kw.false!,
  kw.none!,
  LParen,
  LSquare,
]);
/** `primary`'s one-token literals, before its name (a keyword in both is read as the literal, as there). */
const isLiteral = table([NumberTok, StringTok, kw.true!, kw.false!, kw.none!]);
export const isName = table([Identifier]);
export const isMemberName = table([Identifier, Reserved]);
export const is = (types: boolean[], t: IToken | undefined): boolean =>
  t !== undefined && types[t.tokenTypeIdx] === true;
export const isType = (type: TokenType, t: IToken | undefined): t is IToken =>
  t !== undefined && t.tokenTypeIdx === type.tokenTypeIdx;

/** Gave up: the expression is not well formed from here. */
export const NO = undefined;

export class ExprReader {
  protected toks: IToken[] = [];
  /** The index of the next token. */
  protected i = 0;
  protected b: TreeBuilder | undefined;

  /** The expression whose first token is `tokens[from]`, read with the builder `b`, and the index of the token after
   *  it; undefined (the builder untouched) when the tokens there are not a well-formed expression. */
  read(b: TreeBuilder, tokens: IToken[], from: number): { value: A.Expr; next: number } | undefined {
    return this.attempt(b, tokens, from, () => this.expr());
  }

  /** What `part` reads from `tokens[from]` with the builder `b`, and the index of the token after it; undefined (the
   *  builder as it was: where the last part ended, what it had to say) when it gives up. */
  protected attempt<T>(
    b: TreeBuilder,
    tokens: IToken[],
    from: number,
    part: () => T | undefined,
  ): { value: T; next: number } | undefined {
    this.b = b;
    this.toks = tokens;
    this.i = from;
    const lastEnd = b.lastEnd;
    const said = b.diagnostics.length; // what building said (a list of a list type), taken back if it gives up
    const value = part();
    const next = this.i;
    this.toks = [];
    this.b = undefined;
    if (value === NO) {
      b.lastEnd = lastEnd;
      b.diagnostics.length = said;
      return NO;
    }
    return { value, next };
  }

  /** The token consumed last (the parser's `LA(0)`). */
  protected get last(): IToken {
    return this.toks[this.i - 1]!;
  }

  protected expr(): A.Expr | undefined {
    const first = this.toks[this.i];
    const one = this.operand();
    if (one === NO) return NO;
    if (!is(isOp, this.toks[this.i])) return one.prefix.length === 0 ? one.value : this.flat([one], [], first!);
    const operands: Operand[] = [one];
    const ops: IToken[] = [];
    while (is(isOp, this.toks[this.i])) {
      ops.push(this.toks[this.i++]!);
      const next = this.operand();
      if (next === NO) return NO;
      operands.push(next);
    }
    return this.flat(operands, ops, first!);
  }

  private flat(operands: Operand[], ops: IToken[], first: IToken): A.Expr {
    const b = this.b!;
    return b.flat(operands, ops, b.startOf(first, this.last), b.endOf(first, this.last));
  }

  private operand(): Operand | undefined {
    let prefix: IToken[] = NO_PREFIX;
    while (is(isPrefix, this.toks[this.i])) {
      if (prefix === NO_PREFIX) prefix = [];
      prefix.push(this.toks[this.i++]!);
    }
    let value = this.primary();
    if (value === NO) return NO;
    for (;;) {
      const t = this.toks[this.i];
      if (!isType(Dot, t) && !isType(LParen, t)) break;
      const s = this.suffix();
      if (s === NO) return NO;
      value = this.b!.suffixed(value, s);
    }
    return { prefix, value };
  }

  private suffix(): Suffix | undefined {
    const b = this.b!;
    const first = this.toks[this.i]!;
    if (isType(Dot, first)) {
      const name = this.toks[this.i + 1];
      if (!is(isMemberName, name)) return NO;
      this.i += 2;
      const end = b.endOf(first, this.last);
      return { name: b.ident(name), end };
    }
    const args = this.parenthesised(startsExpr, this.anArg);
    if (args === NO) return NO;
    const end = b.endOf(first, this.last);
    return { args, end };
  }

  /** `one (, one)*`; undefined when one of them is not there. */
  protected commaList<T>(one: () => T | undefined): T[] | undefined {
    const out: T[] = [];
    for (;;) {
      const x = one();
      if (x === NO) return NO;
      out.push(x);
      if (!isType(Comma, this.toks[this.i])) return out;
      this.i++;
    }
  }

  /** `( one (, one)* )`, the list there when the token after `(` is one of `starts` (exactly its items). */
  protected parenthesised<T>(starts: boolean[], one: () => T | undefined): T[] | undefined {
    if (!isType(LParen, this.toks[this.i])) return NO;
    this.i++;
    let out: T[] = [];
    if (is(starts, this.toks[this.i])) {
      const list = this.commaList(one);
      if (list === NO) return NO;
      out = exact(list);
    }
    if (!isType(RParen, this.toks[this.i])) return NO;
    this.i++;
    return out;
  }

  protected readonly anExpr = (): A.Expr | undefined => this.expr();
  private readonly anArg = (): A.Arg | undefined => this.arg();

  private arg(): A.Arg | undefined {
    const b = this.b!;
    const first = this.toks[this.i]!;
    let name: IToken | undefined;
    if (is(isName, first) && isType(Colon, this.toks[this.i + 1])) {
      name = first;
      this.i += 2;
    }
    const value = this.expr();
    if (value === NO) return NO;
    const pos = b.startOf(first, this.last);
    const end = b.endOf(first, this.last);
    if (!name) return { value, pos, end, [SOURCE]: b.src };
    return { name: b.ident(name), value, pos, end, [SOURCE]: b.src };
  }

  protected list(): A.ListLit | undefined {
    const b = this.b!;
    const first = this.toks[this.i++]!;
    const items: A.Expr[] = [];
    if (is(startsExpr, this.toks[this.i])) {
      for (;;) {
        const item = this.expr();
        if (item === NO) return NO;
        items.push(item);
        if (!isType(Comma, this.toks[this.i])) break;
        this.i++;
        if (!is(startsExpr, this.toks[this.i])) break; // a trailing comma
      }
    }
    if (!isType(RSquare, this.toks[this.i])) return NO;
    this.i++;
    return {
      kind: 'List',
      items: exact(items),
      pos: b.startOf(first, this.last),
      end: b.endOf(first, this.last),
      [SOURCE]: b.src,
    };
  }

  private primary(): A.Expr | undefined {
    const b = this.b!;
    const t = this.toks[this.i];
    if (t === undefined) return NO;
    if (is(isLiteral, t)) {
      this.i++;
      return b.literal(t);
    }
    if (is(isName, t)) {
      this.i++;
      const face = this.toks[this.i];
      if (isType(CardFace, face)) {
        this.i++;
        const pos = b.startOf(t, face);
        return b.cardLit(t, face, pos, b.endOf(t, face));
      }
      return { kind: 'Name', name: t.image, pos: b.startOf(t, t), end: b.endOf(t, t), [SOURCE]: b.src };
    }
    if (isType(LParen, t)) {
      this.i++;
      const inner = this.expr();
      if (inner === NO || !isType(RParen, this.toks[this.i])) return NO;
      this.i++;
      return inner;
    }
    if (isType(LSquare, t)) return this.list();
    return NO;
  }
}

/** The prefix operators of an operand that has none (most): one shared empty list. */
const NO_PREFIX: IToken[] = [];
