// The engine's resolved paths give what the reference interpreter gives on the constructs they take over: calls
// resolved when linked (leaf functions without the memo), `count(xs where …) > 0` stopping at the first hit,
// directly or through a function whose body is the `where`, and `count(zone) > 0` read as whether the zone holds a
// card.
import { describe, expect, it } from 'vitest';
import { Game } from '../runtime/game.ts';
import type { Value } from '../runtime/values.ts';
import { compileOrThrow, inline } from './helpers.ts';

const SRC = `
package tests
zone pile 牌堆 "Pile" shared hidden
property points 分 "Points": int = 0
mode bare 空 "Bare" {
  minPlayers: 2
  maxPlayers: 4
  setup() { return first(players()) }
  play(first: player, from: int?) { endGame(first, "done") }
}
function above(xs: [int], k: int = 2): [int] = xs where it > k
function anyAbove(xs: [int]): bool = count(above(xs)) > 0
function anyAboveK(xs: [int], k: int): bool = count(above(xs, k)) >= 1
function noneAbove(xs: [int]): bool = count(xs where it > 2) == 0
function someAbove(xs: [int]): bool = count(xs where it > 2) != 0
function scored(): bool = count(players() where it.points > 0) > 0
function pileFilled(): bool = count(pile) > 0
function pileEmpty(): bool = count(pile) == 0
function pileAtLeastOne(): bool = count(pile) >= 1
function twice(n: int): int = n * 2
function viaLeaf(n: int): int = twice(n) + twice(n + 1)
`;

function both(): Game[] {
  const program = compileOrThrow(inline(SRC));
  return [true, false].map((reference) => new Game(program, { mode: 'bare', players: 3, reference }));
}

describe('resolved paths agree with the reference interpreter', () => {
  const cases: [string, Value[]][] = [
    ['anyAbove', [[1, 2, 3]]],
    ['anyAbove', [[1, 2]]],
    ['anyAbove', [[]]],
    ['anyAboveK', [[1, 5, 9], 5]],
    ['anyAboveK', [[1, 5], 5]],
    ['noneAbove', [[3, 1]]],
    ['noneAbove', [[1, 2]]],
    ['someAbove', [[0, 7]]],
    ['someAbove', [[0]]],
    ['viaLeaf', [4]],
    ['pileFilled', []],
    ['pileEmpty', []],
    ['pileAtLeastOne', []],
  ];
  it.each(cases)('%s(%j) is the same on both', (fn, args) => {
    const [ref, res] = both();
    expect(res!.callFunction(fn, args, '')).toBe(ref!.callFunction(fn, args, ''));
  });

  it('count(players() where …) > 0 reads the state as it is now', () => {
    for (const g of both()) {
      expect(g.callFunction('scored', [], '')).toBe(false);
      g.state.players[2]!.v.points = 1;
      g.touch();
      expect(g.callFunction('scored', [], '')).toBe(true);
    }
  });

  it('a call to a function the program lacks fails alike on both', () => {
    const [ref, res] = both();
    const run = (g: Game) => () => g.callFunction('noSuchFunction', [], 'x.sgs:1:1');
    expect(run(ref!)).toThrow('no function noSuchFunction');
    expect(run(res!)).toThrow('no function noSuchFunction');
  });
});
