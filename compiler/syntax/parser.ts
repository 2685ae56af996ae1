// The grammar of the rules language: a Chevrotain CstParser, pure grammar (no embedded actions).
// to-ast.ts turns the CST into the AST of compiler/ast/nodes.ts. One parser instance is reused.
import {
  CstParser,
  type CstNode,
  EOF,
  tokenMatcher,
  type DSLMethodOpts,
  type ILookaheadStrategy,
  type IOrAlt,
  type IParserErrorMessageProvider,
  type IToken,
  type TokenType,
} from 'chevrotain';
import {
  allTokens,
  kw,
  Identifier,
  Reserved,
  CardFace,
  NumberTok,
  StringTok,
  EqEq,
  NotEq,
  LtEq,
  GtEq,
  PlusEq,
  MinusEq,
  Lt,
  Gt,
  Eq,
  Plus,
  Minus,
  Star,
  Slash,
  Percent,
  Dot,
  Comma,
  Colon,
  LParen,
  RParen,
  LCurly,
  RCurly,
  LSquare,
  RSquare,
  Question,
  describeTokenType,
} from './tokens.ts';
import { decodeTable, TableLookahead } from './lookahead.ts';
import { fingerprint, lines } from './lookahead-table.ts';

/** How many tokens the parser may look ahead. */
export const MAX_LOOKAHEAD = 3;
/** The token types the lookahead table names. */
export const vocabulary: TokenType[] = [...allTokens, EOF];

// ---------------------------------------------------------------- error messages

/** What a closing token closes, by the rule that expected it (for "expected '}' to close the skill block"). */
const closes: Record<string, string> = {
  enumBody: 'the list of members',
  card: 'the card block',
  deck: 'the deck block',
  general: 'the general block',
  skill: 'the skill block',
  mode: 'the mode block',
  variant: 'the variant block',
  scenario: 'the scenario block',
  seat: 'the seat block',
  block: 'the block',
  params: 'the parameter list',
  event: 'the parameter list',
  action: 'the parameter list',
  function: 'the parameter list',
  hook: 'the parameter list',
  invariant: 'the parameter list',
  method: 'the parameter list',
  trigger: 'the subject',
  modify: 'the parameter list',
  suffix: 'the argument list',
  primary: 'the parentheses',
  listLit: 'the list',
  typeRef: 'the list type',
  scenarioDeck: 'the deck list',
  phraseParams: 'the parameter list',
};

const exprRules = new Set(['expr', 'operand', 'postfix', 'primary', 'arg', 'pick']);

const noViableWhat: Record<string, string> = {
  decl: 'a declaration (enum, option, zone, property, var, card, deck, general, skill, event, action, function, hook, invariant, mode, variant, scenario or phrase)',
  skillItem: "a skill item ('on', 'active', 'viewAs', 'modify' or 'filter')",
  stmt: 'a statement',
  typeRef: 'a type',
  scenarioItem: 'a scenario item (mode, option, var, seat, deck, start, expect or an answer such as `a: pass`)',
  memberName: "a member name after '.'",
  cardItem: 'a field, a method or flavour',
  modeItem: 'a field, a method or a declaration the mode owns',
  generalItem: 'a field or flavour',
};

export function describeFound(t: IToken | undefined): string {
  if (!t || t.tokenType === EOF) return 'end of file';
  const img = t.image.length > 20 ? t.image.slice(0, 20) + '…' : t.image;
  return `'${img}'`;
}

function expectedList(paths: TokenType[][]): string {
  const seen: string[] = [];
  for (const p of paths) {
    const t = p[0];
    if (!t) continue;
    const d = describeTokenType(t);
    if (!seen.includes(d)) seen.push(d);
  }
  if (seen.length === 0) return 'something else';
  if (seen.length > 6) return seen.slice(0, 6).join(', ') + ', …';
  if (seen.length === 1) return seen[0]!;
  return seen.slice(0, -1).join(', ') + ' or ' + seen[seen.length - 1];
}

const messages: IParserErrorMessageProvider = {
  buildMismatchTokenMessage({ expected, actual, ruleName }) {
    // At the top level, recovery inside `Decl*` reports "expected EOF": it means a declaration was expected.
    if (expected === EOF) return `expected a declaration, found ${describeFound(actual)}`;
    const what = exprRules.has(ruleName) && expected === Identifier ? 'a name' : describeTokenType(expected);
    const close =
      (expected === RCurly || expected === RParen || expected === RSquare) && closes[ruleName]
        ? ` to close ${closes[ruleName]}`
        : '';
    return `expected ${what}${close}, found ${describeFound(actual)}`;
  },
  buildNotAllInputParsedMessage({ firstRedundant }) {
    return `expected a declaration, found ${describeFound(firstRedundant)}`;
  },
  buildNoViableAltMessage({ expectedPathsPerAlt, actual, ruleName }) {
    const found = describeFound(actual[0]);
    if (exprRules.has(ruleName)) return `expected an expression, found ${found}`;
    const what = noViableWhat[ruleName];
    if (what) return `expected ${what}, found ${found}`;
    return `expected ${expectedList(expectedPathsPerAlt.flat())}, found ${found}`;
  },
  buildEarlyExitMessage({ expectedIterationPaths, actual }) {
    return `expected ${expectedList(expectedIterationPaths)}, found ${describeFound(actual[0])}`;
  },
};

// ---------------------------------------------------------------- helpers for gates

/** Tokens that start a declaration: where parse.ts resumes after junk at the top level. */
export const declStarters: TokenType[] = [
  'enum',
  'option',
  'zone',
  'property',
  'var',
  'card',
  'deck',
  'general',
  'skill',
  'rule',
  'event',
  'action',
  'function',
  'hook',
  'invariant',
  'mode',
  'variant',
  'scenario',
  'phrase',
  'extend',
  'tag',
  'require',
].map((w) => kw[w]!);

// biome-ignore lint/suspicious/noControlCharactersInRegex: the range is all of ASCII, control characters included
const isNonAscii = /[^\x00-\x7f]/;
/** Tokens that can continue an expression after a primary: used to tell `expect end` from `expect end.x`. */
const exprContinuation: TokenType[] = [
  Dot,
  LParen,
  CardFace,
  EqEq,
  NotEq,
  Lt,
  LtEq,
  Gt,
  GtEq,
  Plus,
  Minus,
  Star,
  Slash,
  Percent,
  kw.in!,
  kw.is!,
  kw.and!,
  kw.or!,
  kw.where!,
];

// ---------------------------------------------------------------- the grammar

