// A scenario's items read by hand, for the parser's `scenario` rule (parser.ts): scenarios are half the text of
// rules/, and most of their items are a line of a few tokens (`a: slash ♠7`, `expect caocao.hp == 3`, a seat) for
// which Chevrotain's rules cost more than the tokens. As with expressions (read-expr.ts), the same choices from the
// same tokens (the alternatives of `scenarioItem` in their order, each decided by the tokens its lookahead paths
// look at, and their gates) and the same calls to the tree builder in the same order; an item this does not read
// (anything malformed) is left to the parser's rules, from where the last item read ends. test/syntax.test.ts compares both on every file of the repository and on random input.
import type { IToken } from 'chevrotain';
import type * as A from '../ast/nodes.ts';
import { SOURCE } from '../ast/source.ts';
import { exact, text, type ScenarioItem, type TreeBuilder } from './build.ts';
import { continuesExpr, ExprReader, is, isMemberName, isName, isType, NO, startsExpr } from './read-expr.ts';
import { Colon, Comma, Eq, kw, LCurly, LSquare, RCurly, StringTok } from './tokens.ts';

export class ScenarioReader extends ExprReader {
  /** Read the items from `tokens[from]` on into `items`, as long as there are items this reads; gives the index of
   *  the token after the last one read (`from` when none was). */
  items(b: TreeBuilder, tokens: IToken[], from: number, items: ScenarioItem[]): number {
    return this.attempt(b, tokens, from, () => this.itemsHere(items))!.next;
  }

  /** The items from the next token on that this reads, into `items` (each either read whole or not at all). */
  protected itemsHere(items: ScenarioItem[]): true {
    const b = this.b!;
    for (;;) {
      const at = this.i;
      const lastEnd = b.lastEnd;
      const item = this.item();
      if (item === NO) {
        this.i = at;
        b.lastEnd = lastEnd;
        return true;
      }
      items.push(item);
    }
  }

  /** `scenarioItem`'s alternatives, in order. */
  private item(): ScenarioItem | undefined {
    const t1 = this.toks[this.i];
    const t2 = this.toks[this.i + 1];
    if (t1 === undefined) return NO;
    if (isType(kw.mode!, t1) && is(isName, t2)) {
      this.i += 2;
      return { mode: this.b!.ident(t2) };
    }
    if (isType(kw.option!, t1) && is(isName, t2)) {
      const option = this.setting();
      return option === NO ? NO : { option };
    }
    if (isType(kw.var!, t1)) {
      if (!is(isName, t2)) return NO;
      const v = this.setting();
      return v === NO ? NO : { var: v };
    }
    if (isType(kw.seat!, t1) && is(isName, t2)) {
      const seat = this.seat();
      return seat === NO ? NO : { seat };
    }
    if (isType(kw.deck!, t1) && isType(Colon, t2) && isType(LSquare, this.toks[this.i + 2])) {
      this.i += 2;
      const list = this.list();
      return list === NO ? NO : { deck: list.items };
    }
    if (isType(kw.start!, t1) && is(isName, t2)) return { start: this.start() };
    if (isType(kw.expect!, t1)) {
      const step = this.expect();
      return step === NO ? NO : { step };
    }
    if (is(isName, t1) && !isType(kw.deck!, t1) && isType(Colon, t2) && is(startsExpr, this.toks[this.i + 2])) {
      const step = this.answer();
      return step === NO ? NO : { step };
    }
    return NO;
  }

  /** `option name = value` or `var name = value` (its name known to be there). */
  private setting(): A.Field | undefined {
    const b = this.b!;
    const first = this.toks[this.i]!;
    const name = this.toks[this.i + 1]!;
    if (!isType(Eq, this.toks[this.i + 2])) return NO;
    this.i += 3;
    const value = this.expr();
    if (value === NO) return NO;
    const pos = b.startOf(first, this.last);
    const end = b.endOf(first, this.last);
    return { name: b.ident(name), value, pos, end, [SOURCE]: b.src };
  }

  private seat(): A.Seat | undefined {
    const b = this.b!;
    const first = this.toks[this.i]!;
    const name = this.toks[this.i + 1]!;
    if (!isType(LCurly, this.toks[this.i + 2])) return NO;
    this.i += 3;
    const fields: A.Field[] = [];
    while (is(isMemberName, this.toks[this.i])) {
      const f = this.field();
      if (f === NO) return NO;
      fields.push(f);
      if (isType(Comma, this.toks[this.i])) this.i++;
    }
    if (!isType(RCurly, this.toks[this.i])) return NO;
    this.i++;
    const pos = b.startOf(first, this.last);
    const end = b.endOf(first, this.last);
    return { name: b.ident(name), fields: exact(fields), pos, end, [SOURCE]: b.src };
  }

