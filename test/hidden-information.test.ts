// Hidden information end to end: a seat's view and log never show what its player could not see at the table.
// Every scenario of rules/ and docs/examples/ and a few simulated games are watched entry by entry: at the moment a
// log entry is written, no seat may read in it a face-down card it was not shown, another seat's hand card or a
// card of a hidden zone in a question or an answer it did not give, nor another seat's sealed answer; after every
// answer, no seat's view shows a card it may not see. The trace hash still covers every entry.
import { describe, expect, it } from 'vitest';
import { loadSources } from '../compiler/node/load.ts';
import { RandomAI } from '../ai/random.ts';
import { answerOf, policyFor } from '../ai/policy.ts';
import { AIS } from '../ai/registry.ts';
import { Game } from '../runtime/game.ts';
import { ScenarioRunner } from '../runtime/scenario.ts';
import type { Audience, LogEntry } from '../runtime/types.ts';
import { label, type CardObj, type PlayerObj, type Value } from '../runtime/values.ts';
import { knownTo, publicTable, seatView, viewFor } from '../runtime/view.ts';
import { stateless } from '../runtime/stateless.ts';
import { put } from '../runtime/zones.ts';
import { runSync } from '../runtime/sync.ts';
import { entryFor, inAudience } from '../runtime/visibility.ts';
import { compileOrThrow, inline } from './helpers.ts';

const program = compileOrThrow(loadSources(['rules', 'docs/examples']));

/** What `seat` may know of a card, said directly from the card and the declared zones (not through canSee). */
function mayKnow(g: Game, c: CardObj, seat: number, engineLine: boolean): boolean {
  if (c.open || c.seenBy?.includes(seat)) return true;
  if (c.faceDown) return false;
  if (!engineLine) return true; // the rules' own lines announce the cards they name (a use, a discard)
  const [zid, owner] = c.zone.split(':');
  const vis = g.program.zones[zid!]?.visibility ?? 'public';
  return vis === 'public' || (vis === 'owner' && Number(owner) === seat);
}

interface Leak {
  where: string;
  what: string;
}

/** Watch a game from its first entry: every entry checked as it is written, every view after every answer. */
function watch(g: Game, where: () => string): { leaks: Leak[]; check: () => void; entries: number } {
  const leaks: Leak[] = [];
  const labels = new Map<string, number>();
  for (const c of g.state.cards) labels.set(label(c), (labels.get(label(c)) ?? 0) + 1);
  const state = { entries: 0 };
  const inspect = (e: LogEntry, knows: number[] | undefined, engineLine: boolean) => {
    state.entries++;
    for (const p of g.state.players) {
      const read = entryFor(e, p.seat);
      if (!read || knows?.includes(p.seat)) continue;
      for (const c of g.state.cards) {
        const l = label(c);
        if (labels.get(l) !== 1 || mayKnow(g, c, p.seat, engineLine)) continue;
        if (read.text.includes(l)) leaks.push({ where: where(), what: `${p.name} reads ${l} in "${read.text}"` });
      }
    }
  };
  const logLine = g.logLine.bind(g);
  g.logLine = (k, template, values: Value[], audience?: Audience, knows?: number[], announce?: boolean) => {
    logLine(k, template, values, audience, knows, announce);
    inspect(g.state.log[g.state.log.length - 1]!, knows, !announce);
  };
  const record = g.record.bind(g);
  g.record = (k, text, audience?: Audience) => {
    record(k, text, audience);
    // A question is for the asked seat only (its options may show the asker's hand).
    if (k === 'ask' && !audience) leaks.push({ where: where(), what: `a question for everyone: "${text}"` });
  };
  const answer = g.answer.bind(g);
  g.answer = (picks: number[]) => {
    const r = g.pending;
    const before = g.state.log.length;
    const res = answer(picks);
    if (r?.sealed && res.ok) {
      const e = g.state.log.slice(before).find((x) => x.k === 'answer');
      const others = g.state.players.filter((p) => p.seat !== r.seat);
      if (!e || others.some((p) => inAudience(e.audience, p.seat)))
        leaks.push({ where: where(), what: `a sealed answer of seat ${r.seat} is read by others: "${e?.text}"` });
    }
    check();
    return res;
  };
  const check = () => {
    for (const p of g.state.players) {
      const v = viewFor(g, p.seat);
      for (const [key, z] of Object.entries(v.zones)) {
        for (const vc of z.cards ?? []) {
          if ('hidden' in vc) continue;
          const c = g.state.cards[vc.id]!;
          if (!mayKnow(g, c, p.seat, true))
            leaks.push({ where: where(), what: `${p.name}'s view shows ${label(c)} in ${key}` });
        }
      }
    }
  };
  return {
    leaks,
    check,
    get entries() {
      return state.entries;
    },
  };
}