export class SgsParser extends CstParser {
  /** `validate`: run Chevrotain's grammar validations (ambiguities, left recursion …). They only find mistakes in
   *  this file, cost about a fifth of building the parser, which every run of the CLI pays: the test suite runs
   *  them (test/syntax.test.ts), the parser the compiler uses skips them. `lookahead`: by default from the table
   *  (lookahead.ts), which test/syntax.test.ts writes with a recording strategy. */
  constructor(
    validate = false,
    lookahead: ILookaheadStrategy = new TableLookahead(decodeTable(fingerprint, lines), vocabulary, MAX_LOOKAHEAD),
  ) {
    super(allTokens, {
      recoveryEnabled: true,
      maxLookahead: MAX_LOOKAHEAD,
      lookaheadStrategy: lookahead,
      nodeLocationTracking: 'onlyOffset',
      errorMessageProvider: messages,
      skipValidations: !validate,
    });
    this.performSelfAnalysis();
  }

  /** Chevrotain gives each CST node's children an `Object.create(null)`: a dictionary, bigger (more garbage) and
   *  slower to fill and to read than a plain object, and the CST is as big as the text. A plain object is safe as
   *  long as no child key (token type, rule or label) is a property of Object.prototype: test/syntax.test.ts. */
  cstInvocationStateUpdate(fullRuleName: string): void {
    const self = this as unknown as { CST_STACK: CstNode[]; setInitialNodeLocation(n: CstNode): void };
    const cstNode = { name: fullRuleName, children: {} } as CstNode;
    self.setInitialNodeLocation(cstNode);
    self.CST_STACK.push(cstNode);
  }

  // Each rule's alternatives (and gated options) are built once, on the first call, and reused: building the
  // closures on every call costs little in a bundle, but under tsx (esbuild's keep-names) every `{ ALT: () => … }`
  // also defines the closure's name, which made parsing three times slower. The index is the call site's own.
  private readonly alts: IOrAlt<unknown>[][] = [];
  private readonly gated: DSLMethodOpts<unknown>[] = [];

  private is(t: IToken, type: TokenType): boolean {
    return tokenMatcher(t, type);
  }

  // File := ('package' Names)? ('import' Ident (',' Ident)*)* Decl*   — a package's names (`package wind 风 "Wind"`)
  // are given once, on any of its files
  public file = this.RULE('file', () => {
    this.OPTION(() => {
      this.CONSUME(kw.package!);
      this.SUBRULE(this.names, { LABEL: 'pkg' });
    });
    this.MANY(() => {
      this.CONSUME(kw.import!);
      this.CONSUME2(Identifier, { LABEL: 'imports' });
      this.MANY2(() => {
        this.CONSUME(Comma);
        this.CONSUME3(Identifier, { LABEL: 'imports' });
      });
    });
    this.MANY3(() => this.SUBRULE(this.decl));
  });

  /** Declarations only: parse.ts resumes here after skipping text that is not a declaration. */
  public decls = this.RULE('decls', () => {
    this.MANY(() => this.SUBRULE(this.decl));
  });

  // Names := Ident Ident? String?   — the second Ident is the Chinese name only if it has a non-ASCII letter
  // (so `skill a 甲 locked {` → zh 甲, tag locked; `zone hand per player` → no zh).
  private names = this.RULE('names', () => {
    this.CONSUME(Identifier, { LABEL: 'id' });
    this.OPTION(
      (this.gated[0] ??= {
        GATE: () => this.is(this.LA(1), Identifier) && isNonAscii.test(this.LA(1).image),
        DEF: () => this.CONSUME2(Identifier, { LABEL: 'zh' }),
      }),
    );
    this.OPTION2(() => this.CONSUME(StringTok, { LABEL: 'en' }));
  });

  private decl = this.RULE('decl', () => {
    this.OR(
      (this.alts[0] ??= [
        { ALT: () => this.SUBRULE(this.enumDecl) },
        { ALT: () => this.SUBRULE(this.optionDecl) },
        { ALT: () => this.SUBRULE(this.zone) },
        { ALT: () => this.SUBRULE(this.property) },
        { ALT: () => this.SUBRULE(this.varDecl) },
        { ALT: () => this.SUBRULE(this.card) },
        { ALT: () => this.SUBRULE(this.deck) },
        { ALT: () => this.SUBRULE(this.general) },
        { ALT: () => this.SUBRULE(this.skill) },
        { ALT: () => this.SUBRULE(this.event) },
        { ALT: () => this.SUBRULE(this.action) },
        { ALT: () => this.SUBRULE(this.function) },
        { ALT: () => this.SUBRULE(this.hook) },
        { ALT: () => this.SUBRULE(this.invariant) },
        { ALT: () => this.SUBRULE(this.mode) },
        { ALT: () => this.SUBRULE(this.variant) },
        { ALT: () => this.SUBRULE(this.scenario) },
        { ALT: () => this.SUBRULE(this.phrase) },
        { ALT: () => this.SUBRULE(this.extend) },
        { ALT: () => this.SUBRULE(this.tagDecl) },
        { ALT: () => this.SUBRULE(this.require) },
        { ALT: () => this.SUBRULE(this.cardMethod) },
      ]),
    );
  });

  // CardMethod := 'method' Ident '(' Params? ')' ('{' '}' | '=' 'none')   — a card method the rules may call on a
  // card of any kind: a kind without it does nothing (`{ }`) or gives none (`= none`).
  private cardMethod = this.RULE('cardMethod', () => {
    this.CONSUME(kw.method!);
    this.CONSUME(Identifier, { LABEL: 'name' });
    this.CONSUME(LParen);
    this.OPTION(() => this.SUBRULE(this.params));
    this.CONSUME(RParen);
    this.OR(
      (this.alts[1] ??= [
        {
          ALT: () => {
            this.CONSUME(LCurly, { LABEL: 'acts' });
            this.CONSUME(RCurly);
          },
        },
        {
          ALT: () => {
            this.CONSUME(Eq);
            this.CONSUME(kw.none!);
          },
        },
      ]),
    );
  });

  // Extend := 'extend' 'event' Ident '{' Params? '}' | 'extend' 'enum' Ident EnumBody | 'extend' 'mode' Ident '{' Field* '}'
  private extend = this.RULE('extend', () => {
    this.CONSUME(kw.extend!);
    this.OR(
      (this.alts[2] ??= [
        {
          ALT: () => {
            this.CONSUME(kw.event!, { LABEL: 'isEvent' });
            this.CONSUME(Identifier, { LABEL: 'target' });
            this.CONSUME(LCurly);
            this.OPTION(() => {
              this.SUBRULE(this.params);
              this.OPTION2(() => this.CONSUME(Comma));
            });
            this.CONSUME(RCurly);
          },
        },
        {
          ALT: () => {
            this.CONSUME(kw.enum!);
            this.CONSUME2(Identifier, { LABEL: 'target' });
            this.SUBRULE(this.enumBody);
          },
        },
        {
          ALT: () => {
            this.CONSUME(kw.mode!, { LABEL: 'isMode' });
            this.CONSUME3(Identifier, { LABEL: 'target' });
            this.CONSUME2(LCurly);
            this.MANY(() => this.SUBRULE(this.field));
            this.CONSUME2(RCurly);
          },
        },
      ]),
    );
  });

