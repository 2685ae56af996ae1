// The TextMate grammar shared by the rulebook (Shiki at build time, Oniguruma) and the playground (Monaco, Shiki's
// JavaScript regex engine): both engines must tokenize the rules identically, and the language's keywords must
// get keyword scopes.
import { describe, expect, it, beforeAll } from 'vitest';
import { readFileSync } from 'node:fs';
import { createHighlighterCore, type HighlighterCore } from 'shiki/core';
import { createOnigurumaEngine } from 'shiki/engine/oniguruma';
import { createJavaScriptRegexEngine } from 'shiki/engine/javascript';
import { INITIAL, type IGrammar } from 'shiki/textmate';
import { reservedKeywords, contextualKeywords } from '../compiler/syntax/tokens.ts';

const grammarText = readFileSync(new URL('../site/src/lib/sgs.tmLanguage.json', import.meta.url), 'utf8');
const grammar = JSON.parse(grammarText);
const files = [
  'rules/core/use.sgs',
  'rules/core/turn.sgs',
  'rules/core/basics.sgs',
  'rules/standard/generals/wei.sgs',
  'rules/standard/cards/basic.sgs',
  'rules/standard/scenarios/caocao.sgs',
  'rules/modes/identity.sgs',
];
const read = (f: string) => readFileSync(new URL('../' + f, import.meta.url), 'utf8');

type Tok = { text: string; scopes: string[] };

/** Tokens line by line with their full scope stacks (the grammar itself, not Shiki's theme explanation). */
function tokenize(h: HighlighterCore, code: string): Tok[][] {
  const g = h.getLanguage('sgs') as unknown as IGrammar;
  let stack = INITIAL;
  return code.split('\n').map((line) => {
    const r = g.tokenizeLine(line, stack);
    stack = r.ruleStack;
    return r.tokens.map((t) => ({ text: line.slice(t.startIndex, t.endIndex), scopes: t.scopes }));
  });
}

let onig: HighlighterCore;
let js: HighlighterCore;

beforeAll(async () => {
  // Each highlighter gets its own copy: Shiki compiles the grammar object it is given.
  onig = await createHighlighterCore({
    themes: [],
    langs: [structuredClone(grammar)],
    engine: createOnigurumaEngine(import('shiki/wasm')),
  });
  js = await createHighlighterCore({
    themes: [],
    langs: [structuredClone(grammar)],
    engine: createJavaScriptRegexEngine(),
  });
});

describe('sgs.tmLanguage.json', () => {
  it('is the sgs language with scope source.sgs', () => {
    expect(grammar.name).toBe('sgs');
    expect(grammar.scopeName).toBe('source.sgs');
  });

  it.each(files)('Oniguruma and the JavaScript engine agree on %s', (f) => {
    const code = read(f);
    expect(tokenize(js, code)).toEqual(tokenize(onig, code));
  });

  it('gives every reserved keyword in the rules a keyword scope', () => {
    const literals = new Set(['true', 'false', 'none']);
    const seen = new Set<string>();
    for (const f of files) {
      for (const line of tokenize(onig, read(f))) {
        for (const t of line) {
          const w = t.text.trim();
          if (!(reservedKeywords as readonly string[]).includes(w)) continue;
          const inner = t.scopes[t.scopes.length - 1]!;
          if (inner.startsWith('comment') || inner.startsWith('string') || inner.startsWith('variable.other.property'))
            continue;
          seen.add(w);
          if (literals.has(w)) expect(inner, `${f}: ${w}`).toMatch(/^constant\.language/);
          else expect(inner, `${f}: ${w}`).toMatch(/^(keyword|storage\.type)\./); // `skill` is also a type name
        }
      }
    }
    // The sample covers most of the language.
    expect(seen.size).toBeGreaterThan(25);
  });

  it('knows every keyword of the lexer', () => {
    const patterns: string[] = [];
    const collect = (n: unknown): void => {
      if (Array.isArray(n)) n.forEach(collect);
      else if (n && typeof n === 'object')
        for (const [k, v] of Object.entries(n))
          (k === 'match' || k === 'begin') && typeof v === 'string' ? patterns.push(v) : collect(v);
    };
    collect(grammar);
    const words = new Set(patterns.join('\n').split(/[^A-Za-z]+/));
    for (const w of [...reservedKeywords, ...contextualKeywords]) expect(words.has(w), w).toBe(true);
  });

  it('scopes the parts of a trigger, a card literal and a comment', () => {
    const [line] = tokenize(onig, 'on damaged(you) may if event.card != none { gain(you, [slash ♥10]) } # 奸雄');
    const scopeOf = (text: string) => line!.find((t) => t.text === text)?.scopes.at(-1);
    expect(scopeOf('on')).toMatch(/^keyword\./);
    expect(scopeOf('damaged')).toBe('entity.name.function.window.sgs');
    expect(scopeOf('you')).toMatch(/^variable\.language/);
    expect(scopeOf('may')).toMatch(/^keyword\./);
    expect(scopeOf('card')).toBe('variable.other.property.sgs');
    expect(scopeOf('slash')).toBe('entity.name.type.card.sgs');
    expect(scopeOf('♥10')).toBe('constant.other.card-face.red.sgs');
    expect(scopeOf('# 奸雄')).toMatch(/^comment/);
  });
});
