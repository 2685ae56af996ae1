// The generic engine on a tiny game that is not Sanguosha: decisions as data, illegal answers, windows,
// trigger order, step budget, views, determinism.
import { describe, expect, it } from 'vitest';
import { Game } from '../runtime/game.ts';
import { validate } from '../runtime/decisions.ts';
import { viewFor, snapshot } from '../runtime/view.ts';
import { RandomAI } from '../ai/random.ts';
import { compileOrThrow, inline, rulesProgram } from './helpers.ts';
import { loadCompiled } from '../compiler/node/compiled.ts';
import { runSync } from '../runtime/sync.ts';

const TINY = `
package tiny
enum colour 颜色 "Colour" { red 红 "Red", blue 蓝 "Blue" }
zone pile 牌堆 "Pile" shared hidden
zone hand 手牌 "Hand" per player owner
zone table 桌面 "Table" shared public
property points 分 "Points": int = 0
property secret 秘密 "Secret": colour? = none owner
card token 筹码 "Token" { type: red }
deck chips 筹码 "Chips" { token: ♠A, ♠2, ♠3, ♠4, ♠5, ♠6, ♠7, ♠8 }

event score 得分 "Score" (who: player, amount: int = 1) {
  timing beforeScore for who
  who.points += amount
  timing scored for who
}

skill echo 回声 "Echo" {
  on scored(other) may { you.points += 1 }
}
skill greedy 贪婪 "Greedy" {
  on beforeScore(you) { event.amount += 1 }
}
skill loop 循环 "Loop" {
  on scored(you) { score(you) }
}

mode race 赛跑 "Race" {
  minPlayers: 2
  maxPlayers: 4
  decks: chips
  deckZone: pile
  setup() {
    for p in players() {
      p.secret = red
      put(take(cards(pile), 2), hand(p))
    }
    return first(players())
  }
  play(first: player, from: colour?) {
    let p = first
    repeat {
      setCurrent(p)
      let pick = choose(p, ["score", "pass"], "move")
      if pick == "score" { score(p) }
      if p.points >= 3 { endGame(p, "reached 3") }
      p = at(players(), (p.seat + 1) % count(players()))
    }
  }
}
`;

function tiny(skills: string[][] = [], opts: { seed?: number; players?: number } = {}) {
  const program = compileOrThrow(inline(TINY));
  const g = new Game(program, { mode: 'race', players: opts.players ?? 2, seed: opts.seed ?? 7 });
  skills.forEach((s, i) => (g.state.players[i]!.skills = s));
  g.start();
  return g;
}

describe('decisions as data', () => {
  it('asks the first player with labelled options', () => {
    const g = tiny();
    expect(g.pending).toMatchObject({ seat: 0, prompt: 'move', min: 1, max: 1 });
    expect(g.pending!.options.map((o) => o.label)).toEqual(['score', 'pass']);
  });

  it('rejects an illegal answer with a reason and leaves the state unchanged', () => {
    const g = tiny();
    const before = JSON.stringify(snapshot(g));
    for (const bad of [[], [5], [0, 1], [-1], [0.5]] as number[][]) {
      const r = g.answer(bad);
      expect(r.ok).toBe(false);
      if (!r.ok) expect(r.reason.length).toBeGreaterThan(5);
    }
    expect(JSON.stringify(snapshot(g))).toBe(before);
  });

  it('names why a pick is illegal: too few, too many, an unknown option, one picked twice', () => {
    const r = {
      seat: 0,
      prompt: 'pick',
      options: [0, 1, 2].map((v) => ({ label: String(v), value: v })),
      min: 1,
      max: 2,
    };
    expect(validate(r, [])).toBe('pick at least 1 (got 0)');
    expect(validate(r, [0, 1, 2])).toBe('pick at most 2 (got 3)');
    expect(validate(r, [3])).toBe('option 3 does not exist (0..2)');
    expect(validate(r, [2, 2])).toBe('option 2 picked twice');
    expect(validate(r, [2, 0])).toBeNull();
  });

  it('ends the game through the rules', () => {
    const g = tiny();
    for (let i = 0; i < 5 && g.pending; i++) g.answer([0]);
    expect(g.state.over?.text).toBe('reached 3');
    expect(g.answer([0])).toEqual({ ok: false, reason: 'the game is over' });
  });
});

