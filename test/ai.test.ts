// Tests of the AIs as players (legal moves, games that end, determinism), the per-role mix and `sgs balance`.
import { beforeAll, describe, expect, it } from 'vitest';
import { compile } from '../compiler/index.ts';
import { Game } from '../runtime/game.ts';
import type { Program } from '../runtime/ir.ts';
import { byRole } from '../ai/by-role.ts';
import { answerOf, policyFor } from '../ai/policy.ts';
import type { AiName } from '../ai/registry.ts';
import { formatAiSpec, parseAiSpec, rolesOf, uniformSpec } from '../ai/spec.ts';
import { loadSources } from '../compiler/node/load.ts';
import { main } from '../cli/main.ts';
import { memoryIo } from '../cli/io.ts';
import { playGame } from '../cli/play.ts';
import { replay } from '../cli/replay.ts';
import { deriveSeed, simulate } from '../cli/simulate.ts';
import { balance } from '../cli/balance.ts';
import { wilson } from '../ai/wilson.ts';
import { AIS } from '../ai/registry.ts';
import { ScenarioRunner } from '../runtime/scenario.ts';
import { put } from '../runtime/zones.ts';

let rules: Program;
beforeAll(() => {
  const r = compile(loadSources(['rules']));
  const first = r.diagnostics.find((d) => d.severity === 'error');
  if (!r.program || first)
    throw new Error(`rules/ does not compile: ${first?.span.file}:${first?.span.line}: ${first?.message}`);
  rules = r.program;
});

function run(...argv: string[]) {
  const io = memoryIo();
  const code = main(argv, io);
  return { code, out: io.stdout.join('\n'), err: io.stderr.join('\n') };
}

/** `rules/` with a test's own scenarios (`text`, as file `file`). */
const withScenarios = (file: string, text: string): Program =>
  compile([...loadSources(['rules']), { file, text }]).program!;

/** Scenario `id` played to the end of its script, the heuristic AI (seed `seed`) watching from the start as in a
 *  game: the game and the AI, ready for the AI's own answers. */
function watched(program: Program, id: string, seed: number) {
  const run = new ScenarioRunner(program, id);
  const ai = policyFor(AIS.heuristic, run.game, seed);
  while (!run.done) run.runStep();
  expect(run.failure).toBeUndefined();
  return { g: run.game, ai };
}

const ROLES = ['lord', 'loyalist', 'rebel', 'renegade'];
// About a second each on an idle machine; the margin is for a busy one (CI, parallel test files).
const SLOW = { timeout: 30_000 };
const heuristic = uniformSpec('heuristic');
const problemsOf = (r: ReturnType<typeof simulate>) =>
  r.problems.map((x) => `game ${x.game} seed ${x.seed} ${x.outcome}: ${x.message}`);

describe('the heuristic AI as a player', () => {
  it('plays 30 five-player games to the end: no rejected answer, no error, no broken invariant', SLOW, () => {
    const r = simulate(rules, { players: 5, games: 30, seed: 1, ai: heuristic });
    expect(problemsOf(r)).toEqual([]);
    expect(r.completed).toBe(30);
    expect(r.ai).toBe('heuristic');
    expect(r.aiMicrosPerDecision.heuristic?.decisions).toBeGreaterThan(0);
  });

  it('mixed with the random AI by role, every game ends too', SLOW, () => {
    const ai = parseAiSpec('lord=heuristic,loyalist=heuristic,rebel=random,renegade=random', 'random', ROLES);
    const r = simulate(rules, { players: 6, games: 10, seed: 2, ai });
    expect(problemsOf(r)).toEqual([]);
    expect(r.ai).toBe('lord=heuristic,loyalist=heuristic,rebel=random,renegade=random');
    expect(Object.keys(r.aiMicrosPerDecision)).toEqual(['heuristic', 'random']);
  });

  it('is deterministic: the same seeds give the same games, and a saved game replays bit for bit', SLOW, () => {
    const a = simulate(rules, { players: 5, games: 5, seed: 7, ai: heuristic });
    expect(simulate(rules, { players: 5, games: 5, seed: 7, ai: heuristic }).traceHash).toBe(a.traceHash);
    expect(simulate(rules, { players: 5, games: 5, seed: 7 }).traceHash).not.toBe(a.traceHash);
    const g = playGame(rules, { seed: 11, aiSeed: 12, players: 5, policy: byRole(heuristic) });
    expect(g.outcome).toBe('completed');
    const r = replay(rules, g.replay);
    expect(r.problem).toBeUndefined();
    expect(r.game.traceHash()).toBe(g.traceHash);
  });
});