  // Tag := 'tag' Names ('forbids' 'may')? ('once' 'per' Ident)? ('records' Ident)?   — a skill tag, its wording,
  // what a skill wearing it may not say, whether the whole skill has one use, and the player property its uses go in
  private tagDecl = this.RULE('tagDecl', () => {
    this.CONSUME(kw.tag!);
    this.SUBRULE(this.names);
    this.OPTION(() => {
      this.CONSUME(kw.forbids!);
      this.CONSUME(kw.may!, { LABEL: 'forbidsMay' });
    });
    this.OPTION2(() => {
      this.CONSUME(kw.once!);
      this.CONSUME(kw.per!);
      this.CONSUME(Identifier, { LABEL: 'oncePer' });
    });
    this.OPTION3(() => {
      this.CONSUME(kw.records!);
      this.CONSUME2(Identifier, { LABEL: 'records' });
    });
  });

  // Require := 'require' 'general' '{' ReqField (',' ReqField)* ','? '}'   ReqField := Ident ':' Type ('>=' Number)?
  private require = this.RULE('require', () => {
    this.CONSUME(kw.require!);
    this.CONSUME(kw.general!, { LABEL: 'what' });
    this.CONSUME(LCurly);
    this.OPTION(() => {
      this.SUBRULE(this.reqField);
      this.MANY(() => {
        this.CONSUME(Comma);
        this.SUBRULE2(this.reqField);
      });
      this.OPTION2(() => this.CONSUME2(Comma));
    });
    this.CONSUME(RCurly);
  });

  private reqField = this.RULE('reqField', () => {
    this.CONSUME(Identifier, { LABEL: 'name' });
    this.CONSUME(Colon);
    this.SUBRULE(this.typeRef);
    this.OPTION(() => {
      this.CONSUME(GtEq);
      this.CONSUME(NumberTok, { LABEL: 'min' });
    });
  });

  // '{' (Names (',' Names)* ','?)? '}'
  private enumBody = this.RULE('enumBody', () => {
    this.CONSUME(LCurly);
    this.OPTION(() => {
      this.SUBRULE(this.names, { LABEL: 'members' });
      this.MANY(() => {
        this.CONSUME(Comma);
        this.SUBRULE2(this.names, { LABEL: 'members' });
      });
      this.OPTION2(() => this.CONSUME2(Comma));
    });
    this.CONSUME(RCurly);
  });

  private enumDecl = this.RULE('enumDecl', () => {
    this.CONSUME(kw.enum!);
    this.SUBRULE(this.names);
    this.SUBRULE(this.enumBody);
  });

  private optionDecl = this.RULE('optionDecl', () => {
    this.CONSUME(kw.option!);
    this.SUBRULE(this.names);
    this.OR(
      (this.alts[3] ??= [
        { ALT: () => this.SUBRULE(this.enumBody) },
        {
          ALT: () => {
            this.CONSUME(Colon);
            this.SUBRULE(this.typeRef);
          },
        },
      ]),
    );
    this.CONSUME(Eq);
    this.SUBRULE(this.expr, { LABEL: 'default' });
  });

  private visibility = this.RULE('visibility', () => {
    this.OR(
      (this.alts[4] ??= [
        { ALT: () => this.CONSUME(kw.public!, { LABEL: 'vis' }) },
        { ALT: () => this.CONSUME(kw.owner!, { LABEL: 'vis' }) },
        { ALT: () => this.CONSUME(kw.hidden!, { LABEL: 'vis' }) },
      ]),
    );
  });

  private zone = this.RULE('zone', () => {
    this.CONSUME(kw.zone!);
    this.SUBRULE(this.names);
    this.OR(
      (this.alts[5] ??= [
        {
          ALT: () => {
            this.CONSUME(kw.per!, { LABEL: 'perPlayer' });
            this.CONSUME(kw.player!);
          },
        },
        { ALT: () => this.CONSUME(kw.shared!) },
      ]),
    );
    this.OPTION(() => this.SUBRULE(this.visibility));
    this.OPTION2(() => this.CONSUME(kw.grants!, { LABEL: 'grants' }));
  });

  private resetAt = this.RULE('resetAt', () => {
    this.CONSUME(kw.reset!);
    this.CONSUME(kw.at!);
    this.CONSUME(Identifier, { LABEL: 'event' });
  });

  private property = this.RULE('property', () => {
    this.CONSUME(kw.property!);
    this.SUBRULE(this.names);
    this.CONSUME(Colon);
    this.SUBRULE(this.typeRef);
    this.CONSUME(Eq);
    this.SUBRULE(this.expr, { LABEL: 'default' });
    this.OPTION(() => this.SUBRULE(this.visibility));
    this.OPTION2(() => this.SUBRULE(this.resetAt));
    this.OPTION3(() => this.CONSUME(kw.carried!, { LABEL: 'carried' }));
  });

  private varDecl = this.RULE('varDecl', () => {
    this.CONSUME(kw.var!);
    this.CONSUME(Identifier, { LABEL: 'name' });
    this.CONSUME(Colon);
    this.SUBRULE(this.typeRef);
    this.CONSUME(Eq);
    this.SUBRULE(this.expr, { LABEL: 'default' });
    this.OPTION(() => this.SUBRULE(this.resetAt));
    this.OPTION2(() => this.CONSUME(kw.carried!, { LABEL: 'carried' }));
  });

  // Field := Word ':' Expr (',' Expr)*   — a comma followed by `name :` starts the next field (seats).
  // The field name may be a reserved word (`general: caocao` in a seat): the ':' after it makes that safe.
  private field = this.RULE('field', () => {
    this.OR(
      (this.alts[6] ??= [
        { ALT: () => this.CONSUME(Identifier, { LABEL: 'name' }) },
        { ALT: () => this.CONSUME(Reserved, { LABEL: 'name' }) },
      ]),
    );
    this.CONSUME(Colon);
    this.SUBRULE(this.expr, { LABEL: 'values' });
    this.MANY(
      (this.gated[1] ??= {
        GATE: () => !((this.is(this.LA(2), Identifier) || this.is(this.LA(2), Reserved)) && this.is(this.LA(3), Colon)),
        DEF: () => {
          this.CONSUME(Comma);
          this.SUBRULE2(this.expr, { LABEL: 'values' });
        },
      }),
    );
  });

