// Re-checking after edits: compile() keeps parses and its last result between calls; whatever it reuses, each
// result must be the one a compile from scratch gives (diagnostics, program, rule texts).
import { describe, expect, it } from 'vitest';
import { clearParseCache, compile, type CompileResult, type SourceInput } from '../compiler/index.ts';
import { describe as describeTexts, generateTexts } from '../compiler/text/generate.ts';
import { loadSources } from '../compiler/node/load.ts';
import { parse, reparse } from '../compiler/syntax/parse.ts';

const rules = loadSources(['rules']);
const withExamples = loadSources(['rules', 'docs/examples']);
const WU = 'rules/standard/generals/wu.sgs';
const PHRASES = 'rules/core/phrases.sgs';
const BASICS = 'rules/core/basics.sgs';

const edit = (from: SourceInput[], file: string, f: (text: string) => string): SourceInput[] =>
  from.map((s) => (s.file === file ? { file, text: f(s.text) } : s));

/** One author's session: comments, moved lines, a changed rule, a syntax error and its fix, an unworded name, the
 *  declarations `npm run bench` appends (recheckCode), a function renamed and given a parameter (its callers in
 *  other files), a new property, a phrase deleted, a deleted file. */
function session(): SourceInput[][] {
  const steps: SourceInput[][] = [];
  let cur = rules;
  const step = (next: SourceInput[]) => {
    cur = next;
    steps.push(cur);
  };
  step(cur);
  step(edit(cur, PHRASES, (t) => `${t}\n# a comment\n`));
  step(edit(cur, PHRASES, (t) => `${t}# another comment\n`));
  step(edit(cur, WU, (t) => `\n\n${t}`));
  step(edit(cur, WU, (t) => t.replace('draw(you, 2)', 'draw(you, 3)')));
  step(edit(cur, WU, (t) => `${t}\nskill broken 坏 "Broken" {\n`));
  step(edit(cur, WU, (t) => t.replace(/\nskill broken[\s\S]*$/, '\n')));
  step(
    edit(
      cur,
      WU,
      (t) => `${t}\nvar editedCount: int = 0\nskill edited 改 "Edited" { on damaged(you) { editedCount = 1 } }\n`,
    ),
  );
  step(edit(rules, PHRASES, (t) => `${t}\nvar benchEdit0: int = 0\n`));
  step(edit(rules, PHRASES, (t) => `${t}\nvar benchEdit1: int = 1\n`));
  step(edit(cur, BASICS, (t) => t.replace('function isWounded(', 'function isHurt(')));
  step(edit(cur, BASICS, (t) => t.replace('function isHurt(', 'function isWounded(')));
  step(edit(cur, BASICS, (t) => t.replace('function lostHp(p: player)', 'function lostHp(p: player, extra: int = 0)')));
  step(edit(cur, BASICS, (t) => `${t}\nproperty editedMark 记 "Mark": int = 0\n`));
  step(edit(cur, PHRASES, (t) => t.replace(/\nphrase [^\n]*\n/, '\n')));
  step(rules.filter((s) => !s.file.includes('scenarios')));
  return steps;
}

/** The edits `npm run bench` times (recheckCode, recheck) and edits of the documentation's examples, over the rules
 *  with the examples, as `sgs check rules docs/examples` compiles them. */