describe('a regression the heuristic AI found', () => {
  // 离间 used up its once-per-turn limit without changing anything else; the memo of pure functions (playOptions)
  // was not invalidated by the use counter, so it stayed on offer and the AI took it forever.
  it('a per-turn skill once used is not offered again (8 players, seed 3, game 209)', SLOW, () => {
    const g = playGame(rules, {
      seed: deriveSeed(3, 209, 'game'),
      aiSeed: deriveSeed(3, 209, 'ai'),
      players: 8,
      policy: byRole(heuristic),
    });
    expect(g.message).toBeUndefined();
    expect(g.outcome).toBe('completed');
  });
});

describe('the heuristic AI and a claim it may doubt (蛊惑, asks: toDoubt)', () => {
  /** The heuristic AI's answer to 蛊惑's sealed question in the scenario guhuoTrueNotUsed (于吉 is the lord; the
   *  rebel a is asked first, the loyalist b second), with the AI's seed `seed`. */
  const answers = (seed: number) => {
    const r = new ScenarioRunner(rules, 'guhuoTrueNotUsed');
    const g = r.game;
    const ai = policyFor(AIS.heuristic, g, seed);
    while (!r.done && g.pending?.subject?.asks !== 'toDoubt') r.runStep();
    const label = () => g.pending!.options[answerOf(ai, g)![0]!]!.label;
    const rebel = label();
    g.answer([1]);
    const loyalist = label();
    return { rebel, loyalist };
  };

  it("never doubts a friend's claim, and doubts a foe's only some of the time", () => {
    const runs = Array.from({ length: 16 }, (_, i) => answers(i + 1));
    expect(runs.every((a) => a.loyalist === 'no')).toBe(true);
    expect(runs.some((a) => a.rebel === 'yes')).toBe(true);
    expect(runs.some((a) => a.rebel === 'no')).toBe(true);
  });
});

describe('the heuristic AI weighing choices that touch every player (琴音, asks: toWeigh)', () => {
  /** What the heuristic AI of 神周瑜 (the lord) picks at 琴音's choice in `scenario`, with the AI's seed `seed`. */
  const pick = (scenario: string, seed: number) => {
    const r = new ScenarioRunner(rules, scenario);
    const g = r.game;
    while (!r.done && !g.pending) r.runStep();
    // Follow the scenario's own answers up to the choice (the discard and the `yes`).
    while (!r.done && g.pending?.subject?.asks !== 'toWeigh') r.runStep();
    const ai = policyFor(AIS.heuristic, g, seed);
    return g.pending!.options[answerOf(ai, g)![0]!]!.label;
  };

  it('heals the table when it is hurt itself (2 HP) and its foes are not much hurt', () => {
    for (let seed = 1; seed <= 8; seed++) expect(pick('qinyinRecover', seed)).toBe('each player recovers 1 HP');
  });
});

describe('the heuristic AI giving its cards (黄天, asks: toGive)', () => {
  /** What the heuristic AI answers when 黄天 asks which card to give the lord, in `scenario`. */
  const answer = (scenario: string) => {
    const r = new ScenarioRunner(rules, scenario);
    const g = r.game;
    while (!r.done && g.pending?.subject?.asks !== 'toGive') r.runStep();
    const picks = answerOf(policyFor(AIS.heuristic, g, 1), g)!;
    return picks.map((i) => g.pending!.options[i]!.label);
  };

  it('gives to a lord it serves and keeps the card from a lord it fights', () => {
    expect(answer('huangtianGives')).toHaveLength(1);
    expect(answer('huangtianRebelKeeps')).toEqual([]);
  });
});

