// Cards the rules make and the skills a card grants from what it is: `makeCard` in a mode's setup (and nowhere else),
// the engine's consistency checks counting the made cards, a card kind's `grantedSkills(c)` read while the card lies
// in a `grants` zone, a mode marked `default: true`, and the text of a card method that gives a value. A tiny game
// that is not Sanguosha.
import { describe, expect, it } from 'vitest';
import { compile } from '../compiler/index.ts';
import { generateTexts } from '../compiler/text/index.ts';
import { Game } from '../runtime/game.ts';
import { StateWatch } from '../runtime/index.ts';
import { compileOrThrow, inline } from './helpers.ts';

const TINY = `
package tiny
enum cardType 类别 "Type" { plain 普通 "Plain" }
enum suit 花色 "Suit" { spade 黑桃 "Spade", heart 红桃 "Heart", club 梅花 "Club", diamond 方块 "Diamond" }
zone pile 牌堆 "Pile" shared hidden
zone hand 手牌 "Hand" per player owner
zone board 场上 "Board" per player public grants
card token 筹码 "Token" { type: plain }
# A banner grants one skill for an odd rank, another for an even one, besides its kind's own.
card banner 旗帜 "Banner" { type: plain  skills: steady
  grantedSkills(c: card) = bannerSkills(c) }
deck chips 筹码 "Chips" { token: ♠A, ♠2 }
function bannerSkills(c: card): [skill] {
  if printed(c).rank % 2 == 1 { return [odd] }
  return [even]
}
skill steady 稳 "Steady" { }
skill odd 奇 "Odd" { }
skill even 偶 "Even" { }

option late 迟 "Make a card in play" : bool = false
option badSuit 错花色 "Make a card of no suit" : bool = false

mode opening 先 "Opening" {
  minPlayers: 2
  maxPlayers: 2
  decks: chips
  deckZone: pile
  setup() { return first(players()) }
  play(first: player, from: any) { endGame(first, "done") }
}

mode race 赛跑 "Race" {
  default: true
  minPlayers: 2
  maxPlayers: 4
  decks: chips
  deckZone: pile
  setup() {
    let c = makeCard(banner, heart, 15, pile)
    if badSuit { makeCard(banner, "red", 2, pile) }
    for p in players() { put(take(cards(pile), 1), hand(p)) }
    return first(players())
  }
  play(first: player, from: any) {
    if late { makeCard(token, spade, 3, pile) }
    let p = first
    repeat {
      let mine = cards(hand(p))
      let pick = choose(p, mine + ["wear", "pass"], "move")
      if pick == "wear" and count(mine) > 0 { put([first(mine)], board(p)) }
      if pick == "pass" { endGame(p, "passed") }
      p = at(players(), (p.seat + 1) % count(players()))
    }
  }
}
`;

const program = compileOrThrow(inline(TINY));

function race(options: Record<string, unknown> = {}) {
  const g = new Game(program, { players: 2, seed: 3, options });
  const watch = new StateWatch(g);
  g.start();
  return { g, watch };
}

describe('makeCard', () => {
  it('makes a new card of a kind, suit and rank on top of a zone in the mode’s setup (a rank past K too)', () => {
    const { g, watch } = race();
    expect(g.state.error).toBeNull();
    expect(g.state.cards).toHaveLength(3);
    const made = g.state.cards[2]!;
    expect(made).toMatchObject({ kind: 'banner', suit: 'heart', rank: 15 });
    // made on top of the pile: the first player took it
    expect(made.zone).toBe('hand:0');
    expect(watch.check('after setup')).toBeNull();
  });

  it('is refused outside the setup, and for a suit no card face shows', () => {
    expect(race({ late: true }).g.state.error).toMatch(/makeCard: new cards are made only while the mode's setup runs/);
    expect(race({ badSuit: true }).g.state.error).toMatch(/makeCard: red is not a suit/);
  });

  it('counts the made cards in the engine’s consistency: one that vanishes or changes face is reported', () => {
    const { g, watch } = race();
    expect(watch.check('first')).toBeNull();
    const made = g.state.cards[2]!;
    made.rank = 3;
    g.touch();
    expect(watch.check('after a change of face')).toMatch(/card #2 \(banner ♥3\) was dealt as banner ♥15/);

    const other = race();
    expect(other.watch.check('first')).toBeNull();
    const hand = other.g.state.zones['hand:0']!;
    hand.splice(hand.indexOf(other.g.state.cards[2]!), 1);
    other.g.touch();
    expect(other.watch.check('after it vanished')).toMatch(/card #2 \(banner ♥15\) is in no zone/);
  });
});

describe('grantedSkills', () => {
  it('a card in a grants zone gives its kind’s skills and those its kind’s grantedSkills gives for it', () => {
    const { g } = race();
    const p1 = g.state.players[0]!;
    expect(g.skillsOf(p1)).toEqual([]);
    // p1 holds the banner ♥15 (odd): wearing it gives steady and odd
    expect(g.answer([g.pending!.options.findIndex((o) => o.label === 'wear')]).ok).toBe(true);
    expect(g.state.cards[2]!.zone).toBe('board:0');
    expect(g.skillsOf(p1)).toEqual(['steady', 'odd']);
    // a token worn grants nothing
    const p2 = g.state.players[1]!;
    expect(g.answer([g.pending!.options.findIndex((o) => o.label === 'wear')]).ok).toBe(true);
    expect(g.skillsOf(p2)).toEqual([]);
  });

  it('leaves with the card', () => {
    const { g } = race();
    const p1 = g.state.players[0]!;
    g.answer([g.pending!.options.findIndex((o) => o.label === 'wear')]);
    expect(g.skillsOf(p1)).toContain('odd');
    g.put([g.state.cards[2]!], g.zoneRef('pile', null), false);
    expect(g.skillsOf(p1)).toEqual([]);
  });
});

describe('the default mode', () => {
  it('is the mode that says default: true, wherever it is declared', () => {
    expect(Object.keys(program.modes)[0]).toBe('race');
    expect(new Game(program, { players: 2, seed: 1 }).state.mode).toBe('race');
  });

  it('is the first declared when no mode says so', () => {
    const p = compileOrThrow(inline(TINY.replace('  default: true\n', '')));
    expect(Object.keys(p.modes)[0]).toBe('opening');
  });
});

describe('the text of a card method that gives a value', () => {
  it('reads as the value, not as a condition', () => {
    const src = `${TINY}
phrase card.grantedSkills(c "此牌" "this card") "此牌在场上时，你拥有{body}" "While it is on the board, you have {body}"
phrase bannerSkills(c) "{c}的点数所对应的技能" "the skill {c}'s rank calls for"
`;
    const texts = generateTexts(compile(inline(src)));
    expect(texts.cards.banner!.en).toContain('While it is on the board, you have the skill this card');
    expect(texts.cards.banner!.en).not.toContain('exists');
  });
});
