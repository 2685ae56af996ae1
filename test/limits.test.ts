// The compiler's limits (compiler/syntax/limits.ts, docs/language.md "Limits of the compiler"): deep nesting, long
// chains, huge inputs, token soup and mutated real rules never throw, always give diagnostics with a code and a
// span inside the text, a bounded number of them, and (the scenario seats) `skills:` adds to a general's skills.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { readFileSync } from 'node:fs';
import { compile, clearParseCache } from '../compiler/index.ts';
import { parse } from '../compiler/syntax/parse.ts';
import { MAX_DIAGNOSTICS_PER_FILE, MAX_FILE_CHARS, MAX_NESTING, MAX_TREE_DEPTH } from '../compiler/syntax/limits.ts';
import type { Diagnostic } from '../compiler/diagnostics.ts';
import { loadSources } from '../compiler/node/load.ts';
import { runScenario } from '../runtime/scenario.ts';
import { compileOrThrow } from './helpers.ts';

const FILE = 'limits.sgs';

/** Every diagnostic names the file it is in, with a line and column inside its text and a code. */
function wellFormed(diags: Diagnostic[], text: string, file = FILE): void {
  const lines = text.split('\n');
  for (const d of diags) {
    expect(d.code).toMatch(/^SGS\d{3}$/);
    expect(d.message.length).toBeGreaterThan(0);
    expect(d.span.file).toBe(file);
    expect(d.span.start).toBeGreaterThanOrEqual(0);
    expect(d.span.start).toBeLessThanOrEqual(text.length);
    expect(d.span.line).toBeGreaterThanOrEqual(1);
    expect(d.span.line).toBeLessThanOrEqual(lines.length);
    expect(d.span.col).toBeGreaterThanOrEqual(1);
    expect(d.span.col).toBeLessThanOrEqual((lines[d.span.line - 1]?.length ?? 0) + 1);
  }
  // At most the cap, plus the final SGS007 (and the parser's own SGS007 when it stopped).
  expect(diags.length).toBeLessThanOrEqual(MAX_DIAGNOSTICS_PER_FILE + 2);
  expect(diags.filter((d) => d.code === 'SGS009' || d.code === 'SGS999')).toEqual([]);
}

function parseOk(text: string): Diagnostic[] {
  const r = parse(text, FILE);
  wellFormed(r.diagnostics, text);
  return r.diagnostics;
}

const codes = (ds: Diagnostic[]) => ds.map((d) => d.code);
const fn = (body: string) => `function exF(): int = ${body}\n`;

describe('nesting', () => {
  it('compiles nesting at the limit and stops at the token that passes it', () => {
    expect(parseOk(fn('('.repeat(MAX_NESTING) + '1' + ')'.repeat(MAX_NESTING)))).toEqual([]);
    for (const n of [MAX_NESTING + 1, 5000, 50000]) {
      for (const [open, close] of [
        ['(', ')'],
        ['[', ']'],
      ]) {
        const text = fn(open!.repeat(n) + '1' + close!.repeat(n));
        const ds = parseOk(text);
        expect(codes(ds)).toEqual(['SGS004']);
        // `function exF(): int = ` is 22 characters; the token that passes the limit is the 257th bracket.
        expect(ds[0]!.span.start).toBe(22 + MAX_NESTING);
      }
    }
  });

  it('counts blocks and else-if chains, but not an else-if chain that ended', () => {
    const ifs = (n: number) => `function exF(): int { ${'if true { '.repeat(n)}return 1 ${'} '.repeat(n)}return 0 }\n`;
    expect(parseOk(ifs(MAX_NESTING - 1))).toEqual([]);
    expect(codes(parseOk(ifs(5000)))).toEqual(['SGS004']);
    const chain = (n: number) =>
      `function exF(x: int): int { if x == 0 { return 0 }${' else if x == 1 { return 1 }'.repeat(n)}\n return 0 }\n`;
    expect(codes(parseOk(chain(MAX_NESTING + 10)))).toEqual(['SGS004']);
    // Many short chains one after the other nest no deeper than one.
    const many = `function exF(x: int): int {\n${'  if x == 0 { return 0 } else if x == 1 { return 1 }\n'.repeat(400)}  return 0\n}\n`;
    expect(parseOk(many)).toEqual([]);
    expect(codes(parseOk(fn('- '.repeat(5000) + '1')))).toEqual(['SGS004']);
  });

  it('reports unclosed nesting without overflowing in error recovery', () => {
    for (const open of ['(', '[', 'if true { ']) {
      const ds = parseOk(`function exF(): int { return ${open.repeat(MAX_NESTING - 2)}1`);
      expect(ds.length).toBeGreaterThan(0);
      expect(codes(ds).every((c) => c === 'SGS002')).toBe(true);
    }
  });

  // Such a file is parsed a second time without recovery: what the first parse had built is dropped.
  it('keeps each declaration once when the parse is run again after recovery overflowed', () => {
    for (const open of ['(', '[', 'if true { ']) {
      const r = parse(`card a { }\nfunction exF(): int { return ${open.repeat(MAX_NESTING - 2)}1`, FILE);
      expect(r.ast.decls.map((d) => d.kind)).toEqual(['Card', 'Function']);
    }
  });
});

