// Tokens of the rules language. All token types live in ONE ordered array (`allTokens`): Chevrotain tries
// the patterns in array order and takes the first that matches, so the order below matters (see comments).
import { createToken, Lexer, type TokenType } from 'chevrotain';

// ---------------------------------------------------------------- identifiers

/** Identifier: `/[\p{L}_][\p{L}\p{N}_]*\/u`. A custom pattern (sticky regexp) because Chevrotain's regexp
 *  analysis cannot handle `\p{…}` and would otherwise turn the first-char optimization off. */
const identRe = /[\p{L}_][\p{L}\p{N}_]*/uy;
function matchIdentifier(text: string, offset: number): RegExpExecArray | null {
  identRe.lastIndex = offset;
  return identRe.exec(text);
}

/** Every UTF-16 code unit an identifier may start with: all BMP letters, `_`, and the high surrogates
 *  (letters outside the BMP, e.g. rare CJK ideographs in plane 2). Computed once. */
function identifierStartChars(): number[] {
  const out: number[] = [];
  const startRe = /[\p{L}_]/u;
  for (let c = 0; c < 0x10000; c++) {
    if (c >= 0xd800 && c <= 0xdbff)
      out.push(c); // high surrogate: the pattern itself decides
    else if (c < 0xd800 || c > 0xdfff) {
      if (startRe.test(String.fromCharCode(c))) out.push(c);
    }
  }
  return out;
}

export const Identifier = createToken({
  name: 'Identifier',
  pattern: { exec: matchIdentifier },
  line_breaks: false,
  start_chars_hint: identifierStartChars(),
});

// ---------------------------------------------------------------- keywords

/** Reserved keywords: never identifiers (except as a member name after `.`, and `skill`/`event` as type names). */
export const reservedKeywords = [
  'package',
  'import',
  'enum',
  'property',
  'var',
  'skill',
  'action',
  'function',
  'hook',
  'variant',
  'scenario',
  'on',
  'active',
  'viewAs',
  'modify',
  'filter',
  'let',
  'if',
  'else',
  'for',
  'while',
  'repeat',
  'return',
  'break',
  'continue',
  'stop',
  'timing',
  'and',
  'or',
  'not',
  'in',
  'is',
  'where',
  'true',
  'false',
  'none',
  'may',
  'cleanup',
  'flavour',
  'phrase',
] as const;

/** Contextual keywords: own token types, but in the Identifier category, so usable wherever a name is. */
export const contextualKeywords = [
  'per',
  'player',
  'shared',
  'public',
  'owner',
  'hidden',
  'grants',
  'reset',
  'at',
  // `var … carried`, `property … carried`: kept from one game of a series to the next.
  'carried',
  'you',
  'anyone',
  'other',
  'as',
  'limit',
  'from',
  'card',
  'cards',
  'set',
  'sum',
  'any',
  'all',
  'max',
  'min',
  'seat',
  'start',
  'expect',
  'log',
  'ask',
  'end',
  'pass',
  'offered',
  // Declaration words that are also natural names (a property `general`, a parameter of type `zone`, the
  // `event` being resolved): they start declarations only at the top level, elsewhere they are names.
  'option',
  'zone',
  'deck',
  'general',
  'event',
  'mode',
  'invariant',
  // Open data: `extend event|enum`, skill tags and the fields every general must have, declared in the rules.
  'extend',
  'tag',
  'forbids',
  'once',
  'records',
  'require',
  // Table rules (`rule … after skills { … }`) and grants (`grants x to others where …`).
  'rule',
  'before',
  'after',
  'others',
  // `method onLeave(owner: player, from: zone) { }`: a card method the core may call on a card of any kind.
  'method',
] as const;

export type ReservedKeyword = (typeof reservedKeywords)[number];
export type ContextualKeyword = (typeof contextualKeywords)[number];

/** Category of all reserved keywords: lets `.name` accept any keyword as a member name. */
export const Reserved = createToken({ name: 'Reserved', pattern: Lexer.NA });

function tokenName(word: string): string {
  return 'Kw_' + word;
}

/** Keyword token types by spelling. */
export const kw: Record<string, TokenType> = {};
for (const w of reservedKeywords) {
  // longer_alt: `iffy`, `order`, `index` are identifiers, not `if`/`or`/`in` followed by a name.
  kw[w] = createToken({ name: tokenName(w), pattern: w, longer_alt: Identifier, categories: [Reserved] });
}
for (const w of contextualKeywords) {
  kw[w] = createToken({ name: tokenName(w), pattern: w, longer_alt: Identifier, categories: [Identifier] });
}

/** Keywords ordered longest first: a keyword that is a prefix of another one (`any`/`anyone`, `card`/`cards`,
 *  `var`/`variant`) must come after it, because `longer_alt` only falls back to Identifier, not to the
 *  longer keyword. */