describe('hidden information', () => {
  const ids = Object.keys(program.scenarios);

  it('no scenario lets a seat read or view what it may not know', () => {
    const leaks: Leak[] = [];
    let entries = 0;
    for (const id of ids) {
      let w: ReturnType<typeof watch> | undefined;
      let step = 0;
      const r = new ScenarioRunner(program, id, 1, (g) => {
        w = watch(g, () => `${id} step ${step}`);
      });
      while (!r.done) {
        step = r.next + 1;
        r.runStep();
      }
      w!.check();
      leaks.push(...w!.leaks);
      entries += w!.entries;
    }
    expect(entries).toBeGreaterThan(1000);
    expect(leaks.slice(0, 10)).toEqual([]);
  });

  it('no simulated game lets a seat read or view what it may not know (random and heuristic players)', () => {
    const leaks: Leak[] = [];
    for (let seed = 1; seed <= 6; seed++) {
      const g = new Game(program, { mode: 'identity', players: 5, seed });
      const w = watch(g, () => `game ${seed} decision ${g.state.decisions}`);
      const ai = policyFor(seed % 2 ? AIS.random : AIS.heuristic, g, seed);
      g.start();
      for (let n = 0; n < 3000 && g.pending && !g.over; n++) {
        const picks = answerOf(ai, g) ?? [];
        if (!g.answer(picks).ok) break;
      }
      leaks.push(...w.leaks);
    }
    expect(leaks.slice(0, 10)).toEqual([]);
  });

  it("a seat's view holds only its own log, and the trace hash covers every entry whoever reads it", () => {
    const r = new ScenarioRunner(program, 'exDongchaSees');
    while (!r.done) r.runStep();
    const g = r.game;
    const [x, y, z] = [0, 1, 2].map((s) => viewFor(g, s).log.map((e) => e.text));
    expect(x!.join('\n')).toContain('x looks at peach ♥5 in the hand of y');
    expect(y!.join('\n')).toContain('x looks at peach ♥5 in the hand of y');
    expect(z!.join('\n')).not.toContain('peach ♥5');
    expect(z!.join('\n')).toContain('x looks at a hand card of y');
    // The hash is over the full texts of all entries, in order: it is the same as hashing the whole log again.
    expect(g.state.log.some((e) => e.audience)).toBe(true);
    const again = new ScenarioRunner(program, 'exDongchaSees');
    while (!again.done) again.runStep();
    expect(again.game.traceHash()).toBe(g.traceHash());
  });

  it('asks a sealed question one seat at a time, each request marked sealed, and logs the answers once all are in', () => {
    const r = new ScenarioRunner(program, 'exGuhuoSealed');
    const g = r.game;
    const marks: unknown[] = [];
    while (!r.done) {
      if (g.pending?.sealed && r.step?.k === 'answer') marks.push({ seat: g.pending.seat, ...g.pending.sealed });
      r.runStep();
    }
    expect(r.failure).toBeUndefined();
    expect(marks).toEqual([
      { seat: 1, seats: [1, 2], answered: 0 },
      { seat: 2, seats: [1, 2], answered: 1 },
    ]);
    const b = viewFor(g, 2).log.map((e) => e.text);
    expect(b.indexOf('sealed answers: a: yes; b: no')).toBeGreaterThan(b.indexOf('b: no'));
    expect(b).not.toContain('a: yes');
  });
});

describe('sealed choices the rules show themselves (chooseEach shown: false)', () => {
  it('keeps each answer with its seat, writes no sealed-answers entry, and leaves the showing to the rules', () => {
    const r = new ScenarioRunner(program, 'duelCrossedSealed');
    const g = r.game;
    let marked = 0;
    let seenByB: string[] = [];
    while (!r.done) {
      if (g.pending?.sealed) marked++;
      // Before the rules show the generals, b's log never names a's picks.
      if (!g.state.log.some((e) => e.text.startsWith('a shows'))) seenByB = viewFor(g, 1).log.map((e) => e.text);
      r.runStep();
    }
    expect(r.failure).toBeUndefined();
    expect(marked).toBeGreaterThan(0);
    expect(seenByB.join('\n')).not.toMatch(/zhaoyun|guanyu/);
    expect(g.state.log.some((e) => e.text.startsWith('sealed answers'))).toBe(false);
    const b = viewFor(g, 1).log.map((e) => e.text);
    expect(b).toContain('a shows zhaoyun and luxun');
  });
});