describe('long chains', () => {
  it('gives SGS005 at the expression for a chain past the tree limit, anywhere in the pipeline', () => {
    for (const n of [MAX_TREE_DEPTH + 10, 10000]) {
      const text = fn('1' + ' + 1'.repeat(n));
      const r = compile([{ file: FILE, text }]);
      wellFormed(r.diagnostics, text);
      expect(codes(r.diagnostics)).toEqual(['SGS005']);
      expect(r.diagnostics[0]!.span).toMatchObject({ line: 1, col: 23 });
    }
    const members = `function exF(p: player): int = p${'.hp'.repeat(5000)}\n`;
    expect(codes(compile([{ file: FILE, text: members }]).diagnostics)).toEqual(['SGS005']);
  });

  it('compiles a chain well inside the limit', () => {
    const text = fn('1' + ' + 1'.repeat(500));
    const r = compile([{ file: FILE, text }]);
    expect(codes(r.diagnostics)).toEqual([]);
    expect(r.program).toBeDefined();
  });
});

describe('numbers', () => {
  it('rejects literals outside the safe integers at their span', () => {
    expect(parseOk(fn('9007199254740991'))).toEqual([]);
    expect(parseOk(fn('0009007199254740991'))).toEqual([]);
    for (const lit of ['9007199254740992', '9007199254740993', '1' + '0'.repeat(400)]) {
      const ds = parseOk(fn(lit));
      expect(codes(ds)).toEqual(['SGS006']);
      expect(ds[0]!.span).toMatchObject({ start: 22, end: 22 + lit.length, line: 1, col: 23 });
    }
    expect(parseOk(fn('1.5')).length).toBeGreaterThan(0);
  });
});

describe('names', () => {
  it("refuses '__proto__' wherever a name goes, and only that name", () => {
    for (const text of [
      'property __proto__ 原 "P": int = 0\n',
      'function f(__proto__: int): int = __proto__\n',
      'skill s 技 "S" {\n  __proto__: 1\n}\n',
    ]) {
      const ds = parseOk(text);
      expect(codes(ds).length).toBeGreaterThan(0);
      expect(new Set(codes(ds))).toEqual(new Set(['SGS008']));
      expect(text.slice(ds[0]!.span.start, ds[0]!.span.end)).toBe('__proto__');
    }
    expect(parseOk('property constructor 构 "C": int = 0\nproperty _proto_ 原 "P": int = 0\n')).toEqual([]);
  });
});

describe('huge inputs', () => {
  it('refuses a file over the size limit without reading it', () => {
    const text = '# x\n'.repeat(MAX_FILE_CHARS / 4 + 1);
    const ds = parseOk(text);
    expect(codes(ds)).toEqual(['SGS003']);
    expect(ds[0]!.span.start).toBe(MAX_FILE_CHARS);
  });

  it('caps the diagnostics of a file and says how many more there were', () => {
    const text = 'skill {\n'.repeat(50000);
    const ds = parseOk(text);
    expect(ds.at(-1)!.code).toBe('SGS007');
    const junk = 'var x: int = 1\n'.repeat(10) + 'zone 1 2 3\n'.repeat(2000);
    const dj = parseOk(junk);
    expect(dj.length).toBeLessThanOrEqual(MAX_DIAGNOSTICS_PER_FILE + 2);
    expect(dj.at(-1)!.code).toBe('SGS007');
    // Diagnostics of later stages are capped too, with a count.
    const unknown = Array.from({ length: 300 }, (_, i) => `function exF${i}(): int = exNope${i}\n`).join('');
    const r = compile([{ file: FILE, text: unknown }]);
    wellFormed(r.diagnostics, unknown);
    expect(r.diagnostics.length).toBe(MAX_DIAGNOSTICS_PER_FILE + 1);
    expect(r.diagnostics.at(-1)!.message).toContain('and 200 more');
  });
});

