// A block of statements read by hand, for the parser's `block` rule (parser.ts): the bodies of skills, events,
// actions and functions are most of the rules that are not scenarios. As with expressions (read-expr.ts), the same
// choices from the same tokens (each statement's kind by its first token, in the order of `stmt`'s alternatives)
// and the same calls to the tree builder in the same order. A block with anything this does not read (anything
// malformed) is left whole to the parser's rules, whose inner blocks are read by hand again where they can be.
// test/syntax.test.ts compares both on every file of the repository and on random input.
import type { IToken } from 'chevrotain';
import type * as A from '../ast/nodes.ts';
import { SOURCE } from '../ast/source.ts';
import { exact, spelling, type TreeBuilder } from './build.ts';
import { ExprReader, is, isName, isType, NO, startsExpr, table } from './read-expr.ts';
import { Eq, kw, LCurly, MinusEq, PlusEq, RCurly } from './tokens.ts';

const isAssign = table([Eq, PlusEq, MinusEq]);

export class BlockReader extends ExprReader {
  /** The block `{ … }` whose `{` is `tokens[from]`, and the index of the token after it; undefined (the builder
   *  untouched) when this does not read all of it. */
  readBlock(b: TreeBuilder, tokens: IToken[], from: number): { value: A.Block; next: number } | undefined {
    return this.attempt(b, tokens, from, () => this.block());
  }

  private block(): A.Block | undefined {
    const b = this.b!;
    const first = this.toks[this.i];
    if (!isType(LCurly, first)) return NO;
    this.i++;
    const stmts: A.Stmt[] = [];
    while (!isType(RCurly, this.toks[this.i])) {
      const s = this.stmt();
      if (s === NO) return NO;
      stmts.push(s);
    }
    this.i++;
    return {
      kind: 'Block',
      stmts: exact(stmts),
      pos: b.startOf(first, this.last),
      end: b.endOf(first, this.last),
      [SOURCE]: b.src,
    };
  }

  /** `stmt`'s alternatives, in order. */
  private stmt(): A.Stmt | undefined {
    const t = this.toks[this.i];
    if (t === undefined) return NO;
    switch (t.tokenType) {
      case kw.let:
        return this.letStmt();
      case kw.if:
        return this.ifStmt();
      case kw.for:
        return this.forStmt();
      case kw.while:
        return this.whileStmt();
      case kw.repeat:
        return this.repeatStmt();
      case kw.return:
      case kw.stop:
        return this.exit();
      case kw.break:
      case kw.continue: {
        const b = this.b!;
        this.i++;
        const kind = t.tokenType === kw.break ? 'Break' : 'Continue';
        return { kind, pos: b.startOf(t, t), end: b.endOf(t, t), [SOURCE]: b.src };
      }
      case kw.timing:
        return this.timingStmt();
    }
    return is(startsExpr, t) ? this.exprStmt() : NO;
  }

  private letStmt(): A.LetStmt | undefined {
    const b = this.b!;
    const first = this.toks[this.i]!;
    const name = this.toks[this.i + 1];
    if (!is(isName, name) || !isType(Eq, this.toks[this.i + 2])) return NO;
    this.i += 3;
    const value = this.expr();
    if (value === NO) return NO;
    const pos = b.startOf(first, this.last);
    const end = b.endOf(first, this.last);
    return { kind: 'Let', name: b.ident(name), value, pos, end, [SOURCE]: b.src };
  }

  private ifStmt(): A.IfStmt | undefined {
    const b = this.b!;
    const first = this.toks[this.i++]!;
    const cond = this.expr();
    if (cond === NO) return NO;
    const then = this.block();
    if (then === NO) return NO;
    let otherwise: A.IfStmt | A.Block | undefined;
    if (isType(kw.else!, this.toks[this.i])) {
      this.i++;
      const next = this.toks[this.i];
      otherwise = isType(kw.if!, next) ? this.ifStmt() : isType(LCurly, next) ? this.block() : NO;
      if (otherwise === NO) return NO;
    }
    const out: A.IfStmt = {
      kind: 'If',
      cond,
      then,
      pos: b.startOf(first, this.last),
      end: b.endOf(first, this.last),
      [SOURCE]: b.src,
    };
    if (otherwise) out.else = otherwise;
    return out;
  }

