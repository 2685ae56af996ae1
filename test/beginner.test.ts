// 第一次游戏 (option beginner): no generals and no skills, 4 max HP (the lord 5 with five or more players), and the
// J, Q and K cards set aside before dealing. Scenarios skip the mode's setup, so the option is tested on real games.
import { describe, expect, it } from 'vitest';
import { Game } from '../runtime/game.ts';
import { rulesProgram } from './helpers.ts';

function newGame(players: number, options: Record<string, unknown>, seed = 1): Game {
  const g = new Game(rulesProgram(), { mode: 'identity', players, seed, options });
  g.start();
  return g;
}

/** Answer pending decisions with their first option(s) — an optional one every other time — until `until` holds
 *  (or a cap is reached). */
function playOn(g: Game, until: (g: Game) => boolean, cap = 500): void {
  for (let i = 0; i < cap && g.pending && !until(g); i++) {
    const r = g.pending;
    const n = r.min === 0 ? Math.min(i % 2, r.max) : r.min;
    const res = g.answer([...Array(n).keys()]);
    expect(res.ok).toBe(true);
  }
}

const zoneOf = (z: string) => (z.includes(':') ? z.slice(0, z.indexOf(':')) : z);

describe('beginner game (第一次游戏)', () => {
  it('5 players: no generals, no skills, 4 max HP and 5 for the lord; J, Q, K set aside', () => {
    const g = newGame(5, { beginner: true });
    expect(g.state.error).toBeNull();
    const lord = g.state.players.find((p) => p.v.role === 'lord')!;
    for (const p of g.state.players) {
      expect(p.v.general).toBeNull();
      expect(p.skills).toEqual([]);
      expect(g.skillsOf(p)).toEqual([]);
      expect(p.v.maxHp).toBe(p === lord ? 5 : 4);
      expect(p.v.hp).toBe(p.v.maxHp);
    }
    const court = g.state.cards.filter((c) => c.rank >= 11);
    expect(court.length).toBeGreaterThan(0);
    for (const c of court) expect(c.zone).toBe('removed');
    for (const c of g.state.cards.filter((c) => c.rank <= 10)) expect(zoneOf(c.zone)).not.toBe('removed');
    // every player was dealt 4 cards, none of them a J, Q or K
    const hands = g.state.cards.filter((c) => zoneOf(c.zone) === 'hand');
    expect(hands.length).toBeGreaterThanOrEqual(5 * 4);
    expect(hands.every((c) => c.rank <= 10)).toBe(true);
    expect(g.state.zones.drawPile!.every((c) => c.rank <= 10)).toBe(true);
    expect(g.state.log.some((l) => l.text.includes('J, Q and K cards are set aside'))).toBe(true);
  });

  it('the J, Q, K cards stay out of play: they never come back, even when the discard pile is reshuffled', () => {
    const g = newGame(5, { beginner: true }, 7);
    playOn(g, (x) => x.over, 3000);
    expect(g.state.error).toBeNull();
    expect(g.state.log.some((l) => l.text.includes('shuffled into a new draw pile'))).toBe(true);
    for (const c of g.state.cards.filter((c) => c.rank >= 11)) expect(c.zone).toBe('removed');
  });

  it('4 players: the lord has 4 max HP too (the bonus starts at five players)', () => {
    const g = newGame(4, { beginner: true });
    for (const p of g.state.players) expect(p.v.maxHp).toBe(4);
  });

  it('8 players: only the lord has 5', () => {
    const g = newGame(8, { beginner: true }, 3);
    expect(g.state.players.filter((p) => p.v.maxHp === 5).map((p) => p.v.role)).toEqual(['lord']);
    expect(g.state.players.filter((p) => p.v.maxHp === 4)).toHaveLength(7);
  });

  it('without the option the game has generals, skills and the J, Q, K cards', () => {
    const g = newGame(5, {});
    playOn(g, (x) => x.state.players.every((p) => p.v.general !== null));
    expect(g.state.players.every((p) => p.skills.length > 0)).toBe(true);
    expect(g.state.cards.filter((c) => c.zone === 'removed')).toHaveLength(0);
  });

  it('beginner and first edition together: the first-edition lord bonus applies with four players', () => {
    const g = newGame(4, { beginner: true, edition: 'firstEdition' });
    const lord = g.state.players.find((p) => p.v.role === 'lord')!;
    expect(lord.v.maxHp).toBe(5);
    expect(g.state.players.every((p) => p.skills.length === 0)).toBe(true);
  });
});
