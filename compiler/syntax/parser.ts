// The grammar of the rules language, a Chevrotain EmbeddedActionsParser: each rule returns its part of the AST of
// compiler/ast/nodes.ts, built with build.ts; no concrete syntax tree is made (building one, then converting it, was
// most of a parse's time). One parser instance is reused.
import {
  EmbeddedActionsParser,
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
  isNonAscii,
} from './tokens.ts';
import { decodeTable, TableLookahead } from './lookahead.ts';
import { BlockReader } from './read-block.ts';
import { DeclReader } from './read-decls.ts';
import { continuesExpr, ExprReader } from './read-expr.ts';
import { ParamReader } from './read-params.ts';
import { ScenarioReader } from './read-scenario.ts';
import { fingerprint, lines } from './lookahead-table.ts';
import type * as A from '../ast/nodes.ts';
import { type Placed, SOURCE, spanOf } from '../ast/source.ts';
import { error, type Diagnostic } from '../diagnostics.ts';
import {
  exact,
  real,
  spelling,
  text,
  TreeBuilder,
  unescapeString,
  type ModeParts,
  type Operand,
  type ScenarioItem,
  type Suffix,
} from './build.ts';

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
    // A keyword where a name belongs is the usual surprise (`flavour`, `timing`): say that it is one.
    const keyword = expected === Identifier && actual.tokenType.name.startsWith('Kw_') ? ' (a keyword)' : '';
    return `expected ${what}${close}, found ${describeFound(actual)}${keyword}`;
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

// ---------------------------------------------------------------- the grammar

/** Undefined, typed as anything: what a rule returns while Chevrotain records the grammar (no tree is built then). */
const NULL = undefined as never;

/** exact() of the items a recovered parse left undefined taken out. */
function exactDefined<T>(xs: (T | undefined)[]): T[] {
  for (const x of xs) if (x === undefined) return xs.filter((y) => y !== undefined).slice();
  return exact(xs as T[]);
}

/** The top-level declarations parsed so far in a file: kept on the parser, so that a parse that stops early (a
 *  top-level recovery) still gives the declarations before the error. */
interface Top {
  pkg?: A.Names;
  imports: A.Ident[];
  decls: A.Decl[];
  /** Per top-level declaration: the offset of its first token, and how many trees it made (a mode with owned
   *  declarations makes several). */
  starts: number[];
  counts: number[];
}

/** What a parse of a file made: its tree, what building the tree had to say, and where its declarations start. */
export interface Parsed {
  ast: A.SourceFile;
  diagnostics: Diagnostic[];
  starts: number[];
  counts: number[];
}