const keywordTokens: TokenType[] = [...reservedKeywords, ...contextualKeywords]
  .slice()
  .sort((a, b) => b.length - a.length || (a < b ? -1 : 1))
  .map((w) => kw[w]!);

// ---------------------------------------------------------------- literals and punctuation

export const WhiteSpace = createToken({
  name: 'WhiteSpace',
  pattern: /[ \t\r\n\f\v\u00a0\u3000\ufeff]+/,
  group: Lexer.SKIPPED,
  line_breaks: true,
});
export const Comment = createToken({ name: 'Comment', pattern: /#[^\n\r]*/, group: Lexer.SKIPPED });

/** `♠7`, `♥A`, `♣10`, `♦Q`; an optional U+FE0F (emoji presentation selector) may follow the suit.
 *  `10` is tried before the single digits so `♣10` is one face, not `♣1` (invalid) + `0`. */
export const CardFace = createToken({ name: 'CardFace', pattern: /[♠♥♣♦]\uFE0F?(?:10|[2-9AJQK])/ });
export const NumberTok = createToken({ name: 'Number', pattern: /\d+/ });
export const StringTok = createToken({ name: 'String', pattern: /"(?:[^"\\\n\r]|\\.)*"/ });

// Two-character operators come before their one-character prefixes (`==` before `=`, `<=` before `<`, …).
export const EqEq = createToken({ name: 'EqEq', pattern: '==' });
export const NotEq = createToken({ name: 'NotEq', pattern: '!=' });
export const LtEq = createToken({ name: 'LtEq', pattern: '<=' });
export const GtEq = createToken({ name: 'GtEq', pattern: '>=' });
export const PlusEq = createToken({ name: 'PlusEq', pattern: '+=' });
export const MinusEq = createToken({ name: 'MinusEq', pattern: '-=' });
export const Lt = createToken({ name: 'Lt', pattern: '<' });
export const Gt = createToken({ name: 'Gt', pattern: '>' });
export const Eq = createToken({ name: 'Eq', pattern: '=' });
export const Plus = createToken({ name: 'Plus', pattern: '+' });
export const Minus = createToken({ name: 'Minus', pattern: '-' });
export const Star = createToken({ name: 'Star', pattern: '*' });
export const Slash = createToken({ name: 'Slash', pattern: '/' });
export const Percent = createToken({ name: 'Percent', pattern: '%' });
export const Dot = createToken({ name: 'Dot', pattern: '.' });
export const Comma = createToken({ name: 'Comma', pattern: ',' });
export const Colon = createToken({ name: 'Colon', pattern: ':' });
export const LParen = createToken({ name: 'LParen', pattern: '(' });
export const RParen = createToken({ name: 'RParen', pattern: ')' });
export const LCurly = createToken({ name: 'LCurly', pattern: '{' });
export const RCurly = createToken({ name: 'RCurly', pattern: '}' });
export const LSquare = createToken({ name: 'LSquare', pattern: '[' });
export const RSquare = createToken({ name: 'RSquare', pattern: ']' });
export const Question = createToken({ name: 'Question', pattern: '?' });

/** The one ordered token list. */
export const allTokens: TokenType[] = [
  // Skipped first: they never compete with anything else.
  WhiteSpace,
  Comment,
  // Literals with distinctive first characters.
  CardFace,
  NumberTok,
  StringTok,
  // Keywords before Identifier (same first chars); longest first (see keywordTokens).
  ...keywordTokens,
  // Categories have no pattern, but the lexer must know them (Lexer.NA is allowed in the list).
  Reserved,
  Identifier,
  // Operators: two-character ones before their one-character prefixes.
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
];

/** The lexer's options. The compiler's lexer skips Chevrotain's checks of the token definitions (they only find
 *  mistakes in this file, and every run of the CLI would pay them at start-up): test/syntax.test.ts runs them. */
export const LEXER_OPTIONS = { ensureOptimizations: true, positionTracking: 'full' } as const;
export const lexer = new Lexer(allTokens, { ...LEXER_OPTIONS, skipValidations: true });

/** What the user sees for a token type in messages: `'}'`, `'skill'`, `a name`, `a number`, … */
export function describeTokenType(t: TokenType): string {
  switch (t.name) {
    case 'Identifier':
      return 'a name';
    case 'Number':
      return 'a number';
    case 'String':
      return 'a string';
    case 'CardFace':
      return 'a card face such as ♠7';
    case 'Reserved':
      return 'a keyword';
    case 'EOF':
      return 'end of file';
  }
  const p = t.PATTERN;
  if (typeof p === 'string') return `'${p}'`;
  return t.name;
}