describe('the heuristic AI and reincarnation (a skill for players out of the game, aiOutOfGame)', () => {
  it('sacrifices to a dead player of its own side, never to a foe', () => {
    for (let seed = 1; seed <= 6; seed++) {
      const r = new ScenarioRunner(rules, 'reinAiFriendWaits');
      while (!r.done) r.runStep();
      const g = r.game;
      const ai = policyFor(AIS.heuristic, g, seed);
      for (let i = 0; i < 6 && g.pending?.seat === 2; i++) g.answer(answerOf(ai, g)!);
      expect(g.state.zones['hand:1']?.length ?? 0).toBe(1);
      const foe = new ScenarioRunner(rules, 'reinAiFoeWaits');
      while (!foe.done) foe.runStep();
      const fg = foe.game;
      expect(fg.pending!.options[answerOf(policyFor(AIS.heuristic, fg, seed), fg)![0] ?? -1]).toBeUndefined();
    }
  });
});

describe('the heuristic AI in a two-sided mode (3v3: sideOf replaced by the mode)', () => {
  it('does not use a card meant for foes when only teammates are within reach', () => {
    for (let seed = 1; seed <= 12; seed++) {
      const r = new ScenarioRunner(rules, 'tvtOnlyTeammatesInReach');
      while (!r.done) r.runStep();
      expect(r.failure).toBeUndefined();
      const g = r.game;
      expect(g.pending?.subject?.asks).toBe('toUse');
      expect(answerOf(policyFor(AIS.heuristic, g, seed), g)).toEqual([]);
    }
  });
});

describe('the heuristic AI and what was done to its own seat', () => {
  // A renegade heals the lord (what the table reads as the lord's side), then hurts the loyalist, whose role is
  // hidden: only the loyalist knows that this was harm to the lord's side.
  const scenario = `package identity
scenario aiHurtByLordsHealer 伤害隐藏忠臣 "A renegade heals the lord, then hurts the hidden loyalist" {
  mode identity
  seat a { general: caocao, role: lord, hp: 3 }
  seat b { general: zhangfei, role: loyalist, hand: [slash ♣8] }
  seat c { general: huatuo, role: renegade, hand: [slash ♠7, jink ♥2] }
  deck: [jink ♦2, jink ♦3, jink ♦4, jink ♦5, jink ♦6, jink ♦7]
  start c playPhase
  c: qingnang
  c: a
  c: jink ♥2
  c: slash ♠7
  c: b
  expect ask b
  expect offered slash ♣8
}`;

  it('takes a player who hurt it for a foe of its side, though the table reads them as a friend', () => {
    const program = withScenarios('ai-hurt.sgs', scenario);
    for (let seed = 1; seed <= 6; seed++) {
      const { g, ai } = watched(program, 'aiHurtByLordsHealer', seed);
      const play = answerOf(ai, g)!;
      expect(play.map((i) => g.pending!.options[i]!.label)).toEqual(['slash ♣8']);
      g.answer(play);
      const target = answerOf(ai, g)!;
      expect(target.map((i) => g.pending!.options[i]!.label)).toEqual(['c']);
    }
  });
});