function examplesSession(): SourceInput[][] {
  const steps: SourceInput[][] = [withExamples];
  let cur = withExamples;
  const step = (f: string, g: (text: string) => string) => steps.push((cur = edit(cur, f, g)));
  step(PHRASES, (t) => `${t}\nvar benchEdit0: int = 0\n`);
  step(PHRASES, (t) => `${t}\n# edit 0\n`);
  step('docs/examples/damage.sgs', (t) => `${t}\n# a comment\n`);
  step('docs/examples/damage.sgs', (t) => t.replace(/#(.)/, '#?'));
  step('docs/examples/phrases.sgs', (t) => t.replace(/\bphrase\b[^\n]*\n/, ''));
  step('docs/examples/scenarios.sgs', (t) => `\n${t}`);
  step('docs/examples/kinds.sgs', (t) => `${t}\nskill half 半 "Half" {\n`);
  steps.push(withExamples);
  return steps;
}

const outcome = (r: CompileResult) => ({
  diagnostics: r.diagnostics,
  program: r.program,
  texts: generateTexts(r),
});

/** Each step of a session compiled in a row (caches kept) and each compiled from scratch. */
function bothWays(steps: SourceInput[][]): {
  incremental: ReturnType<typeof outcome>[];
  scratch: ReturnType<typeof outcome>[];
} {
  clearParseCache();
  const incremental = steps.map((s) => outcome(compile(s)));
  const scratch = steps.map((s) => {
    clearParseCache();
    return outcome(compile(s));
  });
  return { incremental, scratch };
}

describe('compiling again after edits', () => {
  it('gives, after each edit of a session, what a compile from scratch gives', () => {
    const steps = session();
    const { incremental, scratch } = bothWays(steps);
    // The session reaches each kind of outcome: clean, errors, warnings.
    expect(incremental.some((o) => o.diagnostics.some((d) => d.severity === 'error'))).toBe(true);
    expect(incremental.some((o) => o.diagnostics.some((d) => d.code === 'SGS310'))).toBe(true);
    for (let i = 0; i < steps.length; i++) expect(incremental[i], `step ${i}`).toEqual(scratch[i]);
  }, 120_000);

  it('gives, after each edit of the examples and of the rules they build on, what a compile from scratch gives', () => {
    const steps = examplesSession();
    const { incremental, scratch } = bothWays(steps);
    expect(incremental.some((o) => o.diagnostics.some((d) => d.severity === 'error'))).toBe(true);
    for (let i = 0; i < steps.length; i++) expect(incremental[i], `step ${i}`).toEqual(scratch[i]);
  }, 120_000);

  it('hands back the last program when an edit changes only a comment', () => {
    clearParseCache();
    const before = compile(rules);
    const edited = edit(rules, PHRASES, (t) => `${t}\n# a comment\n`);
    const after = compile(edited);
    expect(after.program).toBe(before.program);
    expect(after.diagnostics).toEqual(before.diagnostics);
    // The file's tree still spans the whole edited text.
    const text = edited.find((s) => s.file === PHRASES)!.text;
    expect(after.files.find((f) => f.file === PHRASES)!.span.end).toBe(text.length);
  });

  it('compiles anew when an edit moves code, so that spans follow it', () => {
    clearParseCache();
    const before = compile(rules);
    const after = compile(edit(rules, WU, (t) => `\n${t}`));
    expect(after.program).not.toBe(before.program);
    const skillSpan = (r: CompileResult) =>
      r.files.find((f) => f.file === WU)!.decls.find((d) => d.kind === 'Skill')!.span.line;
    expect(skillSpan(after)).toBe(skillSpan(before) + 1);
  });
});

describe('finding the missing wording', () => {
  // Every other phrase of the core and of the standard set deleted: much wording is missing, in many declarations.
  const sparse = (from: SourceInput[]) =>
    from.map((s) =>
      s.file.endsWith('phrases.sgs') ? { ...s, text: s.text.replace(/^phrase [^\n]*\n(phrase [^\n]*\n)/gm, '$1') } : s,
    );
  it('finds, declaration by declaration, what describing the whole program in one go finds', () => {
    for (const sources of [rules, withExamples, sparse(rules), sparse(withExamples)]) {
      clearParseCache();
      const r = compile(sources);
      const found = r.diagnostics.filter((d) => d.code === 'SGS310').map((d) => ({ message: d.message, span: d.span }));
      const { missing } = describeTexts(r.files, r.symbols!);
      expect(found).toEqual(
        missing.map((m) => ({ message: `the rules text needs wording for '${m.key}': ${m.hint}`, span: m.span })),
      );
    }
    expect(compile(sparse(rules)).diagnostics.filter((d) => d.code === 'SGS310').length).toBeGreaterThan(20);
  }, 120_000);
});

describe('parsing a file again', () => {
  const text = rules.find((s) => s.file === WU)!.text;
  const first = reparse(undefined, text, WU);
  const edits: [string, (t: string) => string, boolean][] = [
    // [what, edit, whether the earlier trees can be kept]
    ['a comment appended', (t) => `${t}\n# a comment\n`, true],
    ['a comment changed, same length', (t) => t.replace(/#(.)/, '#?'), true],
    ['a number changed, same length', (t) => t.replace('draw(you, 2)', 'draw(you, 3)'), false],
    ['a line inserted at the top', (t) => `\n${t}`, false],
    ['a declaration appended', (t) => `${t}\nvar x: int = 1\n`, false],
    ['a syntax error', (t) => `${t}\nskill broken 坏 "Broken" {\n`, false],
    ['an unknown character', (t) => `${t}\n§\n`, false],
  ];
  for (const [what, f, kept] of edits)
    it(`gives what a parse from scratch gives: ${what}`, () => {
      const edited = f(text);
      expect(edited).not.toBe(text);
      const again = reparse({ text, ...first }, edited, WU);
      expect(again.result).toEqual(parse(edited, WU));
      expect(again.result.ast.decls === first.result.ast.decls).toBe(kept);
    });
});
