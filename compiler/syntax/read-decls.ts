// Top-level phrase and scenario declarations read by hand, for the parser's `file` and `decls` rules (parser.ts):
// there are some 1,700 of them in rules/, most a line or a few, and each cost Chevrotain's `decl` rule, its
// declaration rule and the rules of its names and parameters. As with expressions (read-expr.ts), the same choices
// from the same tokens and the same calls to the tree builder in the same order; a declaration this does not read
// whole (any other kind, a scenario with an item read-scenario.ts leaves to the parser, anything malformed) is left
// to the parser's rules. test/syntax.test.ts compares both on every file of the repository and on random input.
import type { IToken, TokenType } from 'chevrotain';
import type * as A from '../ast/nodes.ts';
import { SOURCE } from '../ast/source.ts';
import { unescapeString, type ScenarioItem, type TreeBuilder } from './build.ts';
import { is, isMemberName, isName, isType, NO, table } from './read-expr.ts';
import { ScenarioReader } from './read-scenario.ts';
import { Dot, Identifier, isNonAscii, kw, LCurly, LParen, NumberTok, RCurly, StringTok } from './tokens.ts';

/** What a phrase's parameter may be (`phraseParam`'s alternatives). */
const isParamName = table([Identifier, kw.true!, kw.false!, kw.none!, NumberTok]);

export class DeclReader extends ScenarioReader {
  /** Read the top-level declarations from `tokens[from]` on as long as they are ones this reads, giving each to
   *  `add` with the offset of its first token; the index of the token after the last one read. */
  decls(b: TreeBuilder, tokens: IToken[], from: number, add: (at: number, d: A.Decl) => void): number {
    return this.attempt(b, tokens, from, () => {
      for (;;) {
        const at = this.i;
        const lastEnd = b.lastEnd;
        const first = this.toks[at];
        const d = isType(kw.phrase!, first) ? this.phrase() : isType(kw.scenario!, first) ? this.scenario() : NO;
        if (d === NO) {
          this.i = at;
          b.lastEnd = lastEnd;
          return true;
        }
        add(first!.startOffset, d);
      }
    })!.next;
  }

  /** `Ident Ident? String?`: the second name is the Chinese one only if it has a letter outside ASCII. */
  private names(): A.Names | undefined {
    const b = this.b!;
    const first = this.toks[this.i];
    if (!is(isName, first)) return NO;
    this.i++;
    let zh: IToken | undefined;
    const next = this.toks[this.i];
    if (is(isName, next) && isNonAscii.test(next!.image)) {
      zh = next;
      this.i++;
    }
    let en: IToken | undefined;
    if (isType(StringTok, this.toks[this.i])) en = this.toks[this.i++];
    return b.names(first, zh, en, b.startOf(first!, this.last), b.endOf(first!, this.last));
  }

  private scenario(): A.ScenarioDecl | undefined {
    const b = this.b!;
    const first = this.toks[this.i++]!;
    const names = this.names();
    if (names === NO || !isType(LCurly, this.toks[this.i])) return NO;
    this.i++;
    const items: ScenarioItem[] = [];
    this.itemsHere(items);
    if (!isType(RCurly, this.toks[this.i])) return NO;
    this.i++;
    return b.scenario(names, items, b.startOf(first, this.last), b.endOf(first, this.last));
  }

  private phrase(): A.PhraseDecl | undefined {
    const b = this.b!;
    const first = this.toks[this.i++]!;
    const target = this.phraseTarget();
    if (target === NO) return NO;
    let params: A.PhraseParam[] | undefined;
    if (isType(LParen, this.toks[this.i])) {
      params = this.phraseParams();
      if (params === NO) return NO;
    }
    const zh = this.toks[this.i];
    const en = this.toks[this.i + 1];
    if (!isType(StringTok, zh) || !isType(StringTok, en)) return NO;
    this.i += 2;
    const negative = this.wording(kw.not!);
    const result = this.wording(kw.as!);
    if (negative === false || result === false) return NO;
    return b.phrase(target, params, zh, en, negative, result, b.startOf(first, this.last), b.endOf(first, this.last));
  }

  /** `on window`, a text, or `name` / `owner.member`. */
  private phraseTarget(): A.PhraseTarget | undefined {
    const b = this.b!;
    const t = this.toks[this.i];
    if (isType(kw.on!, t)) {
      const name = this.toks[this.i + 1];
      if (!is(isName, name) && !isType(kw.active!, name)) return NO;
      this.i += 2;
      return { kind: 'Window', name: b.ident(name) };
    }
    if (isType(StringTok, t)) {
      this.i++;
      return b.literal(t) as A.TextLit;
    }
    if (!is(isName, t)) return NO;
    this.i++;
    let member: IToken | undefined;
    if (isType(Dot, this.toks[this.i])) {
      member = this.toks[this.i + 1];
      if (!is(isMemberName, member)) return NO;
      this.i += 2;
    }
    const owner = b.ident(t);
    return member ? { kind: 'Member', owner, name: b.ident(member) } : { kind: 'Name', name: owner };
  }

  /** `(param, …)`, each a name or a pattern, and perhaps its noun in both languages. */
  private phraseParams(): A.PhraseParam[] | undefined {
    return this.parenthesised(isParamName, this.aPhraseParam);
  }

  private readonly aPhraseParam = (): A.PhraseParam | undefined => {
    const b = this.b!;
    const name = this.toks[this.i];
    if (!is(isParamName, name)) return NO;
    this.i++;
    let noun: IToken[] | undefined;
    if (isType(StringTok, this.toks[this.i])) {
      if (!isType(StringTok, this.toks[this.i + 1])) return NO;
      noun = [this.toks[this.i]!, this.toks[this.i + 1]!];
      this.i += 2;
    }
    const pos = b.startOf(name!, this.last);
    const end = b.endOf(name!, this.last);
    return {
      name: b.ident(name),
      ...(noun ? { noun: { zh: unescapeString(noun[0]!.image), en: unescapeString(noun[1]!.image) } } : {}),
      pos,
      end,
      [SOURCE]: b.src,
    };
  };

  /** `word "…" "…"` when the next token is `word`: its two texts' tokens; false when malformed. */
  private wording(word: TokenType): IToken[] | undefined | false {
    if (!isType(word, this.toks[this.i])) return undefined;
    const zh = this.toks[this.i + 1];
    const en = this.toks[this.i + 2];
    if (!isType(StringTok, zh) || !isType(StringTok, en)) return false;
    this.i += 3;
    return [zh, en];
  }
}
