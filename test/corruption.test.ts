// Planted corruptions: a game is played to a quiet moment, its state is broken in one way (a number that is not a
// whole HP, a card where it cannot lie, a face changed, a winner who did not win…), and the invariants must catch
// each one. The rules' own invariants (`invariant …` in rules/) and the engine's (runtime/invariants.ts) together.
import { describe, expect, it } from 'vitest';
import { RandomAI } from '../ai/random.ts';
import { loadSources } from '../compiler/node/load.ts';
import { checkConsistency, checkInvariants, Game, stateBaseline, StateWatch, type CardObj } from '../runtime/index.ts';
import { setMember } from '../runtime/members.ts';
import { put } from '../runtime/zones.ts';
import { compileOrThrow, rulesProgram } from './helpers.ts';

const program = rulesProgram();

/** A five-player identity game after `decisions` random answers (still running). */
function gameAt(decisions: number, seed = 11): Game {
  const g = new Game(program, { players: 5, seed, keepLog: false });
  const ai = new RandomAI(seed);
  g.start();
  while (g.pending && g.state.decisions < decisions) g.answer(ai.pick(g.pending)!);
  return g;
}

/** A finished five-player game. */
function finished(seed = 11): Game {
  const g = new Game(program, { players: 5, seed, keepLog: false });
  const ai = new RandomAI(seed);
  g.start();
  while (g.pending) g.answer(ai.pick(g.pending)!);
  return g;
}

/** Moves a card the way the engine keeps zones (both sides agree), so that only the planted fact is wrong. */
function place(g: Game, c: CardObj, key: string): void {
  const from = g.state.zones[c.zone]!;
  from.splice(from.indexOf(c), 1);
  (g.state.zones[key] ??= []).push(c);
  c.zone = key;
}

const cardOf = (g: Game, kind: string, notIn?: string) =>
  g.state.cards.find((c) => c.kind === kind && c.zone !== notIn)!;
const living = (g: Game) => g.state.players.filter((p) => p.alive);
const subtypeOf = (kind: string) => program.cards[kind]?.fields.subtype;

interface Corruption {
  what: string;
  /** The line that must report it. */
  caught: RegExp;
  game?: () => Game;
  plant: (g: Game) => void;
}