describe("the heuristic AI and an expansion's own event (event hints: aiHarm)", () => {
  // The same story as above, told with an event the core does not have: the renegade heals the lord, then curses
  // the hidden loyalist. Only the event's hint `aiHarm: by, whom` says that a curse is harm.
  const scenario = (hint: string) => `package identity
event exCurse 诅咒 "Curse" (by: player, whom: player, n: int = 1) {
  ${hint}
  whom.hp -= n
}
skill exCursing 诅咒术 "Cursing" {
  active limit 1 per turn {
    let t = choose(you, others(you), "whom to curse")
    exCurse(you, t)
  }
}
scenario aiCursedByLordsHealer 诅咒隐藏忠臣 "A renegade heals the lord, then curses the hidden loyalist" {
  mode identity
  seat a { general: caocao, role: lord, hp: 3 }
  seat b { general: zhangfei, role: loyalist, hand: [slash ♣8] }
  seat c { general: huatuo, role: renegade, hand: [slash ♠7, jink ♥2], skills: [qingnang, exCursing] }
  deck: [jink ♦2, jink ♦3, jink ♦4, jink ♦5, jink ♦6, jink ♦7]
  start c playPhase
  c: qingnang
  c: a
  c: jink ♥2
  c: exCursing
  c: b
  c: pass
  expect ask b
  expect offered slash ♣8
}`;
  /** The cursed loyalist's play and its targets, for each AI seed. */
  const answers = (hint: string) => {
    const program = withScenarios('ai-curse.sgs', scenario(hint));
    return [1, 2, 3, 4, 5, 6].map((seed) => {
      const { g, ai } = watched(program, 'aiCursedByLordsHealer', seed);
      const play = answerOf(ai, g)!;
      const labels = play.map((i) => g.pending!.options[i]!.label);
      if (play.length === 0) return labels;
      g.answer(play);
      return [...labels, ...answerOf(ai, g)!.map((i) => g.pending!.options[i]!.label)];
    });
  };

  it('takes the curser for a foe when the event says it harms, and not when it says nothing', () => {
    expect(answers('aiHarm: by, whom')).toEqual(Array(6).fill(['slash ♣8', 'c']));
    expect(answers('')).toEqual(Array(6).fill([]));
  });

  it('reads nothing from hints that name fields holding no player, and goes on playing', () => {
    expect(answers('aiHarm: n, n\n  aiOut: n\n  aiCardUse: n, n, n\n  aiCardEffect: n, n\n  aiResponse: n')).toEqual(
      Array(6).fill([]),
    );
  });
});

describe('the heuristic AI reads HP from the properties the rules mark', () => {
  // A wounded lord with a 桃 in the play phase eats it. Which properties are HP is their hint (`as life`, `as
  // maxLife` in rules/core/basics.sgs): with the hints taken off, the AI cannot tell the lord is wounded.
  const scenario = `package identity
scenario aiWoundedPeach 受伤吃桃 "A wounded lord holding a Peach" {
  mode identity
  seat a { general: caocao, role: lord, hp: 1, hand: [peach ♥3] }
  seat b { general: zhangfei, role: rebel }
  deck: [jink ♦2, jink ♦3, jink ♦4, jink ♦5, jink ♦6, jink ♦7]
  start a playPhase
}`;
  const firstPlay = (strip: boolean) => {
    const sources = loadSources(['rules']).map((s) =>
      strip ? { ...s, text: s.text.replace(/ as (life|maxLife)$/gm, '') } : s,
    );
    const program = compile([...sources, { file: 'ai-peach.sgs', text: scenario }]).program!;
    return [1, 2, 3].map((seed) => {
      const { g, ai } = watched(program, 'aiWoundedPeach', seed);
      return answerOf(ai, g)!.map((i) => g.pending!.options[i]!.label);
    });
  };

  it('eats the 桃 when the rules mark HP, and not when they do not', () => {
    expect(firstPlay(false)).toEqual(Array(3).fill(['peach ♥3']));
    expect(firstPlay(true)).toEqual(Array(3).fill([]));
  });
});