  // Method := Ident '(' Params? ')' ( '=' Expr | Block )
  private method = this.RULE('method', () => {
    this.CONSUME(Identifier, { LABEL: 'name' });
    this.CONSUME(LParen);
    this.OPTION(() => this.SUBRULE(this.params));
    this.CONSUME(RParen);
    this.OR(
      (this.alts[7] ??= [
        {
          ALT: () => {
            this.CONSUME(Eq);
            this.SUBRULE(this.expr);
          },
        },
        { ALT: () => this.SUBRULE(this.block) },
      ]),
    );
  });

  private flavour = this.RULE('flavour', () => {
    this.CONSUME(kw.flavour!);
    this.CONSUME(StringTok, { LABEL: 'text' });
  });

  private cardItem = this.RULE('cardItem', () => {
    this.OR(
      (this.alts[8] ??= [
        { ALT: () => this.SUBRULE(this.flavour) },
        { ALT: () => this.SUBRULE(this.field) },
        { ALT: () => this.SUBRULE(this.method) },
      ]),
    );
  });

  // Card := 'card' Names ('is' Ident)? '{' CardItem* '}'   — `is <kind>`: a kind of another card kind
  private card = this.RULE('card', () => {
    this.CONSUME(kw.card!);
    this.SUBRULE(this.names);
    this.OPTION(() => {
      this.CONSUME(kw.is!);
      this.CONSUME(Identifier, { LABEL: 'parent' });
    });
    this.CONSUME(LCurly);
    this.MANY(() => this.SUBRULE(this.cardItem));
    this.CONSUME(RCurly);
  });

  private deckEntry = this.RULE('deckEntry', () => {
    this.CONSUME(Identifier, { LABEL: 'kind' });
    this.CONSUME(Colon);
    this.CONSUME(CardFace, { LABEL: 'faces' });
    this.MANY(() => {
      this.CONSUME(Comma);
      this.CONSUME2(CardFace, { LABEL: 'faces' });
    });
  });

  private deck = this.RULE('deck', () => {
    this.CONSUME(kw.deck!);
    this.SUBRULE(this.names);
    this.CONSUME(LCurly);
    this.MANY(() => this.SUBRULE(this.deckEntry));
    this.CONSUME(RCurly);
  });

  private generalItem = this.RULE('generalItem', () => {
    this.OR((this.alts[9] ??= [{ ALT: () => this.SUBRULE(this.flavour) }, { ALT: () => this.SUBRULE(this.field) }]));
  });

  private general = this.RULE('general', () => {
    this.CONSUME(kw.general!);
    this.SUBRULE(this.names);
    this.CONSUME(LCurly);
    this.MANY(() => this.SUBRULE(this.generalItem));
    this.CONSUME(RCurly);
  });

  // Skill := 'skill' Names Ident* '{' ('flavour' String | Field)* SkillItem* '}'   (fields: hints such as aiUse: 40)
  //        | 'rule' Names ('before' | 'after') 'skills' '{' … '}'   (a table rule: no owner, fires before or after
  //          every player's skills in its windows)
  private skill = this.RULE('skill', () => {
    this.OR(
      (this.alts[10] ??= [
        {
          ALT: () => {
            this.CONSUME(kw.skill!);
            this.SUBRULE(this.names);
          },
        },
        {
          ALT: () => {
            this.CONSUME(kw.rule!, { LABEL: 'isRule' });
            this.SUBRULE2(this.names);
            this.OR2(
              (this.alts[11] ??= [
                { ALT: () => this.CONSUME(kw.before!, { LABEL: 'order' }) },
                { ALT: () => this.CONSUME(kw.after!, { LABEL: 'order' }) },
              ]),
            );
            this.CONSUME(Identifier, { LABEL: 'skillsWord' });
          },
        },
      ]),
    );
    this.MANY(() => this.CONSUME2(Identifier, { LABEL: 'tags' }));
    this.CONSUME(LCurly);
    this.MANY3(() => this.SUBRULE(this.skillHead));
    this.MANY2(() => this.SUBRULE(this.skillItem));
    this.CONSUME(RCurly);
  });

  private skillHead = this.RULE('skillHead', () => {
    this.OR((this.alts[12] ??= [{ ALT: () => this.SUBRULE(this.flavour) }, { ALT: () => this.SUBRULE(this.field) }]));
  });

  private skillItem = this.RULE('skillItem', () => {
    this.OR(
      (this.alts[13] ??= [
        { ALT: () => this.SUBRULE(this.trigger) },
        { ALT: () => this.SUBRULE(this.active) },
        { ALT: () => this.SUBRULE(this.viewAs) },
        { ALT: () => this.SUBRULE(this.modify) },
        { ALT: () => this.SUBRULE(this.filter) },
        { ALT: () => this.SUBRULE(this.grant) },
      ]),
    );
  });

  // Grant := 'grants' Ident 'to' ('you' | 'others' | 'anyone') ('where' Expr)?   — a skill, or a card kind's skills
  // (as if equipped), that other players (or its owner) have while the owner has this skill and it is enabled.
  private grant = this.RULE('grant', () => {
    this.CONSUME(kw.grants!);
    this.CONSUME(Identifier, { LABEL: 'what' });
    this.CONSUME2(Identifier, { LABEL: 'toWord' });
    this.OR(
      (this.alts[14] ??= [
        { ALT: () => this.CONSUME(kw.you!, { LABEL: 'to' }) },
        { ALT: () => this.CONSUME(kw.others!, { LABEL: 'to' }) },
        { ALT: () => this.CONSUME(kw.anyone!, { LABEL: 'to' }) },
      ]),
    );
    this.OPTION(() => {
      this.CONSUME(kw.where!);
      this.SUBRULE(this.expr, { LABEL: 'cond' });
    });
  });

  private limit = this.RULE('limit', () => {
    this.CONSUME(kw.limit!);
    this.CONSUME(NumberTok, { LABEL: 'count' });
    this.CONSUME(kw.per!);
    this.CONSUME(Identifier, { LABEL: 'per' });
  });

  private ifCond = this.RULE('ifCond', () => {
    this.CONSUME(kw.if!);
    this.SUBRULE(this.expr);
  });

  private trigger = this.RULE('trigger', () => {
    this.CONSUME(kw.on!);
    this.CONSUME(Identifier, { LABEL: 'window' });
    this.CONSUME(LParen);
    this.OR(
      (this.alts[15] ??= [
        { ALT: () => this.CONSUME(kw.you!, { LABEL: 'subject' }) },
        { ALT: () => this.CONSUME(kw.anyone!, { LABEL: 'subject' }) },
        { ALT: () => this.CONSUME(kw.other!, { LABEL: 'subject' }) },
      ]),
    );
    this.CONSUME(RParen);
    this.OPTION(() => {
      this.CONSUME(kw.as!);
      this.CONSUME2(Identifier, { LABEL: 'alias' });
    });
    this.OPTION2(() => this.CONSUME(kw.may!, { LABEL: 'may' }));
    this.OPTION3(() => this.SUBRULE(this.limit));
    this.OPTION4(() => this.SUBRULE(this.ifCond));
    this.SUBRULE(this.block);
  });

