// Every card kind and every general's skill is exercised by at least one scenario: the card is used or played (or,
// for equipment, worn) in a scenario's log, and a skill fires, acts or converts in a log — or, for skills that only
// change values (modifiers, filters), a scenario is named after it.
import { describe, expect, it } from 'vitest';
import { runScenario } from '../runtime/scenario.ts';
import { rulesProgram } from './helpers.ts';

const program = rulesProgram();
const runs = Object.keys(program.scenarios).map((id) => ({
  id,
  scen: program.scenarios[id]!,
  log: runScenario(program, id).log.join('\n'),
}));

describe('scenario coverage', () => {
  it('every card kind appears in the play of some scenario', () => {
    // A card shows as its kind (used, played, equipped) or through the skill it grants (weapons, armour, horses).
    const words = (k: string) => [k, ...program.cards[k]!.skills];
    const missing = Object.keys(program.cards).filter(
      (k) => !runs.some((r) => words(k).some((w) => new RegExp(`\\b${w}\\b`).test(r.log))),
    );
    expect(missing).toEqual([]);
  });

  it("every mode is played by some scenario, and some scenario deals it from the mode's own setup", () => {
    const modes = Object.keys(program.modes);
    expect(modes.filter((m) => !runs.some((r) => r.scen.mode === m))).toEqual([]);
    const dealt = (m: string) => runs.some((r) => r.scen.mode === m && r.scen.start?.setup);
    expect(modes.filter((m) => program.modes[m]!.methods.setup && !dealt(m))).toEqual([]);
  });

  it('every table rule with triggers fires in some scenario', () => {
    const table = Object.keys(program.skills).filter(
      (s) => program.skills[s]!.table && program.skills[s]!.triggers.length > 0,
    );
    expect(table.filter((s) => !runs.some((r) => new RegExp(`\\brule ${s}\\b`).test(r.log)))).toEqual([]);
  });

  it('every skill of every general is exercised by some scenario', () => {
    const skills = new Set(Object.values(program.generals).flatMap((g) => g.skills));
    const missing = [...skills].filter((s) => {
      const sk = program.skills[s]!;
      if (runs.some((r) => new RegExp(`\\b${s}\\b`).test(r.log))) return false;
      const valueOnly = sk.triggers.length === 0 && sk.actives.length === 0 && sk.viewAs.length === 0;
      const names = [s, sk.zh, sk.en].filter(Boolean) as string[];
      return !(
        valueOnly &&
        runs.some((r) =>
          names.some(
            (n) =>
              r.id.toLowerCase().includes(n.toLowerCase()) ||
              (r.scen.zh ?? '').includes(n) ||
              (r.scen.en ?? '').includes(n),
          ),
        )
      );
    });
    expect(missing).toEqual([]);
  });
});
