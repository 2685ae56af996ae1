// Invariants declared in the rules (`invariant …`) and checked by the engine: per player or for the game, waived by
// a mode, an exception said by the rule that makes it (不屈 keeps 周泰 in the game at 0 HP), and the scenario runner
// failing at the answer after which one breaks.
import { describe, expect, it } from 'vitest';
import { compile } from '../compiler/index.ts';
import { loadSources } from '../compiler/node/load.ts';
import { checkInvariants, Game, runScenario, StateWatch, type Program } from '../runtime/index.ts';

function programOf(paths: string[], extra?: string): Program {
  const sources = loadSources(paths);
  if (extra) sources.push({ file: 'extra.sgs', text: extra });
  const r = compile(sources);
  const errors = r.diagnostics.filter((d) => d.severity === 'error');
  expect(errors.map((d) => `${d.span.file}:${d.span.line}: ${d.code} ${d.message}`)).toEqual([]);
  return r.program!;
}

describe('declared invariants', () => {
  const toy = programOf(['test/fixtures/toy']);

  it('are part of the IR, with their names and parameters', () => {
    expect(Object.keys(toy.invariants)).toEqual(['alivePositive', 'hpCapped', 'deadEmptyHanded', 'someoneStands']);
    expect(toy.invariants.alivePositive!.params.map((p) => p.name)).toEqual(['p']);
    expect(toy.invariants.someoneStands!.params).toEqual([]);
    expect(toy.invariants.hpCapped!.en).toBe('HP is at most max HP');
  });

  it('are checked per player (with the seat) and for the game, and hold in a fresh game', () => {
    const g = new Game(toy, { players: 3, seed: 2 });
    g.start();
    expect(checkInvariants(g)).toEqual([]);
    g.state.players[1]!.v.hp = 0;
    expect(checkInvariants(g)).toEqual([
      { id: 'alivePositive', seat: 1, message: 'invariant alivePositive "The living have HP" is broken for p2' },
    ]);
  });

  it('an invariant that fails to evaluate is reported, not thrown', () => {
    const p = programOf(
      ['test/fixtures/toy'],
      'package toy\ninvariant broken = count(heldBy(at(players(), 9))) == 0\n',
    );
    const g = new Game(p, { players: 2, seed: 1 });
    g.start();
    const v = checkInvariants(g).find((x) => x.id === 'broken');
    expect(v?.message).toMatch(/^invariant broken could not be checked: /);
  });

  it("a mode's waives field turns an invariant off for its games", () => {
    const p = programOf(
      ['test/fixtures/toy'],
      [
        'package toy',
        'mode lenient 宽松 "Lenient" {',
        '  minPlayers: 2',
        '  maxPlayers: 8',
        '  decks: toy',
        '  deckZone: drawPile',
        '  waives: alivePositive, someoneStands',
        '  setup() { return first(players()) }',
        '  play(first: player, from: text?) { playTurn(first) }',
        '}',
      ].join('\n'),
    );
    const g = new Game(p, { players: 2, seed: 1, mode: 'lenient' });
    g.start();
    g.state.players[0]!.v.hp = 0;
    expect(checkInvariants(g)).toEqual([]);
    const strict = new Game(p, { players: 2, seed: 1, mode: 'brawl' });
    strict.start();
    strict.state.players[0]!.v.hp = 0;
    expect(checkInvariants(strict).map((v) => v.id)).toEqual(['alivePositive']);
  });

  it('the compiler reports wrong parameters (SGS250) and a waived name that is not an invariant (SGS106)', () => {
    const r = compile([
      ...loadSources(['test/fixtures/toy']),
      {
        file: 'bad.sgs',
        text: 'package toy\ninvariant two (a: player, b: player) = true\ninvariant num (n: int) = true\nmode m2 { waives: drawPile }\n',
      },
    ]);
    expect(r.diagnostics.filter((d) => d.severity === 'error').map((d) => [d.code, d.span.line])).toEqual([
      ['SGS250', 2],
      ['SGS250', 3],
      ['SGS106', 4],
    ]);
  });
});

describe('invariants checked when every event ends', () => {
  // A rule that breaks an invariant for a moment: its HP goes above max HP while an inner event runs, then back.
  const spiky = programOf(
    ['test/fixtures/toy'],
    [
      'package toy',
      'event blip() { }',
      'event spike(p: player) {',
      '  p.hp = p.maxHp + 1',
      '  blip()',
      '  p.hp = p.maxHp',
      '}',
      'mode spiky {',
      '  minPlayers: 2',
      '  maxPlayers: 8',
      '  decks: toy',
      '  deckZone: drawPile',
      '  setup() { return first(players()) }',
      '  play(first: player, from: text?) {',
      '    let c = choose(first, hand(first), "play", true)',
      '    spike(first)',
      '    playTurn(first)',
      '  }',
      '}',
      'scenario spikes { mode spiky  seat a { hand: [strike ♠A] }  seat b { }  start a  a: strike ♠A }',
    ].join('\n'),
  );

  it('a watched game reports the break at the event that ended with it, though it is mended before the answer', () => {
    const g = new Game(spiky, { players: 2, seed: 1, mode: 'spiky' });
    const watch = new StateWatch(g);
    g.start();
    g.answer([0]);
    expect(checkInvariants(g)).toEqual([]);
    expect(watch.broken).toBe('when event blip ended: invariant hpCapped "HP is at most max HP" is broken for p1');
  });

  it('a scenario fails at the answer during which an event ended with an invariant broken', () => {
    expect(runScenario(spiky, 'spikes').failure?.message).toBe(
      'after this answer, when event blip ended, invariant hpCapped "HP is at most max HP" is broken for a',
    );
  });
});

describe('the core invariants and 不屈', () => {
  const program = programOf(['rules', 'docs/examples']);

  it('周泰 standing at 0 HP through 不屈 breaks no invariant; without 不屈 saying so it would', () => {
    const r = runScenario(program, 'exBuquSurvives');
    expect(r.failure).toBeUndefined();
    const z = r.game.state.players[1]!;
    expect([z.alive, z.v.hp]).toEqual([true, 0]);
    expect(checkInvariants(r.game)).toEqual([]);

    const skills = { ...program.skills, exBuqu: { ...program.skills.exBuqu!, modifies: [] } };
    const silent = runScenario({ ...program, skills }, 'exBuquSurvives');
    expect(silent.failure?.message).toBe(
      `after this answer, invariant hpAboveZero "A living player's HP is above 0" is broken for z`,
    );
  });
});