  private active = this.RULE('active', () => {
    this.CONSUME(kw.active!);
    this.OPTION(() => this.SUBRULE(this.limit));
    this.OPTION2(() => this.SUBRULE(this.ifCond));
    this.SUBRULE(this.block);
  });

  private viewAs = this.RULE('viewAs', () => {
    this.CONSUME(kw.viewAs!);
    this.CONSUME(Identifier, { LABEL: 'kind' });
    this.CONSUME(kw.from!);
    this.CONSUME(NumberTok, { LABEL: 'count' });
    this.OR((this.alts[16] ??= [{ ALT: () => this.CONSUME(kw.card!) }, { ALT: () => this.CONSUME(kw.cards!) }]));
    this.OPTION(() => {
      this.CONSUME(kw.in!);
      this.CONSUME2(Identifier, { LABEL: 'zones' });
      this.MANY(() => {
        this.CONSUME(Comma);
        this.CONSUME3(Identifier, { LABEL: 'zones' });
      });
    });
    this.OPTION2(() => {
      this.CONSUME(kw.where!);
      this.SUBRULE(this.expr, { LABEL: 'filter' });
    });
    this.OPTION3(() => this.SUBRULE(this.ifCond));
  });

  private modify = this.RULE('modify', () => {
    this.CONSUME(kw.modify!);
    this.CONSUME(Identifier, { LABEL: 'hook' });
    this.CONSUME(LParen);
    this.OPTION(() => {
      this.CONSUME2(Identifier, { LABEL: 'params' });
      this.MANY(() => {
        this.CONSUME(Comma);
        this.CONSUME3(Identifier, { LABEL: 'params' });
      });
    });
    this.CONSUME(RParen);
    this.CONSUME(Eq);
    this.SUBRULE(this.expr, { LABEL: 'value' });
    this.OPTION2(() => this.SUBRULE(this.ifCond));
  });

  private setItem = this.RULE('setItem', () => {
    this.CONSUME(Identifier, { LABEL: 'name' });
    this.CONSUME(Eq);
    this.SUBRULE(this.expr, { LABEL: 'value' });
  });

  private filter = this.RULE('filter', () => {
    this.CONSUME(kw.filter!);
    this.CONSUME(kw.where!);
    this.SUBRULE(this.expr, { LABEL: 'cond' });
    this.CONSUME(kw.set!);
    this.SUBRULE(this.setItem);
    this.MANY(() => {
      this.CONSUME(Comma);
      this.SUBRULE2(this.setItem);
    });
  });

  private signature = this.RULE('signature', () => {
    this.CONSUME(LParen);
    this.OPTION(() => this.SUBRULE(this.params));
    this.CONSUME(RParen);
  });

  private returns = this.RULE('returns', () => {
    this.CONSUME(Colon);
    this.SUBRULE(this.typeRef);
  });

  private event = this.RULE('event', () => {
    this.CONSUME(kw.event!);
    this.SUBRULE(this.names);
    this.SUBRULE(this.signature);
    this.OPTION(() => this.SUBRULE(this.returns));
    this.SUBRULE(this.block, { LABEL: 'body' });
    this.OPTION2(() => {
      this.CONSUME(kw.cleanup!);
      this.SUBRULE2(this.block, { LABEL: 'cleanup' });
    });
  });

  private action = this.RULE('action', () => {
    this.CONSUME(kw.action!);
    this.SUBRULE(this.names);
    this.SUBRULE(this.signature);
    this.OPTION(() => this.SUBRULE(this.returns));
    this.SUBRULE(this.block);
  });

  private function = this.RULE('function', () => {
    this.CONSUME(kw.function!);
    this.SUBRULE(this.names);
    this.SUBRULE(this.signature);
    this.OPTION(() => this.SUBRULE(this.returns));
    this.OR(
      (this.alts[17] ??= [
        {
          ALT: () => {
            this.CONSUME(Eq);
            this.SUBRULE(this.expr);
          },
        },
        { ALT: () => this.SUBRULE(this.block) },
      ]),
    );
  });

  private hook = this.RULE('hook', () => {
    this.CONSUME(kw.hook!);
    this.SUBRULE(this.names);
    this.SUBRULE(this.signature);
    this.SUBRULE(this.returns);
    this.CONSUME(Eq);
    this.OR(
      (this.alts[18] ??= [
        { ALT: () => this.CONSUME(kw.sum!, { LABEL: 'combine' }) },
        { ALT: () => this.CONSUME(kw.any!, { LABEL: 'combine' }) },
        { ALT: () => this.CONSUME(kw.all!, { LABEL: 'combine' }) },
        { ALT: () => this.CONSUME(kw.max!, { LABEL: 'combine' }) },
        { ALT: () => this.CONSUME(kw.min!, { LABEL: 'combine' }) },
      ]),
    );
  });

  // Invariant := 'invariant' Names Signature? '=' Expr   — what must hold after every decision (per player or whole game)
  private invariant = this.RULE('invariant', () => {
    this.CONSUME(kw.invariant!);
    this.SUBRULE(this.names);
    this.OPTION(() => this.SUBRULE(this.signature));
    this.CONSUME(Eq);
    this.SUBRULE(this.expr);
  });

  // A mode's fields and methods, and the declarations it owns: its options, table rules, invariants and anything
  // it replaces while it is the game's mode.
  private modeItem = this.RULE('modeItem', () => {
    this.OR(
      (this.alts[19] ??= [
        { ALT: () => this.SUBRULE(this.field) },
        { ALT: () => this.SUBRULE(this.method) },
        { ALT: () => this.SUBRULE(this.decl) },
      ]),
    );
  });

  private mode = this.RULE('mode', () => {
    this.CONSUME(kw.mode!);
    this.SUBRULE(this.names);
    this.CONSUME(LCurly);
    this.MANY(() => this.SUBRULE(this.modeItem));
    this.CONSUME(RCurly);
  });

  private variant = this.RULE('variant', () => {
    this.CONSUME(kw.variant!);
    // `variant mode == id { … }` too: the game's mode chooses declarations as an option does.
    this.CONSUME(Identifier, { LABEL: 'option' });
    this.CONSUME(EqEq);
    this.SUBRULE(this.expr, { LABEL: 'value' });
    this.CONSUME(LCurly);
    this.MANY(() => this.SUBRULE(this.decl));
    this.CONSUME(RCurly);
  });

