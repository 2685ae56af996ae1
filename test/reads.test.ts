// Cached pure results (runtime/reads.ts): a result is reused only while nothing it read has changed. Played games
// check every reuse (and every per-seat trigger list of windows.ts) against a fresh computation
// (GameOptions.checkReads); small programs show what a write drops.
import { describe, expect, it } from 'vitest';
import { playGame } from '../cli/play.ts';
import { DIFF_CASES } from '../bench/differential-cases.ts';
import { byRole } from '../ai/by-role.ts';
import { deriveSeed } from '../runtime/index.ts';
import { Game } from '../runtime/game.ts';
import type { Value } from '../runtime/values.ts';
import { runSync } from '../runtime/sync.ts';
import { put } from '../runtime/zones.ts';
import { CacheTally, Reads } from '../runtime/reads.ts';
import { loadCompiled } from '../compiler/node/compiled.ts';
import { compileOrThrow, inline, rulesProgram } from './helpers.ts';

const SRC = `
package tests
zone pile 牌堆 "Pile" shared hidden
property points 分 "Points": int = 0
property marks 记 "Marks": int = 0
mode bare 空 "Bare" {
  minPlayers: 2
  maxPlayers: 4
  setup() { return first(players()) }
  play(first: player, from: int?) { endGame(first, "done") }
}
function bonus(p: player): int = p.points * 2
# Hooks: what calls two is cached; what calls only leaves is a leaf itself, and what calls one hook besides is thin
# (runtime/link.ts memoised): both are computed at every call, the hook's result kept on its own.
hook extra 额外 "Extra" (p: player): int = sum
hook more 更多 "More" (p: player): int = sum
function score(p: player): int = bonus(p) + extra(p) + more(p) + 1
function plain(p: player): int = bonus(p) + 1
function thin(p: player): int = bonus(p) + extra(p) + 1
`;

/** A package for two seats: a card type and suits, a hidden pile dealt from the deck `chips` the declarations
 *  give, and a mode that ends the game at once (the tests call the rules' functions and run events by hand). */
function twoSeats(pkg: string, declarations: string): string {
  return `package ${pkg}
enum cardType 类别 "Type" { plain 普通 "Plain" }
enum suit 花色 "Suit" { spade 黑桃 "Spade", heart 红桃 "Heart", club 梅花 "Club", diamond 方块 "Diamond" }
zone pile 牌堆 "Pile" shared hidden
${declarations}mode bare 空 "Bare" {
  minPlayers: 2
  maxPlayers: 2
  decks: chips
  deckZone: pile
  setup() { return first(players()) }
  play(first: player, from: any) { endGame(first, "done") }
}
`;
}

function game(): Game {
  return new Game(compileOrThrow(inline(SRC)), { mode: 'bare', players: 2, seed: 1 });
}

