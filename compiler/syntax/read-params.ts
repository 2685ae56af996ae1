// Parameter lists and types read by hand, for the parser's `signature` and `typeRef` rules (parser.ts): every event,
// action, function, hook and method has a signature, and a parameter cost Chevrotain three rule calls. As with
// expressions (read-expr.ts), the same choices from the same tokens and the same calls to the tree builder in the
// same order; anything malformed is left to the parser's rules. test/syntax.test.ts compares both on every file of
// the repository and on random input.
import type { IToken } from 'chevrotain';
import type * as A from '../ast/nodes.ts';
import { SOURCE } from '../ast/source.ts';
import type { TreeBuilder } from './build.ts';
import { ExprReader, is, isName, isType, NO } from './read-expr.ts';
import { Colon, Eq, kw, LSquare, Question, RSquare } from './tokens.ts';

export class ParamReader extends ExprReader {
  /** `( params? )` whose `(` is `tokens[from]`, and the index of the token after it. */
  readSignature(b: TreeBuilder, tokens: IToken[], from: number): { value: A.Param[]; next: number } | undefined {
    return this.attempt(b, tokens, from, () => this.signature());
  }

  /** A type whose first token is `tokens[from]`, and the index of the token after it. */
  readType(b: TreeBuilder, tokens: IToken[], from: number): { value: A.TypeRef; next: number } | undefined {
    return this.attempt(b, tokens, from, () => this.type());
  }

  private signature(): A.Param[] | undefined {
    return this.parenthesised(isName, this.aParam);
  }

  private readonly aParam = (): A.Param | undefined => this.param();

  /** `name: type (= default)?`. */
  private param(): A.Param | undefined {
    const b = this.b!;
    const first = this.toks[this.i];
    if (!is(isName, first) || !isType(Colon, this.toks[this.i + 1])) return NO;
    this.i += 2;
    const type = this.type();
    if (type === NO) return NO;
    let value: A.Expr | undefined;
    if (isType(Eq, this.toks[this.i])) {
      this.i++;
      value = this.expr();
      if (value === NO) return NO;
    }
    const pos = b.startOf(first!, this.last);
    const end = b.endOf(first!, this.last);
    return { name: b.ident(first), type, ...(value ? { default: value } : {}), pos, end, [SOURCE]: b.src };
  }

  /** `[type]?` or `name?` (`skill` too, a reserved word). */
  private type(): A.TypeRef | undefined {
    const b = this.b!;
    const first = this.toks[this.i];
    let element: A.TypeRef | undefined;
    let name: IToken | undefined;
    if (isType(LSquare, first)) {
      this.i++;
      element = this.type();
      if (element === NO || !isType(RSquare, this.toks[this.i])) return NO;
      this.i++;
    } else if (is(isName, first) || isType(kw.skill!, first)) {
      name = first;
      this.i++;
    } else return NO;
    const optional = isType(Question, this.toks[this.i]);
    if (optional) this.i++;
    const pos = b.startOf(first!, this.last);
    const end = b.endOf(first!, this.last);
    if (element) return b.listType(element, optional, pos, end);
    return { kind: 'Type', name: b.ident(name), list: false, optional, pos, end, [SOURCE]: b.src };
  }
}
