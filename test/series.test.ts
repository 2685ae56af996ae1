// A series of games: the declarations marked `carried` go from one game to the next (runtime/carried.ts,
// runtime/series.ts), through the engine API, the scenario runner and the command line.
import { describe, expect, it } from 'vitest';
import { loadSources } from '../compiler/node/load.ts';
import { Game, Series, deriveSeed, runScenario, type Carried, type Program } from '../runtime/index.ts';
import { RandomAI } from '../ai/random.ts';
import { simulate } from '../cli/simulate.ts';
import { parseReplay, replay } from '../cli/replay.ts';
import { main } from '../cli/main.ts';
import { memoryIo } from '../cli/io.ts';
import { compileOrThrow, inline, rulesProgram } from './helpers.ts';
import { compile } from '../compiler/index.ts';

let cached: Program | undefined;
/** The rules with the example package, whose mode exSeries keeps scores over a series (docs/examples/series.sgs). */
function examples(): Program {
  return (cached ??= compileOrThrow(loadSources(['rules', 'docs/examples'])));
}

/** Play a game to its end with the random policy. */
function playOut(g: Game, aiSeed: number): Game {
  const ai = new RandomAI(aiSeed);
  g.start();
  for (let i = 0; i < 20_000 && g.pending && !g.over; i++) {
    const picks = ai.pick(g.pending);
    if (!picks || !g.answer(picks).ok) throw new Error(`no legal answer to "${g.pending.prompt}"`);
  }
  expect(g.state.error).toBeNull();
  expect(g.state.over).not.toBeNull();
  return g;
}

const scores = (g: Game) => g.state.players.map((p) => p.v.exScore as number);
const lordSeat = (g: Game) => g.state.players.findIndex((p) => p.v.role === 'lord');

