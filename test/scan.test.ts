// The compiler's lexer (compiler/syntax/scan.ts) against the specification it was written from: Chevrotain's lexer
// built from the token patterns of tokens.ts. Same tokens (type, image, positions) and same errors, on every .sgs
// file of the repository and on random texts made of the characters that decide a token's end.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import type { ILexingResult } from 'chevrotain';
import { loadSources } from '../compiler/node/load.ts';
import { scan } from '../compiler/syntax/scan.ts';
import { referenceLexer } from '../compiler/syntax/tokens.ts';

const reference = referenceLexer();

/** What a lexing gives, as plain data: every field of every token and error. */
function plain(r: ILexingResult) {
  return {
    tokens: r.tokens.map((t) => [
      t.tokenType.name,
      t.tokenTypeIdx,
      t.image,
      t.startOffset,
      t.endOffset,
      t.startLine,
      t.startColumn,
    ]),
    errors: r.errors.map((e) => ({ ...e })),
    groups: r.groups,
  };
}
const same = (text: string): void => {
  expect(plain(scan(text))).toEqual(plain(reference.tokenize(text)));
};

// Pieces of tokens, their near misses and every kind of line break and space.
const PIECES = [
  ...'abcXYZ_09奸雄𠀀é'.match(/./gu)!,
  ...'=!<>+-*/%.,:()[]{}?"\\#'.split(''),
  '♠',
  '♥',
  '♣',
  '♦',
  '\uFE0F',
  '10',
  'A',
  'Q',
  '\n',
  '\r',
  '\r\n',
  ' ',
  '\t',
  '\u00a0',
  '\u3000',
  '\ufeff',
  '\u2028',
  '\u000b',
  '，',
  '😀',
  '\ud800',
  '\udc00',
  'skill',
  'anyone',
  'if',
  '"a b"',
  '"\\"',
  '# note',
];

describe('the lexer', () => {
  it("gives Chevrotain's tokens and errors on every .sgs file of the repository", () => {
    const sources = loadSources(['rules', 'bench/slice', 'templates', 'test/fixtures', 'docs', 'site/src']);
    expect(sources.length).toBeGreaterThan(100);
    for (const s of sources) same(s.text);
  });

  it("gives Chevrotain's tokens and errors on random texts", () => {
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...PIECES), { maxLength: 40 }), (parts) => same(parts.join(''))),
      { numRuns: 3000 },
    );
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 30 }), (text) => same(text)),
      { numRuns: 2000 },
    );
  });

  it('reads a keyword followed by a character outside ASCII as the keyword', () => {
    const types = (text: string) => scan(text).tokens.map((t) => t.tokenType.name);
    expect(types('skill\u3000if\u00a0x')).toEqual(['Kw_skill', 'Kw_if', 'Identifier']);
    expect(types('skill奸')).toEqual(['Identifier']);
  });

  it('still knows its keywords after forgetting the words it kept (a long-lived process)', () => {
    const many = Array.from({ length: 60_000 }, (_, i) => `w${i}`).join(' ');
    expect(scan(many).tokens).toHaveLength(60_000);
    const types = scan('skill w1 if w59999').tokens.map((t) => [t.tokenType.name, t.image]);
    expect(types).toEqual([
      ['Kw_skill', 'skill'],
      ['Identifier', 'w1'],
      ['Kw_if', 'if'],
      ['Identifier', 'w59999'],
    ]);
  });

  it('reads unexpected characters as one error up to where a token starts', () => {
    const r = scan('a ，、b !x "open\n♠1 z');
    expect(r.tokens.map((t) => t.image)).toEqual(['a', 'b', 'x', 'open', '1', 'z']);
    expect(r.errors.map((e) => [e.offset, e.length, e.line, e.column])).toEqual([
      [2, 2, 1, 3],
      [6, 1, 1, 7],
      [9, 1, 1, 10],
      [15, 1, 2, 1],
    ]);
  });
});