describe('states on a player as each seat sees them', () => {
  it('a spent limited skill is public: every seat and a spectator see it recorded', () => {
    const r = new ScenarioRunner(program, 'exBeishuiOnce');
    while (!r.done) r.runStep();
    expect(r.failure).toBeUndefined();
    for (const seat of [0, 1, null]) {
      expect(viewFor(r.game, seat).players[1]!.props.limitedUsed).toEqual(['exBeishui']);
    }
  });

  it('a mark declared owner is seen by its owner only', () => {
    const marks = compileOrThrow([
      ...loadSources(['rules']),
      {
        file: 'secret.sgs',
        text: 'package secret\nimport core\nproperty secretMarks 隐 "Secret marks": int = 0 owner\n',
      },
    ]);
    const g = new Game(marks, { mode: 'identity', players: 5, seed: 1 });
    g.start();
    g.state.players[2]!.v.secretMarks = 3;
    expect(viewFor(g, 2).players[2]!.props.secretMarks).toBe(3);
    for (const seat of [0, 1, 3, null]) expect(viewFor(g, seat).players[2]!.props).not.toHaveProperty('secretMarks');
    expect(viewFor(g, 0).players[2]!.props.hp).toBe(g.state.players[2]!.v.hp);
  });
});

describe('the AI plays from what its seat may know', () => {
  /** The heuristic AI's answer for seat b in 蛊惑's sealed question, whatever a answered before it. */
  const bAnswers = (aDoubts: boolean) => {
    const r = new ScenarioRunner(program, 'exGuhuoSealed');
    const g = r.game;
    const ai = policyFor(AIS.heuristic, g, 7);
    while (!r.done && !(g.pending?.sealed && g.pending.seat === 1)) r.runStep();
    g.answer([aDoubts ? 0 : 1]);
    expect(g.pending?.sealed?.answered).toBe(1);
    return { heuristic: answerOf(ai, g), random: answerOf(new RandomAI(3), g) };
  };

  it("does not read another seat's sealed answer", () => {
    expect(bAnswers(true)).toEqual(bAnswers(false));
  });
});

describe('what a table answers about a card', () => {
  it("reads a card's fields only while the reader knows the card: a copy of another seat's hand card gives nothing", () => {
    const g = new Game(program, { players: 5, seed: 11 });
    g.start();
    const ai = new RandomAI(5);
    const isCard = (v: Value) => v !== null && typeof v === 'object' && !Array.isArray(v) && v.t === 'c';
    // Play on until a seat is asked to pick one of its hand cards.
    while (
      g.pending &&
      !g.pending.options.some((o) => isCard(o.value) && (o.value as CardObj).zone.startsWith('hand:'))
    )
      g.answer(ai.pick(g.pending)!);
    const seat = g.pending!.seat;
    const table = seatView(g, seat);
    const option = table.request!.options.find((o) => isCard(o.value))!;
    const own = option.value as CardObj;
    const live = g.state.cards[own.id]!;
    expect(own).not.toBe(live);
    expect(g.getMember(live, 'type', '')).not.toBeNull();
    expect(table.cardField(own, 'type')).toBe(g.getMember(live, 'type', ''));
    expect(table.cardField({ ...own }, 'type')).toBe(g.getMember(live, 'type', ''));
    const other = g.state.players.find((p) => p.seat !== seat && g.state.zones[`hand:${p.seat}`]!.length > 0)!;
    const hidden = g.state.zones[`hand:${other.seat}`]![0]!;
    const forged = {
      t: 'c',
      id: hidden.id,
      kind: hidden.kind,
      suit: hidden.suit,
      rank: hidden.rank,
      zone: hidden.zone,
    };
    expect(table.cardField(forged as CardObj, 'type')).toBeNull();
  });
});

