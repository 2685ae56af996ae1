// The engine implements exactly the builtin table (runtime/builtin-table.ts): every name in the map its effect
// calls for, none missing, none extra; pure and changing builtins are plain functions, asking ones generators.
import { describe, expect, it } from 'vitest';
import { BUILTINS, type BuiltinEffect } from '../runtime/builtin-table.ts';
import { asks, builtins, changes, pure } from '../runtime/builtins.ts';

const GeneratorFunction = Object.getPrototypeOf(function* () {}).constructor;
const maps: Record<BuiltinEffect, Record<string, unknown>> = { pure, changes, asks };
const namesWith = (effect: BuiltinEffect) =>
  Object.keys(BUILTINS)
    .filter((k) => BUILTINS[k]!.effect === effect)
    .sort();

describe('builtins implement the builtin table', () => {
  for (const effect of ['pure', 'changes', 'asks'] as const) {
    it(`the ${effect} map holds exactly the table's ${effect} builtins`, () => {
      const implemented = Object.keys(maps[effect]).sort();
      const missing = namesWith(effect).filter((k) => !implemented.includes(k));
      const extra = implemented.filter((k) => BUILTINS[k]?.effect !== effect);
      expect({ missing, extra }).toEqual({ missing: [], extra: [] });
    });
  }

  it('every name in the table is implemented exactly once', () => {
    for (const name of Object.keys(BUILTINS)) {
      const homes = (Object.keys(maps) as BuiltinEffect[]).filter((e) => name in maps[e]);
      expect({ name, homes }).toEqual({ name, homes: [BUILTINS[name]!.effect] });
    }
  });

  it('pure and changing builtins are synchronous, asking ones are generators', () => {
    for (const [name, fn] of Object.entries({ ...pure, ...changes })) {
      expect({ name, generator: fn instanceof GeneratorFunction }).toEqual({ name, generator: false });
    }
    for (const [name, fn] of Object.entries(asks)) {
      expect({ name, generator: fn instanceof GeneratorFunction }).toEqual({ name, generator: true });
    }
  });

  it('the linker sees the same names: calls are pure or changing, asks ask', () => {
    expect(Object.keys(builtins.call).sort()).toEqual([...namesWith('pure'), ...namesWith('changes')].sort());
    expect(Object.keys(builtins.ask).sort()).toEqual(namesWith('asks'));
  });
});