describe('cached pure results', () => {
  it.each(['resolved', 'compiled'] as const)(
    'reuse in played games only what computing again gives (every kind of game the differential plays, %s)',
    async (engine) => {
      const program = rulesProgram();
      if (engine === 'compiled') await loadCompiled(program);
      let hits = 0;
      DIFF_CASES.forEach((c, k) => {
        for (let i = 0; i < 2; i++) {
          const seed = deriveSeed(11 + k, i, 'game');
          const r = playGame(program, {
            seed,
            aiSeed: deriveSeed(11 + k, i, 'ai'),
            players: c.players,
            options: c.options,
            policy: byRole(c.ai),
            invariants: false,
            checkReads: true,
            engine,
          });
          expect(r.outcome, r.message).not.toBe('error');
          hits += r.game!.reads!.counts.hits;
        }
      });
      expect(hits).toBeGreaterThan(1000);
    },
    240_000,
  );

  it('are computed again after a write to what they read, and kept after a write to anything else', () => {
    const g = game();
    const p = g.state.players[0]!;
    expect(g.callFunction('score', [p], '')).toBe(1);
    const before = g.reads!.counts;
    expect(g.callFunction('score', [p], '')).toBe(1);
    expect(g.reads!.counts.hits).toBe(before.hits + 1);
    g.setMember(p, 'marks', 5, '');
    g.setMember(g.state.players[1]!, 'points', 5, '');
    expect(g.callFunction('score', [p], '')).toBe(1);
    expect(g.reads!.counts.hits).toBe(before.hits + 2);
    g.setMember(p, 'points', 3, '');
    expect(g.callFunction('score', [p], '')).toBe(7);
  });

  it.each([
    ['plain', 'a function that calls only leaves: it is a leaf too'],
    ['thin', 'a thin function (leaves and one cached call)'],
  ])('are not kept for %s, %s: computed at every call', (fn) => {
    const g = game();
    const p = g.state.players[0]!;
    const before = g.reads!.counts;
    expect(g.callFunction(fn, [p], '')).toBe(1);
    expect(g.callFunction(fn, [p], '')).toBe(1);
    expect(g.reads!.counts).toEqual(before);
    g.setMember(p, 'points', 2, '');
    expect(g.callFunction(fn, [p], '')).toBe(5);
  });

  it('are all dropped when a change made from outside the rules is announced with touch()', () => {
    const g = game();
    const p = g.state.players[0]!;
    expect(g.callFunction('score', [p], '')).toBe(1);
    p.v.points = 4;
    g.touch();
    expect(g.callFunction('score', [p], '')).toBe(9);
  });

  it('survive an event that resets what they read to the value it already has', () => {
    const src = SRC.replace('"Points": int = 0', '"Points": int = 0 reset at tick').replace(
      'mode bare',
      'event tick 刻 "Tick" () { }\nmode bare',
    );
    const g = new Game(compileOrThrow(inline(src)), { mode: 'bare', players: 2, seed: 1 });
    const p = g.state.players[0]!;
    const tick = () => runSync(g.runEvent('tick', [], ''));
    expect(g.callFunction('score', [p], '')).toBe(1);
    const before = g.reads!.counts;
    tick(); // points are 0 already: nothing is written
    expect(g.callFunction('score', [p], '')).toBe(1);
    expect(g.reads!.counts).toEqual({ hits: before.hits + 1, misses: before.misses });
    g.setMember(p, 'points', 3, '');
    expect(g.callFunction('score', [p], '')).toBe(7);
    tick(); // back to 0: written, and what read it is computed again
    expect(g.callFunction('score', [p], '')).toBe(1);
  });

  it.each(['resolved', 'compiled', 'reference'] as const)(
    'see every seat reset whose value was written since the last reset, an empty list default too (%s)',
    async (engine) => {
      // An event's resets pass over a property no seat's was written since the last one (Reads.propWrittenAfter),
      // and over a seat whose value was not: the writes between resets decide which seats are reset.
      const src = SRC.replace('"Points": int = 0', '"Points": int = 0 reset at tick')
        .replace('"Marks": int = 0', '"Marks": [int] = [] reset at tick')
        .replace('mode bare', 'event tick 刻 "Tick" () { }\nmode bare');
      const program = compileOrThrow(inline(src));
      if (engine === 'compiled') await loadCompiled(program);
      const g = new Game(program, { mode: 'bare', players: 2, seed: 1, engine });
      const [a, b] = [g.state.players[0]!, g.state.players[1]!];
      const tick = () => runSync(g.runEvent('tick', [], ''));
      const values = () => [a.v.points, a.v.marks, b.v.points, b.v.marks];
      tick();
      expect(values()).toEqual([0, [], 0, []]);
      g.setMember(b, 'marks', [3], '');
      tick();
      expect(values()).toEqual([0, [], 0, []]);
      tick(); // nothing written since
      expect(values()).toEqual([0, [], 0, []]);
      g.setMember(a, 'points', 2, '');
      g.setMember(a, 'marks', [1, 2], '');
      expect(values()).toEqual([2, [1, 2], 0, []]);
      tick();
      expect(values()).toEqual([0, [], 0, []]);
    },
  );

  it.each(['resolved', 'compiled'] as const)(
    'that asked only whether a zone holds a card survive its cards coming and going while that stays so (%s)',
    async (engine) => {
      // `count(hand(p)) > 0` reads whether the hand holds a card (zones.ts zoneFilled), not which cards it holds.
      // (The functions call two hooks, so that their results are kept: a leaf, and a thin function, are not.)
      const src = twoSeats(
        'emptiness',
        `
zone hand 手牌 "Hand" per player hidden
card chip 筹 "Chip" { type: plain }
deck chips 筹码 "Chips" { chip: ♠A, ♠2, ♠3 }
event deal 发 "Deal" (p: player, n: int) { put(top(pile, n), hand(p)) }
event drop 弃 "Drop" (p: player) { put(top(cards(hand(p)), 1), pile) }
hook blocked 阻 "Blocked" (p: player): bool = any
hook barred 禁 "Barred" (p: player): bool = any
function holding(p: player): bool = not blocked(p) and not barred(p) and count(hand(p)) > 0
function empty(p: player): bool = not blocked(p) and not barred(p) and count(hand(p)) == 0
`,
      );
      const program = compileOrThrow(inline(src));
      if (engine === 'compiled') await loadCompiled(program);
      const g = new Game(program, { mode: 'bare', players: 2, seed: 1, checkReads: true, engine });
      const p = g.state.players[0]!;
      const run = (ev: string, args: Value[]) => runSync(g.runEvent(ev, args, ''));
      const ask = () => [g.callFunction('holding', [p], ''), g.callFunction('empty', [p], '')];
      expect(ask()).toEqual([false, true]);
      run('deal', [p, 2]);
      expect(ask()).toEqual([true, false]);
      const before = g.reads!.counts;
      run('deal', [p, 1]); // three cards now: still holding
      run('drop', [p]);
      expect(ask()).toEqual([true, false]);
      expect(g.reads!.counts).toEqual({ hits: before.hits + 2, misses: before.misses });
      run('drop', [p]);
      run('drop', [p]); // none left
      expect(ask()).toEqual([false, true]);
      expect(g.reads!.counts.misses).toBe(before.misses + 2);
    },
  );

  it('see a skill granted once a card gives a seat a skill that grants, at a table that had none', () => {
    // Without a granting skill at the table, seats' skills are kept as in a program without grants (skills.ts
    // grantsLive). A card that gives one seat such a skill changes another seat's skills too: what read those
    // before must be computed again (checkReads computes every reuse again and stops the game on a difference).
    const src = twoSeats(
      'grantsLater',
      `
zone board 场上 "Board" per player public grants
property points 分 "Points": int = 0
card banner 旗帜 "Banner" { type: plain  skills: patron }
deck chips 筹码 "Chips" { banner: ♠A }
skill helper 助 "Helper" { }
skill patron 庇 "Patron" { grants helper to others where it.points > 0 }
event wear 穿 "Wear" (p: player) { put(cards(pile), board(p)) }
function has(p: player, s: skill): bool = hasSkill(p, s)
function helped(p: player): bool = has(p, helper)
`,
    );
    const g = new Game(compileOrThrow(inline(src)), { mode: 'bare', players: 2, seed: 1, checkReads: true });
    const [a, b] = [g.state.players[0]!, g.state.players[1]!];
    g.setMember(b, 'points', 1, '');
    expect(g.callFunction('helped', [b], '')).toBe(false);
    expect(g.callFunction('helped', [b], '')).toBe(false);
    runSync(g.runEvent('wear', [a], ''));
    expect(g.callFunction('helped', [b], '')).toBe(true);
    g.setMember(b, 'points', 0, '');
    expect(g.callFunction('helped', [b], '')).toBe(false);
  });

  it('see a card filter once a card gives a seat a skill with one, at a table that had none', () => {
    // Without a filter skill at the table, cards read as printed and cached results do not depend on their holders'
    // skills (skills.ts filtersLive). A card that gives a seat such a skill changes how that seat's cards read:
    // what read them before must be computed again (checkReads computes every reuse again and compares).
    const src = twoSeats(
      'filtersLater',
      `
zone hand 手牌 "Hand" per player owner
zone board 场上 "Board" per player public grants
card mask 面具 "Mask" { type: plain  skills: blush }
card stone 石 "Stone" { type: plain }
deck chips 筹码 "Chips" { mask: ♣A  stone: ♠2 }
skill blush 红 "Blush" {
  filter where it.suit == spade set suit = heart
}
event wear 穿 "Wear" (p: player) { put(cards(pile) where it.kind == mask, board(p)) }
event take 拿 "Take" (p: player) { put(cards(pile) where it.kind == stone, hand(p)) }
function suitOf(c: card): suit = c.suit
function hearts(p: player): int = count(cards(hand(p)) where suitOf(it) == heart)
`,
    );
    const g = new Game(compileOrThrow(inline(src)), { mode: 'bare', players: 2, seed: 1, checkReads: true });
    const [a, b] = [g.state.players[0]!, g.state.players[1]!];
    runSync(g.runEvent('take', [a], ''));
    expect(g.callFunction('hearts', [a], '')).toBe(0);
    expect(g.callFunction('hearts', [a], '')).toBe(0);
    // The mask on the other seat's board: its filter applies to that seat's cards, not to a's.
    runSync(g.runEvent('wear', [b], ''));
    expect(g.callFunction('hearts', [a], '')).toBe(0);
    // Moved to a's board: a's spade now reads as a heart.
    put(g, g.state.zones['board:1']!.slice(), { t: 'z', zone: 'board', owner: a }, false);
    expect(g.callFunction('hearts', [a], '')).toBe(1);
    expect(g.callFunction('hearts', [a], '')).toBe(1);
  });

  it('see a hook contribution once a card gives a seat a skill that contributes, at a table that had none', () => {
    // A hook that no seat at the table contributes to is its combination's start, without a cached call (hooks.ts
    // nobodyContributes); what reads it then depends on each seat's skills that contribute to the hook.
    const src = twoSeats(
      'hooksLater',
      `
zone board 场上 "Board" per player public grants
property points 分 "Points": int = 0
card charm 护符 "Charm" { type: plain  skills: lucky }
deck chips 筹码 "Chips" { charm: ♣A }
hook bonus 加成 "Bonus" (who: player): int = sum
skill lucky 幸运 "Lucky" {
  modify bonus(who) = 2 if who == you
}
event wear 穿 "Wear" (p: player) { put(cards(pile), board(p)) }
function base(p: player): int = p.points
function score(p: player): int = base(p) + bonus(p)
`,
    );
    const g = new Game(compileOrThrow(inline(src)), { mode: 'bare', players: 2, seed: 1, checkReads: true });
    const [a, b] = [g.state.players[0]!, g.state.players[1]!];
    expect(g.callFunction('score', [a], '')).toBe(0);
    expect(g.callFunction('score', [a], '')).toBe(0);
    // The charm on b's board: b's skill contributes to b's bonus only.
    runSync(g.runEvent('wear', [b], ''));
    expect(g.callFunction('score', [a], '')).toBe(0);
    expect(g.callFunction('score', [b], '')).toBe(2);
    put(g, g.state.zones['board:1']!.slice(), { t: 'z', zone: 'board', owner: a }, false);
    expect(g.callFunction('score', [a], '')).toBe(2);
    expect(g.callFunction('score', [b], '')).toBe(0);
    g.setMember(a, 'points', 1, '');
    expect(g.callFunction('score', [a], '')).toBe(3);
  });

  /** Two seats, no cards; the declarations' table rules contribute to their hooks for everyone. */
  const bareWith = (pkg: string, declarations: string) => `package ${pkg}
property points 分 "Points": int = 0
mode bare 空 "Bare" {
  minPlayers: 2
  maxPlayers: 2
  setup() { return first(players()) }
  play(first: player, from: any) { endGame(first, "done") }
}
${declarations}`;

  it("are reused inside another hook's evaluation when the hooks they consulted cut no regress", () => {
    // score consults two hooks; outer's contribution asks for score. A result that consulted a hook used to be
    // computed again wherever any hook was being evaluated (as skillEnabled, inside every hook's contributions).
    const src = bareWith(
      'hooksInside',
      `
hook bonus 加成 "Bonus" (who: player): int = sum
hook extra 额外 "Extra" (who: player): int = sum
hook outer 外 "Outer" (who: player): int = sum
rule boni 加 "Boni" after skills {
  modify bonus(who) = who.points + 1
  modify extra(who) = 2
  modify outer(who) = score(who) * 10
}
function score(p: player): int = bonus(p) + extra(p)
function wrapped(p: player): int = outer(p)
`,
    );
    const g = new Game(compileOrThrow(inline(src)), { mode: 'bare', players: 2, seed: 1, checkReads: true });
    const a = g.state.players[0]!;
    expect(g.callFunction('score', [a], '')).toBe(3);
    const before = g.reads!.counts.hits;
    expect(g.callFunction('wrapped', [a], '')).toBe(30);
    expect(g.reads!.counts.hits).toBeGreaterThan(before);
    g.setMember(a, 'points', 2, '');
    expect(g.callFunction('wrapped', [a], '')).toBe(50);
  });

  it('are computed again inside hook evaluations deep enough to cut a regress their own hooks would meet', () => {
    // deep(who, 3) consults deep four levels down and gives 13; evaluated inside deep(who, 9) the fourth level is
    // cut (a hook consulted four times inside itself gives its start), so there it gives 3. The result kept from
    // the first call must not be reused there (checkReads compares every reuse with a fresh computation).
    const src = bareWith(
      'hooksDeep',
      `
hook deep 深 "Deep" (who: player, n: int): int = sum
rule depths 深度 "Depths" after skills {
  modify deep(who, n) = 10 if n == 0
  modify deep(who, n) = 1 + deep(who, n - 1) if n > 0 and n < 9
  modify deep(who, n) = deep(who, 3) if n == 9
}
function level(p: player, n: int): int = deep(p, n)
`,
    );
    for (const engine of ['resolved', 'reference'] as const) {
      const g = new Game(compileOrThrow(inline(src)), { mode: 'bare', players: 2, seed: 1, checkReads: true, engine });
      const a = g.state.players[0]!;
      expect(g.callFunction('level', [a, 3], ''), engine).toBe(13);
      expect(g.callFunction('level', [a, 9], ''), engine).toBe(3);
      expect(g.callFunction('level', [a, 3], ''), engine).toBe(13);
    }
  });
  it('are not kept by the reference interpreter, which keeps its memo', () => {
    const g = new Game(compileOrThrow(inline(SRC)), { mode: 'bare', players: 2, seed: 1, reference: true });
    expect(g.reads).toBeNull();
    expect(g.callFunction('score', [g.state.players[0]!], '')).toBe(1);
  });
});

