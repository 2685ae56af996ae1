// The first edition (option edition = firstEdition) where it touches the mode's setup, which scenarios skip:
// 甘宁 is never offered to the lord, and the lord's +1 max HP applies with four players too.
import { describe, expect, it } from 'vitest';
import { Game } from '../runtime/game.ts';
import { loadSources } from '../compiler/node/load.ts';
import { runScenario } from '../runtime/scenario.ts';
import { compileOrThrow, inline, rulesProgram } from './helpers.ts';

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

  it('plays the 104 cards of the first edition: none of the four EX cards', () => {
    const deck = (options: Record<string, unknown>) =>
      new Game(rulesProgram(), { mode: 'identity', players: 5, seed: 1, options }).state.cards;
    const first = deck({ edition: 'firstEdition' });
    expect(first.length).toBe(104);
    expect(first.some((c) => c.kind === 'iceSword' || c.kind === 'niohShield')).toBe(false);
    expect(deck({}).length).toBe(108);
    // With the 军争 cards as well, the deck that option names (standard, EX and 军争).
    expect(deck({ edition: 'firstEdition', cardDeck: 'withManeuvering' }).length).toBe(160);
  });
});

// The first edition's turn has no start phase and no finish phase: a skill that would act in them never does, and
// no window of those phases opens. A probe skill, given to a seat by a test scenario, logs every phase window.
describe('first edition turn', () => {
  const probe = (edition: string) => `package feTurnProbe
import core
import standard
import identity

skill feProbe 探查 "Probe" locked {
  on beforePhase(you) { log("before {0}", event.phase) }
  on phaseStart(you) { log("start of {0}", event.phase) }
  on phaseEnd(you) { log("end of {0}", event.phase) }
}

scenario feProbeTurn 回合探查 "A whole turn and the start of the next" {
  mode identity
  option edition = ${edition}
  seat a { general: lvbu, role: rebel, skills: [feProbe] }
  seat b { general: caocao, role: lord, hand: [dilu ♣5] }
  deck: [jink ♦2, jink ♦3, jink ♦4, jink ♦5]
  start a
  expect turnPlayer == b
}
`;
  const phasesSeen = (edition: string) => {
    const program = compileOrThrow([...loadSources(['rules']), ...inline(probe(edition), 'probe.sgs')]);
    const r = runScenario(program, 'feProbeTurn');
    expect(r.ok, JSON.stringify(r.failure)).toBe(true);
    return r.log.filter((l) => /^(before|start of|end of) /.test(l));
  };

  it('has the judge, draw, play and discard phases only', () => {
    const seen = phasesSeen('firstEdition');
    for (const w of ['before', 'start of', 'end of'])
      expect(seen.filter((l) => l.startsWith(`${w} `))).toEqual(
        ['judgePhase', 'drawPhase', 'playPhase', 'discardPhase'].map((ph) => `${w} ${ph}`),
      );
  });

  it('the standard edition has the start and finish phases too', () => {
    const seen = phasesSeen('standardEdition');
    expect(seen).toContain('start of startPhase');
    expect(seen).toContain('end of finishPhase');
    expect(seen.filter((l) => l.startsWith('start of '))).toHaveLength(6);
  });
});