  /** `name: value (, value)*`: a comma followed by `word :` starts the next field. */
  private field(): A.Field | undefined {
    const b = this.b!;
    const first = this.toks[this.i]!;
    if (!isType(Colon, this.toks[this.i + 1])) return NO;
    this.i += 2;
    const value = this.expr();
    if (value === NO) return NO;
    const values = [value];
    while (
      isType(Comma, this.toks[this.i]) &&
      !(is(isMemberName, this.toks[this.i + 1]) && isType(Colon, this.toks[this.i + 2]))
    ) {
      this.i++;
      const next = this.expr();
      if (next === NO) return NO;
      values.push(next);
    }
    return b.field(first, values, b.startOf(first, this.last), b.endOf(first, this.last));
  }

  /** `start player` and, on the same line and not an answer's player, the phase to start from. */
  private start(): NonNullable<A.ScenarioDecl['start']> {
    const b = this.b!;
    const first = this.toks[this.i]!;
    const player = this.toks[this.i + 1]!;
    this.i += 2;
    const next = this.toks[this.i];
    let from: IToken | undefined;
    if (is(isName, next) && next!.startLine === player.startLine && !isType(Colon, this.toks[this.i + 1])) {
      from = next;
      this.i++;
    }
    const pos = b.startOf(first, this.last);
    const end = b.endOf(first, this.last);
    return {
      player: b.ident(player),
      ...(from ? { from: b.ident(from) } : {}),
      pos,
      end,
      [SOURCE]: b.src,
    };
  }

  /** `expect …`: `expect`'s alternatives in order, each where its gate and its lookahead let it be chosen. */
  private expect(): A.Step | undefined {
    const b = this.b!;
    const first = this.toks[this.i]!;
    const t2 = this.toks[this.i + 1];
    const t3 = this.toks[this.i + 2];
    const t4 = this.toks[this.i + 3];
    this.i++;
    if (
      (isType(kw.log!, t2) && isType(StringTok, t3)) ||
      (isType(kw.not!, t2) && isType(kw.log!, t3) && isType(StringTok, t4))
    ) {
      // `expect log "…"`, `expect not log "…"`, either with `for x`.
      const negated = isType(kw.not!, t2);
      this.i += negated ? 2 : 1;
      const said = this.toks[this.i++]!;
      let reader: IToken | undefined;
      if (isType(kw.for!, this.toks[this.i])) {
        reader = this.toks[this.i + 1];
        if (!is(isName, reader)) return NO;
        this.i += 2;
      }
      const pos = b.startOf(first, this.last);
      const end = b.endOf(first, this.last);
      return {
        kind: 'ExpectLog',
        text: text(said),
        ...(negated ? { negated: true } : {}),
        ...(reader ? { player: b.ident(reader) } : {}),
        pos,
        end,
        [SOURCE]: b.src,
      };
    }
    if (isType(kw.ask!, t2) && is(isName, t3) && t3!.startLine === t2!.startLine && !isType(Colon, t4)) {
      this.i += 2;
      const pos = b.startOf(first, this.last);
      const end = b.endOf(first, this.last);
      return { kind: 'ExpectAsk', player: b.ident(t3), pos, end, [SOURCE]: b.src };
    }
    if (isType(kw.end!, t2) && !is(continuesExpr, t3)) {
      this.i++;
      const pos = b.startOf(first, this.last);
      const end = b.endOf(first, this.last);
      return { kind: 'ExpectEnd', pos, end, [SOURCE]: b.src };
    }
    if (isType(kw.offered!, t2) || (isType(kw.not!, t2) && isType(kw.offered!, t3))) {
      // `expect offered …` / `expect not offered …`: what the pending decision offers.
      const negated = isType(kw.not!, t2);
      this.i += negated ? 2 : 1;
      const picks = this.picks();
      if (picks === NO) return NO;
      const pos = b.startOf(first, this.last);
      const end = b.endOf(first, this.last);
      return { kind: 'ExpectOffer', negated, picks, pos, end, [SOURCE]: b.src };
    }
    if (!is(startsExpr, t2)) return NO;
    const cond = this.expr();
    if (cond === NO) return NO;
    const pos = b.startOf(first, this.last);
    const end = b.endOf(first, this.last);
    return { kind: 'Expect', cond, pos, end, [SOURCE]: b.src };
  }

  /** `pick (, pick)*`. */
  private picks(): A.Expr[] | undefined {
    return this.commaList(this.anExpr);
  }

  /** `player: pick (, pick)*`. */
  private answer(): A.Step | undefined {
    const b = this.b!;
    const first = this.toks[this.i]!;
    this.i += 2;
    const picks = this.picks();
    if (picks === NO) return NO;
    const pos = b.startOf(first, this.last);
    const end = b.endOf(first, this.last);
    return { kind: 'Answer', player: b.ident(first), picks, pos, end, [SOURCE]: b.src };
  }
}