describe('the players a table shows', () => {
  it('are the players as they are now, each seat seeing what it may, though a copy is kept while nothing in it changed', () => {
    const g = new Game(program, { players: 5, seed: 23 });
    g.start();
    const ai = new RandomAI(9);
    // What seat `seat` may read of each player now, made from the live state.
    const expected = (seat: number) =>
      g.state.players.map((p) => {
        const v: Record<string, unknown> = {};
        for (const [k, x] of Object.entries(p.v)) {
          const vis = program.properties[k]?.visibility ?? 'public';
          if (vis === 'public' || (vis === 'owner' && p.seat === seat) || g.state.revealed[`${p.seat}:${k}`] === true)
            if (x === null || typeof x !== 'object' || Array.isArray(x)) v[k] = x;
        }
        return { seat: p.seat, alive: p.alive, skills: g.skillsOf(p), v };
      });
    const shown = (ps: PlayerObj[]) =>
      ps.map((p) => {
        const v: Record<string, unknown> = {};
        for (const [k, x] of Object.entries(p.v)) if (x === null || typeof x !== 'object' || Array.isArray(x)) v[k] = x;
        return { seat: p.seat, alive: p.alive, skills: p.skills, v };
      });
    let before: PlayerObj[][] = [];
    let kept = 0;
    let questions = 0;
    while (g.pending && questions < 400) {
      const now = g.state.players.map((p) => seatView(g, p.seat).players());
      for (const p of g.state.players)
        expect(shown(now[p.seat]!), `question ${questions}, seat ${p.seat}`).toEqual(expected(p.seat));
      for (const [seat, ps] of now.entries()) for (const [i, x] of ps.entries()) if (before[seat]?.[i] === x) kept++;
      before = now;
      g.answer(ai.pick(g.pending)!);
      questions++;
    }
    expect(questions).toBeGreaterThan(100);
    expect(kept).toBeGreaterThan(0);
  });
});

describe('players that hold each other', () => {
  it('are copied once a moment, each copy holding the other, and read again when one of them changes', () => {
    const src = `
package pairs
zone pile 牌堆 "Pile" shared hidden
property partner 伴 "Partner": player? = none
property points 分 "Points": int = 0
mode pairs 对 "Pairs" {
  minPlayers: 2
  maxPlayers: 2
  setup() { return first(players()) }
  play(first: player, from: int?) { endGame(first, "done") }
}
`;
    const g = new Game(compileOrThrow(inline(src)), { mode: 'pairs', players: 2, seed: 1 });
    const [a, b] = g.state.players as [PlayerObj, PlayerObj];
    g.setMember(a, 'partner', b, '');
    g.setMember(b, 'partner', a, '');
    const first = publicTable(g).players();
    expect(first[0]!.v.partner).toBe(first[1]);
    expect(first[1]!.v.partner).toBe(first[0]);
    // A later moment: a's points changed; a's copy is made again from the last one, b's holds the new one.
    g.setMember(a, 'points', 3, '');
    const later = publicTable(g).players();
    expect(later[0]).not.toBe(first[0]);
    expect(later[0]!.v.points).toBe(3);
    expect(first[0]!.v.points).toBe(0);
    expect(later[0]!.v.partner).toBe(later[1]);
    expect(later[1]!.v.partner).toBe(later[0]);
  });
});

describe('a property revealed to everyone', () => {
  it("is shown in the revealed seat's copy, made again; the other seats' copies are kept", () => {
    const src = `
package reveals
zone pile 牌堆 "Pile" shared hidden
property secret 密 "Secret": int = 0 owner
event show 亮 "Show" (p: player) { reveal(p, "secret") }
mode pairs 对 "Pairs" {
  minPlayers: 3
  maxPlayers: 3
  setup() { return first(players()) }
  play(first: player, from: int?) { endGame(first, "done") }
}
`;
    const g = new Game(compileOrThrow(inline(src)), { mode: 'pairs', players: 3, seed: 1 });
    const [a, b] = g.state.players as [PlayerObj, PlayerObj, PlayerObj];
    g.setMember(a, 'secret', 7, '');
    const before = seatView(g, b.seat).players();
    expect(before[0]!.v.secret).toBeUndefined();
    runSync(g.runEvent('show', [a], ''));
    const after = seatView(g, b.seat).players();
    expect(after[0]).not.toBe(before[0]);
    expect(after[0]!.v.secret).toBe(7);
    // What the other seats' copies show depends on their own reveals alone: the same copies.
    expect(after[1]).toBe(before[1]);
    expect(after[2]).toBe(before[2]);
  });
});