describe('which tables a game keeps, from the games before it', () => {
  const STATE = { players: [{}, {}], zones: {}, globals: {}, cards: [] };
  const F = { name: 'f' }; // a table's key (a function's reference, for the engine)
  /** A game's cache: `calls` calls of f with the arguments `arg(i)`, its counts added to the run's tally. */
  const game = (tally: CacheTally, calls: number, arg: (i: number) => number) => {
    const r = new Reads(STATE, [], new Map(), false, [], [], tally);
    const t = r.table(F);
    const wasOff = t.off;
    for (let i = 0; i < calls; i++) r.cached(t, r.key1(arg(i)), 0, null, (x: number) => x * 2, arg(i), 0, 0, 0);
    r.addToTally();
    return { wasOff, off: t.off };
  };

  it('start a table off once the games before seldom reused it', () => {
    const tally = new CacheTally();
    // Every argument new: a game turns the table off at its 64th computation; four such games settle it.
    for (let g = 0; g < 4; g++) expect(game(tally, 96, (i) => i)).toEqual({ wasOff: false, off: true });
    expect(game(tally, 96, (i) => i % 2).wasOff).toBe(true); // a game that would reuse it is not asked
  });

  it("give an ended game's arena to the next game, and compute the ended game's calls again", () => {
    const tally = new CacheTally();
    const first = new Reads(STATE, [], new Map(), false, [], [], tally);
    const t = first.table(F);
    const twice = (x: number) => x * 2;
    for (let i = 0; i < 8; i++) first.cached(t, first.key1(i % 4), 0, null, twice, i % 4, 0, 0, 0);
    expect([t.hits, t.misses]).toEqual([4, 4]);
    first.release();
    expect(tally.arenas).toHaveLength(1);
    const next = new Reads(STATE, [], new Map(), false, [], [], tally);
    expect(tally.arenas).toHaveLength(0);
    const u = next.table(F);
    for (let i = 0; i < 4; i++) expect(next.cached(u, next.key1(i), 0, null, twice, i, 0, 0, 0)).toBe(i * 2);
    // The ended game kept nothing: its calls are computed again, and right, while the next game writes the arena.
    for (let i = 0; i < 4; i++) expect(first.cached(t, first.key1(i), 0, null, twice, i, 0, 0, 0)).toBe(i * 2);
    expect([t.hits, t.misses]).toEqual([4, 8]);
    for (let i = 0; i < 4; i++) expect(next.cached(u, next.key1(i), 0, null, twice, i, 0, 0, 0)).toBe(i * 2);
    expect([u.hits, u.misses]).toEqual([4, 4]);
  });

  it('keep a table the games before reused for the whole game, though its first calls miss', () => {
    const tally = new CacheTally();
    // A hundred computations and three hundred reuses a game: the tally settles the table on.
    for (let g = 0; g < 3; g++) expect(game(tally, 400, (i) => Math.floor(i / 4)).off).toBe(false);
    // Every argument new, which alone turns the table off (the test above): kept.
    expect(game(tally, 96, (i) => i)).toEqual({ wasOff: false, off: false });
  });
});
