// What SGS206 counts as given (compiler/check/orphan-skills.ts): lowering notes the literal values each declaration's
// expressions name, so the IR is not walked again. The skills a file gives must be those a walk of its lowered parts
// by their keys finds (the way SGS206 read them until stop 63), on every file of the rules and on a file that holds
// every way of giving a skill and of not giving one.
import { describe, expect, it } from 'vitest';
import { collect } from '../compiler/lower/symbols.ts';
import { lowerProgram, type LoweredDecl } from '../compiler/lower/lower.ts';
import { loadSources } from '../compiler/node/load.ts';
import { parse } from '../compiler/syntax/parse.ts';
import type { Diagnostic } from '../compiler/diagnostics.ts';
import type { ISkill, Program } from '../runtime/ir.ts';
import type { SourceInput } from '../compiler/index.ts';

/** The reference: every string named as `{ k: 'lit', v }` anywhere under `node`. */
function literals(node: unknown, out: Set<string>): void {
  if (Array.isArray(node)) {
    for (const x of node) literals(x, out);
    return;
  }
  if (!node || typeof node !== 'object') return;
  const o = node as Record<string, unknown>;
  if (o.k === 'lit' && typeof o.v === 'string') out.add(o.v);
  for (const k in o) literals(o[k], out);
}

/** The reference: what a file's parts (its variants' too) give, found by walking them. */
function walkedGives(file: Partial<Program>): Set<string> {
  const given = new Set<string>();
  for (const p of [file, ...(file.variants ?? []).map((v) => v.parts)]) {
    for (const g of Object.values(p.generals ?? {})) for (const s of g.skills) given.add(s);
    for (const c of Object.values(p.cards ?? {})) for (const s of c.skills) given.add(s);
    for (const [key, value] of Object.entries(p))
      if (key !== 'scenarios' && key !== 'skills' && key !== 'variants') literals(value, given);
    for (const sc of Object.values(p.scenarios ?? {}))
      for (const seat of sc.seats) for (const f of seat.fields) if (f.name === 'skills') literals(f.e, given);
    for (const sk of Object.values(p.skills ?? {}) as ISkill[]) {
      const named = new Set<string>();
      literals(sk, named);
      for (const g of sk.grants ?? []) if (!g.card) named.add(g.what);
      named.delete(sk.id);
      for (const n of named) given.add(n);
    }
  }
  return given;
}

function lowered(sources: SourceInput[]): LoweredDecl[] {
  const diags: Diagnostic[] = [];
  const files = sources.map((s) => parse(s.text, s.file, true).ast);
  const units: LoweredDecl[] = [];
  lowerProgram(files, collect(files, diags), diags, undefined, units);
  expect(diags.filter((d) => d.severity === 'error')).toEqual([]);
  return units;
}

function expectSame(sources: SourceInput[]): number {
  let names = 0;
  lowered(sources).forEach((u, i) => {
    const want = walkedGives(u.parts);
    expect(new Set(u.gives), sources[i]!.file).toEqual(want);
    names += want.size;
  });
  return names;
}

describe('the skills SGS206 counts as given', () => {
  it('are those a walk of the lowered parts finds, in every file of the rules and of the slice', () => {
    expect(expectSame(loadSources(['rules']))).toBeGreaterThan(300);
    expectSame(loadSources(['rules/core', 'bench/slice']));
  });

  it('are those a walk finds for every way of giving a skill, and of not giving one', () => {
    const skill = (id: string, body = '') => `skill ${id} 甲 "S" { ${body} }\n`;
    const text = [
      'package x\nimport core\nimport standard\n',
      skill('exAlone'),
      skill('exNamed'),
      skill('exTexted'),
      skill('exGranted'),
      skill('exListed'),
      skill('exCarded'),
      skill('exSeated'),
      skill('exExpected'),
      skill('exInVariant'),
      skill(
        'exSelfish',
        'grants exSelfish to others  on damaged(you) if hasSkill(you, exSelfish) { gainSkill(you, exNamed) }',
      ),
      skill('exGranting', 'grants exGranted to others'),
      'general exG 乙 "G" { kingdom: wei  gender: male  hp: 4  skills: exListed }\n',
      'card exC 丙 "C" { type: equipment  subtype: weapon  range: 2  targeting: self  skills: exCarded }\n',
      'function exF(p: player): bool = hasSkill(p, "exTexted")\n',
      'option exO 丁 "O" : bool = false\n',
      'variant exO == true {\n  function exH(p: player): bool = hasSkill(p, exInVariant)\n}\n',
      'scenario exSc 景 "Sc" { seat a { skills: [exSeated] } seat b { general: caocao } expect hasSkill(a, exExpected) }\n',
    ].join('');
    const sources = [...loadSources(['rules']), { file: 'x.sgs', text }];
    expectSame(sources);
    const mine = lowered(sources).at(-1)!;
    for (const yes of ['exCarded', 'exGranted', 'exInVariant', 'exListed', 'exNamed', 'exSeated', 'exTexted'])
      expect(mine.gives).toContain(yes);
    for (const not of ['exAlone', 'exSelfish', 'exExpected', 'exGranting']) expect(mine.gives).not.toContain(not);
  });
});