describe('the heuristic AI and a yes that gains nothing', () => {
  // 洛神 judges, 鬼才 swaps the red card for the black one in 甄姬's own hand, 洛神 takes it back: asked again, the
  // seat is as it was at its last yes. Without 鬼才 each yes gains a card and the AI goes on.
  const scenarios = `package identity
scenario aiLuoshenOwnGuicai 洛神自己鬼才 "洛神 with 鬼才 on the same seat" {
  mode identity
  seat z { general: zhenji, skills: [guicai], role: lord, hand: [blade ♠5] }
  seat a { general: guanyu, role: rebel }
  deck: [jink ♦2, jink ♦3, jink ♦4, jink ♦5, jink ♦6, jink ♦7]
  start z judgePhase
}
scenario aiLuoshenBlackCards 洛神黑牌 "洛神 judging black cards" {
  mode identity
  seat z { general: zhenji, role: lord }
  seat a { general: guanyu, role: rebel }
  deck: [slash ♣8, slash ♣9, slash ♠7, jink ♦2, jink ♦3, jink ♦4]
  start z judgePhase
}`;
  let program: Program;
  beforeAll(() => {
    program = withScenarios('ai-luoshen.sgs', scenarios);
  });
  /** Plays seat z's judge phase with the heuristic AI; the answers it gave to 洛神's question. */
  const luoshenAnswers = (scenario: string, seed: number) => {
    const { g, ai } = watched(program, scenario, seed);
    const said: string[] = [];
    for (let i = 0; i < 40 && g.pending?.seat === 0 && g.pending.subject?.asks !== 'toUse'; i++) {
      const picks = answerOf(ai, g)!;
      if (g.pending.prompt.startsWith('luoshen')) said.push(g.pending.options[picks[0]!]!.label);
      g.answer(picks);
    }
    return said;
  };

  it('stops asking 洛神 for more once a yes left its own seat as it was (鬼才 swapping in a card of its hand)', () => {
    for (let seed = 1; seed <= 6; seed++) expect(luoshenAnswers('aiLuoshenOwnGuicai', seed)).toEqual(['yes', 'no']);
  });

  it('goes on while each yes gains a card', () => {
    for (let seed = 1; seed <= 6; seed++)
      expect(luoshenAnswers('aiLuoshenBlackCards', seed)).toEqual(['yes', 'yes', 'yes']);
  });
});

describe('the heuristic AI and a play that gains nothing', () => {
  // The rest of the deck is out of play but for one card in the discard pile: 无中生有 draws only that card, and a's
  // hand is as it was; the second 无中生有 would draw back the first, and so on for ever.
  const scenario = `package identity
scenario aiExNihiloEmptyDeck 无中生有空牌堆 "无中生有 with one card left to draw" {
  mode identity
  seat a { general: caocao, role: lord, hand: [exNihilo ♥7, exNihilo ♥8, slash ♠7] }
  seat b { general: guanyu, role: rebel }
  start a playPhase
}`;
  it('does not play the same card again once it left the seat as it was (无中生有 drawing one card back)', () => {
    const program = withScenarios('ai-exnihilo.sgs', scenario);
    for (let seed = 1; seed <= 6; seed++) {
      const { g, ai } = watched(program, 'aiExNihiloEmptyDeck', seed);
      const [last, ...rest] = g.state.zones.drawPile!;
      put(g, [...rest, ...g.state.zones.discardPile!], { t: 'z', zone: 'removed', owner: null }, false);
      put(g, [last!], { t: 'z', zone: 'discardPile', owner: null }, false);
      let uses = 0;
      let steps = 0;
      for (; steps < 100 && g.pending?.seat === 0; steps++) {
        const picks = answerOf(ai, g)!;
        if (g.pending.subject?.asks === 'toUse' && picks.some((k) => /exNihilo/.test(g.pending!.options[k]!.label)))
          uses++;
        g.answer(picks);
      }
      // Played only while it gained a card (without the bar: 100 of 100 steps, for ever); a's turn goes on.
      expect(uses).toBeLessThan(5);
      expect(steps).toBeLessThan(30);
    }
  });
});

