// What a mode owns: declarations in a mode's body hold only in its games (a variant of the game's mode), and its
// options are accepted only there — by the compiler, the engine and the command line.
import { describe, expect, it } from 'vitest';
import { compile } from '../compiler/index.ts';
import { loadSources } from '../compiler/node/load.ts';
import { Game, defaultMode } from '../runtime/index.ts';
import { main } from '../cli/main.ts';
import { memoryIo } from '../cli/io.ts';
import { compileOrThrow } from './helpers.ts';

const rules = loadSources(['rules']);

function diagnostics(text: string) {
  return compile([...rules, { file: 'planted.sgs', text }]).diagnostics.filter((d) => d.span.file === 'planted.sgs');
}

const TWO_MODES = `package planted
import core
var plantedCounter: int = 0
function plantedBonus(): int = 0
mode plantedA 甲 "A" {
  minPlayers: 2
  maxPlayers: 4
  option plantedFlag 甲选项 "A's flag" : bool = false
  function plantedBonus(): int = 7
  play(first: player, from: phase?) {
    plantedCounter = plantedBonus()
    endGame(none, "over", [])
  }
}
mode plantedB 乙 "B" {
  minPlayers: 2
  maxPlayers: 4
  play(first: player, from: phase?) {
    plantedCounter = plantedBonus()
    endGame(none, "over", [])
  }
}
`;

describe('declarations a mode owns', () => {
  const program = compileOrThrow([...rules, { file: 'planted.sgs', text: TWO_MODES }]);

  it("marks the mode's options as its own, and makes the rest a variant of the game's mode", () => {
    expect(program.options.plantedFlag?.mode).toBe('plantedA');
    expect(program.options.roles6?.mode).toBe('identity');
    const v = program.variants.find((x) => x.option === 'mode' && x.value === 'plantedA');
    expect(Object.keys(v?.parts.functions ?? {})).toEqual(['plantedBonus']);
  });

  it('replaces a same-named declaration only in games of that mode', () => {
    const a = new Game(program, { mode: 'plantedA', players: 2 });
    a.start();
    expect(a.state.globals.plantedCounter).toBe(7);
    const b = new Game(program, { mode: 'plantedB', players: 2 });
    b.start();
    expect(b.state.globals.plantedCounter).toBe(0);
  });

  it("refuses another mode's option, and accepts the mode's own", () => {
    expect(() => new Game(program, { mode: 'plantedB', players: 2, options: { plantedFlag: true } })).toThrow(
      'option plantedFlag belongs to mode plantedA, not plantedB',
    );
    expect(() => new Game(program, { mode: 'plantedA', players: 2, options: { plantedFlag: true } })).not.toThrow();
  });

  it('accepts an option of another mode that a mode names in alsoTakes, and reports a name there that is no option', () => {
    const taking = compileOrThrow([
      ...rules,
      {
        file: 'planted.sgs',
        text: TWO_MODES.replace('mode plantedB 乙 "B" {', 'mode plantedB 乙 "B" {\n  alsoTakes: plantedFlag'),
      },
    ]);
    expect(() => new Game(taking, { mode: 'plantedB', players: 2, options: { plantedFlag: true } })).not.toThrow();
    expect(() => new Game(taking, { mode: 'plantedB', players: 2, options: { roles6: 'sixTwoRenegades' } })).toThrow(
      'option roles6 belongs to mode identity, not plantedB',
    );
    const code = (d: { code: string }) => d.code !== 'SGS311';
    const typo = diagnostics(
      TWO_MODES.replace('mode plantedB 乙 "B" {', 'mode plantedB 乙 "B" {\n  alsoTakes: plantedFlg'),
    );
    expect(typo.filter(code).map((d) => [d.code, d.message])).toEqual([
      ['SGS101', "unknown name 'plantedFlg' — did you mean 'plantedFlag'?"],
    ]);
    const notOption = diagnostics(
      TWO_MODES.replace('mode plantedB 乙 "B" {', 'mode plantedB 乙 "B" {\n  alsoTakes: plantedCounter'),
    );
    expect(notOption.filter(code).map((d) => [d.code, d.message])).toEqual([
      ['SGS106', "mode plantedB: 'plantedCounter' is not an option"],
    ]);
  });

  it('reports a variant of a mode that does not exist, and a mode owning a scenario or a mode', () => {
    const bad = diagnostics('package planted\nimport core\nvariant mode == identiy { function plantedX(): int = 1 }\n');
    expect(bad.map((d) => [d.code, d.message])).toEqual([
      ['SGS160', "variant mode needs a mode, 'identiy' is not one — did you mean 'identity'?"],
    ]);
    const owning = diagnostics(
      'package planted\nimport core\nmode plantedC 丙 "C" {\n  mode plantedD 丁 "D" { }\n  scenario plantedS 戊 "S" { }\n}\n',
    );
    expect(owning.filter((d) => d.code === 'SGS162').map((d) => d.message)).toEqual([
      'a mode cannot own a mode: declare it outside the mode',
      'a mode cannot own a scenario: declare it outside the mode',
    ]);
  });

  it('the command line exits 2 with one line for an option of another mode', () => {
    const io = memoryIo();
    const code = main(
      [
        'simulate',
        'rules',
        'docs/examples',
        '--mode',
        'exSides',
        '--players',
        '4',
        '--option',
        'roles6=sixTwoRenegades',
      ],
      io,
    );
    expect(code).toBe(2);
    expect(io.stderr).toEqual(['sgs: option roles6 belongs to mode identity, not exSides']);
  });
});

describe('the default mode', () => {
  it('is the mode marked default: true, wherever its file sorts; else the first declared', () => {
    const program = compileOrThrow(rules);
    // rules/modes/dualDuel.sgs is read before rules/modes/identity.sgs: the mark decides, not the order, and the
    // marked mode is listed first.
    expect(Object.keys(program.modes)[0]).toBe('identity');
    expect(defaultMode(program)?.id).toBe('identity');
    expect(new Game(program, { players: 5, seed: 1 }).state.mode).toBe('identity');
    const unmarked = compileOrThrow(
      rules.map((f) => ({ ...f, text: f.text.replace('default: true', 'default: false') })),
    );
    expect(Object.values(unmarked.modes).some((m) => m.fields.default === true)).toBe(false);
    expect(defaultMode(unmarked)?.id).toBe(Object.keys(unmarked.modes)[0]);
  });

  it('is what a scenario naming no mode plays', () => {
    const program = compileOrThrow([
      ...rules,
      {
        file: 'planted.sgs',
        text: `${TWO_MODES}scenario plantedNoMode 无模式 "No mode named" {\n  seat a { general: caocao }\n  seat b { general: liubei }\n  expect true\n}\n`,
      },
    ]);
    expect(program.scenarios.plantedNoMode?.mode).toBe('identity');
  });
});