describe('timing windows and triggers', () => {
  it('lets a trigger change the event before it resolves', () => {
    const g = tiny([['greedy'], []]);
    g.answer([0]);
    expect(g.state.players[0]!.v.points).toBe(2);
  });

  it('asks before an optional trigger and skips it on no', () => {
    const g = tiny([[], ['echo']]);
    g.answer([0]); // seat 0 scores: seat 1's echo may fire
    expect(g.pending).toMatchObject({ seat: 1, prompt: 'use:echo' });
    g.answer([1]);
    expect(g.state.players[1]!.v.points).toBe(0);
  });

  it('asks a player to order their own simultaneous triggers', () => {
    const program = compileOrThrow(
      inline(
        TINY.replace(
          'skill loop',
          'skill echo2 回声二 "Echo two" {\n  on scored(other) may { you.points += 2 }\n}\nskill loop',
        ),
      ),
    );
    const g = new Game(program, { mode: 'race', players: 2, seed: 1 });
    g.state.players[1]!.skills = ['echo', 'echo2'];
    g.start();
    g.answer([0]);
    expect(g.pending).toMatchObject({ seat: 1, prompt: 'order:scored' });
    expect(g.pending!.options.map((o) => o.label)).toEqual(['echo', 'echo2']);
  });

  it("gives a skill whose tag says `once per game` one use for all its triggers, recorded in the tag's property", () => {
    const once =
      'property used 已用 "Used": [skill] = []\ntag single 单次 "Single" once per game records used\n' +
      'skill twice 两用 "Twice" single {\n  on scored(other) may { you.points += 1 }\n  on beforeScore(other) may { }\n}\n' +
      'skill perItem 每项 "Per item" {\n  on scored(other) may limit 1 per game { you.points += 1 }\n}\nskill loop';
    const program = compileOrThrow(inline(TINY.replace('skill loop', once)));
    const g = new Game(program, { mode: 'race', players: 2, seed: 1 });
    g.state.players[1]!.skills = ['twice'];
    g.start();
    g.answer([0]); // seat 0 scores: beforeScore asks seat 1 first
    expect(g.pending).toMatchObject({ seat: 1, prompt: 'use:twice' });
    g.answer([0]); // yes: the skill is spent, so its scored trigger is not offered
    expect(g.state.players[1]!.v.used).toEqual(['twice']);
    expect(g.pending).toMatchObject({ seat: 1, prompt: 'move' });
    // `limit 1 per game` on one item still counts that item alone.
    const h = new Game(program, { mode: 'race', players: 2, seed: 1 });
    h.state.players[1]!.skills = ['perItem'];
    h.start();
    h.answer([0]);
    h.answer([0]);
    expect(h.state.players[1]!.v.points).toBe(1);
    h.answer([1]);
    h.answer([0]);
    expect(h.pending).toMatchObject({ seat: 1, prompt: 'move' });
  });

  it('records a use of a skill whose tag says `records P` in P, once, and limits nothing', () => {
    const noted =
      'property noted 已记 "Noted": [skill] = []\ntag marked records noted\n' +
      'skill again 再次 "Again" marked {\n  on scored(other) may { you.points += 1 }\n}\nskill loop';
    const program = compileOrThrow(inline(TINY.replace('skill loop', noted)));
    expect(program.skills.again!.records).toEqual(['noted']);
    const g = new Game(program, { mode: 'race', players: 2, seed: 1 });
    g.state.players[1]!.skills = ['again'];
    g.start();
    g.answer([0]); // seat 0 scores
    expect(g.pending).toMatchObject({ seat: 1, prompt: 'use:again' });
    g.answer([0]);
    expect(g.state.players[1]!.v.noted).toEqual(['again']);
    g.answer([1]); // seat 1 passes
    g.answer([0]); // seat 0 scores again: the skill is offered again, and noted once
    expect(g.pending).toMatchObject({ seat: 1, prompt: 'use:again' });
    g.answer([0]);
    expect(g.state.players[1]!.v.noted).toEqual(['again']);
    expect(g.state.players[1]!.v.points).toBe(2);
  });

  it('stops a runaway trigger loop with an error naming the skill', () => {
    const g = tiny([['loop'], []]);
    g.answer([0]);
    expect(g.state.error).toMatch(/nested more than .* loop forever \(in skill loop\)$/);
    expect(g.pending).toBeNull();
  });

  it('stops an endless loop inside one effect with the step budget', () => {
    const program = compileOrThrow(
      inline(
        TINY.replace(
          'skill loop',
          'skill spin 空转 "Spin" {\n  on scored(you) { repeat { you.points += 0 } }\n}\nskill loop',
        ),
      ),
    );
    const g = new Game(program, { mode: 'race', players: 2, seed: 1, stepBudget: 5000 });
    g.state.players[0]!.skills = ['spin'];
    g.start();
    g.answer([0]);
    expect(g.state.error).toMatch(/step budget of 5000 exceeded .*\(in skill spin\)$/);
  });
});