describe('the heuristic AI and a play that always gains a little', () => {
  // 蛊惑 names 无中生有 with any hand card; nobody doubts a lord's claim: each use gains a card, on and on.
  const scenario = `package identity
scenario aiGuhuoHoards 蛊惑囤牌 "蛊惑 naming 无中生有 again and again" {
  mode identity
  seat y { general: yuji, role: lord, hand: [jink ♦2, jink ♦3, jink ♦4, jink ♦5, jink ♦6, jink ♦7] }
  seat a { general: caocao, role: loyalist }
  seat b { general: liubei, role: loyalist }
  start y playPhase
}`;
  it('makes one kind of play at most eight times a turn', () => {
    const program = withScenarios('ai-guhuo.sgs', scenario);
    for (let seed = 1; seed <= 4; seed++) {
      const { g, ai } = watched(program, 'aiGuhuoHoards', seed);
      let uses = 0;
      for (let i = 0; i < 1000 && g.state.current === 0 && g.pending && !g.state.over; i++) {
        const picks = answerOf(ai, g)!;
        const r0 = g.pending;
        if (r0.seat === 0 && r0.subject?.asks === 'toUse' && picks.some((k) => r0.options[k]!.label === 'guhuo'))
          uses++;
        g.answer(picks);
      }
      expect(uses).toBeGreaterThan(2);
      expect(uses).toBeLessThanOrEqual(8);
      // The turn ended (or the game: the lord does not know its loyalists and may shoot one).
      expect(g.state.current !== 0 || g.state.over !== null).toBe(true);
    }
  });
});

describe('choosing the AI by role', () => {
  it('hands each request to the AI of the asking seat’s role (the default before roles are dealt)', () => {
    const spec = parseAiSpec('random,lord=heuristic', 'heuristic', ROLES);
    let last: AiName | null = null;
    const game = new Game(rules, { players: 5, seed: 3, keepLog: false });
    const policy = policyFor(
      byRole(spec, (ai) => (last = ai)),
      game,
      4,
    );
    game.start();
    const seen = new Set<string>();
    for (let i = 0; i < 300 && game.pending && !game.state.over; i++) {
      const r = game.pending;
      const role = game.state.players[r.seat]!.v.role;
      const picks = answerOf(policy, game)!;
      expect(last).toBe(role === 'lord' ? 'heuristic' : 'random');
      seen.add(last!);
      expect(game.answer(picks).ok).toBe(true);
    }
    expect([...seen].sort()).toEqual(['heuristic', 'random']);
  });

  it('parses and prints specs, with one-line errors', () => {
    expect(parseAiSpec('heuristic', 'random', ROLES)).toEqual({ default: 'heuristic', roles: {} });
    const mixed = parseAiSpec('lord=heuristic,loyalist=heuristic', 'random', ROLES);
    expect(formatAiSpec(mixed, ROLES)).toBe('lord=heuristic,loyalist=heuristic,rebel=random,renegade=random');
    expect(formatAiSpec(parseAiSpec('heuristic,rebel=heuristic', 'random', ROLES), ROLES)).toBe('heuristic');
    expect(() => parseAiSpec('clever', 'random', ROLES)).toThrow("no AI named 'clever' (AIs: random, heuristic)");
    expect(() => parseAiSpec('king=random', 'random', ROLES)).toThrow(
      "no role named 'king' (roles: lord, loyalist, rebel, renegade)",
    );
    expect(rolesOf(rules)).toEqual(ROLES);
    const bad = run('simulate', '--players', '5', '--games', '1', '--ai', 'lord=genius');
    expect(bad.code).toBe(2);
    expect(bad.err).toBe("sgs: no AI named 'genius' (AIs: random, heuristic)");
  });
});