describe('a series of games (carried values)', () => {
  it('carries scores, the rotating lord seat and who went out first; resets what is not carried', () => {
    const series = new Series(examples(), { mode: 'exSeries', players: 5, seed: 7, keepLog: false });
    let total = 0;
    let firstOut: unknown = null;
    for (let i = 0; i < 4; i++) {
      const g = series.next();
      // Before setup: the carried values of the previous game; the rest at its default.
      expect(g.state.globals.exDeathsThisGame).toBe(0);
      expect(g.state.globals.exGamesPlayed).toBe(i);
      expect(scores(g).reduce((a, b) => a + b, 0)).toBe(total);
      playOut(g, 100 + i);
      expect(g.state.globals.exGamesPlayed).toBe(i + 1);
      expect(lordSeat(g)).toBe(i % 5); // the lord's seat moves one seat on every game
      expect(g.state.globals.exLordSeat).toBe((i + 1) % 5);
      expect(g.state.globals.exDeathsThisGame as number).toBeGreaterThan(0);
      // The previous game's first out is now "last game's"; as a player of this game, in the same seat.
      const last = g.state.globals.exFirstOutLast;
      if (i === 0) expect(last).toBeNull();
      else expect(last).toBe(g.state.players[(firstOut as { $p: number }).$p]);
      total += g.state.over!.players!.length; // every winner scores 1 (the mode's gameOver)
      expect(scores(g).reduce((a, b) => a + b, 0)).toBe(total);
      const c = g.carried();
      expect(Object.keys(c.globals).sort()).toEqual([
        'exFirstOutLast',
        'exFirstOutThis',
        'exGamesPlayed',
        'exLordSeat',
      ]);
      expect(c.players.map((p) => p.exScore)).toEqual(scores(g));
      expect(c.players.every((p) => Object.keys(p).join() === 'exScore')).toBe(true); // hp, role… are not carried
      firstOut = c.globals.exFirstOutThis;
      expect(firstOut).toEqual({ $p: expect.any(Number) });
      expect(JSON.parse(JSON.stringify(c))).toEqual(c); // plain data
    }
    expect(total).toBeGreaterThan(0);
  });

  it('is deterministic: the same series seed and answers give the same games; seeds follow deriveSeed', () => {
    const hashes = () => {
      const s = new Series(examples(), { mode: 'exSeries', players: 4, seed: 3, keepLog: false });
      return [0, 1, 2].map((i) => playOut(s.next(), i).traceHash());
    };
    expect(hashes()).toEqual(hashes());
    const s = new Series(examples(), { seed: 3, first: 10 });
    expect(s.seedOf(2)).toBe(deriveSeed(3, 12, 'game'));
  });

  it('a game started from carried values plays like the same game of the series', () => {
    const s = new Series(examples(), { mode: 'exSeries', players: 4, seed: 9, keepLog: false });
    playOut(s.next(), 1);
    const second = playOut(s.next(), 2);
    const again = new Game(examples(), {
      mode: 'exSeries',
      players: 4,
      seed: s.seedOf(1),
      carried: s.carried,
      keepLog: false,
    });
    expect(playOut(again, 2).traceHash()).toBe(second.traceHash());
  });

  it('refuses the next game before the last is over, and carried values the rules do not declare', () => {
    const s = new Series(examples(), { mode: 'exSeries', players: 4 });
    s.next();
    expect(() => s.next()).toThrow(/not over/);
    const bad: Carried = { globals: { turnPlayer: null }, players: [{}, {}, {}, {}] };
    expect(() => new Game(examples(), { mode: 'exSeries', players: 4, carried: bad })).toThrow(/not a carried var/);
    const seats: Carried = { globals: {}, players: [{}, {}] };
    expect(() => new Game(examples(), { mode: 'exSeries', players: 4, carried: seats })).toThrow(/for 2 seats/);
    const far: Carried = { globals: { exFirstOutLast: { $p: 7 } }, players: [{}, {}, {}, {}] };
    expect(() => new Game(examples(), { mode: 'exSeries', players: 4, carried: far })).toThrow(/seat 7/);
  });

  it("the mode's gameOver runs whichever rule ends the game, and may not ask", () => {
    const p = compileOrThrow(
      inline(`
        var tally: int = 0 carried
        zone hand per player owner
        mode m {
          play(first: player, from: any) { endGame(none, "over", [first]) }
          gameOver(w: any, won: [player]) { tally += count(won) }
        }
        mode asks {
          play(first: player, from: any) { endGame(none, "over", [first]) }
          gameOver(w: any, won: [player]) { let x = ask(first(won), "really?") }
        }
      `),
    );
    const s = new Series(p, { mode: 'm', players: 2 });
    s.next().start();
    const g = s.next();
    g.start();
    expect(g.state.globals.tally).toBe(2);
    const a = new Game(p, { mode: 'asks', players: 2 });
    a.start();
    expect(a.state.error).toMatch(/gameOver asks a player/);
  });

  it('a carried value that holds a card is an error naming it', () => {
    const p = compileOrThrow(
      inline(`
        enum cardType { basic }
        var keep: [int] = [] carried
        zone hand per player owner
        card stone { type: basic }
        mode m {
          play(first: player, from: any) {
            keep = [1, 2]
            keep += [stone ♠2]
            endGame(none, "over", [first])
          }
        }
      `),
    );
    const g = new Game(p, { mode: 'm', players: 2 });
    g.start();
    expect(() => g.carried()).toThrow(/keep is carried to the next game but holds/);
  });
});

describe('carried declarations in the compiler', () => {
  const codes = (text: string) => compile(inline(text)).diagnostics.map((d) => `${d.code}:${d.span.line}`);

  it('accepts carried vars and properties of plain types and marks them in the IR', () => {
    const p = compileOrThrow(
      inline(`
        enum side { a, b }
        var games: int = 0 carried
        var who: player? = none carried
        var sides: [side] = [] carried
        property score: int = 0 owner carried
        property name: text = "" carried
        var plain: int = 0
      `),
    );
    expect(p.vars.games!.carried).toBe(true);
    expect(p.vars.plain!.carried).toBeUndefined();
    expect(p.properties.score).toMatchObject({ carried: true, visibility: 'owner' });
  });

  it('SGS164: a carried type that belongs to one game; SGS165: carried and reset at', () => {
    expect(codes('zone hand per player owner\nvar c: card? = none carried\nproperty z: [zone] = [] carried')).toEqual([
      'SGS164:2',
      'SGS164:3',
    ]);
    expect(codes('event turn(p: player) { }\nproperty n: int = 0 reset at turn carried')).toEqual(['SGS165:2']);
  });

  it("a mode's score names a carried int property; anything else is SGS106", () => {
    const p = compileOrThrow(inline('property pts: int = 0 carried\nmode m { score: pts }'));
    expect(p.modes.m!.fields.score).toBe('pts');
    expect(
      codes(`
        property pts: int = 0
        property tag: text = "" carried
        var games: int = 0 carried
        mode m1 { score: pts }
        mode m2 { score: tag }
        mode m3 { score: games }
        mode m4 { score: 3 }
      `),
    ).toEqual(['SGS106:5', 'SGS106:6', 'SGS106:7', 'SGS106:8']);
  });

  it("SGS172: a scenario's var that names no var", () => {
    expect(
      codes(`
        property hp: int = 0
        mode m { }
        scenario s { seat a { hp: 1 } seat b { }
          var hp = 2
          expect a.hp == 1 }
      `),
    ).toEqual(['SGS172:5']);
  });
});

