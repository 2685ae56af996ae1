// Re-checking after edits: compile() keeps parses and its last result between calls; whatever it reuses, each
// result must be the one a compile from scratch gives (diagnostics, program, rule texts).
import { spanOf } from '../compiler/ast/source.ts';
import { describe, expect, it } from 'vitest';
import { clearParseCache, compile, type CompileResult, type SourceInput } from '../compiler/index.ts';
import { describe as describeTexts, generateTexts } from '../compiler/text/generate.ts';
import { loadSources } from '../compiler/node/load.ts';
import { renumber } from '../compiler/lower/name-table.ts';
import { parse, reparse, type LaidOut } from '../compiler/syntax/parse.ts';

const rules = loadSources(['rules']);
const withExamples = loadSources(['rules', 'docs/examples']);
const WU = 'rules/standard/generals/wu.sgs';
const PHRASES = 'rules/core/phrases.sgs';
const BASICS = 'rules/core/basics.sgs';

const edit = (from: SourceInput[], file: string, f: (text: string) => string): SourceInput[] =>
  from.map((s) => (s.file === file ? { file, text: f(s.text) } : s));

/** One author's session: comments, moved lines, a changed rule (a number inside a skill, an event passed on), a
 *  syntax error and its fix, an unworded name, the
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
  // A number inside a trigger's body (the skill walks the same: the texts' facts are kept), then a call that passes
  // the event on (it walks differently: the facts are found again).
  step(edit(cur, WU, (t) => t.replace('event.count += 1', 'event.count += 2')));
  step(
    edit(cur, WU, (t) =>
      t.replace('    draw(you, 1)\n', '    draw(you, 1)\n    let lost = equipCardsLost(event, you)\n'),
    ),
  );
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
  // A skill that only one general gives, taken from it (SGS206: given to nobody) and given back.
  step(edit(cur, WU, (t) => t.replace('skills: zhiheng, jiuyuan }', 'skills: zhiheng }')));
  step(edit(cur, WU, (t) => t.replace('skills: zhiheng }', 'skills: zhiheng, jiuyuan }')));
  // Edits in the middle of a file, which re-parse the declarations they touch and move the later ones: inside one
  // declaration, a declaration added and removed, a syntax error and its fix, a comment, the first and last lines.
  step(edit(cur, WU, (t) => t.replace('draw(you, 2)', 'draw(you, 2 + 10)')));
  step(edit(cur, WU, (t) => t.replace('\nskill liuli', '\nvar middleCount: int = 0\nskill liuli')));
  step(edit(cur, WU, (t) => t.replace('\nvar middleCount: int = 0\n', '\n')));
  step(edit(cur, WU, (t) => t.replace('\nskill liuli', '\nskill liuli {\n')));
  step(edit(cur, WU, (t) => t.replace('\nskill liuli {\n', '\nskill liuli')));
  step(edit(cur, WU, (t) => t.replace('\nskill liuli', '\n# a longer comment in the middle\nskill liuli')));
  step(edit(cur, WU, (t) => t.replace('import core\n', 'import core\n\n')));
  step(edit(cur, WU, (t) => `${t.trimEnd()} `));
  step(edit(cur, BASICS, (t) => t.replace('function lostHp(p: player, extra: int = 0)', 'function lostHp(p: player)')));
  // Limits passed in a re-parsed declaration (limits.ts): a number too large, brackets and a chain too deep.
  step(edit(cur, WU, (t) => t.replace('draw(you, 2 + 10)', 'draw(you, 99999999999999999)')));
  step(edit(cur, WU, (t) => t.replace('draw(you, 99999999999999999)', 'draw(you, 2)')));
  const deep = `${'('.repeat(300)}1${')'.repeat(300)}`;
  step(edit(cur, WU, (t) => t.replace('\nskill liuli', `\nfunction deepOne(): int = ${deep}\nskill liuli`)));
  step(edit(cur, WU, (t) => t.replace(`\nfunction deepOne(): int = ${deep}\n`, '\n')));
  const chain = `1${' + 1'.repeat(1200)}`;
  step(edit(cur, WU, (t) => t.replace('\nskill liuli', `\nfunction longOne(): int = ${chain}\nskill liuli`)));
  step(edit(cur, WU, (t) => t.replace(`\nfunction longOne(): int = ${chain}\n`, '\n')));
  // Edits a re-check compares the tables around by the files that changed alone (decl-cache.ts changeOf): a name
  // declared again in another file and taken back, two declarations swapped (a kind's list changes its order
  // alone), an enum extended in another file, its member renamed, given a Chinese name, and taken back.
  step(edit(cur, WU, (t) => `${t}\nfunction isWounded(p: player): bool = true\n`));
  step(edit(cur, WU, (t) => t.replace('\nfunction isWounded(p: player): bool = true\n', '\n')));
  const red = 'function isRed(c: card): bool = color(c) == red\n';
  const black = 'function isBlack(c: card): bool = color(c) == black\n';
  step(edit(cur, BASICS, (t) => t.replace(red + black, black + red)));
  step(edit(cur, BASICS, (t) => t.replace(black + red, red + black)));
  step(edit(cur, WU, (t) => `${t}\nextend enum equipSlot { editedSlot }\n`));
  step(edit(cur, WU, (t) => t.replace('editedSlot }', 'otherSlot }')));
  step(edit(cur, WU, (t) => t.replace('otherSlot }', 'otherSlot 别栏 "Other slot" }')));
  step(edit(cur, WU, (t) => t.replace('\nextend enum equipSlot { otherSlot 别栏 "Other slot" }\n', '\n')));
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

/** Each step of a session compiled in a row (caches kept); in a row with every other compile made once, as the
 *  CLI compiles (CompileOptions.once: nothing kept, nothing reused); and each compiled from scratch, every other
 *  one once. */
