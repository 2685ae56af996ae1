// A compile for its diagnostics alone (CompileOptions.checkOnly, what `sgs check` runs): everything is parsed,
// resolved and checked as in a full compile, with the same diagnostics, and the program keeps no scenario.
import { describe, expect, it } from 'vitest';
import { clearParseCache, compile, type SourceInput } from '../compiler/index.ts';
import { loadSources } from '../compiler/node/load.ts';
import { compilePaths } from '../cli/compile.ts';
import { main } from '../cli/main.ts';
import { memoryIo } from '../cli/io.ts';

const CHECK = { checkOnly: true };
const withText = (text: string): SourceInput[] => [...loadSources(['rules']), { file: 'extra.sgs', text }];

describe('a compile for its diagnostics alone', () => {
  it('gives the program of a full compile of rules/ without its scenarios, and no diagnostic', () => {
    clearParseCache();
    const sources = loadSources(['rules']);
    const all = compile(sources, { once: true });
    const checked = compile(sources, CHECK);
    expect(checked.diagnostics).toEqual([]);
    const { scenarios, ...rest } = all.program!;
    expect(Object.keys(scenarios).length).toBeGreaterThan(700);
    expect(checked.program!.scenarios).toEqual({});
    expect({ ...checked.program!, scenarios: {} }).toEqual({ ...rest, scenarios: {} });
    // Each keeps its own last result: a full compile after it finds the scenarios again, and the other way round.
    expect(Object.keys(compile(sources).program!.scenarios).length).toBe(Object.keys(scenarios).length);
    expect(compile(sources, CHECK).program!.scenarios).toEqual({});
  });

  it('reports what a full compile reports in a scenario: names, seats, steps, and whether a skill is given', () => {
    const text = `package x
import core
import standard
skill exSeated 甲 "S" { on damaged(you) may { draw(you, 1) } }
skill exLonely 乙 "L" { on damaged(you) may { draw(you, 1) } }
scenario exBroken 景 "Broken" {
  mode nowhere
  seat a { skills: [exSeated], hp: nothing }
  seat b { general: caocao }
  c: slash
  expect a.hp == unknownThing
  expect hasSkill(a, exLonely)
}
`;
    const full = compile(withText(text), { once: true }).diagnostics;
    const checked = compile(withText(text), CHECK).diagnostics;
    expect(full.map((d) => d.code)).toEqual(expect.arrayContaining(['SGS106', 'SGS101', 'SGS171']));
    expect(checked).toEqual(full);
    // A skill only a scenario seat is given counts as given; one a scenario only expects does not (SGS206).
    const orphans = (ds: typeof full) => ds.filter((d) => d.code === 'SGS206').map((d) => d.message);
    const clean = text
      .replace(/\n {2}(mode nowhere|c: slash|expect a\.hp == unknownThing)/g, '')
      .replace(', hp: nothing', '');
    const fullWarnings = compile(withText(clean), { once: true }).diagnostics;
    expect(fullWarnings.filter((d) => d.severity === 'error')).toEqual([]);
    expect(orphans(fullWarnings)).toEqual([expect.stringContaining('exLonely')]);
    expect(compile(withText(clean), CHECK).diagnostics).toEqual(fullWarnings);
  });

  it('is how `sgs check` compiles, with what it prints unchanged', () => {
    clearParseCache();
    const c = compilePaths(['rules'], CHECK);
    expect(c.errors).toBe(0);
    expect(c.result.program!.scenarios).toEqual({});
    const io = memoryIo();
    expect(main(['check', 'rules'], io)).toBe(0);
    expect(io.stderr.join('')).toMatch(/^\d+ files checked: 0 errors, 0 warnings \(\d+ ms\)$/);
  });
});