describe("a scenario dealt by the mode's setup (start setup)", () => {
  const codes = (text: string) => compile(inline(text)).diagnostics.map((d) => `${d.code}:${d.span.line}`);

  it('SGS171: start setup with a phase, or start naming no seat', () => {
    expect(codes('mode m { }\nscenario s { seat a { } seat b { }\n start setup judgePhase\n expect end }')).toEqual([
      'SGS171:3',
    ]);
    expect(codes('mode m { }\nscenario s { seat a { } seat b { }\n start c\n expect end }')).toEqual(['SGS171:3']);
    expect(codes('mode m { }\nscenario s { seat a { } seat b { }\n start setup\n expect end }')).toEqual([]);
  });

  it("runs the mode's setup after the seats' fields, and its play from the player setup returns", () => {
    const r = runScenario(rulesProgram(), 'identityDealtTable');
    expect(r.failure).toBeUndefined();
  });
});

describe('a scenario from game 2 of a series', () => {
  it("sets carried globals with var and carried properties in seats, and the mode's gameOver scores", () => {
    const r = runScenario(examples(), 'exSeriesScores');
    expect(r.failure).toBeUndefined();
  });

  it('a seat named like a general is the seat in a player var, the general elsewhere', () => {
    const p = compileOrThrow([
      ...loadSources(['rules', 'docs/examples']),
      ...inline(`
        package examples
        var exGeneralSeen: general? = none
        scenario exSeatOrGeneral 座位 "seat or general" {
          mode exSeries
          var exFirstOutLast = caocao
          var exGeneralSeen = caocao
          seat a { general: guanyu, role: rebel }
          seat caocao { general: caocao, role: lord }
          expect exFirstOutLast.seat == 1 and exGeneralSeen == exFirstOutLast.general
        }
      `),
    ]);
    expect(runScenario(p, 'exSeatOrGeneral').failure).toBeUndefined();
  });
});

describe('sgs simulate --series', () => {
  it('groups games in series without changing any game seed, and carries values within a series', () => {
    const base = { players: 4, games: 6, seed: 2, mode: 'exSeries' } as const;
    const alone = simulate(examples(), base);
    const inSeries = simulate(examples(), { ...base, series: 3 });
    expect(inSeries.series).toBe(3);
    expect(inSeries.completed).toBe(6);
    // The lord's seat rotates, the dealt hands differ: not the same games.
    expect(inSeries.traceHash).not.toBe(alone.traceHash);
    expect(inSeries.carried!.globals.exGamesPlayed).toBe(3);
    expect(alone.carried).toBeUndefined();
    // Series of 1 are games on their own.
    expect(simulate(examples(), { ...base, series: 1 }).traceHash).toBe(alone.traceHash);
  });

  it('a replay file with carried values reproduces a game of a series', () => {
    const r = simulate(examples(), { players: 4, games: 2, seed: 4, mode: 'exSeries', series: 2, maxDecisions: 40 });
    const p = r.problems.find((x) => x.game === 1);
    expect(p?.replay.carried?.globals.exGamesPlayed).toBe(1);
    const again = replay(examples(), parseReplay(JSON.parse(JSON.stringify(p!.replay))));
    expect(again.problem).toBeUndefined();
    expect(again.game.state.globals.exGamesPlayed).toBe(2);
    expect(() => parseReplay({ seed: 1, players: 4, answers: [], carried: [1] })).toThrow(/"carried" must be/);
  });
});