function bothWays(steps: SourceInput[][]): {
  incremental: ReturnType<typeof outcome>[];
  mixed: ReturnType<typeof outcome>[];
  scratch: ReturnType<typeof outcome>[];
} {
  clearParseCache();
  const incremental = steps.map((s) => outcome(compile(s)));
  clearParseCache();
  const mixed = steps.map((s, i) => outcome(compile(s, { once: i % 2 === 1 })));
  const scratch = steps.map((s, i) => {
    clearParseCache();
    return outcome(compile(s, { once: i % 2 === 0 }));
  });
  return { incremental, mixed, scratch };
}

describe('compiling again after edits', () => {
  it('gives, after each edit of a session, what a compile from scratch gives', () => {
    const steps = session();
    const { incremental, mixed, scratch } = bothWays(steps);
    // The session reaches each kind of outcome: clean, errors, warnings.
    expect(incremental.some((o) => o.diagnostics.some((d) => d.severity === 'error'))).toBe(true);
    expect(incremental.some((o) => o.diagnostics.some((d) => d.code === 'SGS310'))).toBe(true);
    expect(incremental.some((o) => o.diagnostics.some((d) => d.code === 'SGS206'))).toBe(true);
    for (let i = 0; i < steps.length; i++) {
      expect(incremental[i], `step ${i}`).toEqual(scratch[i]);
      expect(mixed[i], `step ${i}, every other compile once`).toEqual(scratch[i]);
    }
  }, 300_000);

  it('gives, after each edit of the examples and of the rules they build on, what a compile from scratch gives', () => {
    const steps = examplesSession();
    const { incremental, mixed, scratch } = bothWays(steps);
    expect(incremental.some((o) => o.diagnostics.some((d) => d.severity === 'error'))).toBe(true);
    for (let i = 0; i < steps.length; i++) {
      expect(incremental[i], `step ${i}`).toEqual(scratch[i]);
      expect(mixed[i], `step ${i}, every other compile once`).toEqual(scratch[i]);
    }
  }, 120_000);

  it('finds again which texts a callable shows when it or a callable it calls is edited (SGS311)', () => {
    const MINE = 'mine.sgs';
    const mine = `package mine
import standard
action askTwice 问两次 "Ask twice" (p: player, prompt: text) {
  relay(p, prompt)
}
action pingA 甲 "Ping A" (p: player, t: text, n: int) {
  if n > 0 { pingB(p, t, n - 1) }
}
action pingB 乙 "Ping B" (p: player, t: text, n: int) {
  pingA(p, t, n)
}
skill shout 呐喊 "Shout" {
  on turnStart(you) {
    askTwice(you, "shout: once more?")
    pingA(you, "ping: back?", 2)
  }
}
phrase "quiet" "安静" "Quiet"
# Last, so that an edit of it moves no other declaration (they keep their trees, and what was found for them).
action relay 转问 "Relay" (p: player, q: text) {
  let x = ask(p, q)
}
`;
    const base = [...rules, { file: MINE, text: mine }];
    const warned = (o: ReturnType<typeof outcome>) =>
      o.diagnostics.filter((d) => d.code === 'SGS311' && d.span.file === MINE).map((d) => d.message);
    // The action askTwice hands on stops showing its parameter (askTwice itself unchanged), then shows it again; one of the pair calling each other asks, then the
    // pair is broken.
    const steps = [
      base,
      edit(base, MINE, (t) => t.replace('ask(p, q)', 'ask(p, "quiet")')),
      base,
      edit(base, MINE, (t) => t.replace('pingA(p, t, n)\n', 'pingA(p, t, n)\n  let y = ask(p, t)\n')),
      edit(base, MINE, (t) => t.replace('if n > 0 { pingB(p, t, n - 1) }', 'let y = ask(p, t)')),
    ];
    const { incremental, mixed, scratch } = bothWays(steps);
    expect(warned(incremental[0]!).some((m) => m.includes('shout: once more?'))).toBe(true);
    expect(warned(incremental[1]!).some((m) => m.includes('shout: once more?'))).toBe(false);
    expect(warned(incremental[2]!).some((m) => m.includes('shout: once more?'))).toBe(true);
    // Inside the cycle, pingA shows its text as it does without it (whichever of the pair is looked at first).
    expect(warned(incremental[3]!).some((m) => m.includes('ping: back?'))).toBe(true);
    expect(warned(incremental[4]!).some((m) => m.includes('ping: back?'))).toBe(true);
    for (let i = 0; i < steps.length; i++) {
      expect(incremental[i], `step ${i}`).toEqual(scratch[i]);
      expect(mixed[i], `step ${i}, every other compile once`).toEqual(scratch[i]);
    }
  }, 120_000);

  it('finds a skill given to nobody after an edit of a file other than the one declaring it (SGS206)', () => {
    const SKILLS = 'mine-skills.sgs';
    const GENERALS = 'mine-generals.sgs';
    const skills = `package mine
import standard
skill shout 呐喊 "Shout" {
  on turnStart(you) { draw(you, 1) }
}
`;
    const generals = `package mine
import standard
general crier 喊者 "Crier" { kingdom: qun  gender: male  hp: 4  skills: shout }
`;
    const base = [...rules, { file: SKILLS, text: skills }, { file: GENERALS, text: generals }];
    const steps = [base, edit(base, GENERALS, (t) => t.replace('  skills: shout', '')), base];
    const { incremental, mixed, scratch } = bothWays(steps);
    const orphans = (o: ReturnType<typeof outcome>) =>
      o.diagnostics.filter((d) => d.code === 'SGS206' && d.span.file === SKILLS).length;
    expect(steps.map((_, i) => orphans(incremental[i]!))).toEqual([0, 1, 0]);
    for (let i = 0; i < steps.length; i++) {
      expect(incremental[i], `step ${i}`).toEqual(scratch[i]);
      expect(mixed[i], `step ${i}, every other compile once`).toEqual(scratch[i]);
    }
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
    expect(after.files.find((f) => f.file === PHRASES)!.end).toBe(text.length);
  });

  it('builds again only the tables of the program an edit changed', () => {
    clearParseCache();
    const before = compile(rules).program!;
    const after = compile(edit(rules, WU, (t) => t.replace('draw(you, 2)', 'draw(you, 3)'))).program!;
    expect(after).not.toBe(before);
    expect(after.skills).not.toBe(before.skills);
    expect(after.skills).not.toEqual(before.skills);
    // Tables no declaration of the edited file adds to are the very ones of the last compile.
    expect(after.cards).toBe(before.cards);
    expect(after.events).toBe(before.events);
    // So are those it gives the same entries again (its functions: only a skill changed).
    expect(after.functions).toBe(before.functions);
    clearParseCache();
    expect(after).toEqual(compile(edit(rules, WU, (t) => t.replace('draw(you, 2)', 'draw(you, 3)'))).program);
  });

  it('keeps finding names after they are numbered afresh between two compiles (a long editing session)', () => {
    clearParseCache();
    const before = compile(rules);
    const names = (r: CompileResult) => {
      const out: string[] = [];
      r.symbols!.byName.forEach((s, n) => out.push(`${n}:${s.kind}:${s.id}`));
      return out;
    };
    const listed = names(before);
    // As when the numbering outgrows its limit (name-table.ts): the declarations' kept parts hold old numbers.
    renumber();
    const edited = edit(rules, WU, (t) => t.replace('draw(you, 2)', 'draw(you, 3)'));
    const after = compile(edited);
    expect(names(after)).toEqual(listed);
    expect(before.symbols!.get('zhiheng')?.kind).toBe('skill');
    expect(after.symbols!.get('zhiheng')?.kind).toBe('skill');
    expect(after.symbols!.get('制衡')).toBe(after.symbols!.get('zhiheng'));
    clearParseCache();
    expect(outcome(after)).toEqual(outcome(compile(edited)));
  });

  it('compiles anew when an edit moves code, so that spans follow it', () => {
    clearParseCache();
    const before = compile(rules);
    const after = compile(edit(rules, WU, (t) => `\n${t}`));
    expect(after.program).not.toBe(before.program);
    const skillSpan = (r: CompileResult) =>
      spanOf(r.files.find((f) => f.file === WU)!.decls.find((d) => d.kind === 'Skill')!).line;
    expect(skillSpan(after)).toBe(skillSpan(before) + 1);
  });

  // A tree says where it is in offsets; its lines come from the text it was parsed from. An edit that turns a space
  // into a line break moves what follows to another line at the same offsets, so a kept tree would report it on
  // its old line.
  describe('places what an edit moved to another line at the same offsets on its new line', () => {
    const planted = 'function exLinesMoved(): int = 1 + exNoSuchName\n';
    const broken = 'function exBroken( {\n'; // a syntax error: the file is then parsed whole, its trees kept by offset
    const moved = (t: string) => t.replace('= 1 + exNoSuchName', '=\n1 + exNoSuchName');
    /** Where the unknown name is in the function's tree, and where the diagnostic about it points. */
    const where = (r: CompileResult) => {
      const f = r.files
        .find((x) => x.file === 'planted.sgs')!
        .decls.find((d) => d.kind === 'Function' && d.names.id.name === 'exLinesMoved')!;
      const name = f.kind === 'Function' && f.expr?.kind === 'Binary' ? f.expr.right : f;
      const told = r.diagnostics.filter((d) => d.message.includes('exNoSuchName'));
      return [`${spanOf(name).line}:${spanOf(name).col}`, ...told.map((d) => `${d.span.line}:${d.span.col}`)];
    };
    for (const [path, extra, line] of [
      ['when only the declarations around the edit are parsed again', '', 4],
      ['when the file is parsed whole', broken, 5],
    ] as const)
      it(path, () => {
        const file = 'planted.sgs';
        const before = [...rules, { file, text: `${extra}\n\n${planted}` }];
        const after = edit(before, file, moved);
        clearParseCache();
        compile(before);
        const incremental = compile(after);
        clearParseCache();
        const scratch = compile(after);
        // A syntax error in the file stops the compile before names are looked up: no diagnostic to point.
        expect(where(scratch)).toEqual(extra ? [`${line}:5`] : [`${line}:5`, `${line}:5`]);
        expect(where(incremental)).toEqual(where(scratch));
        expect(incremental.diagnostics).toEqual(scratch.diagnostics);
      });
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

describe('parsing only the declarations an edit touched', () => {
  const text = rules.find((s) => s.file === WU)!.text;
  const first = reparse(undefined, text, WU);
  const json = (x: unknown) => JSON.stringify(x);
  const edits: [string, (t: string) => string, boolean][] = [
    // [what, edit, whether the declarations before the change keep their trees]
    ['inside one declaration', (t) => t.replace('draw(you, 2)', 'draw(you, 2 + 10)'), true],
    ['a declaration added', (t) => t.replace('\nskill liuli', '\nvar middle: int = 0\nskill liuli'), true],
    ['a declaration removed', (t) => t.replace(/\nskill liuli[\s\S]*?\n}\n/, '\n'), true],
    ['a comment in the middle', (t) => t.replace('\nskill liuli', '\n# a comment\nskill liuli'), true],
    ['two declarations on one line', (t) => t.replace('\nskill liuli', '\nvar middle: int = 0 skill liuli'), true],
    ['the last token', (t) => `${t.trimEnd()}\n\n`, true],
    ['a declaration appended', (t) => `${t}\nvar x: int = 1\n`, true],
    ['a syntax error in the middle', (t) => t.replace('\nskill liuli', '\nskill liuli {\n'), false],
    ['a declaration keyword removed', (t) => t.replace('\nskill liuli', '\nliuli'), false],
    ['the first declaration', (t) => t.replace('general daqiao', 'general  daqiao'), false],
    ['the header', (t) => t.replace('import core', 'import core, standard'), false],
  ];
  for (const [what, f, kept] of edits)
    it(`gives what a parse from scratch gives: ${what}`, () => {
      const edited = f(text);
      expect(edited).not.toBe(text);
      const again = reparse({ text, ...first }, edited, WU);
      expect(json(again.result)).toBe(json(parse(edited, WU)));
      expect(again.result.ast.decls[0] === first.result.ast.decls[0]).toBe(kept);
    });

  it('makes the token layout of a parse only when the file is edited', () => {
    const parsed = reparse(undefined, text, WU);
    expect(typeof parsed.layout).toBe('function');
    const again = reparse({ text, ...parsed }, text.replace('draw(you, 2)', 'draw(you, 2 + 10)'), WU);
    expect(again.result.ast.decls[0]).toBe(parsed.result.ast.decls[0]);
    expect(typeof again.layout).toBe('object');
  });

  it('gives what a parse from scratch gives after each of many random edits of the rules', () => {
    // A fixed pseudo-random sequence: snippets inserted, text deleted, lines copied, one after the other.
    let seed = 7;
    const random = () => {
      seed = (seed * 1103515245 + 12345) & 0x7fffffff;
      return seed / 0x7fffffff;
    };
    const pick = <T>(xs: readonly T[]) => xs[Math.floor(random() * xs.length)]!;
    const snippets = [
      '\n',
      '\r\n',
      '\r',
      ' ',
      '# c\n',
      '\nvar zz: int = 1\n',
      '}',
      '{',
      'skill ',
      '1',
      'x',
      '"',
      '.',
      '(',
      ',',
      '\n\n',
    ];
    const change = (t: string) => {
      const at = Math.floor(random() * (t.length + 1));
      const r = random();
      if (r < 0.5) return t.slice(0, at) + pick(snippets) + t.slice(at);
      if (r < 0.8) return t.slice(0, at) + t.slice(at + 1 + Math.floor(random() * 20));
      const from = Math.floor(random() * t.length);
      const eol = t.indexOf('\n', from);
      return t.slice(0, at) + t.slice(from, eol < 0 ? t.length : eol + 1) + t.slice(at);
    };
    let spliced = 0;
    for (let n = 0; n < 40; n++) {
      // Some files with Windows line ends (the lexer and the trees count lines alike only for those).
      const picked = pick(rules);
      const source = n % 4 === 3 ? { ...picked, text: picked.text.replace(/\n/g, '\r\n') } : picked;
      let before: { text: string } & LaidOut = { text: source.text, ...reparse(undefined, source.text, source.file) };
      for (let k = 0; k < 6; k++) {
        const edited = change(before.text);
        const again = reparse(before, edited, source.file);
        expect(json(again.result), `${source.file}, edit ${k}`).toBe(json(parse(edited, source.file)));
        const decls = before.result.ast.decls;
        if (decls.length > 0 && again.result.ast.decls[0] === decls[0] && again.result.ast.decls !== decls) spliced++;
        before = { text: edited, ...again };
      }
    }
    // Enough of the edits took the short way for the comparison to say something (most random edits are syntax
    // errors, after which the file is parsed whole until it parses cleanly again).
    expect(spliced).toBeGreaterThan(10);
  }, 240_000);
});
