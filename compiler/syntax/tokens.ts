// Tokens of the rules language. Their patterns, tried in the order of `lexedTokens` (the first that matches wins,
// so the order matters: see comments), are the specification of the lexer (scan.ts), which is tested against
// Chevrotain's lexer built from them (`referenceLexer`); keywords are words looked up after lexing.
import { createToken, Lexer, type ILexingResult, type IToken, type TokenType } from 'chevrotain';

// ---------------------------------------------------------------- identifiers

/** Identifier: `/[\p{L}_][\p{L}\p{N}_]*\/u`, as a function: ASCII words (nearly all of them) are scanned by hand; a
 *  word with any other character goes to the (sticky) regexp. */
const identRe = /[\p{L}_][\p{L}\p{N}_]*/uy;
export function matchIdentifier(text: string, offset: number): [string] | RegExpExecArray | null {
  let i = offset;
  for (; i < text.length; i++) {
    const c = text.charCodeAt(i);
    const letter = (c >= 97 && c <= 122) || (c >= 65 && c <= 90) || c === 95;
    if (letter || (c >= 48 && c <= 57 && i > offset)) continue;
    if (c >= 0x80) {
      identRe.lastIndex = offset;
      return identRe.exec(text);
    }
    break;
  }
  return i > offset ? [text.slice(offset, i)] : null;
}

/** A letter outside ASCII: a second name after an id is the Chinese name only if it has one (`names`). */
// biome-ignore lint/suspicious/noControlCharactersInRegex: the range is all of ASCII, control characters included
export const isNonAscii = /[^\x00-\x7f]/;

export const Identifier = createToken({
  name: 'Identifier',
  pattern: { exec: matchIdentifier },
  line_breaks: false,
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

/** Keyword token types by spelling. The lexer does not try their patterns: it reads a word as an Identifier and
 *  then looks the whole word up (`keywordOf`), so `iffy`, `order`, `anyone` and `cards` are whole words
 *  and a keyword never ends inside one. The pattern is the keyword's spelling in messages. */
export const kw: Record<string, TokenType> = {};
for (const w of reservedKeywords) kw[w] = createToken({ name: tokenName(w), pattern: w, categories: [Reserved] });
for (const w of contextualKeywords) kw[w] = createToken({ name: tokenName(w), pattern: w, categories: [Identifier] });
const keywordTokens: TokenType[] = [...reservedKeywords, ...contextualKeywords].map((w) => kw[w]!);
export const keywordOf = new Map<string, TokenType>(Object.entries(kw));

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

/** The token types the lexer tries, in order: Chevrotain takes the first pattern that matches. */
export const lexedTokens: TokenType[] = [
  // Skipped first: they never compete with anything else.
  WhiteSpace,
  Comment,
  // Literals with distinctive first characters.
  CardFace,
  NumberTok,
  StringTok,
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

/** Every token type the parser knows: the lexed ones and the keywords. */
export const allTokens: TokenType[] = [...lexedTokens, ...keywordTokens];

/** The options of Chevrotain's lexer for these patterns (`referenceLexer`). Without its first-character
 *  optimization, which a function pattern needs a hint for (65,536 code units, built at every start of the CLI):
 *  the reference tries the patterns in order, the plainest reading of the specification. */
export const LEXER_OPTIONS = { positionTracking: 'full' } as const;

/** A token, its fields in an order of our own. Chevrotain makes its end-of-file token (and the tokens recovery
 *  inserts) with NaN positions and the same fields in the same order as the tokens its lexer makes, so V8 gives all
 *  of them one hidden class whose number fields hold doubles: each of a token's six positions was then an object
 *  of its own (seven allocations a token, not one), and the spans built from them boxed theirs too. Tokens of this
 *  shape keep small integers in place. No end line or column: a token never spans lines (its line is `startLine`,
 *  its last column `startColumn + image.length - 1`), and each field is 8 bytes of every token of a compile. */
export function makeToken(
  tokenType: TokenType,
  image: string,
  startOffset: number,
  startLine: number,
  startColumn: number,
): IToken {
  const n = image.length - 1;
  return {
    tokenType,
    tokenTypeIdx: tokenType.tokenTypeIdx!,
    image,
    startOffset,
    endOffset: startOffset + n,
    startLine,
    startColumn,
  };
}

/** Chevrotain's lexer built from the patterns above, each word that is a keyword then given the keyword's type:
 *  the specification the compiler's own lexer (scan.ts) is tested against. Not used to compile. */
export function referenceLexer(): { tokenize(text: string): ILexingResult } {
  const words = new Lexer(lexedTokens, { ...LEXER_OPTIONS, skipValidations: true });
  // Chevrotain's lexer makes each token through this method (`positionTracking: 'full'` picks its own maker).
  (words as unknown as { createTokenInstance: unknown }).createTokenInstance = (
    image: string,
    offset: number,
    _idx: number,
    type: TokenType,
    line: number,
    column: number,
  ) => makeToken(type, image, offset, line, column);
  return {
    tokenize(text: string): ILexingResult {
      const r = words.tokenize(text);
      for (const t of r.tokens) {
        const k = t.tokenTypeIdx === Identifier.tokenTypeIdx ? keywordOf.get(t.image) : undefined;
        if (k !== undefined) {
          t.tokenType = k;
          t.tokenTypeIdx = k.tokenTypeIdx!;
        }
      }
      return r;
    },
  };
}

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