describe("a mode's score over a series (the identity game's option scoring)", () => {
  const options = { scoring: true };

  it('Game.scores reads the property the mode names, only while the option gives the mode one', () => {
    const on = new Game(rulesProgram(), { players: 4, seed: 1, options });
    expect(on.scoreProperty()).toBe('scoreTotal');
    expect(on.scores()).toEqual([0, 0, 0, 0]);
    expect(new Game(rulesProgram(), { players: 4, seed: 1 }).scores()).toBeUndefined();
  });

  it("sgs simulate tallies every series' final totals per seat, the same in one thread or two", () => {
    const base = { players: 4, games: 8, seed: 1, series: 4, options };
    const r = simulate(rulesProgram(), base);
    expect(r.completed).toBe(8);
    const s = r.scores!;
    expect(s.property).toBe('scoreTotal');
    expect(s.series).toBe(2);
    // The last series' totals are what its last game carries on.
    expect(s.last).toEqual(r.carried!.players.map((p) => p.scoreTotal));
    expect(s.mean).toHaveLength(4);
    expect(s.won.reduce((a, b) => a + b, 0)).toBeGreaterThanOrEqual(2);
    expect(simulate(rulesProgram(), { ...base, jobs: 2 }).scores).toEqual(s);
    expect(simulate(rulesProgram(), { ...base, options: {} }).scores).toBeUndefined();
  });

  it('a replay file of a game whose carried values a variant declares reproduces it', () => {
    const r = simulate(rulesProgram(), { players: 4, games: 2, seed: 4, series: 2, options, maxDecisions: 40 });
    const p = r.problems.find((x) => x.game === 1);
    expect(p?.replay.carried?.globals.scoringGame).toBe(1);
    const again = replay(rulesProgram(), parseReplay(JSON.parse(JSON.stringify(p!.replay))));
    expect(again.problem).toBeUndefined();
    expect(again.game.state.globals.scoringGame).toBe(2);
  });
});

describe('the --series flag', () => {
  const run = (...argv: string[]) => {
    const io = memoryIo();
    const code = main(argv, io);
    return { code, out: io.stdout.join('\n'), err: io.stderr.join('\n') };
  };

  it('sgs simulate --series K reports the series and what the last game left', () => {
    const args = ['simulate', 'rules', 'docs/examples', '--mode', 'exSeries', '--players', '4', '--games', '4'];
    const r = run(...args, '--series', '2', '--json');
    expect(r.code).toBe(0);
    const j = JSON.parse(r.out);
    expect(j.series).toBe(2);
    expect(j.carried.globals.exGamesPlayed).toBe(2);
    const text = run(...args, '--series', '2');
    expect(text.out).toMatch(/^4 games in series of 2 · 4 players/);
    expect(text.out).toMatch(/carried \(last game\) +exGamesPlayed 2, exLordSeat 2, .*p1 exScore \d/);
  });

  it("sgs simulate --series K shows each seat's series score when the mode keeps one", () => {
    const args = ['simulate', 'rules', '--players', '4', '--games', '4', '--series', '4', '--option', 'scoring=true'];
    const j = JSON.parse(run(...args, '--json').out);
    expect(j.scores).toMatchObject({ property: 'scoreTotal', series: 1 });
    expect(j.scores.last).toHaveLength(4);
    const text = run(...args).out;
    expect(text).toMatch(/score \(scoreTotal\) +last series p1 \d+, p2 \d+, p3 \d+, p4 \d+/);
    expect(text).toMatch(/mean of 1 series p1 \d/);
    expect(text).toMatch(/series won \(ties shared\) p1 \d/);
  });

  it('a bad --series exits 2 with a one-line cause', () => {
    for (const bad of [['--series', '0'], ['--series', 'two'], ['--series']]) {
      const r = run('simulate', 'rules', ...bad);
      expect(r.code, bad.join(' ')).toBe(2);
      expect(r.err.split('\n')).toHaveLength(1);
      expect(r.err).toMatch(/--series/);
    }
    expect(run('balance', 'rules', '--series', '0').code).toBe(2);
  });
});
