// The first edition (option edition = firstEdition) where it touches the mode's setup, which scenarios skip:
// 甘宁 is never offered to the lord, and the lord's +1 max HP applies with four players too.
import { describe, expect, it } from 'vitest';
import { Game } from '../runtime/game.ts';
import { rulesProgram } from './helpers.ts';

function lordOffers(edition: string, seeds: number): number {
  let withGanning = 0;
  for (let seed = 1; seed <= seeds; seed++) {
    const g = new Game(rulesProgram(), { mode: 'identity', players: 5, seed, options: { edition } });
    g.start();
    const r = g.pending!;
    expect(r.prompt).toBe('choose your general');
    if (r.options.some((o) => o.value === 'ganning')) withGanning++;
  }
  return withGanning;
}

describe('first edition setup', () => {
  it('甘宁 cannot be the lord: he is never among the generals offered to the lord', () => {
    expect(lordOffers('firstEdition', 150)).toBe(0);
    expect(lordOffers('standardEdition', 150)).toBeGreaterThan(0);
  });

  it('the lord has +1 max HP in a 4-player game', () => {
    for (const [edition, bonus] of [
      ['firstEdition', 1],
      ['standardEdition', 0],
    ] as const) {
      const g = new Game(rulesProgram(), { mode: 'identity', players: 4, seed: 5, options: { edition } });
      g.start();
      for (let i = 0; i < 10 && g.pending && g.state.players.some((p) => p.v.general === null); i++) g.answer([0]);
      const lord = g.state.players.find((p) => p.v.role === 'lord')!;
      const hp = rulesProgram().generals[lord.v.general as string]!.fields.hp as number;
      expect(lord.v.maxHp).toBe(hp + bonus);
    }
  });
});