describe('balance statistics', () => {
  it('the Wilson interval matches known values', () => {
    const half = wilson(5, 10);
    expect(half.low).toBeCloseTo(0.2366, 4);
    expect(half.high).toBeCloseTo(0.7634, 4);
    expect(wilson(0, 10).low).toBe(0);
    expect(wilson(0, 10).high).toBeCloseTo(0.2775, 4);
    expect(wilson(81, 263).low).toBeCloseTo(0.2553, 4);
    expect(wilson(81, 263).high).toBeCloseTo(0.3662, 4);
    expect(wilson(0, 0)).toEqual({ low: 0, high: 1 });
  });

  it(
    'counts add up: wins within games, rates within their intervals, every seat and every game accounted for',
    SLOW,
    () => {
      const b = balance(rules, { players: 5, games: 30, seed: 3, ai: heuristic });
      expect(b.completed).toBe(30);
      for (const s of [...b.generals, ...b.roles]) {
        expect(s.wins).toBeGreaterThanOrEqual(0);
        expect(s.wins).toBeLessThanOrEqual(s.games);
        expect(s.rate).toBeCloseTo(s.wins / s.games, 4);
        expect(s.low).toBeLessThanOrEqual(s.rate);
        expect(s.rate).toBeLessThanOrEqual(s.high);
      }
      const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);
      expect(sum(b.generals.map((s) => s.games))).toBe(5 * 30); // one general per seat per game
      const role = Object.fromEntries(b.roles.map((s) => [s.role, s]));
      expect(b.roles.map((s) => s.games)).toEqual([30, 30, 30, 30]); // 5 players: every role in every game
      expect(role.lord!.wins + role.rebel!.wins + role.renegade!.wins).toBe(30); // exactly one side wins
      expect(role.loyalist!.wins).toBe(role.lord!.wins);
      // 5 players: 1 lord, 1 loyalist, 2 rebels, 1 renegade — the seats that won are the generals that won.
      expect(sum(b.generals.map((s) => s.wins))).toBe(role.lord!.wins * 2 + role.rebel!.wins * 2 + role.renegade!.wins);
      // Expected wins come from the same games, so observed − expected sums to zero over all generals.
      expect(sum(b.generals.map((s) => s.adjusted * s.games))).toBeCloseTo(0, 2);
      // Each general's rates per role split its games and wins; the seats' baseline counts every seat once.
      for (const g of b.generals) {
        expect(sum(g.roles.map((r) => r.games))).toBe(g.games);
        expect(sum(g.roles.map((r) => r.wins))).toBe(g.wins);
        for (const r of g.roles) expect(r.low).toBeLessThanOrEqual(r.rate);
      }
      expect(b.seats.map((s) => s.role)).toEqual(ROLES); // the rules' order
      for (const s of b.seats)
        expect(s.games).toBe(sum(b.generals.map((g) => g.roles.find((r) => r.role === s.role)?.games ?? 0)));
      const rates = b.generals.map((s) => s.rate);
      expect(rates).toEqual(rates.slice().sort((x, y) => y - x));
    },
  );

  it('sgs balance counts a seat that ends with no general (a dead player waiting to reincarnate) for its role only', () => {
    const r = run(
      'balance',
      '--games',
      '6',
      '--players',
      '5',
      '--seed',
      '1',
      '--json',
      '--option',
      'reincarnation=true',
    );
    expect(r.code).toBe(0);
    const o = JSON.parse(r.out) as { seats: { games: number }[]; generals: { games: number }[] };
    const seats = o.seats.reduce((a, s) => a + s.games, 0);
    const generals = o.generals.reduce((a, g) => a + g.games, 0);
    expect(seats).toBe(30);
    expect(generals).toBeLessThan(seats); // some seats ended dead, waiting, their general back in the pool
  });

  it('sgs balance --json prints one JSON object with the documented fields', () => {
    const r = run('balance', '--games', '4', '--players', '5', '--seed', '2', '--json');
    expect(r.code).toBe(0);
    const o = JSON.parse(r.out);
    expect(Object.keys(o)).toEqual([
      'games',
      'series',
      'players',
      'seed',
      'ai',
      'generals',
      'roles',
      'seats',
      'avgDecisions',
      'aiMicrosPerDecision',
      'gamesPerSecond',
    ]);
    expect(o).toMatchObject({ games: 4, series: 1, players: 5, seed: 2, ai: 'heuristic' });
    expect(Object.keys(o.generals[0]).sort()).toEqual([
      'adjusted',
      'games',
      'high',
      'id',
      'low',
      'mark',
      'rate',
      'roles',
      'wins',
    ]);
  });
});