const corruptions: Corruption[] = [
  { what: 'HP is NaN', caught: /p1\.hp is NaN, not a whole number/, plant: (g) => (living(g)[0]!.v.hp = Number.NaN) },
  { what: 'HP is 2.5', caught: /hp is 2\.5, not a whole number/, plant: (g) => (living(g)[0]!.v.hp = 2.5) },
  { what: 'HP is the text "3"', caught: /hp is "3", not a whole number/, plant: (g) => (living(g)[0]!.v.hp = '3') },
  {
    what: 'HP is Infinity',
    caught: /hp is Infinity, not a whole number/,
    plant: (g) => (living(g)[0]!.v.hp = Number.POSITIVE_INFINITY),
  },
  {
    what: 'a living player has max HP 0',
    caught: /invariant maxHpAboveZero/,
    plant: (g) => {
      const p = living(g)[0]!;
      p.v.maxHp = 0;
      p.v.hp = 0;
    },
  },
  {
    what: 'a dead player has 4 HP',
    caught: /invariant deadKeepTheirHp/,
    plant: (g) => {
      const p = living(g)[1]!;
      for (const c of g.state.cards.filter((c) => c.zone.endsWith(`:${p.seat}`))) place(g, c, 'discardPile');
      p.alive = false;
      p.v.hp = 4;
    },
  },
  {
    what: 'two weapons equipped',
    caught: /invariant oneCardPerSlot/,
    plant: (g) => {
      const p = living(g)[0]!;
      const weapons = g.state.cards.filter((c) => subtypeOf(c.kind) === 'weapon' && c.zone !== `equip:${p.seat}`);
      for (const w of weapons.slice(0, 2)) place(g, w, `equip:${p.seat}`);
    },
  },
  {
    what: 'a 杀 in an equipment area',
    caught: /invariant equipmentOnly/,
    plant: (g) => place(g, cardOf(g, 'slash'), `equip:${living(g)[0]!.seat}`),
  },
  {
    what: 'a 桃 in a judge area',
    caught: /invariant delayedTricksOnly/,
    plant: (g) => place(g, cardOf(g, 'peach'), `judgeArea:${living(g)[0]!.seat}`),
  },
  {
    what: "a card's kind changed",
    caught: /\(peach ♠7\) was dealt as slash ♠7/,
    plant: (g) => (cardOf(g, 'slash').kind = 'peach'),
  },
  {
    what: "a card's suit changed",
    caught: /was dealt as duel ♠A/,
    plant: (g) => (g.state.cards[0]!.suit = g.state.cards[0]!.suit === 'spade' ? 'heart' : 'spade'),
  },
  {
    what: "a card's face duplicated (one card made the copy of another)",
    caught: /card #1 \(duel ♠A\) was dealt as duel ♣A/,
    plant: (g) => {
      const [a, b] = [g.state.cards[0]!, g.state.cards[1]!];
      Object.assign(b, { kind: a.kind, suit: a.suit, rank: a.rank });
    },
  },
  {
    what: 'game over with the wrong winners',
    caught: /invariant victoryKept/,
    game: finished,
    plant: (g) => {
      const over = g.state.over!;
      over.winners = over.winners === 'rebelSide' ? 'lordSide' : 'rebelSide';
    },
  },
  {
    what: 'game over naming a seat that did not win',
    caught: /invariant victoryKept/,
    game: finished,
    plant: (g) => {
      const over = g.state.over!;
      const loser = g.state.players.find((p) => !over.players?.includes(p.seat))!;
      over.players = [...(over.players ?? []), loser.seat];
    },
  },
  { what: 'the current seat is 99', caught: /the current seat is 99/, plant: (g) => (g.state.current = 99) },
  {
    what: 'the RNG state holds NaN',
    caught: /the RNG state is not four 32-bit integers: \[NaN,/,
    plant: (g) => (g.state.rng[0] = Number.NaN),
  },
  {
    what: 'a use counter is negative',
    caught: /use counter .* is -1/,
    plant: (g) => {
      g.state.uses.turn = { ...(g.state.uses.turn ?? {}), 'slash:t:0:0': -1 };
    },
  },
  {
    what: 'a card in a zone that the rules do not declare',
    caught: /is in no zone \(it claims nowhere, which is not a zone the rules declare\)/,
    plant: (g) => place(g, cardOf(g, 'jink'), 'nowhere'),
  },
  {
    what: 'a card in the hand of a seat that does not exist',
    caught: /it claims hand:7, which is the zone of no seat/,
    plant: (g) => place(g, cardOf(g, 'jink'), 'hand:7'),
  },
  {
    what: 'a role that the rules do not declare',
    caught: /role is "emperor", not one of the role values/,
    plant: (g) => (living(g)[0]!.v.role = 'emperor'),
  },
  {
    what: 'a player that is alive is not a boolean',
    caught: /alive is 1, not true or false/,
    plant: (g) => ((living(g)[0]! as { alive: unknown }).alive = 1),
  },
  {
    what: 'the decision counter is negative',
    caught: /the decision counter is -3/,
    plant: (g) => (g.state.decisions = -3),
  },
];

describe('planted corruptions', () => {
  it.each(corruptions.map((c) => [c.what, c] as const))('catches: %s', (_what, c) => {
    const g = (c.game ?? (() => gameAt(60)))();
    const watch = new StateWatch(g, false);
    expect(watch.now()).toEqual([]);
    c.plant(g);
    g.touch(); // a direct edit, as a tool would make it
    expect(watch.now().join('\n')).toMatch(c.caught);
  });
});

describe('the watch of a running game', () => {
  it.each(corruptions.map((c) => [c.what, c] as const))(
    'catches within a few dozen checks, though the engine did not see the edit: %s',
    (_what, c) => {
      const g = (c.game ?? (() => gameAt(60)))();
      const watch = new StateWatch(g, false);
      expect(watch.check('before')).toBeNull();
      c.plant(g);
      let checks = 0;
      while (watch.broken === null && checks < 64) watch.check(`check ${++checks}`);
      expect(watch.broken).toMatch(c.caught);
    },
  );

  const seat = (g: Game) => living(g)[0]!;
  const zone = (z: string, g: Game) => ({ t: 'z' as const, zone: z, owner: seat(g) });
  const written: Corruption[] = [
    {
      what: 'HP set to 2.5',
      caught: /hp is 2\.5, not a whole number/,
      plant: (g) => setMember(g, seat(g), 'hp', 2.5, ''),
    },
    {
      what: 'max HP set to 0',
      caught: /invariant maxHpAboveZero/,
      plant: (g) => {
        setMember(g, seat(g), 'hp', 0, '');
        setMember(g, seat(g), 'maxHp', 0, '');
      },
    },
    {
      what: 'a 杀 put in an equipment area',
      caught: /invariant equipmentOnly/,
      plant: (g) => put(g, [cardOf(g, 'slash', `equip:${seat(g).seat}`)], zone('equip', g), true),
    },
    {
      what: 'a 桃 put in a judge area',
      caught: /invariant delayedTricksOnly/,
      plant: (g) => put(g, [cardOf(g, 'peach')], zone('judgeArea', g), true),
    },
    {
      what: 'a player set dead with cards in hand (not the one whose turn it is: the running events name them)',
      caught: /invariant deadHoldNothing/,
      plant: (g) => {
        const p = living(g)[1]!;
        setMember(g, p, 'hpAtDeath', p.v.hp!, '');
        setMember(g, p, 'alive', false, '');
      },
    },
  ];

  it.each(written.map((c) => [c.what, c] as const))(
    'catches at the next check, which looks only at what was written: %s',
    (_what, c) => {
      const g = gameAt(60);
      const watch = new StateWatch(g, false);
      expect(watch.check('before')).toBeNull();
      c.plant(g);
      expect(watch.check('after')).toMatch(c.caught);
    },
  );
});

describe('the engine and the rules on the toy game', () => {
  const toy = compileOrThrow(loadSources(['test/fixtures/toy']));
  const all = (g: Game, base = stateBaseline(g)) => [
    ...checkConsistency(g, base),
    ...checkInvariants(g).map((v) => v.message),
  ];
  const started = () => {
    const g = new Game(toy, { players: 3, seed: 4 });
    g.start();
    expect(g.pending).not.toBeNull();
    return g;
  };

  it('a freshly started game is sound', () => {
    const g = started();
    expect(all(g, stateBaseline(g))).toEqual([]);
  });

  it('catches a card in two zones, in the wrong zone, in no zone, or a card that vanished', () => {
    let g = started();
    let base = stateBaseline(g);
    const card = g.state.zones.drawPile![0]!;
    g.state.zones.discardPile!.push(card);
    expect(all(g, base).join('\n')).toMatch(/is in drawPile and in discardPile/);

    g = started();
    base = stateBaseline(g);
    g.state.zones.drawPile![0]!.zone = 'hand:1';
    expect(all(g, base).join('\n')).toMatch(/lies in drawPile but says it is in hand:1/);

    g = started();
    base = stateBaseline(g);
    g.state.zones.drawPile!.shift();
    expect(all(g, base).join('\n')).toMatch(/is in no zone/);

    g = started();
    base = stateBaseline(g);
    g.state.cards.pop();
    expect(all(g, base).join('\n')).toMatch(/card count changed: 14 at the start, 13 now/);
  });

  it('checks the invariants the rules declare, each named: HP above max HP, a living player at 0 HP, the dead holding cards, a whole-game one', () => {
    let g = started();
    g.state.players[1]!.v.hp = 5;
    expect(all(g)).toEqual(['invariant hpCapped "HP is at most max HP" is broken for p2']);

    g = started();
    g.state.players[2]!.v.hp = 0;
    expect(all(g)).toEqual(['invariant alivePositive "The living have HP" is broken for p3']);

    g = started();
    g.state.players[0]!.alive = false;
    expect(all(g)).toEqual(['invariant deadEmptyHanded "The out hold nothing" is broken for p1']);

    g = started();
    for (const p of g.state.players) {
      p.alive = false;
      put(g, [...g.state.zones[`hand:${p.seat}`]!], { t: 'z', zone: 'discardPile', owner: null }, false);
    }
    expect(all(g)).toEqual(['invariant someoneStands "Someone is still in" is broken']);
  });

  it('checks the engine itself: the RNG state and values of properties declared int', () => {
    let g = started();
    g.state.rng[2] = 0.5;
    expect(all(g).join('\n')).toMatch(/the RNG state is not four 32-bit integers/);

    g = started();
    g.state.players[0]!.v.hp = 'three';
    expect(all(g)).toContain('p1.hp is "three", not a whole number');
  });
});
