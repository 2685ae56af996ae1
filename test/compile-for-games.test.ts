// A compile for games (CompileOptions.forGames, what `sgs simulate`, `balance`, `demo` and `replay` run) leaves the
// scenarios and the program-wide warnings out: the same program otherwise, and a scenario that would not compile does
// not stop a game.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cpSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { clearParseCache, compile, type SourceInput } from '../compiler/index.ts';
import { loadSources } from '../compiler/node/load.ts';
import { lexer } from '../compiler/syntax/scan.ts';
import { withoutScenarios } from '../compiler/syntax/skip-scenarios.ts';
import { compiledOf } from '../runtime/aot/bind.ts';
import { rulesFingerprint } from '../runtime/index.ts';
import { compilePaths, FOR_GAMES } from '../cli/compile.ts';
import { main, prepare } from '../cli/main.ts';
import { memoryIo } from '../cli/io.ts';

const TOY = 'test/fixtures/toy';
const GAMES = { forGames: true };
const errors = (sources: SourceInput[], options = {}) =>
  compile(sources, options)
    .diagnostics.filter((d) => d.severity === 'error')
    .map((d) => `${d.code} ${d.span.line}`);
const toyWith = (text: string): SourceInput[] => [...loadSources([TOY]), { file: 'extra.sgs', text }];
const images = (text: string) => withoutScenarios(lexer.tokenize(text).tokens).map((t) => t.image);

describe('a compile for games', () => {
  it('gives the program of a full compile of rules/ without its scenarios, with the same fingerprint', () => {
    clearParseCache();
    const sources = loadSources(['rules']);
    const all = compile(sources);
    const games = compile(sources, GAMES);
    expect(games.diagnostics).toEqual([]);
    const { scenarios, ...played } = all.program!;
    expect(Object.keys(scenarios).length).toBeGreaterThan(700);
    expect(games.program!.scenarios).toEqual({});
    expect({ ...games.program!, scenarios: {} }).toEqual({ ...played, scenarios: {} });
    expect(rulesFingerprint(games.program!)).toBe(rulesFingerprint(all.program!));
    // Each kind of compile keeps its own parses: a compile of everything after one for games finds the scenarios.
    expect(compile(sources).program).toBe(all.program);
    expect(compile(sources, GAMES).program).toBe(games.program);
  });

  it('leaves out a scenario that would not compile, which a full compile reports', () => {
    const broken = [
      'package toy',
      'scenario broken 坏 "Broken" {',
      '  seat a { hand: [nosuchcard ♠A] }',
      '  seat b { hp: ) }',
      '  expect a.hp = = 1',
      '}',
      'scenario unknown 未知 "Unknown" {',
      '  mode brawl',
      '  seat a { hand: [nosuchcard ♠A] }',
      '  seat b { }',
      '  expect a.hp == 1',
      '}',
      '',
    ].join('\n');
    expect(errors(toyWith(broken))).not.toEqual([]);
    const games = compile(toyWith(broken), GAMES);
    expect(games.diagnostics).toEqual([]);
    expect(Object.keys(games.program!.scenarios)).toEqual([]);
  });

  it('parses a scenario whose shape is not plain, so that it reports what a full compile reports', () => {
    for (const text of [
      'package toy\nscenario open 开 "Never closed" {\n  mode brawl\n',
      'package toy\nscenario odd 怪 "Brackets in the header" (x) {\n}\n',
      'package toy\nscenario headless\ncard other 别 "Other" { type: basic }\n',
    ]) {
      const all = errors(toyWith(text));
      expect(all).not.toEqual([]);
      expect(errors(toyWith(text), GAMES)).toEqual(all);
    }
  });

  it('cuts only whole scenario declarations at the top level', () => {
    expect(images('var a: int = 1\nscenario s 场 "S" { seat a { hp: 1 } expect {x} }\nvar b: int = 2')).toEqual([
      'var',
      'a',
      ':',
      'int',
      '=',
      '1',
      'var',
      'b',
      ':',
      'int',
      '=',
      '2',
    ]);
    const nested = 'mode m { scenario }';
    expect(images(nested)).toEqual(lexer.tokenize(nested).tokens.map((t) => t.image));
    const plain = 'var a: int = 1';
    const tokens = lexer.tokenize(plain).tokens;
    expect(withoutScenarios(tokens)).toBe(tokens);
  });

  it('does not call a skill that only a scenario gives an orphan (SGS206 needs the scenarios)', () => {
    const skill =
      'package extra\nimport core\nimport identity\nimport standard\nskill lonely 孤 "Lonely" { on gameStart(you) { draw(you, 1) } }\n';
    const scenario = [
      'scenario gives 给 "Gives" {',
      '  mode identity',
      '  seat a { general: caocao, role: lord, skills: [lonely] }',
      '  seat b { general: liubei, role: rebel }',
      '  start a playPhase',
      '  expect a.hp == 4',
      '}',
      '',
    ].join('\n');
    const codes = (text: string, options = {}) =>
      compile([...loadSources(['rules']), { file: 'extra.sgs', text }], options).diagnostics.map((d) => d.code);
    expect(codes(skill)).toEqual(['SGS206']);
    expect(codes(skill + scenario)).toEqual([]);
    expect(codes(skill + scenario, GAMES)).toEqual([]);
  });

  it('does not look for wording the texts lack (SGS310), which only `sgs check` and the editor show', () => {
    const text =
      'package x\naction exAct(p: player) { draw(p, 1) }\nskill exS 甲技 "Ex" { on damaged(you) may { exAct(you) } }\n' +
      'general exG 乙 "G" { kingdom: wei  gender: male  hp: 4  skills: exS }\n';
    const codes = (options = {}) =>
      compile([...loadSources(['rules']), { file: 'planted.sgs', text }], options).diagnostics.map((d) => d.code);
    expect(codes()).toEqual(['SGS310']);
    expect(codes(GAMES)).toEqual([]);
  });
});

describe('the commands that play games', () => {
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'sgs-games-'));
    cpSync(TOY, dir, { recursive: true });
    writeFileSync(
      join(dir, 'broken.sgs'),
      'package toy\nscenario broken 坏 "Broken" {\n  mode brawl\n  seat a { hand: [nosuchcard ♠A] }\n  seat b { }\n  expect a.hp == 1\n}\n',
    );
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('play games of rules whose scenarios do not compile; check and test report them', () => {
    const run = (...argv: string[]) => {
      const io = memoryIo();
      return { code: main(argv, io), err: io.stderr.join('\n') };
    };
    expect(run('simulate', dir, '--players', '2', '--games', '3', '--seed', '1').code).toBe(0);
    expect(run('demo', dir, '--players', '2').code).toBe(0);
    const check = run('check', dir);
    expect(check.code).toBe(1);
    expect(check.err).toContain('nosuchcard');
    expect(run('test', dir).code).toBe(1);
  });

  it('find the program whose code was compiled before they run', async () => {
    clearParseCache();
    await prepare(['simulate', TOY]);
    expect(compiledOf(compilePaths([TOY], FOR_GAMES).result.program!)).toBeDefined();
    await prepare(['test', TOY]);
    expect(compiledOf(compilePaths([TOY]).result.program!)).toBeDefined();
  });
});