describe('what a table answers about the rules', () => {
  it('gives a function of one plain value the answer of the moment: kept while nothing changed, asked again after', () => {
    const g = new Game(program, { players: 5, seed: 5 });
    g.start();
    // Past the deal: every seat has its general and its HP.
    const ai = new RandomAI(3);
    while (g.pending && !g.state.players.every((p) => (p.v.hp as number) > 0)) g.answer(ai.pick(g.pending)!);
    const table = publicTable(g);
    const rebels = () => g.state.players.filter((p) => p.alive && p.v.role === 'rebel');
    const before = table.call('scoringStanding', 'rebel');
    expect(before).toBe(rebels().length);
    expect(table.call('scoringStanding', 'rebel')).toBe(before);
    g.setMember(rebels()[0]!, 'alive', false, '');
    expect(table.call('scoringStanding', 'rebel')).toBe((before as number) - 1);
  });

  it('gives a function of its argument alone one answer for every game of the program, computed once', () => {
    const src = `
package sides
zone pile 牌堆 "Pile" shared hidden
property points 分 "Points": int = 0
function sideOf(n: int): int { if n == 1 { return 10 } return 20 }
function scored(n: int): int = count(players() where it.points > n)
mode pairs 对 "Pairs" {
  minPlayers: 3
  maxPlayers: 3
  setup() { return first(players()) }
  play(first: player, from: int?) { endGame(first, "done") }
}
`;
    const rules = compileOrThrow(inline(src));
    expect(stateless(rules, 'sideOf')).toBe(true); // it reads its argument and nothing of the game
    expect(stateless(rules, 'scored')).toBe(false); // it reads the players' points
    const computed: string[] = [];
    for (const seed of [7, 8]) {
      const g = new Game(rules, { mode: 'pairs', players: 3, seed });
      const call = g.callFunction.bind(g);
      g.callFunction = (name, args, at) => {
        computed.push(name);
        return call(name, args, at);
      };
      const table = seatView(g, 1);
      expect(table.call('sideOf', 1)).toBe(10);
      expect(table.call('scored', 0)).toBe(0);
      g.setMember(g.state.players[2]!, 'points', 1, ''); // a new moment: its answers of plain values are dropped
      expect(table.call('sideOf', 1)).toBe(10);
      expect(table.call('sideOf', 2)).toBe(20);
      expect(table.call('scored', 0)).toBe(1);
    }
    // sideOf once for each argument, in the first game; scored at each moment of each game.
    expect(computed).toEqual(['sideOf', 'scored', 'sideOf', 'scored', 'scored', 'scored']);
  });
});

describe('who knows a card that moved', () => {
  it('a seat that saw a card leave knows it where it went, until it moves out of its sight or is shuffled', () => {
    const g = new Game(program, { players: 5, seed: 31 });
    g.start();
    const zone = (zid: string, seat: number | null = null) =>
      ({ t: 'z', zone: zid, owner: seat === null ? null : g.state.players[seat]! }) as const;
    const drawn = g.state.zones.drawPile![0]!;
    // From the hidden draw pile into seat 1's hand: only seat 1 sees it now, and nobody saw it leave.
    put(g, [drawn], zone('hand', 1), false);
    expect([0, 1, 2].map((s) => knownTo(g, drawn, s))).toEqual([false, true, false]);
    // Seat 1's hand card given to seat 2: seat 1 saw it go, seat 0 did not.
    put(g, [drawn], zone('hand', 2), false);
    expect([0, 1, 2].map((s) => knownTo(g, drawn, s))).toEqual([false, true, true]);
    // Onto the public discard pile, then taken into seat 3's hand: everyone saw it leave the pile.
    put(g, [drawn], zone('discardPile'), false);
    put(g, [drawn], zone('hand', 3), false);
    expect([0, 1, 2, 3, 4].map((s) => knownTo(g, drawn, s))).toEqual([true, true, true, true, true]);
    // From seat 3's hand onto the hidden draw pile: seat 3 alone saw it go; once the pile is shuffled, nobody can
    // tell it apart any more.
    put(g, [drawn], zone('drawPile'), false);
    expect([0, 1, 2, 3, 4].map((s) => knownTo(g, drawn, s))).toEqual([false, false, false, true, false]);
    g.shuffle(g.state.zones.drawPile!);
    expect([0, 1, 2, 3, 4].map((s) => knownTo(g, drawn, s))).toEqual([false, false, false, false, false]);
    // Games do not share what their seats know: the same card of a new game is unknown to seat 0.
    const fresh = new Game(program, { players: 5, seed: 31 });
    fresh.start();
    const same = fresh.state.cards[drawn.id]!;
    put(fresh, [same], { t: 'z', zone: 'hand', owner: fresh.state.players[1]! }, false);
    expect(knownTo(fresh, same, 0)).toBe(false);
  });
});