  private scenario = this.RULE('scenario', () => {
    this.CONSUME(kw.scenario!);
    this.SUBRULE(this.names);
    this.CONSUME(LCurly);
    this.MANY(() => this.SUBRULE(this.scenarioItem));
    this.CONSUME(RCurly);
  });

  private seat = this.RULE('seat', () => {
    this.CONSUME(kw.seat!);
    this.CONSUME(Identifier, { LABEL: 'name' });
    this.CONSUME(LCurly);
    this.MANY(() => {
      this.SUBRULE(this.field);
      this.OPTION(() => this.CONSUME(Comma));
    });
    this.CONSUME(RCurly);
  });

  private scenarioDeck = this.RULE('scenarioDeck', () => {
    this.CONSUME(kw.deck!);
    this.CONSUME(Colon);
    this.SUBRULE(this.listLit);
  });

  private start = this.RULE('start', () => {
    this.CONSUME(kw.start!);
    this.CONSUME(Identifier, { LABEL: 'player' });
    // `start guanyu play` — the phase is on the same line, and is not the player of an answer `caocao: …`.
    this.OPTION(
      (this.gated[2] ??= {
        GATE: () => this.LA(1).startLine === this.LA(0).endLine && !this.is(this.LA(2), Colon),
        DEF: () => this.CONSUME2(Identifier, { LABEL: 'from' }),
      }),
    );
  });

  private expect = this.RULE('expect', () => {
    this.CONSUME(kw.expect!);
    this.OR(
      (this.alts[20] ??= [
        {
          // `expect log "…"`, `expect not log "…"`, either with `for x`: what the log (x's log) says.
          GATE: () =>
            (this.is(this.LA(1), kw.log!) && this.is(this.LA(2), StringTok)) ||
            (this.is(this.LA(1), kw.not!) && this.is(this.LA(2), kw.log!) && this.is(this.LA(3), StringTok)),
          ALT: () => {
            this.OPTION2(() => this.CONSUME2(kw.not!, { LABEL: 'logNegated' }));
            this.CONSUME(kw.log!, { LABEL: 'log' });
            this.CONSUME(StringTok, { LABEL: 'text' });
            this.OPTION3(() => {
              this.CONSUME(kw.for!);
              this.CONSUME2(Identifier, { LABEL: 'reader' });
            });
          },
        },
        {
          // `expect ask guanyu`: the player is on the same line (so `expect ask` + a next-line item stays an Expect).
          GATE: () =>
            this.is(this.LA(2), Identifier) &&
            this.LA(2).startLine === this.LA(1).endLine &&
            !this.is(this.LA(3), Colon),
          ALT: () => {
            this.CONSUME(kw.ask!, { LABEL: 'ask' });
            this.CONSUME(Identifier, { LABEL: 'player' });
          },
        },
        {
          GATE: () => !exprContinuation.some((t) => this.is(this.LA(2), t)),
          ALT: () => this.CONSUME(kw.end!, { LABEL: 'end' }),
        },
        {
          // `expect offered <card or player>` / `expect not offered …`: what the pending decision offers.
          GATE: () =>
            this.is(this.LA(1), kw.offered!) || (this.is(this.LA(1), kw.not!) && this.is(this.LA(2), kw.offered!)),
          ALT: () => {
            this.OPTION(() => this.CONSUME(kw.not!, { LABEL: 'negated' }));
            this.CONSUME(kw.offered!, { LABEL: 'offered' });
            this.SUBRULE2(this.expr, { LABEL: 'picks' });
            this.MANY(() => {
              this.CONSUME(Comma);
              this.SUBRULE3(this.expr, { LABEL: 'picks' });
            });
          },
          IGNORE_AMBIGUITIES: true,
        },
        { ALT: () => this.SUBRULE(this.expr, { LABEL: 'cond' }) },
      ]),
    );
  });

  // Ident ':' Pick (',' Pick)*   — `pass` is an ordinary name (Pass is in the Identifier category).
  private answer = this.RULE('answer', () => {
    this.CONSUME(Identifier, { LABEL: 'player' });
    this.CONSUME(Colon);
    this.SUBRULE(this.expr, { LABEL: 'picks' });
    this.MANY(() => {
      this.CONSUME(Comma);
      this.SUBRULE2(this.expr, { LABEL: 'picks' });
    });
  });

  private scenarioItem = this.RULE('scenarioItem', () => {
    this.OR(
      (this.alts[21] ??= [
        {
          ALT: () => {
            this.CONSUME(kw.mode!);
            this.CONSUME(Identifier, { LABEL: 'mode' });
          },
        },
        {
          ALT: () => {
            this.CONSUME(kw.option!);
            this.CONSUME2(Identifier, { LABEL: 'option' });
            this.CONSUME(Eq);
            this.SUBRULE(this.expr, { LABEL: 'value' });
          },
        },
        {
          // `var exLordSeat = 2`: a global's value for this game (what an earlier game of a series left).
          ALT: () => {
            this.CONSUME(kw.var!);
            this.CONSUME3(Identifier, { LABEL: 'varName' });
            this.CONSUME2(Eq);
            this.SUBRULE2(this.expr, { LABEL: 'varValue' });
          },
        },
        { ALT: () => this.SUBRULE(this.seat) },
        { ALT: () => this.SUBRULE(this.scenarioDeck) },
        { ALT: () => this.SUBRULE(this.start) },
        { ALT: () => this.SUBRULE(this.expect) },
        // `deck: [...]` is the stacked deck, never an answer by a seat named deck.
        { GATE: () => !this.is(this.LA(1), kw.deck!), ALT: () => this.SUBRULE(this.answer), IGNORE_AMBIGUITIES: true },
      ]),
    );
  });

  // ---------------------------------------------------------------- phrases (wording for the generated texts)

  // Phrase := 'phrase' Target PhraseParams? String String ('not' String String)? ('as' String String)?
  // Target := 'on' (Ident | 'active') (a timing window; `on active` words when actions are offered)
  //         | String (a text value) | Ident ('.' Word)? (a name, or Owner.member)
  private phrase = this.RULE('phrase', () => {
    this.CONSUME(kw.phrase!);
    this.OR(
      (this.alts[22] ??= [
        {
          ALT: () => {
            this.CONSUME(kw.on!, { LABEL: 'on' });
            this.OR2(
              (this.alts[23] ??= [
                { ALT: () => this.CONSUME(Identifier, { LABEL: 'name' }) },
                { ALT: () => this.CONSUME(kw.active!, { LABEL: 'name' }) },
              ]),
            );
          },
        },
        { ALT: () => this.CONSUME(StringTok, { LABEL: 'text' }) },
        {
          ALT: () => {
            this.CONSUME2(Identifier, { LABEL: 'name' });
            this.OPTION(() => {
              this.CONSUME(Dot);
              this.SUBRULE(this.memberName, { LABEL: 'member' });
            });
          },
        },
      ]),
    );
    this.OPTION2(() => this.SUBRULE(this.phraseParams));
    this.CONSUME2(StringTok, { LABEL: 'zh' });
    this.CONSUME3(StringTok, { LABEL: 'en' });
    this.OPTION4(() => {
      this.CONSUME(kw.not!);
      this.CONSUME6(StringTok, { LABEL: 'notZh' });
      this.CONSUME7(StringTok, { LABEL: 'notEn' });
    });
    this.OPTION3(() => {
      this.CONSUME(kw.as!);
      this.CONSUME4(StringTok, { LABEL: 'resultZh' });
      this.CONSUME5(StringTok, { LABEL: 'resultEn' });
    });
  });