// ---------------------------------------------------------------- generated inputs

const WORDS = [
  'skill',
  'on',
  'if',
  'else',
  'for',
  'in',
  'let',
  'return',
  'function',
  'general',
  'card',
  'scenario',
  'seat',
  'mode',
  'event',
  'action',
  'not',
  'and',
  'or',
  'true',
  'none',
  'x',
  'you',
  '1',
  '9007199254740993',
  '"s"',
  '(',
  ')',
  '[',
  ']',
  '{',
  '}',
  ',',
  ':',
  '.',
  '=',
  '==',
  '+',
  '-',
  '*',
  '♠7',
  '\n',
  '#c\n',
  '@',
  '"',
];

const soup = fc.array(fc.constantFrom(...WORDS), { maxLength: 3000 }).map((ws) => ws.join(' '));
/** Deep nesting of one kind or a mix, closed or not. */
const nesting = fc
  .tuple(
    fc.array(fc.constantFrom('(', '[', '{', 'if x {', '- ', 'not ', 'else if x {'), { minLength: 1, maxLength: 4 }),
    fc.integer({ min: 1, max: 2000 }),
    fc.boolean(),
  )
  .map(([opens, n, closed]) => {
    const open = Array.from({ length: n }, (_, i) => opens[i % opens.length]!).join('');
    const closing = closed
      ? open
          .replace(/[^([{]/g, '')
          .split('')
          .reverse()
          .map((c) => ({ '(': ')', '[': ']', '{': '}' })[c])
          .join('')
      : '';
    return `function exF(): int { return ${open} 1 ${closing} }\n`;
  });
const chains = fc
  .tuple(fc.constantFrom(' + 1', ' * x', ' and y', '.hp', '()', ' where it'), fc.integer({ min: 1, max: 4000 }))
  .map(([part, n]) => fn('x' + part.repeat(n)));

const REAL = ['rules/core/turn.sgs', 'rules/standard/generals/wei.sgs', 'docs/examples/scenarios.sgs'].map((f) =>
  readFileSync(f, 'utf8'),
);
/** A real file with slices deleted, duplicated or replaced by junk. */
const mutated = fc
  .tuple(
    fc.constantFrom(...REAL),
    fc.array(
      fc.tuple(
        fc.nat(),
        fc.nat({ max: 400 }),
        fc.constantFrom('', '{', '}', '(((', ']]', 'else if', '99999999999999999', 'skill {'),
      ),
      {
        minLength: 1,
        maxLength: 8,
      },
    ),
  )
  .map(([text, edits]) => {
    let t = text;
    for (const [at, len, ins] of edits) {
      const i = at % (t.length + 1);
      t = t.slice(0, i) + (ins || t.slice(i, i + len)) + t.slice(i + len);
    }
    return t;
  });

describe('generated inputs never throw', () => {
  it('token soup, nesting, chains and mutated rules: well-formed, bounded diagnostics', () => {
    fc.assert(
      fc.property(fc.oneof(soup, nesting, chains, mutated), (text) => {
        clearParseCache();
        const r = compile([{ file: FILE, text }]);
        wellFormed(
          r.diagnostics.filter((d) => d.span.file === FILE),
          text,
        );
        expect(r.diagnostics.every((d) => d.span.file === FILE)).toBe(true);
      }),
      { numRuns: 120, seed: 10 },
    );
  });
});

// ---------------------------------------------------------------- scenario seats

describe('scenario seats', () => {
  it("a seat's skills: adds to its general's skills", () => {
    const scenario = `scenario exSeatSkills {
  mode identity
  seat a { general: caocao, skills: [kurou], role: lord }
  seat b { general: lvbu, role: rebel }
  seat c { skills: [yiji], role: loyalist }
  seat d { role: rebel }
  expect jianxiong in skillsOf(a) and hujia in skillsOf(a) and kurou in skillsOf(a)
  expect count(skillsOf(c)) == 1 and yiji in skillsOf(c)
}
`;
    const program = compileOrThrow([...loadSources(['rules']), { file: 'test/seat-skills.sgs', text: scenario }]);
    const r = runScenario(program, 'exSeatSkills');
    expect(r.failure).toBeUndefined();
    expect(r.ok).toBe(true);
  });
});
