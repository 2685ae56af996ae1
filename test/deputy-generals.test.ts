// 副将模式 (rules/modes/deputyGenerals.sgs): the set-up a scenario skips. After the generals are chosen as in the
// identity game, every general of the pool that nobody took — and no other, and no god — is in the deck as a general
// card whose suit is its kingdom's and whose rank is its number; the cards are conserved and hidden like any other.
import { describe, expect, it } from 'vitest';
import { Game } from '../runtime/game.ts';
import { StateWatch } from '../runtime/index.ts';
import { viewFor } from '../runtime/view.ts';
import { rulesProgram } from './helpers.ts';

const program = rulesProgram();
const SUIT: Record<string, string> = { shu: 'heart', wu: 'diamond', wei: 'club', qun: 'spade' };

/** A game set up and dealt: every general question answered with its first option. */
function dealt(players: number, seed: number, options: Record<string, unknown> = {}) {
  const g = new Game(program, { mode: 'deputyGenerals', players, seed, options });
  const watch = new StateWatch(g);
  g.start();
  while (g.pending && g.pending.prompt !== 'play' && g.state.players.some((p) => p.v.general === null)) {
    expect(g.answer([0]).ok).toBe(true);
  }
  while (g.pending?.prompt.startsWith('choose')) expect(g.answer([0]).ok).toBe(true);
  expect(g.state.error).toBeNull();
  return { g, watch };
}

/** Each general's number: its place among its kingdom's generals in the mode's own order. */
function numberOf(g: Game, id: string): number {
  return g.callFunction('deputyNumber', [id], 'test') as number;
}

function inPool(id: string, all: boolean): boolean {
  const gen = program.generals[id]!;
  if (gen.fields.kingdom === 'god') return false;
  return all || (gen.package !== 'wind' && gen.package !== 'fire');
}

describe('副将模式: the unused generals are shuffled into the deck', () => {
  for (const [players, all] of [
    [5, false],
    [8, false],
    [5, true],
    [8, true],
  ] as const) {
    it(`${players} players, ${all ? 'every package' : 'the standard generals'}`, () => {
      const { g, watch } = dealt(players, 11, all ? { deputyPool: 'deputyAllGenerals' } : {});
      const taken = new Set(g.state.players.map((p) => String(p.v.general)));
      const expected = Object.keys(program.generals).filter((id) => inPool(id, all) && !taken.has(id));
      const made = g.state.cards.filter((c) => c.kind === 'generalCard');
      expect(made).toHaveLength(expected.length);
      const faces = made.map((c) => `${c.suit} ${c.rank}`).sort();
      const want = expected
        .map((id) => `${SUIT[String(program.generals[id]!.fields.kingdom)]} ${numberOf(g, id)}`)
        .sort();
      expect(faces).toEqual(want);
      // every card stands for one general: no two share a face, and each card names it (depicts)
      expect(new Set(faces).size).toBe(faces.length);
      expect(made.map((c) => c.depicts).sort()).toEqual([...expected].sort());
      // the standard deck and the general cards, all in play; nothing broken
      expect(g.state.cards).toHaveLength(108 + expected.length);
      expect(watch.check('after the deal')).toBeNull();
      // a general card someone was dealt is hidden from the others like any hand card
      for (const p of g.state.players) {
        const mine = (g.state.zones[`hand:${p.seat}`] ?? []).filter((c) => c.kind === 'generalCard');
        for (const other of g.state.players.filter((q) => q !== p)) {
          const seen = viewFor(g, other.seat).zones[`hand:${p.seat}`]!;
          expect(seen.cards ?? []).not.toContainEqual(expect.objectContaining({ kind: 'generalCard' }));
        }
        if (mine.length)
          expect(viewFor(g, p.seat).zones[`hand:${p.seat}`]!.cards).toContainEqual(
            expect.objectContaining({ kind: 'generalCard', depicts: mine[0]!.depicts }),
          );
      }
    });
  }

  it('numbers the standard generals as printed and the expansions after them, per kingdom', () => {
    const { g } = dealt(5, 1);
    expect(['caocao', 'zhenji', 'xiahouyuan', 'dianwei', 'xunyu'].map((id) => numberOf(g, id))).toEqual([
      1, 7, 8, 10, 11,
    ]);
    expect(['liubei', 'huangyueying', 'pangtong'].map((id) => numberOf(g, id))).toEqual([1, 7, 11]);
    expect(['sunquan', 'sunshangxiang', 'zhoutai', 'taishici'].map((id) => numberOf(g, id))).toEqual([1, 8, 10, 11]);
    expect(['huatuo', 'lvbu', 'diaochan', 'pangde'].map((id) => numberOf(g, id))).toEqual([1, 2, 3, 8]);
  });
});