export class SgsParser extends EmbeddedActionsParser {
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
      errorMessageProvider: messages,
      skipValidations: !validate,
    });
    this.performSelfAnalysis();
  }

  // ------------------------------------------------------------ the tree being built

  private b = new TreeBuilder('', '');
  private top: Top = { imports: [], decls: [], starts: [], counts: [] };

  /** Start a file: the trees the next parses build are its (set `input` and call `file` or `decls`, then `tree`). */
  begin(file: string, text: string): void {
    this.b = new TreeBuilder(file, text);
    this.top = { imports: [], decls: [], starts: [], counts: [] };
    this.partials = [];
    this.declMarks = [];
  }

  /** A way back to what the parses since `begin` have found so far: for a parse run again from the same place
   *  (limits.ts `parseOnce`), which must not find its declarations twice. */
  checkpoint(): () => void {
    const t = this.top;
    const b = this.b;
    const pkg = t.pkg;
    const imports = t.imports.length;
    const decls = t.decls.length;
    const starts = t.starts.length;
    const counts = t.counts.length;
    const diagnostics = b.diagnostics.length;
    return () => {
      t.pkg = pkg;
      t.imports.length = imports;
      t.decls.length = decls;
      t.starts.length = starts;
      t.counts.length = counts;
      b.diagnostics.length = diagnostics;
      this.partials = [];
      this.declMarks = [];
    };
  }

  /** The file's tree from what the parses since `begin` found, and what building it had to say (in text order). */
  tree(): Parsed {
    const b = this.b;
    const t = this.top;
    const ast: A.SourceFile = {
      kind: 'File',
      file: b.file,
      ...(t.pkg ? { package: t.pkg.id, ...(t.pkg.zh || t.pkg.en ? { packageNames: t.pkg } : {}) } : {}),
      imports: t.imports,
      decls: t.decls,
      ...b.whole(),
    };
    const diagnostics =
      b.diagnostics.length > 1 ? b.diagnostics.sort((x, y) => x.span.start - y.span.start) : b.diagnostics;
    return { ast, diagnostics, starts: t.starts, counts: t.counts };
  }

  /** Whether Chevrotain is recording the grammar: the rules run once with stand-in tokens and results then. */
  private get rec(): boolean {
    return this.RECORDING_PHASE;
  }

  /** Where the current rule's tokens start, `first` being the next token when it began. */
  private from(first: IToken): number {
    return this.b.startOf(first, this.LA(0));
  }

  /** Where they end (noted as where the last part ended: see TreeBuilder.endOf). */
  private to(first: IToken): number {
    return this.b.endOf(first, this.LA(0));
  }

  /** A top-level declaration, starting at offset `at`. */
  private addTop(at: number, d: A.Decl | ModeParts | undefined): void {
    if (this.rec) return;
    const t = this.top;
    const before = t.decls.length;
    if (d?.kind === 'ModeParts') t.decls.push(...this.b.modeWithOwned(d));
    else if (d) t.decls.push(d);
    t.starts.push(at);
    t.counts.push(t.decls.length - before);
  }

  // A declaration cut short by a syntax error still gives its names and its parts before the error (an editor
  // indexes the file as the author types): each declaration rule opens a partial, the function that builds it from
  // what has been parsed so far, and closes it when done. Where the parse recovers (a `decl` rule, or the file),
  // the partial open there is built. Chevrotain unwinds rules by exceptions: a rule left that way closes nothing,
  // so each list is cut back to the length it had when its owner began.

  /** The declarations being parsed, innermost last. */
  private partials: (() => A.Decl | ModeParts)[] = [];
  /** Per `decl` rule being parsed: its depth in Chevrotain's rule stack, and how many partials were open then. */
  private declMarks: { depth: number; partials: number }[] = [];

  private opened(build: () => A.Decl | ModeParts): number {
    this.partials.push(build);
    return this.partials.length - 1;
  }

  private closed<T>(mark: number, build: () => T): T {
    this.partials.length = mark;
    return this.rec ? NULL : build();
  }

  /** A declaration rule's configuration: when it recovers, it gives what it had parsed. */
  private readonly cutHere = { recoveryValueFunc: () => this.cutShort(1) as never };

  private ruleDepth(): number {
    return (this as unknown as { RULE_STACK_IDX: number }).RULE_STACK_IDX;
  }

  /** A rule recovered: the declaration begun under the `decl` rule `up` levels above it (0: the rule is that
   *  `decl`, 1: a declaration rule, -1: a rule holding a `decl`), as far as it got. */
  private cutShort(up: number): A.Decl | ModeParts | undefined {
    const depth = this.ruleDepth() - up;
    let i = this.declMarks.length - 1;
    while (i >= 0 && this.declMarks[i]!.depth > depth) i--;
    if (i < 0 || this.declMarks[i]!.depth !== depth) return undefined;
    return this.cutAt(i);
  }

  /** The declaration open under `declMarks[i]`, built; that mark and everything inside it closed. */
  private cutAt(i: number): A.Decl | ModeParts | undefined {
    const mark = this.declMarks[i]!.partials;
    const build = this.partials[mark];
    this.partials.length = mark;
    this.declMarks.length = i;
    return build?.();
  }

  /** The file's rule recovered (it resynchronises at the end of the input): the top-level declaration it was in. */
  private fileCutShort(): void {
    if (this.declMarks.length > 0) this.addTop(Number.NaN, this.cutAt(0));
    this.partials.length = 0;
  }

  /** A card's or a general's items into its declaration, in order: flavour, fields (a `skills:` field lists the
   *  skills it has), methods (a card's). */
  private placeItems(items: (Item | undefined)[], out: A.CardDecl | A.GeneralDecl): void {
    for (const item of items) {
      if (!item) continue;
      if (item.flavour !== undefined) out.flavour = item.flavour;
      else if (item.field) {
        const f = item.field;
        if (f.name.name === 'skills') out.skills.push(...this.b.skillNames(f));
        else out.fields.push(f);
      } else if (item.method && out.kind === 'Card') out.methods.push(item.method);
    }
  }

  /** A declaration inside another: a mode there cannot own declarations. */
  private inner(d: A.Decl | ModeParts | undefined): A.Decl | undefined {
    return d?.kind === 'ModeParts' ? this.b.modeOnly(d) : d;
  }

  // Each rule's alternatives (and gated options) are built once, on the first call, and reused: building the
  // closures on every call costs little in a bundle, but under tsx (esbuild's keep-names) every `{ ALT: () => … }`
  // also defines the closure's name, which made parsing three times slower. The index is the call site's own.
  // So an alternative never reads the rule's local variables (they would be the first call's): it returns its part.
  private readonly alts: IOrAlt<unknown>[][] = [];
  private readonly gated: DSLMethodOpts<unknown>[] = [];

  private is(t: IToken, type: TokenType): boolean {
    return tokenMatcher(t, type);
  }

  /** In a field, a comma then `name :` starts the next field, not another value. */
  private anotherValue = (): boolean =>
    !((this.is(this.LA(2), Identifier) || this.is(this.LA(2), Reserved)) && this.is(this.LA(3), Colon));

  // File := ('package' Names)? ('import' Ident (',' Ident)*)* Decl*   — a package's names (`package wind 风 "Wind"`)
  // are given once, on any of its files
  public file = this.RULE(
    'file',
    (): void => {
      this.OPTION(() => {
        this.CONSUME(kw.package!);
        const pkg = this.SUBRULE(this.names, { LABEL: 'pkg' });
        if (!this.rec) this.top.pkg = pkg;
      });
      this.MANY(() => {
        this.CONSUME(kw.import!);
        const first = this.CONSUME2(Identifier, { LABEL: 'imports' });
        if (!this.rec && real(first)) this.top.imports.push(this.b.ident(first));
        this.MANY2(() => {
          this.CONSUME(Comma);
          const next = this.CONSUME3(Identifier, { LABEL: 'imports' });
          if (!this.rec && real(next)) this.top.imports.push(this.b.ident(next));
        });
      });
      // Phrases and scenarios are read by hand (read-decls.ts) while they can be; the rule reads any other.
      this.readDecls();
      this.MANY3(() => {
        const at = this.LA(1).startOffset;
        this.addTop(at, this.SUBRULE(this.decl));
        this.readDecls();
      });
    },
    { recoveryValueFunc: () => this.fileCutShort() },
  );

  /** Declarations only: parse.ts resumes here after skipping text that is not a declaration. */
  public decls = this.RULE(
    'decls',
    (): void => {
      this.readDecls();
      this.MANY(() => {
        const at = this.LA(1).startOffset;
        this.addTop(at, this.SUBRULE(this.decl));
        this.readDecls();
      });
    },
    { recoveryValueFunc: () => this.fileCutShort() },
  );

  // Names := Ident Ident? String?   — the second Ident is the Chinese name only if it has a non-ASCII letter
  // (so `skill a 甲 locked {` → zh 甲, tag locked; `zone hand per player` → no zh).
  private names = this.RULE(
    'names',
    (): A.Names => {
      const first = this.LA(1);
      const id = this.CONSUME(Identifier, { LABEL: 'id' });
      const zh = this.OPTION(
        (this.gated[0] ??= {
          GATE: () => this.is(this.LA(1), Identifier) && isNonAscii.test(this.LA(1).image),
          DEF: () => this.CONSUME2(Identifier, { LABEL: 'zh' }),
        }),
      ) as IToken | undefined;
      const en = this.OPTION2(() => this.CONSUME(StringTok, { LABEL: 'en' }));
      if (this.rec) return NULL;
      return this.b.names(id, zh, en, this.from(first), this.to(first));
    },
    { recoveryValueFunc: () => this.b.noNames() },
  );

  private decl = this.RULE(
    'decl',
    (): A.Decl | ModeParts | undefined => {
      const mark = this.declMarks.length;
      this.declMarks.push({ depth: this.ruleDepth(), partials: this.partials.length });
      const d = this.OR(
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
      ) as A.Decl | ModeParts | undefined;
      this.declMarks.length = mark;
      return d;
    },
    { recoveryValueFunc: () => this.cutShort(0) },
  );

  // CardMethod := 'method' Ident '(' Params? ')' ('{' '}' | '=' 'none')   — a card method the rules may call on a
  // card of any kind: a kind without it does nothing (`{ }`) or gives none (`= none`).
  private cardMethod = this.RULE(
    'cardMethod',
    (): A.CardMethodDecl => {
      const first = this.LA(1);
      let name: IToken | undefined;
      let params: A.Param[] | undefined;
      let acts: boolean | undefined;
      const build = (): A.CardMethodDecl => {
        const pos = this.from(first);
        const end = this.to(first);
        return {
          kind: 'CardMethod',
          name: this.b.ident(name),
          params: params ?? [],
          acts: acts === true,
          pos,
          end,
          [SOURCE]: this.b.src,
        };
      };
      const mark = this.opened(build);
      this.CONSUME(kw.method!);
      name = this.CONSUME(Identifier, { LABEL: 'name' });
      this.CONSUME(LParen);
      params = this.OPTION(() => this.SUBRULE(this.params));
      this.CONSUME(RParen);
      acts = this.OR(
        (this.alts[1] ??= [
          {
            ALT: () => {
              this.CONSUME(LCurly, { LABEL: 'acts' });
              this.CONSUME(RCurly);
              return true;
            },
          },
          {
            ALT: () => {
              this.CONSUME(Eq);
              this.CONSUME(kw.none!);
              return false;
            },
          },
        ]),
      ) as boolean;
      return this.closed(mark, build);
    },
    this.cutHere,
  );

  // Extend := 'extend' 'event' Ident '{' Params? '}' | 'extend' 'enum' Ident EnumBody | 'extend' 'mode' Ident '{' Field* '}'
  private extend = this.RULE(
    'extend',
    (): A.ExtendEventDecl | A.ExtendEnumDecl | A.ExtendModeDecl => {
      const first = this.LA(1);
      let d: Omit<A.ExtendEventDecl | A.ExtendEnumDecl | A.ExtendModeDecl, Placed> | undefined;
      const build = (): A.ExtendEventDecl | A.ExtendEnumDecl | A.ExtendModeDecl => {
        const pos = this.from(first);
        const end = this.to(first);
        return d
          ? ({ ...d, pos, end, [SOURCE]: this.b.src } as A.ExtendEventDecl | A.ExtendEnumDecl | A.ExtendModeDecl)
          : { kind: 'ExtendEnum', target: this.b.ident(undefined), members: [], pos, end, [SOURCE]: this.b.src };
      };
      const mark = this.opened(build);
      this.CONSUME(kw.extend!);
      d = this.OR(
        (this.alts[2] ??= [
          {
            ALT: (): Omit<A.ExtendEventDecl, Placed> => {
              this.CONSUME(kw.event!, { LABEL: 'isEvent' });
              const target = this.CONSUME(Identifier, { LABEL: 'target' });
              this.CONSUME(LCurly);
              const params = this.OPTION(() => {
                const ps = this.SUBRULE(this.params);
                this.OPTION2(() => this.CONSUME(Comma));
                return ps;
              });
              this.CONSUME(RCurly);
              return this.rec ? NULL : { kind: 'ExtendEvent', target: this.b.ident(target), params: params ?? [] };
            },
          },
          {
            ALT: (): Omit<A.ExtendEnumDecl, Placed> => {
              this.CONSUME(kw.enum!);
              const target = this.CONSUME2(Identifier, { LABEL: 'target' });
              const members = this.SUBRULE(this.enumBody);
              return this.rec ? NULL : { kind: 'ExtendEnum', target: this.b.ident(target), members };
            },
          },
          {
            ALT: (): Omit<A.ExtendModeDecl, Placed> => {
              this.CONSUME(kw.mode!, { LABEL: 'isMode' });
              const target = this.CONSUME3(Identifier, { LABEL: 'target' });
              this.CONSUME2(LCurly);
              const fields: A.Field[] = [];
              this.MANY(() => {
                const f = this.SUBRULE(this.field);
                if (f) fields.push(f);
              });
              this.CONSUME2(RCurly);
              return this.rec ? NULL : { kind: 'ExtendMode', target: this.b.ident(target), fields };
            },
          },
        ]),
      ) as typeof d;
      return this.closed(mark, build);
    },
    this.cutHere,
  );

  // Tag := 'tag' Names ('forbids' 'may')? ('once' 'per' Ident)? ('records' Ident)?   — a skill tag, its wording,
  // what a skill wearing it may not say, whether the whole skill has one use, and the player property its uses go in
  private tagDecl = this.RULE(
    'tagDecl',
    (): A.TagDecl => {
      const first = this.LA(1);
      let names: A.Names | undefined;
      let forbidsMay: IToken | undefined;
      let per: IToken | undefined;
      let records: IToken | undefined;
      const build = (): A.TagDecl => {
        const pos = this.from(first);
        const end = this.to(first);
        return {
          kind: 'Tag',
          names: names ?? this.b.noNames(),
          forbidsMay: forbidsMay !== undefined,
          ...(per ? { once: { per: this.b.ident(per), pos, end, [SOURCE]: this.b.src } } : {}),
          ...(records ? { records: this.b.ident(records) } : {}),
          pos,
          end,
          [SOURCE]: this.b.src,
        };
      };
      const mark = this.opened(build);
      this.CONSUME(kw.tag!);
      names = this.SUBRULE(this.names);
      forbidsMay = this.OPTION(() => {
        this.CONSUME(kw.forbids!);
        return this.CONSUME(kw.may!, { LABEL: 'forbidsMay' });
      });
      per = this.OPTION2(() => {
        this.CONSUME(kw.once!);
        this.CONSUME(kw.per!);
        return this.CONSUME(Identifier, { LABEL: 'oncePer' });
      });
      records = this.OPTION3(() => {
        this.CONSUME(kw.records!);
        return this.CONSUME2(Identifier, { LABEL: 'records' });
      });
      return this.closed(mark, build);
    },
    this.cutHere,
  );

  // Require := 'require' 'general' '{' ReqField (',' ReqField)* ','? '}'   ReqField := Ident ':' Type ('>=' Number)?
  private require = this.RULE(
    'require',
    (): A.RequireDecl => {
      const first = this.LA(1);
      let what: IToken | undefined;
      const fields: A.RequiredField[] = [];
      const build = (): A.RequireDecl => {
        const pos = this.from(first);
        const end = this.to(first);
        return { kind: 'Require', what: this.b.ident(what), fields, pos, end, [SOURCE]: this.b.src };
      };
      const mark = this.opened(build);
      this.CONSUME(kw.require!);
      what = this.CONSUME(kw.general!, { LABEL: 'what' });
      this.CONSUME(LCurly);
      this.OPTION(() => {
        const f = this.SUBRULE(this.reqField);
        if (f) fields.push(f);
        this.MANY(() => {
          this.CONSUME(Comma);
          const g = this.SUBRULE2(this.reqField);
          if (g) fields.push(g);
        });
        this.OPTION2(() => this.CONSUME2(Comma));
      });
      this.CONSUME(RCurly);
      return this.closed(mark, build);
    },
    this.cutHere,
  );

  private reqField = this.RULE('reqField', (): A.RequiredField | undefined => {
    const first = this.LA(1);
    const name = this.CONSUME(Identifier, { LABEL: 'name' });
    this.CONSUME(Colon);
    const type = this.SUBRULE(this.typeRef);
    const min = this.OPTION(() => {
      this.CONSUME(GtEq);
      return this.CONSUME(NumberTok, { LABEL: 'min' });
    });
    if (this.rec) return NULL;
    const pos = this.from(first);
    const end = this.to(first);
    return {
      name: this.b.ident(name),
      type,
      ...(real(min) ? { min: Number(min.image) } : {}),
      pos,
      end,
      [SOURCE]: this.b.src,
    };
  });

  // '{' (Names (',' Names)* ','?)? '}'
  private enumBody = this.RULE(
    'enumBody',
    (): A.EnumMember[] => {
      const members: A.EnumMember[] = [];
      this.CONSUME(LCurly);
      this.OPTION(() => {
        const m = this.SUBRULE(this.names, { LABEL: 'members' });
        if (!this.rec) members.push({ names: m, pos: m.pos, end: m.end, [SOURCE]: this.b.src });
        this.MANY(() => {
          this.CONSUME(Comma);
          const n = this.SUBRULE2(this.names, { LABEL: 'members' });
          if (!this.rec) members.push({ names: n, pos: n.pos, end: n.end, [SOURCE]: this.b.src });
        });
        this.OPTION2(() => this.CONSUME2(Comma));
      });
      this.CONSUME(RCurly);
      return members;
    },
    { recoveryValueFunc: () => [] },
  );

  private enumDecl = this.RULE(
    'enumDecl',
    (): A.EnumDecl => {
      const first = this.LA(1);
      let names: A.Names | undefined;
      let members: A.EnumMember[] | undefined;
      const build = (): A.EnumDecl => ({
        kind: 'Enum',
        names: names ?? this.b.noNames(),
        members: members ?? [],
        pos: this.from(first),
        end: this.to(first),
        [SOURCE]: this.b.src,
      });
      const mark = this.opened(build);
      this.CONSUME(kw.enum!);
      names = this.SUBRULE(this.names);
      members = this.SUBRULE(this.enumBody);
      return this.closed(mark, build);
    },
    this.cutHere,
  );

  private optionDecl = this.RULE(
    'optionDecl',
    (): A.OptionDecl => {
      const first = this.LA(1);
      let names: A.Names | undefined;
      let kind: { members?: A.EnumMember[]; type?: A.TypeRef } | undefined;
      let value: A.Expr | undefined;
      const build = (): A.OptionDecl => {
        const pos = this.from(first);
        const end = this.to(first);
        const members = kind?.members;
        return {
          kind: 'Option',
          names: names ?? this.b.noNames(),
          ...(members ? { members } : {}),
          ...(kind?.type || !members ? { type: kind?.type ?? this.b.missingType() } : {}),
          default: value ?? this.b.placeholder(),
          pos,
          end,
          [SOURCE]: this.b.src,
        };
      };
      const mark = this.opened(build);
      this.CONSUME(kw.option!);
      names = this.SUBRULE(this.names);
      kind = this.OR(
        (this.alts[3] ??= [
          { ALT: () => ({ members: this.SUBRULE(this.enumBody) }) },
          {
            ALT: () => {
              this.CONSUME(Colon);
              return { type: this.SUBRULE(this.typeRef) };
            },
          },
        ]),
      ) as typeof kind;
      this.CONSUME(Eq);
      value = this.SUBRULE(this.expr, { LABEL: 'default' });
      return this.closed(mark, build);
    },
    this.cutHere,
  );

  private visibility = this.RULE('visibility', (): 'public' | 'owner' | 'hidden' => {
    const v = this.OR(
      (this.alts[4] ??= [
        { ALT: () => this.CONSUME(kw.public!, { LABEL: 'vis' }) },
        { ALT: () => this.CONSUME(kw.owner!, { LABEL: 'vis' }) },
        { ALT: () => this.CONSUME(kw.hidden!, { LABEL: 'vis' }) },
      ]),
    ) as IToken | undefined;
    if (this.rec) return NULL;
    const s = spelling(v);
    return s === 'owner' || s === 'hidden' ? s : 'public';
  });

  private zone = this.RULE(
    'zone',
    (): A.ZoneDecl => {
      const first = this.LA(1);
      let names: A.Names | undefined;
      let perPlayer: boolean | undefined;
      let visibility: A.ZoneDecl['visibility'] | undefined;
      let grants: IToken | undefined;
      let hint: IToken | undefined;
      const build = (): A.ZoneDecl => ({
        kind: 'Zone',
        names: names ?? this.b.noNames(),
        perPlayer: perPlayer === true,
        visibility: visibility ?? 'public',
        grants: grants !== undefined,
        ...(hint ? { hint: this.b.ident(hint) } : {}),
        pos: this.from(first),
        end: this.to(first),
        [SOURCE]: this.b.src,
      });
      const mark = this.opened(build);
      this.CONSUME(kw.zone!);
      names = this.SUBRULE(this.names);
      perPlayer = this.OR(
        (this.alts[5] ??= [
          {
            ALT: () => {
              this.CONSUME(kw.per!, { LABEL: 'perPlayer' });
              this.CONSUME(kw.player!);
              return true;
            },
          },
          {
            ALT: () => {
              this.CONSUME(kw.shared!);
              return false;
            },
          },
        ]),
      ) as boolean | undefined;
      visibility = this.OPTION(() => this.SUBRULE(this.visibility));
      grants = this.OPTION2(() => this.CONSUME(kw.grants!, { LABEL: 'grants' }));
      hint = this.OPTION3((this.gated[6] ??= this.hintOption())) as IToken | undefined;
      return this.closed(mark, build);
    },
    this.cutHere,
  );

  private resetAt = this.RULE('resetAt', (): A.Ident => {
    this.CONSUME(kw.reset!);
    this.CONSUME(kw.at!);
    const event = this.CONSUME(Identifier, { LABEL: 'event' });
    return this.rec ? NULL : this.b.ident(event);
  });

  private property = this.RULE(
    'property',
    (): A.PropertyDecl => {
      const first = this.LA(1);
      let names: A.Names | undefined;
      let type: A.TypeRef | undefined;
      let value: A.Expr | undefined;
      let visibility: A.PropertyDecl['visibility'] | undefined;
      let resetAt: A.Ident | undefined;
      let carried: IToken | undefined;
      let hint: IToken | undefined;
      const build = (): A.PropertyDecl => ({
        kind: 'Property',
        names: names ?? this.b.noNames(),
        type: type ?? this.b.missingType(),
        default: value ?? this.b.placeholder(),
        visibility: visibility ?? 'public',
        ...(resetAt ? { resetAt } : {}),
        ...(carried ? { carried: true } : {}),
        ...(hint ? { hint: this.b.ident(hint) } : {}),
        pos: this.from(first),
        end: this.to(first),
        [SOURCE]: this.b.src,
      });
      const mark = this.opened(build);
      this.CONSUME(kw.property!);
      names = this.SUBRULE(this.names);
      this.CONSUME(Colon);
      type = this.SUBRULE(this.typeRef);
      this.CONSUME(Eq);
      value = this.SUBRULE(this.expr, { LABEL: 'default' });
      visibility = this.OPTION(() => this.SUBRULE(this.visibility));
      resetAt = this.OPTION2(() => this.SUBRULE(this.resetAt));
      carried = this.OPTION3(() => this.CONSUME(kw.carried!, { LABEL: 'carried' }));
      hint = this.OPTION4((this.gated[5] ??= this.hintOption())) as IToken | undefined;
      return this.closed(mark, build);
    },
    this.cutHere,
  );

  /** `as hint` at the end of a declaration, the hint on the same line: an `as` left without one is reported where
   *  it stands, not as the next declaration's word taken for the hint (`zone` is a name too). */
  private hintOption(): DSLMethodOpts<unknown> {
    return {
      GATE: () => this.LA(2).startLine === this.LA(1).startLine,
      DEF: () => {
        this.CONSUME(kw.as!);
        return this.CONSUME(Identifier, { LABEL: 'hint' });
      },
    };
  }

  private varDecl = this.RULE(
    'varDecl',
    (): A.VarDecl => {
      const first = this.LA(1);
      let name: IToken | undefined;
      let type: A.TypeRef | undefined;
      let value: A.Expr | undefined;
      let resetAt: A.Ident | undefined;
      let carried: IToken | undefined;
      const build = (): A.VarDecl => {
        const pos = this.from(first);
        const end = this.to(first);
        return {
          kind: 'Var',
          name: this.b.ident(name),
          type: type ?? this.b.missingType(),
          default: value ?? this.b.placeholder(),
          ...(resetAt ? { resetAt } : {}),
          ...(carried ? { carried: true } : {}),
          pos,
          end,
          [SOURCE]: this.b.src,
        };
      };
      const mark = this.opened(build);
      this.CONSUME(kw.var!);
      name = this.CONSUME(Identifier, { LABEL: 'name' });
      this.CONSUME(Colon);
      type = this.SUBRULE(this.typeRef);
      this.CONSUME(Eq);
      value = this.SUBRULE(this.expr, { LABEL: 'default' });
      resetAt = this.OPTION(() => this.SUBRULE(this.resetAt));
      carried = this.OPTION2(() => this.CONSUME(kw.carried!, { LABEL: 'carried' }));
      return this.closed(mark, build);
    },
    this.cutHere,
  );

  // Field := Word ':' Expr (',' Expr)*   — a comma followed by `name :` starts the next field (seats).
  // The field name may be a reserved word (`general: caocao` in a seat): the ':' after it makes that safe.
  private field = this.RULE('field', (): A.Field | undefined => {
    const first = this.LA(1);
    const name = this.OR(
      (this.alts[6] ??= [
        { ALT: () => this.CONSUME(Identifier, { LABEL: 'name' }) },
        { ALT: () => this.CONSUME(Reserved, { LABEL: 'name' }) },
      ]),
    ) as IToken | undefined;
    this.CONSUME(Colon);
    const values: A.Expr[] = [this.SUBRULE(this.expr, { LABEL: 'values' })];
    this.MANY({
      GATE: this.anotherValue,
      DEF: () => {
        this.CONSUME(Comma);
        values.push(this.SUBRULE2(this.expr, { LABEL: 'values' }));
      },
    });
    if (this.rec) return NULL;
    return this.b.field(name, values, this.from(first), this.to(first));
  });

  // Method := Ident '(' Params? ')' ( '=' Expr | Block )
  private method = this.RULE('method', (): A.MethodDecl | undefined => {
    const first = this.LA(1);
    const name = this.CONSUME(Identifier, { LABEL: 'name' });
    this.CONSUME(LParen);
    const params = this.OPTION(() => this.SUBRULE(this.params));
    this.CONSUME(RParen);
    const body = this.OR(
      (this.alts[7] ??= [
        {
          ALT: () => {
            this.CONSUME(Eq);
            return { expr: this.SUBRULE(this.expr) };
          },
        },
        { ALT: () => ({ body: this.SUBRULE(this.block) }) },
      ]),
    ) as { expr?: A.Expr; body?: A.Block } | undefined;
    if (this.rec) return NULL;
    const pos = this.from(first);
    const end = this.to(first);
    const e = body?.expr;
    return {
      kind: 'Method',
      name: this.b.ident(name),
      params: params ?? [],
      ...(e ? { expr: e } : {}),
      ...(body?.body || !e ? { body: body?.body ?? this.b.emptyBlock() } : {}),
      pos,
      end,
      [SOURCE]: this.b.src,
    };
  });

  private flavour = this.RULE('flavour', (): string => {
    this.CONSUME(kw.flavour!);
    return text(this.CONSUME(StringTok, { LABEL: 'text' }));
  });

  private cardItem = this.RULE('cardItem', (): Item | undefined => {
    return this.OR(
      (this.alts[8] ??= [
        { ALT: () => ({ flavour: this.SUBRULE(this.flavour) }) },
        { ALT: () => ({ field: this.SUBRULE(this.field) }) },
        { ALT: () => ({ method: this.SUBRULE(this.method) }) },
      ]),
    ) as Item | undefined;
  });

  // Card := 'card' Names ('is' Ident)? '{' CardItem* '}'   — `is <kind>`: a kind of another card kind
  private card = this.RULE(
    'card',
    (): A.CardDecl => {
      const first = this.LA(1);
      let names: A.Names | undefined;
      let parent: IToken | undefined;
      const items: (Item | undefined)[] = [];
      const build = (): A.CardDecl => {
        const out: A.CardDecl = {
          kind: 'Card',
          names: names ?? this.b.noNames(),
          fields: [],
          methods: [],
          skills: [],
          pos: this.from(first),
          end: this.to(first),
          [SOURCE]: this.b.src,
        };
        if (parent) out.parent = this.b.ident(parent);
        this.placeItems(items, out);
        return out;
      };
      const mark = this.opened(build);
      this.CONSUME(kw.card!);
      names = this.SUBRULE(this.names);
      parent = this.OPTION(() => {
        this.CONSUME(kw.is!);
        return this.CONSUME(Identifier, { LABEL: 'parent' });
      });
      this.CONSUME(LCurly);
      this.MANY(() => items.push(this.SUBRULE(this.cardItem)));
      this.CONSUME(RCurly);
      return this.closed(mark, build);
    },
    this.cutHere,
  );

  private deckEntry = this.RULE('deckEntry', (): A.DeckEntry | undefined => {
    const first = this.LA(1);
    const kind = this.CONSUME(Identifier, { LABEL: 'kind' });
    this.CONSUME(Colon);
    const faces = [this.CONSUME(CardFace, { LABEL: 'faces' })];
    this.MANY(() => {
      this.CONSUME(Comma);
      faces.push(this.CONSUME2(CardFace, { LABEL: 'faces' }));
    });
    if (this.rec) return NULL;
    const pos = this.from(first);
    const end = this.to(first);
    const cardKind = this.b.ident(kind);
    const out: A.DeckEntry['faces'] = [];
    for (const f of faces) if (real(f)) out.push(this.b.face(f));
    return { cardKind, faces: out, pos, end, [SOURCE]: this.b.src };
  });

  private deck = this.RULE(
    'deck',
    (): A.DeckDecl => {
      const first = this.LA(1);
      let names: A.Names | undefined;
      const entries: A.DeckEntry[] = [];
      const build = (): A.DeckDecl => ({
        kind: 'Deck',
        names: names ?? this.b.noNames(),
        entries,
        pos: this.from(first),
        end: this.to(first),
        [SOURCE]: this.b.src,
      });
      const mark = this.opened(build);
      this.CONSUME(kw.deck!);
      names = this.SUBRULE(this.names);
      this.CONSUME(LCurly);
      this.MANY(() => {
        const e = this.SUBRULE(this.deckEntry);
        if (e) entries.push(e);
      });
      this.CONSUME(RCurly);
      return this.closed(mark, build);
    },
    this.cutHere,
  );

  private generalItem = this.RULE('generalItem', (): Item | undefined => {
    return this.OR(
      (this.alts[9] ??= [
        { ALT: () => ({ flavour: this.SUBRULE(this.flavour) }) },
        { ALT: () => ({ field: this.SUBRULE(this.field) }) },
      ]),
    ) as Item | undefined;
  });

  private general = this.RULE(
    'general',
    (): A.GeneralDecl => {
      const first = this.LA(1);
      let names: A.Names | undefined;
      const items: (Item | undefined)[] = [];
      const build = (): A.GeneralDecl => {
        const out: A.GeneralDecl = {
          kind: 'General',
          names: names ?? this.b.noNames(),
          fields: [],
          skills: [],
          pos: this.from(first),
          end: this.to(first),
          [SOURCE]: this.b.src,
        };
        this.placeItems(items, out);
        return out;
      };
      const mark = this.opened(build);
      this.CONSUME(kw.general!);
      names = this.SUBRULE(this.names);
      this.CONSUME(LCurly);
      this.MANY(() => items.push(this.SUBRULE(this.generalItem)));
      this.CONSUME(RCurly);
      return this.closed(mark, build);
    },
    this.cutHere,
  );

  // Skill := 'skill' Names Ident* '{' ('flavour' String | Field)* SkillItem* '}'   (fields: hints such as aiUse: 40)
  //        | 'rule' Names ('before' | 'after') 'skills' '{' … '}'   (a table rule: no owner, fires before or after
  //          every player's skills in its windows)
  private skill = this.RULE(
    'skill',
    (): A.SkillDecl => {
      const first = this.LA(1);
      let head: { names: A.Names; order?: IToken; word?: IToken } | undefined;
      const tags: IToken[] = [];
      const heads: (Item | undefined)[] = [];
      const items: A.SkillItem[] = [];
      const build = (): A.SkillDecl => {
        const pos = this.from(first);
        const end = this.to(first);
        let flavour: string | undefined;
        const fields: A.Field[] = [];
        for (const h of heads) {
          if (h?.flavour !== undefined) flavour = h.flavour;
          else if (h?.field) fields.push(h.field);
        }
        const isRule = head !== undefined && 'word' in head;
        const word = head?.word;
        if (isRule && real(word) && word.image !== 'skills')
          this.b.diagnostics.push(
            error('SGS002', 'a table rule says `before skills` or `after skills`', spanOf(this.b.ident(word))),
          );
        return {
          kind: 'Skill',
          names: head?.names ?? this.b.noNames(),
          tags: this.b.idents(tags),
          ...(flavour !== undefined ? { flavour } : {}),
          ...(fields.length ? { fields } : {}),
          items,
          ...(isRule ? { table: spelling(head?.order) === 'after' ? ('after' as const) : ('before' as const) } : {}),
          pos,
          end,
          [SOURCE]: this.b.src,
        };
      };
      const mark = this.opened(build);
      head = this.OR(
        (this.alts[10] ??= [
          {
            ALT: () => {
              this.CONSUME(kw.skill!);
              return { names: this.SUBRULE(this.names) };
            },
          },
          {
            ALT: () => {
              this.CONSUME(kw.rule!, { LABEL: 'isRule' });
              const names = this.SUBRULE2(this.names);
              const order = this.OR2(
                (this.alts[11] ??= [
                  { ALT: () => this.CONSUME(kw.before!, { LABEL: 'order' }) },
                  { ALT: () => this.CONSUME(kw.after!, { LABEL: 'order' }) },
                ]),
              ) as IToken | undefined;
              const word = this.CONSUME(Identifier, { LABEL: 'skillsWord' });
              return { names, order, word };
            },
          },
        ]),
      ) as typeof head;
      this.MANY(() => tags.push(this.CONSUME2(Identifier, { LABEL: 'tags' })));
      this.CONSUME(LCurly);
      this.MANY3(() => heads.push(this.SUBRULE(this.skillHead)));
      this.MANY2(() => {
        const item = this.SUBRULE(this.skillItem);
        if (item) items.push(item);
      });
      this.CONSUME(RCurly);
      return this.closed(mark, build);
    },
    this.cutHere,
  );

  private skillHead = this.RULE('skillHead', (): Item | undefined => {
    return this.OR(
      (this.alts[12] ??= [
        { ALT: () => ({ flavour: this.SUBRULE(this.flavour) }) },
        { ALT: () => ({ field: this.SUBRULE(this.field) }) },
      ]),
    ) as Item | undefined;
  });

  private skillItem = this.RULE('skillItem', (): A.SkillItem | undefined => {
    return this.OR(
      (this.alts[13] ??= [
        { ALT: () => this.SUBRULE(this.trigger) },
        { ALT: () => this.SUBRULE(this.active) },
        { ALT: () => this.SUBRULE(this.viewAs) },
        { ALT: () => this.SUBRULE(this.modify) },
        { ALT: () => this.SUBRULE(this.filter) },
        { ALT: () => this.SUBRULE(this.grant) },
      ]),
    ) as A.SkillItem | undefined;
  });

  // Grant := 'grants' Ident 'to' ('you' | 'others' | 'anyone') ('where' Expr)?   — a skill, or a card kind's skills
  // (as if equipped), that other players (or its owner) have while the owner has this skill and it is enabled.
  private grant = this.RULE('grant', (): A.GrantItem => {
    const first = this.LA(1);
    this.CONSUME(kw.grants!);
    const what = this.CONSUME(Identifier, { LABEL: 'what' });
    const word = this.CONSUME2(Identifier, { LABEL: 'toWord' });
    const to = this.OR(
      (this.alts[14] ??= [
        { ALT: () => this.CONSUME(kw.you!, { LABEL: 'to' }) },
        { ALT: () => this.CONSUME(kw.others!, { LABEL: 'to' }) },
        { ALT: () => this.CONSUME(kw.anyone!, { LABEL: 'to' }) },
      ]),
    ) as IToken | undefined;
    const cond = this.OPTION(() => {
      this.CONSUME(kw.where!);
      return this.SUBRULE(this.expr, { LABEL: 'cond' });
    });
    if (this.rec) return NULL;
    const pos = this.from(first);
    const end = this.to(first);
    if (real(word) && word.image !== 'to')
      this.b.diagnostics.push(error('SGS002', 'expected `to` after the granted name', spanOf(this.b.ident(word))));
    const s = spelling(to);
    return {
      kind: 'Grant',
      what: this.b.ident(what),
      to: s === 'others' || s === 'anyone' ? s : 'you',
      ...(cond ? { cond } : {}),
      pos,
      end,
      [SOURCE]: this.b.src,
    };
  });

  private limit = this.RULE('limit', (): A.Limit => {
    const first = this.LA(1);
    this.CONSUME(kw.limit!);
    const count = this.CONSUME(NumberTok, { LABEL: 'count' });
    this.CONSUME(kw.per!);
    const per = this.CONSUME(Identifier, { LABEL: 'per' });
    if (this.rec) return NULL;
    const pos = this.from(first);
    const end = this.to(first);
    return { count: this.b.int(count), per: this.b.ident(per), pos, end, [SOURCE]: this.b.src };
  });

  private ifCond = this.RULE('ifCond', (): A.Expr => {
    this.CONSUME(kw.if!);
    return this.SUBRULE(this.expr);
  });

  private trigger = this.RULE('trigger', (): A.TriggerItem => {
    const first = this.LA(1);
    this.CONSUME(kw.on!);
    const window = this.CONSUME(Identifier, { LABEL: 'window' });
    this.CONSUME(LParen);
    const subject = this.OR(
      (this.alts[15] ??= [
        { ALT: () => this.CONSUME(kw.you!, { LABEL: 'subject' }) },
        { ALT: () => this.CONSUME(kw.anyone!, { LABEL: 'subject' }) },
        { ALT: () => this.CONSUME(kw.other!, { LABEL: 'subject' }) },
      ]),
    ) as IToken | undefined;
    this.CONSUME(RParen);
    const alias = this.OPTION(() => {
      this.CONSUME(kw.as!);
      return this.CONSUME2(Identifier, { LABEL: 'alias' });
    });
    const may = this.OPTION2(() => this.CONSUME(kw.may!, { LABEL: 'may' }));
    const limit = this.OPTION3(() => this.SUBRULE(this.limit));
    const cond = this.OPTION4(() => this.SUBRULE(this.ifCond));
    const body = this.SUBRULE(this.block);
    if (this.rec) return NULL;
    const pos = this.from(first);
    const end = this.to(first);
    const s = spelling(subject);
    return {
      kind: 'Trigger',
      window: this.b.ident(window),
      subject: s === 'anyone' || s === 'other' ? s : 'you',
      ...(alias ? { alias: this.b.ident(alias) } : {}),
      optional: may !== undefined,
      ...(limit ? { limit } : {}),
      ...(cond ? { cond } : {}),
      body,
      pos,
      end,
      [SOURCE]: this.b.src,
    };
  });

  private active = this.RULE('active', (): A.ActiveItem => {
    const first = this.LA(1);
    this.CONSUME(kw.active!);
    const limit = this.OPTION(() => this.SUBRULE(this.limit));
    const cond = this.OPTION2(() => this.SUBRULE(this.ifCond));
    const body = this.SUBRULE(this.block);
    if (this.rec) return NULL;
    return {
      kind: 'Active',
      ...(limit ? { limit } : {}),
      ...(cond ? { cond } : {}),
      body,
      pos: this.from(first),
      end: this.to(first),
      [SOURCE]: this.b.src,
    };
  });

  private viewAs = this.RULE('viewAs', (): A.ViewAsItem => {
    const first = this.LA(1);
    this.CONSUME(kw.viewAs!);
    const kind = this.CONSUME(Identifier, { LABEL: 'kind' });
    this.CONSUME(kw.from!);
    const count = this.CONSUME(NumberTok, { LABEL: 'count' });
    this.OR((this.alts[16] ??= [{ ALT: () => this.CONSUME(kw.card!) }, { ALT: () => this.CONSUME(kw.cards!) }]));
    const zones: IToken[] = [];
    this.OPTION(() => {
      this.CONSUME(kw.in!);
      zones.push(this.CONSUME2(Identifier, { LABEL: 'zones' }));
      this.MANY(() => {
        this.CONSUME(Comma);
        zones.push(this.CONSUME3(Identifier, { LABEL: 'zones' }));
      });
    });
    const filter = this.OPTION2(() => {
      this.CONSUME(kw.where!);
      return this.SUBRULE(this.expr, { LABEL: 'filter' });
    });
    const cond = this.OPTION3(() => this.SUBRULE(this.ifCond));
    if (this.rec) return NULL;
    const pos = this.from(first);
    const end = this.to(first);
    return {
      kind: 'ViewAs',
      cardKind: this.b.ident(kind),
      count: this.b.int(count),
      zones: this.b.idents(zones),
      ...(filter ? { filter } : {}),
      ...(cond ? { cond } : {}),
      pos,
      end,
      [SOURCE]: this.b.src,
    };
  });

  private modify = this.RULE('modify', (): A.ModifyItem => {
    const first = this.LA(1);
    this.CONSUME(kw.modify!);
    const hook = this.CONSUME(Identifier, { LABEL: 'hook' });
    this.CONSUME(LParen);
    const params: IToken[] = [];
    this.OPTION(() => {
      params.push(this.CONSUME2(Identifier, { LABEL: 'params' }));
      this.MANY(() => {
        this.CONSUME(Comma);
        params.push(this.CONSUME3(Identifier, { LABEL: 'params' }));
      });
    });
    this.CONSUME(RParen);
    this.CONSUME(Eq);
    const value = this.SUBRULE(this.expr, { LABEL: 'value' });
    const cond = this.OPTION2(() => this.SUBRULE(this.ifCond));
    if (this.rec) return NULL;
    const pos = this.from(first);
    const end = this.to(first);
    return {
      kind: 'Modify',
      hook: this.b.ident(hook),
      params: this.b.idents(params),
      value,
      ...(cond ? { cond } : {}),
      pos,
      end,
      [SOURCE]: this.b.src,
    };
  });

  private setItem = this.RULE('setItem', (): A.Field | undefined => {
    const first = this.LA(1);
    const name = this.CONSUME(Identifier, { LABEL: 'name' });
    this.CONSUME(Eq);
    const value = this.SUBRULE(this.expr, { LABEL: 'value' });
    if (this.rec) return NULL;
    const pos = this.from(first);
    const end = this.to(first);
    return { name: this.b.ident(name), value, pos, end, [SOURCE]: this.b.src };
  });

  private filter = this.RULE('filter', (): A.FilterItem => {
    const first = this.LA(1);
    this.CONSUME(kw.filter!);
    this.CONSUME(kw.where!);
    const cond = this.SUBRULE(this.expr, { LABEL: 'cond' });
    this.CONSUME(kw.set!);
    const sets: (A.Field | undefined)[] = [this.SUBRULE(this.setItem)];
    this.MANY(() => {
      this.CONSUME(Comma);
      sets.push(this.SUBRULE2(this.setItem));
    });
    if (this.rec) return NULL;
    return {
      kind: 'Filter',
      cond,
      sets: sets.filter((s) => s !== undefined),
      pos: this.from(first),
      end: this.to(first),
      [SOURCE]: this.b.src,
    };
  });

  private signature = this.RULE(
    'signature',
    (): A.Param[] => {
      // Read by hand (read-params.ts) when it can be, as an expression is in `expr`.
      const read = this.byHand(readSignature);
      if (read !== undefined) return read;
      this.CONSUME(LParen);
      const params = this.OPTION(() => this.SUBRULE(this.params));
      this.CONSUME(RParen);
      return params ?? [];
    },
    { recoveryValueFunc: () => [] },
  );

  private returns = this.RULE('returns', (): A.TypeRef => {
    this.CONSUME(Colon);
    return this.SUBRULE(this.typeRef);
  });

  private event = this.RULE(
    'event',
    (): A.EventDecl => {
      const first = this.LA(1);
      let names: A.Names | undefined;
      let params: A.Param[] | undefined;
      let returns: A.TypeRef | undefined;
      let fields: A.Field[] | undefined;
      let body: A.Block | undefined;
      let cleanup: A.Block | undefined;
      const build = (): A.EventDecl => ({
        kind: 'Event',
        names: names ?? this.b.noNames(),
        params: params ?? [],
        ...(returns ? { returns } : {}),
        ...(fields?.length ? { fields } : {}),
        body: body ?? this.b.emptyBlock(),
        ...(cleanup ? { cleanup } : {}),
        pos: this.from(first),
        end: this.to(first),
        [SOURCE]: this.b.src,
      });
      const mark = this.opened(build);
      this.CONSUME(kw.event!);
      names = this.SUBRULE(this.names);
      params = this.SUBRULE(this.signature);
      returns = this.OPTION(() => this.SUBRULE(this.returns));
      const head = this.SUBRULE(this.eventBody, { LABEL: 'body' });
      fields = head.fields;
      body = head.body;
      cleanup = this.OPTION2(() => {
        this.CONSUME(kw.cleanup!);
        return this.SUBRULE2(this.block, { LABEL: 'cleanup' });
      });
      return this.closed(mark, build);
    },
    this.cutHere,
  );

  // EventBody := '{' Field* Stmt* '}'   — the fields are hints naming the event's own fields (`aiHarm: from, to`)
  private eventBody = this.RULE(
    'eventBody',
    (): { fields: A.Field[]; body: A.Block } => {
      const first = this.LA(1);
      const fields: A.Field[] = [];
      const stmts: A.Stmt[] = [];
      this.CONSUME(LCurly);
      this.MANY(() => {
        const f = this.SUBRULE(this.field);
        if (f) fields.push(f);
      });
      this.MANY2(() => {
        const s = this.SUBRULE(this.stmt);
        if (s) stmts.push(s);
      });
      this.CONSUME(RCurly);
      if (this.rec) return NULL;
      return {
        fields,
        body: { kind: 'Block', stmts, pos: this.from(first), end: this.to(first), [SOURCE]: this.b.src },
      };
    },
    { recoveryValueFunc: () => ({ fields: [], body: this.b.emptyBlock() }) },
  );

  private action = this.RULE(
    'action',
    (): A.ActionDecl => {
      const first = this.LA(1);
      let names: A.Names | undefined;
      let params: A.Param[] | undefined;
      let returns: A.TypeRef | undefined;
      let body: A.Block | undefined;
      const build = (): A.ActionDecl => ({
        kind: 'Action',
        names: names ?? this.b.noNames(),
        params: params ?? [],
        ...(returns ? { returns } : {}),
        body: body ?? this.b.emptyBlock(),
        pos: this.from(first),
        end: this.to(first),
        [SOURCE]: this.b.src,
      });
      const mark = this.opened(build);
      this.CONSUME(kw.action!);
      names = this.SUBRULE(this.names);
      params = this.SUBRULE(this.signature);
      returns = this.OPTION(() => this.SUBRULE(this.returns));
      body = this.SUBRULE(this.block);
      return this.closed(mark, build);
    },
    this.cutHere,
  );

  private function = this.RULE(
    'function',
    (): A.FunctionDecl => {
      const first = this.LA(1);
      let names: A.Names | undefined;
      let params: A.Param[] | undefined;
      let returns: A.TypeRef | undefined;
      let body: { expr?: A.Expr; body?: A.Block } | undefined;
      const build = (): A.FunctionDecl => {
        const pos = this.from(first);
        const end = this.to(first);
        const e = body?.expr;
        return {
          kind: 'Function',
          names: names ?? this.b.noNames(),
          params: params ?? [],
          ...(returns ? { returns } : {}),
          ...(e ? { expr: e } : {}),
          ...(body?.body || !e ? { body: body?.body ?? this.b.emptyBlock() } : {}),
          pos,
          end,
          [SOURCE]: this.b.src,
        };
      };
      const mark = this.opened(build);
      this.CONSUME(kw.function!);
      names = this.SUBRULE(this.names);
      params = this.SUBRULE(this.signature);
      returns = this.OPTION(() => this.SUBRULE(this.returns));
      body = this.OR(
        (this.alts[17] ??= [
          {
            ALT: () => {
              this.CONSUME(Eq);
              return { expr: this.SUBRULE(this.expr) };
            },
          },
          { ALT: () => ({ body: this.SUBRULE(this.block) }) },
        ]),
      ) as typeof body;
      return this.closed(mark, build);
    },
    this.cutHere,
  );

  private hook = this.RULE(
    'hook',
    (): A.HookDecl => {
      const first = this.LA(1);
      let names: A.Names | undefined;
      let params: A.Param[] | undefined;
      let returns: A.TypeRef | undefined;
      let combine: IToken | undefined;
      const build = (): A.HookDecl => {
        const pos = this.from(first);
        const end = this.to(first);
        const c = spelling(combine);
        return {
          kind: 'Hook',
          names: names ?? this.b.noNames(),
          params: params ?? [],
          returns: returns ?? this.b.missingType(),
          combine: c === 'any' || c === 'all' || c === 'max' || c === 'min' ? c : 'sum',
          pos,
          end,
          [SOURCE]: this.b.src,
        };
      };
      const mark = this.opened(build);
      this.CONSUME(kw.hook!);
      names = this.SUBRULE(this.names);
      params = this.SUBRULE(this.signature);
      returns = this.SUBRULE(this.returns);
      this.CONSUME(Eq);
      combine = this.OR(
        (this.alts[18] ??= [
          { ALT: () => this.CONSUME(kw.sum!, { LABEL: 'combine' }) },
          { ALT: () => this.CONSUME(kw.any!, { LABEL: 'combine' }) },
          { ALT: () => this.CONSUME(kw.all!, { LABEL: 'combine' }) },
          { ALT: () => this.CONSUME(kw.max!, { LABEL: 'combine' }) },
          { ALT: () => this.CONSUME(kw.min!, { LABEL: 'combine' }) },
        ]),
      ) as IToken | undefined;
      return this.closed(mark, build);
    },
    this.cutHere,
  );

  // Invariant := 'invariant' Names Signature? '=' Expr   — what must hold after every decision (per player or whole game)
  private invariant = this.RULE(
    'invariant',
    (): A.InvariantDecl => {
      const first = this.LA(1);
      let names: A.Names | undefined;
      let params: A.Param[] | undefined;
      let expr: A.Expr | undefined;
      const build = (): A.InvariantDecl => ({
        kind: 'Invariant',
        names: names ?? this.b.noNames(),
        params: params ?? [],
        expr: expr ?? this.b.placeholder(),
        pos: this.from(first),
        end: this.to(first),
        [SOURCE]: this.b.src,
      });
      const mark = this.opened(build);
      this.CONSUME(kw.invariant!);
      names = this.SUBRULE(this.names);
      params = this.OPTION(() => this.SUBRULE(this.signature));
      this.CONSUME(Eq);
      expr = this.SUBRULE(this.expr);
      return this.closed(mark, build);
    },
    this.cutHere,
  );

  // A mode's fields and methods, and the declarations it owns: its options, table rules, invariants and anything
  // it replaces while it is the game's mode.
  private modeItem = this.RULE(
    'modeItem',
    (): ModeItem | undefined => {
      return this.OR(
        (this.alts[19] ??= [
          { ALT: () => ({ field: this.SUBRULE(this.field) }) },
          { ALT: () => ({ method: this.SUBRULE(this.method) }) },
          { ALT: () => ({ decl: this.SUBRULE(this.decl) }) },
        ]),
      ) as ModeItem | undefined;
    },
    { recoveryValueFunc: () => ({ decl: this.cutShort(-1) }) },
  );

  private mode = this.RULE(
    'mode',
    (): ModeParts => {
      const first = this.LA(1);
      let names: A.Names | undefined;
      const items: (ModeItem | undefined)[] = [];
      const build = (): ModeParts => {
        const mode: A.ModeDecl = {
          kind: 'Mode',
          names: names ?? this.b.noNames(),
          fields: [],
          methods: [],
          pos: this.from(first),
          end: this.to(first),
          [SOURCE]: this.b.src,
        };
        const owned: A.Decl[] = [];
        for (const item of items) {
          if (item?.field) mode.fields.push(item.field);
          else if (item?.method) mode.methods.push(item.method);
          else if (item?.decl) {
            const d = this.inner(item.decl);
            if (d) owned.push(d);
          }
        }
        return { kind: 'ModeParts', mode, owned };
      };
      const mark = this.opened(build);
      this.CONSUME(kw.mode!);
      names = this.SUBRULE(this.names);
      this.CONSUME(LCurly);
      this.MANY(() => items.push(this.SUBRULE(this.modeItem)));
      this.CONSUME(RCurly);
      return this.closed(mark, build);
    },
    this.cutHere,
  );

  private variant = this.RULE(
    'variant',
    (): A.VariantDecl => {
      const first = this.LA(1);
      let option: IToken | undefined;
      let value: A.Expr | undefined;
      const decls: A.Decl[] = [];
      const build = (): A.VariantDecl => {
        const pos = this.from(first);
        const end = this.to(first);
        return {
          kind: 'Variant',
          option: this.b.ident(option),
          value: value ?? this.b.placeholder(),
          decls,
          pos,
          end,
          [SOURCE]: this.b.src,
        };
      };
      const mark = this.opened(build);
      this.CONSUME(kw.variant!);
      // `variant mode == id { … }` too: the game's mode chooses declarations as an option does.
      option = this.CONSUME(Identifier, { LABEL: 'option' });
      this.CONSUME(EqEq);
      value = this.SUBRULE(this.expr, { LABEL: 'value' });
      this.CONSUME(LCurly);
      this.MANY(() => {
        const d = this.inner(this.SUBRULE(this.decl));
        if (d) decls.push(d);
      });
      this.CONSUME(RCurly);
      return this.closed(mark, build);
    },
    this.cutHere,
  );

  private scenario = this.RULE(
    'scenario',
    (): A.ScenarioDecl => {
      const first = this.LA(1);
      let names: A.Names | undefined;
      const items: (ScenarioItem | undefined)[] = [];
      const build = (): A.ScenarioDecl =>
        this.b.scenario(names ?? this.b.noNames(), items, this.from(first), this.to(first));
      const mark = this.opened(build);
      this.CONSUME(kw.scenario!);
      names = this.SUBRULE(this.names);
      this.CONSUME(LCurly);
      // Items are read by hand (read-scenario.ts) while they can be; the rule reads any other, then by hand again.
      this.readItems(items);
      this.MANY(() => {
        items.push(this.SUBRULE(this.scenarioItem));
        this.readItems(items);
      });
      this.CONSUME(RCurly);
      return this.closed(mark, build);
    },
    this.cutHere,
  );

  /** The top-level declarations from the next token on that read-decls.ts reads, consumed and added. */
  private readDecls(): void {
    if (!this.readByHand || this.rec) return;
    const next = declReader.decls(this.b, this.input, this.lexerState() + 1, this.addHandRead);
    this.lexerState(next - 1);
  }
  private readonly addHandRead = (at: number, d: A.Decl) => this.addTop(at, d);

  /** The scenario items from the next token on that read-scenario.ts reads, consumed. */
  private readItems(items: (ScenarioItem | undefined)[]): void {
    if (!this.readByHand || this.rec) return;
    const next = scenarioReader.items(this.b, this.input, this.lexerState() + 1, items as ScenarioItem[]);
    this.lexerState(next - 1);
  }

  private seat = this.RULE('seat', (): A.Seat => {
    const first = this.LA(1);
    this.CONSUME(kw.seat!);
    const name = this.CONSUME(Identifier, { LABEL: 'name' });
    this.CONSUME(LCurly);
    const fields: A.Field[] = [];
    this.MANY(() => {
      const f = this.SUBRULE(this.field);
      if (f) fields.push(f);
      this.OPTION(() => this.CONSUME(Comma));
    });
    this.CONSUME(RCurly);
    if (this.rec) return NULL;
    const pos = this.from(first);
    const end = this.to(first);
    return { name: this.b.ident(name), fields: exact(fields), pos, end, [SOURCE]: this.b.src };
  });

  private scenarioDeck = this.RULE('scenarioDeck', (): A.Expr[] => {
    this.CONSUME(kw.deck!);
    this.CONSUME(Colon);
    return this.SUBRULE(this.listLit).items;
  });

  private start = this.RULE('start', (): NonNullable<A.ScenarioDecl['start']> => {
    const first = this.LA(1);
    this.CONSUME(kw.start!);
    const player = this.CONSUME(Identifier, { LABEL: 'player' });
    // `start guanyu play` — the phase is on the same line, and is not the player of an answer `caocao: …`.
    const from = this.OPTION(
      (this.gated[2] ??= {
        GATE: () => this.LA(1).startLine === this.LA(0).startLine && !this.is(this.LA(2), Colon),
        DEF: () => this.CONSUME2(Identifier, { LABEL: 'from' }),
      }),
    ) as IToken | undefined;
    if (this.rec) return NULL;
    const pos = this.from(first);
    const end = this.to(first);
    return {
      player: this.b.ident(player),
      ...(from ? { from: this.b.ident(from) } : {}),
      pos,
      end,
      [SOURCE]: this.b.src,
    };
  });

  private expect = this.RULE('expect', (): A.Step => {
    const first = this.LA(1);
    this.CONSUME(kw.expect!);
    const step = this.OR(
      (this.alts[20] ??= [
        {
          // `expect log "…"`, `expect not log "…"`, either with `for x`: what the log (x's log) says.
          GATE: () =>
            (this.is(this.LA(1), kw.log!) && this.is(this.LA(2), StringTok)) ||
            (this.is(this.LA(1), kw.not!) && this.is(this.LA(2), kw.log!) && this.is(this.LA(3), StringTok)),
          ALT: () => {
            const negated = this.OPTION2(() => this.CONSUME2(kw.not!, { LABEL: 'logNegated' }));
            this.CONSUME(kw.log!, { LABEL: 'log' });
            const t = this.CONSUME(StringTok, { LABEL: 'text' });
            const reader = this.OPTION3(() => {
              this.CONSUME(kw.for!);
              return this.CONSUME2(Identifier, { LABEL: 'reader' });
            });
            return { log: t, negated, reader };
          },
        },
        {
          // `expect ask guanyu`: the player is on the same line (so `expect ask` + a next-line item stays an Expect).
          GATE: () =>
            this.is(this.LA(2), Identifier) &&
            this.LA(2).startLine === this.LA(1).startLine &&
            !this.is(this.LA(3), Colon),
          ALT: () => {
            this.CONSUME(kw.ask!, { LABEL: 'ask' });
            return { ask: this.CONSUME(Identifier, { LABEL: 'player' }) };
          },
        },
        {
          GATE: () => continuesExpr[this.LA(2).tokenTypeIdx] !== true,
          ALT: () => ({ end: this.CONSUME(kw.end!, { LABEL: 'end' }) }),
        },
        {
          // `expect offered <card or player>` / `expect not offered …`: what the pending decision offers.
          GATE: () =>
            this.is(this.LA(1), kw.offered!) || (this.is(this.LA(1), kw.not!) && this.is(this.LA(2), kw.offered!)),
          ALT: () => {
            const negated = this.OPTION(() => this.CONSUME(kw.not!, { LABEL: 'negated' }));
            this.CONSUME(kw.offered!, { LABEL: 'offered' });
            const picks = [this.SUBRULE2(this.expr, { LABEL: 'picks' })];
            this.MANY(() => {
              this.CONSUME(Comma);
              picks.push(this.SUBRULE3(this.expr, { LABEL: 'picks' }));
            });
            return { offered: picks, negated };
          },
          IGNORE_AMBIGUITIES: true,
        },
        { ALT: () => ({ cond: this.SUBRULE(this.expr, { LABEL: 'cond' }) }) },
      ]),
    ) as ExpectPart | undefined;
    if (this.rec) return NULL;
    const pos = this.from(first);
    const end = this.to(first);
    if (step && 'log' in step)
      return {
        kind: 'ExpectLog',
        text: text(step.log),
        ...(step.negated ? { negated: true } : {}),
        ...(step.reader ? { player: this.b.ident(step.reader) } : {}),
        pos,
        end,
        [SOURCE]: this.b.src,
      };
    if (step && 'ask' in step)
      return { kind: 'ExpectAsk', player: this.b.ident(step.ask), pos, end, [SOURCE]: this.b.src };
    if (step && 'end' in step) return { kind: 'ExpectEnd', pos, end, [SOURCE]: this.b.src };
    if (step && 'offered' in step)
      return {
        kind: 'ExpectOffer',
        negated: step.negated !== undefined,
        picks: step.offered,
        pos,
        end,
        [SOURCE]: this.b.src,
      };
    return { kind: 'Expect', cond: step?.cond ?? this.b.placeholder(), pos, end, [SOURCE]: this.b.src };
  });

  // Ident ':' Pick (',' Pick)*   — `pass` is an ordinary name (Pass is in the Identifier category).
  private answer = this.RULE('answer', (): A.Step => {
    const first = this.LA(1);
    const player = this.CONSUME(Identifier, { LABEL: 'player' });
    this.CONSUME(Colon);
    const picks = [this.SUBRULE(this.expr, { LABEL: 'picks' })];
    this.MANY(() => {
      this.CONSUME(Comma);
      picks.push(this.SUBRULE2(this.expr, { LABEL: 'picks' }));
    });
    if (this.rec) return NULL;
    const pos = this.from(first);
    const end = this.to(first);
    return { kind: 'Answer', player: this.b.ident(player), picks, pos, end, [SOURCE]: this.b.src };
  });

  private scenarioItem = this.RULE('scenarioItem', (): ScenarioItem | undefined => {
    return this.OR(
      (this.alts[21] ??= [
        {
          ALT: () => {
            this.CONSUME(kw.mode!);
            const mode = this.CONSUME(Identifier, { LABEL: 'mode' });
            return this.rec ? NULL : { mode: this.b.ident(mode) };
          },
        },
        {
          ALT: () => {
            const first = this.LA(1);
            this.CONSUME(kw.option!);
            const option = this.CONSUME2(Identifier, { LABEL: 'option' });
            this.CONSUME(Eq);
            const value = this.SUBRULE(this.expr, { LABEL: 'value' });
            if (this.rec) return NULL;
            const pos = this.from(first);
            const end = this.to(first);
            return { option: { name: this.b.ident(option), value, pos, end, [SOURCE]: this.b.src } };
          },
        },
        {
          // `var exLordSeat = 2`: a global's value for this game (what an earlier game of a series left).
          ALT: () => {
            const first = this.LA(1);
            this.CONSUME(kw.var!);
            const name = this.CONSUME3(Identifier, { LABEL: 'varName' });
            this.CONSUME2(Eq);
            const value = this.SUBRULE2(this.expr, { LABEL: 'varValue' });
            if (this.rec) return NULL;
            const pos = this.from(first);
            const end = this.to(first);
            return { var: { name: this.b.ident(name), value, pos, end, [SOURCE]: this.b.src } };
          },
        },
        { ALT: () => ({ seat: this.SUBRULE(this.seat) }) },
        { ALT: () => ({ deck: this.SUBRULE(this.scenarioDeck) }) },
        { ALT: () => ({ start: this.SUBRULE(this.start) }) },
        { ALT: () => ({ step: this.SUBRULE(this.expect) }) },
        // `deck: [...]` is the stacked deck, never an answer by a seat named deck.
        {
          GATE: () => !this.is(this.LA(1), kw.deck!),
          ALT: () => ({ step: this.SUBRULE(this.answer) }),
          IGNORE_AMBIGUITIES: true,
        },
      ]),
    ) as ScenarioItem | undefined;
  });

  // ---------------------------------------------------------------- phrases (wording for the generated texts)

  // Phrase := 'phrase' Target PhraseParams? String String ('not' String String)? ('as' String String)?
  // Target := 'on' (Ident | 'active') (a timing window; `on active` words when actions are offered)
  //         | String (a text value) | Ident ('.' Word)? (a name, or Owner.member)
  private phrase = this.RULE(
    'phrase',
    (): A.PhraseDecl => {
      const first = this.LA(1);
      let target: A.PhraseTarget | undefined;
      let params: A.PhraseParam[] | undefined;
      let zh: IToken | undefined;
      let en: IToken | undefined;
      let negative: IToken[] | undefined;
      let result: IToken[] | undefined;
      const build = (): A.PhraseDecl => {
        const pos = this.from(first);
        const end = this.to(first);
        return this.b.phrase(target, params, zh, en, negative, result, pos, end);
      };
      const mark = this.opened(build);
      this.CONSUME(kw.phrase!);
      target = this.OR(
        (this.alts[22] ??= [
          {
            ALT: (): A.PhraseTarget => {
              this.CONSUME(kw.on!, { LABEL: 'on' });
              const name = this.OR2(
                (this.alts[23] ??= [
                  { ALT: () => this.CONSUME(Identifier, { LABEL: 'name' }) },
                  { ALT: () => this.CONSUME(kw.active!, { LABEL: 'name' }) },
                ]),
              ) as IToken | undefined;
              return this.rec ? NULL : { kind: 'Window', name: this.b.ident(name) };
            },
          },
          {
            ALT: (): A.PhraseTarget => {
              const t = this.CONSUME(StringTok, { LABEL: 'text' });
              return this.rec ? NULL : (this.b.literal(t) as A.TextLit);
            },
          },
          {
            ALT: (): A.PhraseTarget => {
              const name = this.CONSUME2(Identifier, { LABEL: 'name' });
              const member = this.OPTION(() => {
                this.CONSUME(Dot);
                return this.SUBRULE(this.memberName, { LABEL: 'member' });
              });
              if (this.rec) return NULL;
              const owner = this.b.ident(name);
              return member ? { kind: 'Member', owner, name: this.b.ident(member) } : { kind: 'Name', name: owner };
            },
          },
        ]),
      ) as A.PhraseTarget | undefined;
      params = this.OPTION2(() => this.SUBRULE(this.phraseParams));
      zh = this.CONSUME2(StringTok, { LABEL: 'zh' });
      en = this.CONSUME3(StringTok, { LABEL: 'en' });
      negative = this.OPTION4(() => {
        this.CONSUME(kw.not!);
        return [this.CONSUME6(StringTok, { LABEL: 'notZh' }), this.CONSUME7(StringTok, { LABEL: 'notEn' })];
      });
      result = this.OPTION3(() => {
        this.CONSUME(kw.as!);
        return [this.CONSUME4(StringTok, { LABEL: 'resultZh' }), this.CONSUME5(StringTok, { LABEL: 'resultEn' })];
      });
      return this.closed(mark, build);
    },
    this.cutHere,
  );

  // '(' (PhraseParam (',' PhraseParam)*)? ')'
  private phraseParams = this.RULE(
    'phraseParams',
    (): A.PhraseParam[] => {
      const params: (A.PhraseParam | undefined)[] = [];
      this.CONSUME(LParen);
      this.OPTION(() => {
        params.push(this.SUBRULE(this.phraseParam, { LABEL: 'params' }));
        this.MANY(() => {
          this.CONSUME(Comma);
          params.push(this.SUBRULE2(this.phraseParam, { LABEL: 'params' }));
        });
      });
      this.CONSUME(RParen);
      return exactDefined(params);
    },
    { recoveryValueFunc: () => [] },
  );

  // A parameter name, or a pattern the argument must match (`you`, `true`, `false`, `none`, a number, an enum
  // member), optionally with the parameter's noun in both languages.
  private phraseParam = this.RULE('phraseParam', (): A.PhraseParam | undefined => {
    const first = this.LA(1);
    const name = this.OR(
      (this.alts[24] ??= [
        { ALT: () => this.CONSUME(Identifier, { LABEL: 'name' }) },
        { ALT: () => this.CONSUME(kw.true!, { LABEL: 'name' }) },
        { ALT: () => this.CONSUME(kw.false!, { LABEL: 'name' }) },
        { ALT: () => this.CONSUME(kw.none!, { LABEL: 'name' }) },
        { ALT: () => this.CONSUME(NumberTok, { LABEL: 'name' }) },
      ]),
    ) as IToken | undefined;
    const noun = this.OPTION(() => [
      this.CONSUME(StringTok, { LABEL: 'nounZh' }),
      this.CONSUME2(StringTok, { LABEL: 'nounEn' }),
    ]);
    if (this.rec) return NULL;
    const pos = this.from(first);
    const end = this.to(first);
    const zh = noun?.[0];
    const en = noun?.[1];
    return {
      name: this.b.ident(name),
      ...(real(zh) && real(en) ? { noun: { zh: unescapeString(zh.image), en: unescapeString(en.image) } } : {}),
      pos,
      end,
      [SOURCE]: this.b.src,
    };
  });

  // ---------------------------------------------------------------- params and types

  private params = this.RULE(
    'params',
    (): A.Param[] => {
      const params: (A.Param | undefined)[] = [this.SUBRULE(this.param)];
      this.MANY(() => {
        this.CONSUME(Comma);
        params.push(this.SUBRULE2(this.param));
      });
      return exactDefined(params);
    },
    { recoveryValueFunc: () => [] },
  );

  private param = this.RULE('param', (): A.Param | undefined => {
    const first = this.LA(1);
    const name = this.CONSUME(Identifier, { LABEL: 'name' });
    this.CONSUME(Colon);
    const type = this.SUBRULE(this.typeRef);
    const value = this.OPTION(() => {
      this.CONSUME(Eq);
      return this.SUBRULE(this.expr, { LABEL: 'default' });
    });
    if (this.rec) return NULL;
    const pos = this.from(first);
    const end = this.to(first);
    return { name: this.b.ident(name), type, ...(value ? { default: value } : {}), pos, end, [SOURCE]: this.b.src };
  });

  // Type := '[' Type ']' '?'? | Ident '?'?   (the reserved words skill and event are type names too)
  private typeRef = this.RULE(
    'typeRef',
    (): A.TypeRef => {
      const read = this.byHand(readType);
      if (read !== undefined) return read;
      const first = this.LA(1);
      const t = this.OR(
        (this.alts[25] ??= [
          {
            ALT: () => {
              this.CONSUME(LSquare, { LABEL: 'list' });
              const element = this.SUBRULE(this.typeRef, { LABEL: 'element' });
              this.CONSUME(RSquare);
              return { element };
            },
          },
          { ALT: () => ({ name: this.CONSUME(Identifier, { LABEL: 'name' }) }) },
          { ALT: () => ({ name: this.CONSUME(kw.skill!, { LABEL: 'name' }) }) },
        ]),
      ) as { element?: A.TypeRef; name?: IToken } | undefined;
      const optional = this.OPTION(() => this.CONSUME(Question, { LABEL: 'optional' })) !== undefined;
      if (this.rec) return NULL;
      const pos = this.from(first);
      const end = this.to(first);
      if (t?.element) return this.b.listType(t.element, optional, pos, end);
      return { kind: 'Type', name: this.b.ident(t?.name), list: false, optional, pos, end, [SOURCE]: this.b.src };
    },
    { recoveryValueFunc: () => this.b.missingType() },
  );

  // ---------------------------------------------------------------- statements

  private block = this.RULE(
    'block',
    (): A.Block => {
      // A block read whole by hand (read-block.ts) when it can be, as an expression is in `expr`.
      const read = this.byHand(readBlock);
      if (read !== undefined) return read;
      const first = this.LA(1);
      this.CONSUME(LCurly);
      const stmts: A.Stmt[] = [];
      this.MANY(() => {
        const s = this.SUBRULE(this.stmt);
        if (s) stmts.push(s);
      });
      this.CONSUME(RCurly);
      if (this.rec) return NULL;
      return { kind: 'Block', stmts: exact(stmts), pos: this.from(first), end: this.to(first), [SOURCE]: this.b.src };
    },
    { recoveryValueFunc: () => this.b.emptyBlock() },
  );

  private stmt = this.RULE('stmt', (): A.Stmt | undefined => {
    return this.OR(
      (this.alts[26] ??= [
        { ALT: () => this.SUBRULE(this.letStmt) },
        { ALT: () => this.SUBRULE(this.ifStmt) },
        { ALT: () => this.SUBRULE(this.forStmt) },
        { ALT: () => this.SUBRULE(this.whileStmt) },
        { ALT: () => this.SUBRULE(this.repeatStmt) },
        { ALT: () => this.SUBRULE(this.returnStmt) },
        {
          ALT: () => {
            const t = this.CONSUME(kw.break!, { LABEL: 'break' });
            return this.rec
              ? NULL
              : { kind: 'Break', pos: this.b.startOf(t, t), end: this.b.endOf(t, t), [SOURCE]: this.b.src };
          },
        },
        {
          ALT: () => {
            const t = this.CONSUME(kw.continue!, { LABEL: 'continue' });
            return this.rec
              ? NULL
              : { kind: 'Continue', pos: this.b.startOf(t, t), end: this.b.endOf(t, t), [SOURCE]: this.b.src };
          },
        },
        { ALT: () => this.SUBRULE(this.stopStmt) },
        { ALT: () => this.SUBRULE(this.timingStmt) },
        { ALT: () => this.SUBRULE(this.exprStmt) },
      ]),
    ) as A.Stmt | undefined;
  });

  private letStmt = this.RULE('letStmt', (): A.LetStmt => {
    const first = this.LA(1);
    this.CONSUME(kw.let!);
    const name = this.CONSUME(Identifier, { LABEL: 'name' });
    this.CONSUME(Eq);
    const value = this.SUBRULE(this.expr, { LABEL: 'value' });
    if (this.rec) return NULL;
    const pos = this.from(first);
    const end = this.to(first);
    return { kind: 'Let', name: this.b.ident(name), value, pos, end, [SOURCE]: this.b.src };
  });

  private ifStmt = this.RULE('ifStmt', (): A.IfStmt => {
    const first = this.LA(1);
    this.CONSUME(kw.if!);
    const cond = this.SUBRULE(this.expr, { LABEL: 'cond' });
    const then = this.SUBRULE(this.block, { LABEL: 'then' });
    const otherwise = this.OPTION(() => {
      this.CONSUME(kw.else!);
      return this.OR(
        (this.alts[27] ??= [
          { ALT: () => this.SUBRULE2(this.ifStmt, { LABEL: 'elseIf' }) },
          { ALT: () => this.SUBRULE2(this.block, { LABEL: 'else' }) },
        ]),
      ) as A.IfStmt | A.Block | undefined;
    });
    if (this.rec) return NULL;
    const out: A.IfStmt = { kind: 'If', cond, then, pos: this.from(first), end: this.to(first), [SOURCE]: this.b.src };
    if (otherwise) out.else = otherwise;
    return out;
  });

  private forStmt = this.RULE('forStmt', (): A.ForStmt => {
    const first = this.LA(1);
    this.CONSUME(kw.for!);
    const name = this.CONSUME(Identifier, { LABEL: 'name' });
    this.CONSUME(kw.in!);
    const iterable = this.SUBRULE(this.expr, { LABEL: 'iterable' });
    const body = this.SUBRULE(this.block, { LABEL: 'body' });
    if (this.rec) return NULL;
    const pos = this.from(first);
    const end = this.to(first);
    return { kind: 'For', name: this.b.ident(name), iterable, body, pos, end, [SOURCE]: this.b.src };
  });

  private whileStmt = this.RULE('whileStmt', (): A.WhileStmt => {
    const first = this.LA(1);
    this.CONSUME(kw.while!);
    const cond = this.SUBRULE(this.expr, { LABEL: 'cond' });
    const body = this.SUBRULE(this.block, { LABEL: 'body' });
    if (this.rec) return NULL;
    return { kind: 'While', cond, body, pos: this.from(first), end: this.to(first), [SOURCE]: this.b.src };
  });

  private repeatStmt = this.RULE('repeatStmt', (): A.RepeatStmt => {
    const first = this.LA(1);
    this.CONSUME(kw.repeat!);
    const count = this.OPTION(() => this.SUBRULE(this.expr, { LABEL: 'count' }));
    const body = this.SUBRULE(this.block, { LABEL: 'body' });
    if (this.rec) return NULL;
    return {
      kind: 'Repeat',
      ...(count ? { count } : {}),
      body,
      pos: this.from(first),
      end: this.to(first),
      [SOURCE]: this.b.src,
    };
  });

  // The value of `return`/`stop` must start on the same line as the keyword.
  private returnStmt = this.RULE('returnStmt', (): A.ReturnStmt => {
    const first = this.LA(1);
    this.CONSUME(kw.return!);
    const value = this.OPTION(
      (this.gated[3] ??= {
        GATE: () => this.LA(1).startLine === this.LA(0).startLine,
        DEF: () => this.SUBRULE(this.expr, { LABEL: 'value' }),
      }),
    ) as A.Expr | undefined;
    if (this.rec) return NULL;
    return {
      kind: 'Return',
      ...(value ? { value } : {}),
      pos: this.from(first),
      end: this.to(first),
      [SOURCE]: this.b.src,
    };
  });

  private stopStmt = this.RULE('stopStmt', (): A.StopStmt => {
    const first = this.LA(1);
    this.CONSUME(kw.stop!);
    const value = this.OPTION(
      (this.gated[4] ??= {
        GATE: () => this.LA(1).startLine === this.LA(0).startLine,
        DEF: () => this.SUBRULE(this.expr, { LABEL: 'value' }),
      }),
    ) as A.Expr | undefined;
    if (this.rec) return NULL;
    return {
      kind: 'Stop',
      ...(value ? { target: value } : {}),
      pos: this.from(first),
      end: this.to(first),
      [SOURCE]: this.b.src,
    };
  });

  private timingStmt = this.RULE('timingStmt', (): A.TimingStmt => {
    const first = this.LA(1);
    this.CONSUME(kw.timing!);
    const name = this.CONSUME(Identifier, { LABEL: 'name' });
    this.CONSUME(kw.for!);
    const subject = this.SUBRULE(this.expr, { LABEL: 'subject' });
    if (this.rec) return NULL;
    const pos = this.from(first);
    const end = this.to(first);
    return { kind: 'Timing', name: this.b.ident(name), subject, pos, end, [SOURCE]: this.b.src };
  });

  private exprStmt = this.RULE('exprStmt', (): A.AssignStmt | A.ExprStmt => {
    const first = this.LA(1);
    const target = this.SUBRULE(this.expr, { LABEL: 'target' });
    const assign = this.OPTION(() => {
      const op = this.OR(
        (this.alts[28] ??= [
          { ALT: () => this.CONSUME(Eq, { LABEL: 'op' }) },
          { ALT: () => this.CONSUME(PlusEq, { LABEL: 'op' }) },
          { ALT: () => this.CONSUME(MinusEq, { LABEL: 'op' }) },
        ]),
      ) as IToken | undefined;
      return { op, value: this.SUBRULE2(this.expr, { LABEL: 'value' }) };
    });
    if (this.rec) return NULL;
    const pos = this.from(first);
    const end = this.to(first);
    if (!assign) return { kind: 'ExprStmt', expr: target, pos, end, [SOURCE]: this.b.src };
    const o = spelling(assign.op);
    return {
      kind: 'Assign',
      target,
      op: o === '+=' || o === '-=' ? o : '=',
      value: assign.value,
      pos,
      end,
      [SOURCE]: this.b.src,
    };
  });

  // ---------------------------------------------------------------- expressions

  // Expressions are flat: operands separated by binary operators; build.ts applies precedence (a Pratt parser).
  // One rule instead of a rule per precedence level keeps the parse short: most expressions are one operand.
  private expr = this.RULE(
    'expr',
    (): A.Expr => {
      const first = this.LA(1);
      // A well-formed expression is read by hand (read-expr.ts): the same tree as the rules below would build, at a
      // fraction of the cost. Anything else (an error to report and recover from) is left to them. Never while the
      // grammar is recorded.
      const read = this.byHand(readExpr);
      if (read !== undefined) return read;
      const operands: Operand[] = [this.SUBRULE(this.operand, { LABEL: 'operands' })];
      const ops: IToken[] = [];
      this.MANY(() => {
        ops.push(
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
          ) as IToken,
        );
        operands.push(this.SUBRULE2(this.operand, { LABEL: 'operands' }));
      });
      if (this.rec) return NULL;
      const one = operands[0]!;
      // Most expressions are one operand: no place of their own to make.
      if (operands.length === 1 && one.prefix.length === 0) return one.value;
      return this.b.flat(operands, ops, this.from(first), this.to(first));
    },
    { recoveryValueFunc: () => this.b.placeholder() },
  );

  /** Off only in the test that checks the trees are the same without reading by hand (`expr`, `block`, `scenario`). */
  readByHand = true;

  /** What a reader (read-*.ts) reads from the next token on, those tokens then consumed; undefined when it gives up
   *  (and while the grammar is recorded, or with `readByHand` off). */
  private byHand<T>(read: Reader<T>): T | undefined {
    if (!this.readByHand || this.rec) return undefined;
    const r = read(this.b, this.input, this.lexerState() + 1);
    if (r === undefined) return undefined;
    this.lexerState(r.next - 1);
    return r.value;
  }

  /** Chevrotain's index of the token consumed last; with an index, moves there (the tokens up to it consumed). */
  private lexerState(to?: number): number {
    const self = this as unknown as { exportLexerState(): number; importLexerState(i: number): void };
    if (to !== undefined) self.importLexerState(to);
    return self.exportLexerState();
  }

  // Prefix operators `not` and `-` before a postfix expression.
  private operand = this.RULE(
    'operand',
    (): Operand => {
      let prefix = NO_PREFIX;
      this.MANY(() => {
        const p = this.OR(
          (this.alts[30] ??= [
            { ALT: () => this.CONSUME(kw.not!, { LABEL: 'prefix' }) },
            { ALT: () => this.CONSUME(Minus, { LABEL: 'prefix' }) },
          ]),
        ) as IToken;
        if (prefix === NO_PREFIX) prefix = [];
        prefix.push(p);
      });
      const value = this.SUBRULE(this.postfix, { LABEL: 'operand' });
      return { prefix, value };
    },
    { recoveryValueFunc: () => ({ prefix: NO_PREFIX, value: this.b.placeholder() }) },
  );

  private postfix = this.RULE(
    'postfix',
    (): A.Expr => {
      let acc = this.SUBRULE(this.primary);
      this.MANY(() => {
        const s = this.SUBRULE(this.suffix);
        if (s && !this.rec) acc = this.b.suffixed(acc, s);
      });
      return acc;
    },
    { recoveryValueFunc: () => this.b.placeholder() },
  );

  private suffix = this.RULE('suffix', (): Suffix | undefined => {
    const first = this.LA(1);
    const s = this.OR(
      (this.alts[31] ??= [
        {
          ALT: () => {
            this.CONSUME(Dot);
            return { name: this.SUBRULE(this.memberName) };
          },
        },
        {
          ALT: () => {
            this.CONSUME(LParen);
            const args: (A.Arg | undefined)[] = [];
            this.OPTION(() => {
              args.push(this.SUBRULE(this.arg, { LABEL: 'args' }));
              this.MANY(() => {
                this.CONSUME(Comma);
                args.push(this.SUBRULE2(this.arg, { LABEL: 'args' }));
              });
            });
            this.CONSUME(RParen);
            return { args };
          },
        },
      ]),
    ) as { name?: IToken; args?: (A.Arg | undefined)[] } | undefined;
    if (this.rec || !s) return NULL;
    const end = this.to(first);
    if (s.args) return { args: exactDefined(s.args), end };
    return { name: this.b.ident(s.name), end };
  });

  // After '.', any word: identifiers, contextual and reserved keywords (`e.event`, `x.end`).
  private memberName = this.RULE('memberName', (): IToken | undefined => {
    return this.OR(
      (this.alts[32] ??= [
        { ALT: () => this.CONSUME(Identifier, { LABEL: 'name' }) },
        { ALT: () => this.CONSUME(Reserved, { LABEL: 'name' }) },
      ]),
    ) as IToken | undefined;
  });

  private arg = this.RULE('arg', (): A.Arg | undefined => {
    const first = this.LA(1);
    const name = this.OPTION(() => {
      const n = this.CONSUME(Identifier, { LABEL: 'name' });
      this.CONSUME(Colon);
      return n;
    });
    const value = this.SUBRULE(this.expr, { LABEL: 'value' });
    if (this.rec) return NULL;
    const pos = this.from(first);
    const end = this.to(first);
    if (!name) return { value, pos, end, [SOURCE]: this.b.src };
    return { name: this.b.ident(name), value, pos, end, [SOURCE]: this.b.src };
  });

  private listLit = this.RULE(
    'listLit',
    (): A.ListLit => {
      const first = this.LA(1);
      this.CONSUME(LSquare);
      const items: A.Expr[] = [];
      this.OPTION(() => {
        items.push(this.SUBRULE(this.expr, { LABEL: 'items' }));
        this.MANY(() => {
          this.CONSUME(Comma);
          items.push(this.SUBRULE2(this.expr, { LABEL: 'items' }));
        });
        this.OPTION2(() => this.CONSUME2(Comma));
      });
      this.CONSUME(RSquare);
      if (this.rec) return NULL;
      return { kind: 'List', items: exact(items), pos: this.from(first), end: this.to(first), [SOURCE]: this.b.src };
    },
    { recoveryValueFunc: (): A.ListLit => ({ kind: 'List', items: [], ...this.b.nowhere() }) },
  );

  private primary = this.RULE(
    'primary',
    (): A.Expr => {
      return this.OR(
        (this.alts[33] ??= [
          {
            ALT: (): A.Expr => {
              const t = this.CONSUME(NumberTok, { LABEL: 'number' });
              return this.rec ? NULL : this.b.literal(t)!;
            },
          },
          {
            ALT: (): A.Expr => {
              const t = this.CONSUME(StringTok, { LABEL: 'string' });
              return this.rec ? NULL : this.b.literal(t)!;
            },
          },
          {
            ALT: (): A.Expr => {
              const t = this.CONSUME(kw.true!, { LABEL: 'true' });
              return this.rec ? NULL : this.b.literal(t)!;
            },
          },
          {
            ALT: (): A.Expr => {
              const t = this.CONSUME(kw.false!, { LABEL: 'false' });
              return this.rec ? NULL : this.b.literal(t)!;
            },
          },
          {
            ALT: (): A.Expr => {
              const t = this.CONSUME(kw.none!, { LABEL: 'none' });
              return this.rec ? NULL : this.b.literal(t)!;
            },
          },
          {
            ALT: (): A.Expr => {
              const name = this.CONSUME(Identifier, { LABEL: 'name' });
              const face = this.OPTION(() => this.CONSUME(CardFace, { LABEL: 'face' }));
              if (this.rec) return NULL;
              const pos = this.b.startOf(name, this.LA(0));
              const end = this.b.endOf(name, this.LA(0));
              if (real(face)) return this.b.cardLit(name, face, pos, end);
              return { kind: 'Name', name: real(name) ? name.image : '', pos, end, [SOURCE]: this.b.src };
            },
          },
          {
            ALT: (): A.Expr => {
              this.CONSUME(LParen);
              const inner = this.SUBRULE(this.expr, { LABEL: 'paren' });
              this.CONSUME(RParen);
              return inner;
            },
          },
          { ALT: (): A.Expr => this.SUBRULE(this.listLit, { LABEL: 'list' }) },
        ]),
      ) as A.Expr;
    },
    { recoveryValueFunc: () => this.b.placeholder() },
  );
}