describe('views and determinism', () => {
  it('hides other players’ hands and owner-only properties', () => {
    const g = tiny();
    const v0 = viewFor(g, 0);
    expect(v0.zones['hand:0']!.cards).toHaveLength(2);
    expect(v0.zones['hand:1']!.cards).toBeUndefined();
    expect(v0.zones['hand:1']!.count).toBe(2);
    expect(v0.zones.pile!.cards).toBeUndefined();
    expect(v0.players[0]!.props.secret).toBe('red');
    expect(v0.players[1]!.props.secret).toBeUndefined();
    expect(v0.players[1]!.props.points).toBe(0);
  });

  it('gives the same trace hash for the same seed and answers, another for another seed', () => {
    const run = (seed: number) => {
      const g = tiny([[], []], { seed });
      for (const a of [0, 1, 0, 0, 1, 0]) if (g.pending) g.answer([a]);
      return { hash: g.traceHash(), hand: JSON.stringify(viewFor(g, 0).zones['hand:0']) };
    };
    expect(run(3)).toEqual(run(3));
    expect(run(3).hand).not.toEqual(run(4).hand);
  });

  it('gives the same trace hash whether the log is kept or only hashed, line by line', () => {
    const program = rulesProgram();
    for (const seed of [1, 2]) {
      const run = (keepLog: boolean) => {
        const g = new Game(program, { players: 5, seed, keepLog });
        const ai = new RandomAI(seed);
        g.play((r) => ai.pick(r));
        return g;
      };
      const kept = run(true);
      expect(kept.state.over).not.toBeNull();
      expect(kept.state.log.length).toBeGreaterThan(100);
      expect(run(false).traceHash()).toBe(kept.traceHash());
    }
  });

  it('keeps the whole state JSON-serializable', () => {
    const g = tiny();
    g.answer([0]);
    const s = snapshot(g) as { players: unknown[]; rng: number[] };
    expect(JSON.parse(JSON.stringify(s))).toEqual(s);
    expect(s.rng).toHaveLength(4);
  });
});

