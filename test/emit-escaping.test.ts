// The compiled module only ever contains the emitter's own shapes: whatever an author writes (names, texts, file
// names) reaches it as a JSON string literal, never as code. Checked by parsing the output with TypeScript's parser
// and comparing what it holds with the emitter's vocabulary, for the real rules and for sources mutated with
// hostile texts, hostile names and hostile file names (fast-check).
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import ts from 'typescript';
import { readFileSync } from 'node:fs';
import { compile } from '../compiler/index.ts';
import { emitModule } from '../compiler/emit/emit.ts';
import { js, lit } from '../compiler/emit/code.ts';
import type { Program } from '../runtime/ir.ts';
import { rulesProgram } from './helpers.ts';

/** What the emitter itself writes: its support names, the members of the engine it calls, JavaScript's own. */
const VOCABULARY = new Set(
  (
    'version roots exprs bodies create rt E R D X XB a y run gen c c0 g push ' +
    'truthy T same S num N plus P minus M plusAssign PA inList IN isKind IS where WH some SO stop ST fnCtx CX readsFrame RF RuleError RE ' +
    'eventStart eventBody eventCleanup eventEnd eventLeave actionStart d body cleanup ' +
    'runSync RS runBody RB sync fnRef builtin window member fail vars you frame subject checkStop stopped ret data ' +
    'property reads rec t o v p a windowAt ctx getGlobal setGlobal option zoneRef asPlayer getMember setMember callRef callRef1 callRef2 callRef3 zoneFilled evalHook callPureMethod findCard asList ' +
    'methodRef callMethodRef callMethodRefN builtinN hookRef evalHookRef eventRef actionRef runMethod openWindow tick touch slice Math trunc Infinity undefined ' +
    'r rs ix propIndex propAt dep seat'
  ).split(' '),
);
/** The emitter's numbered names (code.ts `name`). */
const NUMBERED = /^[A-Za-z]\d+$/;

interface Shape {
  kinds: Set<string>;
  strangers: string[];
  strings: string[];
  syntaxErrors: number;
}

function shapeOf(text: string): Shape {
  const sf = ts.createSourceFile('m.mjs', text, ts.ScriptTarget.ES2022, true, ts.ScriptKind.JS);
  const out: Shape = { kinds: new Set(), strangers: [], strings: [], syntaxErrors: 0 };
  out.syntaxErrors = (sf as unknown as { parseDiagnostics: unknown[] }).parseDiagnostics.length;
  const visit = (n: ts.Node) => {
    out.kinds.add(ts.SyntaxKind[n.kind]!);
    if (ts.isIdentifier(n) && !VOCABULARY.has(n.text) && !NUMBERED.test(n.text)) out.strangers.push(n.text);
    if (ts.isStringLiteral(n)) out.strings.push(n.text);
    ts.forEachChild(n, visit);
  };
  visit(sf);
  return out;
}

function programOf(sources: { file: string; text: string }[]): Program | undefined {
  const r = compile(sources);
  return r.diagnostics.some((d) => d.severity === 'error') ? undefined : r.program;
}

const TOY = { file: 'test/fixtures/toy/toy.sgs', text: readFileSync('test/fixtures/toy/toy.sgs', 'utf8') };
const baseline = shapeOf(emitModule(programOf([TOY])!));

/** Texts an attacker would try: quotes, escapes, template and comment breakers, line separators, markup. */
const hostile = fc.oneof(
  fc.constantFrom(
    '"); process.exit(1); ("',
    "'; throw 1; '",
    // biome-ignore lint/suspicious/noTemplateCurlyInString: a template breaker is what this text is for
    '`${process.exit(1)}`',
    '*/ process.exit(1) /*',
    '\\", T = null, "',
    '\u2028\u2029',
    '</script><script>alert(1)</script>',
    '\\u0022',
    '\n}; process.exit(1); {\n',
  ),
  fc.string({ unit: 'binary', maxLength: 24 }),
);

describe('compiled code holds only the emitter’s shapes', () => {
  it('the real rules: every identifier is the emitter’s, and the output parses', () => {
    const s = shapeOf(emitModule(rulesProgram()));
    expect(s.syntaxErrors).toBe(0);
    expect(s.strangers).toEqual([]);
  });

  it('hostile texts in names, log lines and file names stay string literals', () => {
    let compiled = 0;
    fc.assert(
      fc.property(hostile, hostile, hostile, (name, line, file) => {
        // Every "…" of the source gets the hostile text (escaped as the rules language escapes it). The toy's
        // phrases go: their keys would all become the same text (a duplicate), and a missing wording only warns.
        const quoted = JSON.stringify(name).slice(1, -1);
        const text = TOY.text
          .replace(/^phrase .*$/gm, '')
          .replace(/"[^"\n]*"/g, (m) => (m.includes('{0}') ? JSON.stringify(`{0} ${line}`) : `"${quoted}"`))
          .replace(/# .*/g, '');
        const program = programOf([{ file: `rules/${file}.sgs`, text }]);
        if (!program) return; // a text the language refuses is not a program
        compiled++;
        const s = shapeOf(emitModule(program));
        expect(s.syntaxErrors).toBe(0);
        expect(s.strangers).toEqual([]);
        for (const k of s.kinds) expect(baseline.kinds).toContain(k);
      }),
      { numRuns: 60 },
    );
    expect(compiled).toBeGreaterThan(40);
  });

  it('hostile rule names (JavaScript’s own words, the emitter’s names) stay string literals', () => {
    let compiled = 0;
    const names = ['constructor', 'toString', 'eval', 'Function', 'process', 'T', 'F0', 'rt', 'c', 'undefined'];
    fc.assert(
      fc.property(fc.constantFrom(...names), fc.constantFrom('hit', 'draw', 'playTurn'), (to, from) => {
        const text = TOY.text.replace(new RegExp(`\\b${from}\\b`, 'g'), to);
        const program = programOf([{ file: TOY.file, text }]);
        if (!program) return;
        compiled++;
        const s = shapeOf(emitModule(program));
        expect(s.syntaxErrors).toBe(0);
        expect(s.strangers).toEqual([]);
        expect(s.strings).toContain(to);
      }),
      { numRuns: 30 },
    );
    expect(compiled).toBeGreaterThan(20);
  });

  it('the code builder refuses plain text in a hole and writes literals as JSON', () => {
    expect(() => js`a(${'process.exit(1)' as never})`).toThrow(/must be Code/);
    expect(lit('"\n').text).toBe('"\\"\\n"');
    expect(() => lit(Number.NaN)).toThrow(/finite/);
  });
});