  private forStmt(): A.ForStmt | undefined {
    const b = this.b!;
    const first = this.toks[this.i]!;
    const name = this.toks[this.i + 1];
    if (!is(isName, name) || !isType(kw.in!, this.toks[this.i + 2])) return NO;
    this.i += 3;
    const iterable = this.expr();
    if (iterable === NO) return NO;
    const body = this.block();
    if (body === NO) return NO;
    const pos = b.startOf(first, this.last);
    const end = b.endOf(first, this.last);
    return { kind: 'For', name: b.ident(name), iterable, body, pos, end, [SOURCE]: b.src };
  }

  private whileStmt(): A.WhileStmt | undefined {
    const b = this.b!;
    const first = this.toks[this.i++]!;
    const cond = this.expr();
    if (cond === NO) return NO;
    const body = this.block();
    if (body === NO) return NO;
    return {
      kind: 'While',
      cond,
      body,
      pos: b.startOf(first, this.last),
      end: b.endOf(first, this.last),
      [SOURCE]: b.src,
    };
  }

  private repeatStmt(): A.RepeatStmt | undefined {
    const b = this.b!;
    const first = this.toks[this.i++]!;
    let count: A.Expr | undefined;
    if (is(startsExpr, this.toks[this.i])) {
      count = this.expr();
      if (count === NO) return NO;
    }
    const body = this.block();
    if (body === NO) return NO;
    return {
      kind: 'Repeat',
      ...(count ? { count } : {}),
      body,
      pos: b.startOf(first, this.last),
      end: b.endOf(first, this.last),
      [SOURCE]: b.src,
    };
  }

  /** `return` or `stop`, and a value when one starts on the same line. */
  private exit(): A.ReturnStmt | A.StopStmt | undefined {
    const b = this.b!;
    const first = this.toks[this.i++]!;
    let value: A.Expr | undefined;
    const next = this.toks[this.i];
    if (is(startsExpr, next) && next!.startLine === first.startLine) {
      value = this.expr();
      if (value === NO) return NO;
    }
    if (first.tokenType === kw.return)
      return {
        kind: 'Return',
        ...(value ? { value } : {}),
        pos: b.startOf(first, this.last),
        end: b.endOf(first, this.last),
        [SOURCE]: b.src,
      };
    return {
      kind: 'Stop',
      ...(value ? { target: value } : {}),
      pos: b.startOf(first, this.last),
      end: b.endOf(first, this.last),
      [SOURCE]: b.src,
    };
  }

  private timingStmt(): A.TimingStmt | undefined {
    const b = this.b!;
    const first = this.toks[this.i]!;
    const name = this.toks[this.i + 1];
    if (!is(isName, name) || !isType(kw.for!, this.toks[this.i + 2])) return NO;
    this.i += 3;
    const subject = this.expr();
    if (subject === NO) return NO;
    const pos = b.startOf(first, this.last);
    const end = b.endOf(first, this.last);
    return { kind: 'Timing', name: b.ident(name), subject, pos, end, [SOURCE]: b.src };
  }

  private exprStmt(): A.AssignStmt | A.ExprStmt | undefined {
    const b = this.b!;
    const first = this.toks[this.i]!;
    const target = this.expr();
    if (target === NO) return NO;
    let op: IToken | undefined;
    let value: A.Expr | undefined;
    if (is(isAssign, this.toks[this.i])) {
      op = this.toks[this.i++]!;
      value = this.expr();
      if (value === NO) return NO;
    }
    const pos = b.startOf(first, this.last);
    const end = b.endOf(first, this.last);
    if (!op) return { kind: 'ExprStmt', expr: target, pos, end, [SOURCE]: b.src };
    const o = spelling(op);
    return { kind: 'Assign', target, op: o === '+=' || o === '-=' ? o : '=', value: value!, pos, end, [SOURCE]: b.src };
  }
}