  // '(' (PhraseParam (',' PhraseParam)*)? ')'
  private phraseParams = this.RULE('phraseParams', () => {
    this.CONSUME(LParen);
    this.OPTION(() => {
      this.SUBRULE(this.phraseParam, { LABEL: 'params' });
      this.MANY(() => {
        this.CONSUME(Comma);
        this.SUBRULE2(this.phraseParam, { LABEL: 'params' });
      });
    });
    this.CONSUME(RParen);
  });

  // A parameter name, or a pattern the argument must match (`you`, `true`, `false`, `none`, a number, an enum
  // member), optionally with the parameter's noun in both languages.
  private phraseParam = this.RULE('phraseParam', () => {
    this.OR(
      (this.alts[24] ??= [
        { ALT: () => this.CONSUME(Identifier, { LABEL: 'name' }) },
        { ALT: () => this.CONSUME(kw.true!, { LABEL: 'name' }) },
        { ALT: () => this.CONSUME(kw.false!, { LABEL: 'name' }) },
        { ALT: () => this.CONSUME(kw.none!, { LABEL: 'name' }) },
        { ALT: () => this.CONSUME(NumberTok, { LABEL: 'name' }) },
      ]),
    );
    this.OPTION(() => {
      this.CONSUME(StringTok, { LABEL: 'nounZh' });
      this.CONSUME2(StringTok, { LABEL: 'nounEn' });
    });
  });

  // ---------------------------------------------------------------- params and types

  private params = this.RULE('params', () => {
    this.SUBRULE(this.param);
    this.MANY(() => {
      this.CONSUME(Comma);
      this.SUBRULE2(this.param);
    });
  });

  private param = this.RULE('param', () => {
    this.CONSUME(Identifier, { LABEL: 'name' });
    this.CONSUME(Colon);
    this.SUBRULE(this.typeRef);
    this.OPTION(() => {
      this.CONSUME(Eq);
      this.SUBRULE(this.expr, { LABEL: 'default' });
    });
  });

  // Type := '[' Type ']' '?'? | Ident '?'?   (the reserved words skill and event are type names too)
  private typeRef = this.RULE('typeRef', () => {
    this.OR(
      (this.alts[25] ??= [
        {
          ALT: () => {
            this.CONSUME(LSquare, { LABEL: 'list' });
            this.SUBRULE(this.typeRef, { LABEL: 'element' });
            this.CONSUME(RSquare);
          },
        },
        { ALT: () => this.CONSUME(Identifier, { LABEL: 'name' }) },
        { ALT: () => this.CONSUME(kw.skill!, { LABEL: 'name' }) },
      ]),
    );
    this.OPTION(() => this.CONSUME(Question, { LABEL: 'optional' }));
  });

  // ---------------------------------------------------------------- statements

  private block = this.RULE('block', () => {
    this.CONSUME(LCurly);
    this.MANY(() => this.SUBRULE(this.stmt));
    this.CONSUME(RCurly);
  });

  private stmt = this.RULE('stmt', () => {
    this.OR(
      (this.alts[26] ??= [
        { ALT: () => this.SUBRULE(this.letStmt) },
        { ALT: () => this.SUBRULE(this.ifStmt) },
        { ALT: () => this.SUBRULE(this.forStmt) },
        { ALT: () => this.SUBRULE(this.whileStmt) },
        { ALT: () => this.SUBRULE(this.repeatStmt) },
        { ALT: () => this.SUBRULE(this.returnStmt) },
        { ALT: () => this.CONSUME(kw.break!, { LABEL: 'break' }) },
        { ALT: () => this.CONSUME(kw.continue!, { LABEL: 'continue' }) },
        { ALT: () => this.SUBRULE(this.stopStmt) },
        { ALT: () => this.SUBRULE(this.timingStmt) },
        { ALT: () => this.SUBRULE(this.exprStmt) },
      ]),
    );
  });

  private letStmt = this.RULE('letStmt', () => {
    this.CONSUME(kw.let!);
    this.CONSUME(Identifier, { LABEL: 'name' });
    this.CONSUME(Eq);
    this.SUBRULE(this.expr, { LABEL: 'value' });
  });

  private ifStmt = this.RULE('ifStmt', () => {
    this.CONSUME(kw.if!);
    this.SUBRULE(this.expr, { LABEL: 'cond' });
    this.SUBRULE(this.block, { LABEL: 'then' });
    this.OPTION(() => {
      this.CONSUME(kw.else!);
      this.OR(
        (this.alts[27] ??= [
          { ALT: () => this.SUBRULE2(this.ifStmt, { LABEL: 'elseIf' }) },
          { ALT: () => this.SUBRULE2(this.block, { LABEL: 'else' }) },
        ]),
      );
    });
  });

  private forStmt = this.RULE('forStmt', () => {
    this.CONSUME(kw.for!);
    this.CONSUME(Identifier, { LABEL: 'name' });
    this.CONSUME(kw.in!);
    this.SUBRULE(this.expr, { LABEL: 'iterable' });
    this.SUBRULE(this.block, { LABEL: 'body' });
  });

  private whileStmt = this.RULE('whileStmt', () => {
    this.CONSUME(kw.while!);
    this.SUBRULE(this.expr, { LABEL: 'cond' });
    this.SUBRULE(this.block, { LABEL: 'body' });
  });

  private repeatStmt = this.RULE('repeatStmt', () => {
    this.CONSUME(kw.repeat!);
    this.OPTION(() => this.SUBRULE(this.expr, { LABEL: 'count' }));
    this.SUBRULE(this.block, { LABEL: 'body' });
  });

  // The value of `return`/`stop` must start on the same line as the keyword.
  private returnStmt = this.RULE('returnStmt', () => {
    this.CONSUME(kw.return!);
    this.OPTION(
      (this.gated[3] ??= {
        GATE: () => this.LA(1).startLine === this.LA(0).endLine,
        DEF: () => this.SUBRULE(this.expr, { LABEL: 'value' }),
      }),
    );
  });