/** A card's, general's or skill's item: flavour text, a field or a method. */
interface Item {
  flavour?: string;
  field?: A.Field;
  method?: A.MethodDecl;
}
interface ModeItem {
  field?: A.Field;
  method?: A.MethodDecl;
  decl?: A.Decl | ModeParts;
}
type ExpectPart =
  | { log: IToken; negated?: IToken; reader?: IToken }
  | { ask: IToken }
  | { end: IToken }
  | { offered: A.Expr[]; negated?: IToken }
  | { cond: A.Expr };

/** The prefix operators of an operand that has none (most): one shared empty list. */
const NO_PREFIX: IToken[] = [];

/** A reader of well-formed parts (read-*.ts): the part from `tokens[from]` on, and the index of the token after it. */
type Reader<T> = (b: TreeBuilder, tokens: IToken[], from: number) => { value: T; next: number } | undefined;
const exprReader = new ExprReader();
const blockReader = new BlockReader();
const paramReader = new ParamReader();
const readExpr: Reader<A.Expr> = (b, tokens, from) => exprReader.read(b, tokens, from);
const readBlock: Reader<A.Block> = (b, tokens, from) => blockReader.readBlock(b, tokens, from);
const readSignature: Reader<A.Param[]> = (b, tokens, from) => paramReader.readSignature(b, tokens, from);
const readType: Reader<A.TypeRef> = (b, tokens, from) => paramReader.readType(b, tokens, from);
/** Reads the plain items of scenarios for the parser's `scenario` rule. */
const scenarioReader = new ScenarioReader();
/** Reads top-level phrases and scenarios for the parser's `file` and `decls` rules. */
const declReader = new DeclReader();

/** The one parser instance (Chevrotain parsers are meant to be reused: set `.input`, call a rule). */
export const parser = new SgsParser();