describe('a synchronous run (Game.play)', () => {
  const fresh = (skills: string[][]) => {
    const g = new Game(compileOrThrow(inline(TINY)), { mode: 'race', players: 3, seed: 11, keepLog: true });
    skills.forEach((s, i) => (g.state.players[i]!.skills = s));
    return g;
  };
  // Scores, passes and declines in turn: the answers depend only on what is asked.
  const policy = () => {
    let n = 0;
    return (r: { prompt: string; options: unknown[] }) => [
      r.prompt.startsWith('use:') ? n++ % 2 : (n++ % 3) % r.options.length,
    ];
  };

  it('plays the same game as start and answer, deciding from inside the rules', () => {
    const skills = [['greedy'], ['echo'], ['echo']];
    const stepwise = fresh(skills);
    const pick = policy();
    stepwise.start();
    while (stepwise.pending) expect(stepwise.answer(pick(stepwise.pending)).ok).toBe(true);
    const sync = fresh(skills);
    const asked: number[] = [];
    const syncPick = policy();
    const answered = sync.play((r) => {
      asked.push(r.seat);
      return syncPick(r);
    });
    expect(answered).toBeNull();
    expect(sync.state.over?.text).toBe('reached 3');
    expect(sync.traceHash()).toBe(stepwise.traceHash());
    expect(sync.state.log.map((e) => e.text)).toEqual(stepwise.state.log.map((e) => e.text));
    expect(asked.length).toBe(stepwise.state.answers.length);
    expect(sync.pending).toBeNull();
  });

  it('stops for good at a question the host does not answer, the question left pending', () => {
    const g = fresh([]);
    let n = 0;
    expect(g.play(() => (n++ < 2 ? [1] : null))).toBeNull();
    expect(g.state.over).toBeNull();
    expect(g.pending).toMatchObject({ seat: 2, prompt: 'move' });
    expect(g.state.answers).toEqual([[1], [1]]);
    expect(g.answer([0])).toEqual({ ok: false, reason: 'the game stopped at this question (play)' });
  });

  it('gives why an answer was rejected, and takes nothing of it', () => {
    const g = fresh([]);
    expect(g.play(() => [7])).toBe('option 7 does not exist (0..1)');
    expect(g.pending).toMatchObject({ seat: 0, prompt: 'move' });
    expect(g.state.answers).toEqual([]);
  });

  it('runs a game from its start only', () => {
    const g = fresh([]);
    g.start();
    expect(() => g.play(() => [0])).toThrow('play() runs a game from its start: call it instead of start()');
    expect(g.pending).toMatchObject({ seat: 0, prompt: 'move' });
  });

  it('passes on what the host throws, without calling it a rules error', () => {
    const g = fresh([]);
    expect(() =>
      g.play(() => {
        throw new Error('the host failed');
      }),
    ).toThrow('the host failed');
    expect(g.state.error).toBeNull();
    expect(g.pending).toMatchObject({ seat: 0, prompt: 'move' });
  });
});

describe('moving the cards a list holds', () => {
  // A zone's `cards` is a list of the moment: moving them, all at once or one by one, moves every one of them
  // (the list is not the zone's own array, which changes as they go: runtime/zones.ts asCards).
  const MOVES = `${TINY}
event dump 倒 "Dump" (p: player) { put(hand(p).cards, table) }
event dumpEach 逐张倒 "Dump each" (p: player) { for c in hand(p).cards { put(c, table) } }
`;
  it.each(['dump', 'dumpEach'])('%s empties the hand onto the table', async (ev) => {
    for (const engine of ['resolved', 'compiled'] as const) {
      const program = compileOrThrow(inline(MOVES));
      if (engine === 'compiled') await loadCompiled(program);
      const g = new Game(program, { players: 2, seed: 1, engine });
      g.start();
      const p = g.state.players[0]!;
      const hand = g.state.zones['hand:0']!.slice();
      expect(hand).toHaveLength(2);
      runSync(g.runEvent(ev, [p], ''));
      expect(g.state.zones['hand:0']).toEqual([]);
      expect([...g.state.zones.table!].sort((a, b) => a.id - b.id)).toEqual(hand.sort((a, b) => a.id - b.id));
    }
  });
});