  private stopStmt = this.RULE('stopStmt', () => {
    this.CONSUME(kw.stop!);
    this.OPTION(
      (this.gated[4] ??= {
        GATE: () => this.LA(1).startLine === this.LA(0).endLine,
        DEF: () => this.SUBRULE(this.expr, { LABEL: 'value' }),
      }),
    );
  });

  private timingStmt = this.RULE('timingStmt', () => {
    this.CONSUME(kw.timing!);
    this.CONSUME(Identifier, { LABEL: 'name' });
    this.CONSUME(kw.for!);
    this.SUBRULE(this.expr, { LABEL: 'subject' });
  });

  private exprStmt = this.RULE('exprStmt', () => {
    this.SUBRULE(this.expr, { LABEL: 'target' });
    this.OPTION(() => {
      this.OR(
        (this.alts[28] ??= [
          { ALT: () => this.CONSUME(Eq, { LABEL: 'op' }) },
          { ALT: () => this.CONSUME(PlusEq, { LABEL: 'op' }) },
          { ALT: () => this.CONSUME(MinusEq, { LABEL: 'op' }) },
        ]),
      );
      this.SUBRULE2(this.expr, { LABEL: 'value' });
    });
  });

  // ---------------------------------------------------------------- expressions

  // Expressions are flat: operands separated by binary operators; to-ast.ts applies precedence (a Pratt parser).
  // One rule instead of a rule per precedence level keeps the CST small, which is most of the parse time.
  private expr = this.RULE('expr', () => {
    this.SUBRULE(this.operand, { LABEL: 'operands' });
    this.MANY(() => {
      this.OR(
        (this.alts[29] ??= [
          { ALT: () => this.CONSUME(kw.where!, { LABEL: 'op' }) },
          { ALT: () => this.CONSUME(kw.or!, { LABEL: 'op' }) },
          { ALT: () => this.CONSUME(kw.and!, { LABEL: 'op' }) },
          { ALT: () => this.CONSUME(EqEq, { LABEL: 'op' }) },
          { ALT: () => this.CONSUME(NotEq, { LABEL: 'op' }) },
          { ALT: () => this.CONSUME(LtEq, { LABEL: 'op' }) },
          { ALT: () => this.CONSUME(GtEq, { LABEL: 'op' }) },
          { ALT: () => this.CONSUME(Lt, { LABEL: 'op' }) },
          { ALT: () => this.CONSUME(Gt, { LABEL: 'op' }) },
          { ALT: () => this.CONSUME(kw.in!, { LABEL: 'op' }) },
          { ALT: () => this.CONSUME(kw.is!, { LABEL: 'op' }) },
          { ALT: () => this.CONSUME(Plus, { LABEL: 'op' }) },
          { ALT: () => this.CONSUME(Minus, { LABEL: 'op' }) },
          { ALT: () => this.CONSUME(Star, { LABEL: 'op' }) },
          { ALT: () => this.CONSUME(Slash, { LABEL: 'op' }) },
          { ALT: () => this.CONSUME(Percent, { LABEL: 'op' }) },
        ]),
      );
      this.SUBRULE2(this.operand, { LABEL: 'operands' });
    });
  });

  // Prefix operators `not` and `-` before a postfix expression.
  private operand = this.RULE('operand', () => {
    this.MANY(() => {
      this.OR(
        (this.alts[30] ??= [
          { ALT: () => this.CONSUME(kw.not!, { LABEL: 'prefix' }) },
          { ALT: () => this.CONSUME(Minus, { LABEL: 'prefix' }) },
        ]),
      );
    });
    this.SUBRULE(this.postfix, { LABEL: 'operand' });
  });

  private postfix = this.RULE('postfix', () => {
    this.SUBRULE(this.primary);
    this.MANY(() => this.SUBRULE(this.suffix));
  });

  private suffix = this.RULE('suffix', () => {
    this.OR(
      (this.alts[31] ??= [
        {
          ALT: () => {
            this.CONSUME(Dot);
            this.SUBRULE(this.memberName);
          },
        },
        {
          ALT: () => {
            this.CONSUME(LParen);
            this.OPTION(() => {
              this.SUBRULE(this.arg, { LABEL: 'args' });
              this.MANY(() => {
                this.CONSUME(Comma);
                this.SUBRULE2(this.arg, { LABEL: 'args' });
              });
            });
            this.CONSUME(RParen);
          },
        },
      ]),
    );
  });

  // After '.', any word: identifiers, contextual and reserved keywords (`e.event`, `x.end`).
  private memberName = this.RULE('memberName', () => {
    this.OR(
      (this.alts[32] ??= [
        { ALT: () => this.CONSUME(Identifier, { LABEL: 'name' }) },
        { ALT: () => this.CONSUME(Reserved, { LABEL: 'name' }) },
      ]),
    );
  });

  private arg = this.RULE('arg', () => {
    this.OPTION(() => {
      this.CONSUME(Identifier, { LABEL: 'name' });
      this.CONSUME(Colon);
    });
    this.SUBRULE(this.expr, { LABEL: 'value' });
  });

  private listLit = this.RULE('listLit', () => {
    this.CONSUME(LSquare);
    this.OPTION(() => {
      this.SUBRULE(this.expr, { LABEL: 'items' });
      this.MANY(() => {
        this.CONSUME(Comma);
        this.SUBRULE2(this.expr, { LABEL: 'items' });
      });
      this.OPTION2(() => this.CONSUME2(Comma));
    });
    this.CONSUME(RSquare);
  });

  private primary = this.RULE('primary', () => {
    this.OR(
      (this.alts[33] ??= [
        { ALT: () => this.CONSUME(NumberTok, { LABEL: 'number' }) },
        { ALT: () => this.CONSUME(StringTok, { LABEL: 'string' }) },
        { ALT: () => this.CONSUME(kw.true!, { LABEL: 'true' }) },
        { ALT: () => this.CONSUME(kw.false!, { LABEL: 'false' }) },
        { ALT: () => this.CONSUME(kw.none!, { LABEL: 'none' }) },
        {
          ALT: () => {
            this.CONSUME(Identifier, { LABEL: 'name' });
            this.OPTION(() => this.CONSUME(CardFace, { LABEL: 'face' }));
          },
        },
        {
          ALT: () => {
            this.CONSUME(LParen);
            this.SUBRULE(this.expr, { LABEL: 'paren' });
            this.CONSUME(RParen);
          },
        },
        { ALT: () => this.SUBRULE(this.listLit, { LABEL: 'list' }) },
      ]),
    );
  });
}

/** The one parser instance (Chevrotain parsers are meant to be reused: set `.input`, call a rule). */
export const parser = new SgsParser();
