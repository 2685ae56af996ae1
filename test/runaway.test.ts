// Every game ends: rules that loop forever — asking, nesting, spinning without a question, recursing — are stopped
// by the engine itself (not only by the CLI's --max-decisions), with an error that names the skill or function
// looping and none of the skills that fired nearby (a bystander here draws or is asked during every loop).
import { describe, expect, it } from 'vitest';
import { RandomAI } from '../ai/random.ts';
import { loadSources } from '../compiler/node/load.ts';
import { compile } from '../compiler/index.ts';
import { Game, type GameOptions } from '../runtime/index.ts';
import { compileOrThrow } from './helpers.ts';

const LOOPS = `
package loops
import core
import standard
import identity

property spins 转数 "Spins": int = 0

# Asks and changes something, forever.
skill hoard 囤积 "Hoard" {
  active if hasCards(you) {
    repeat {
      let c = choose(you, allCards(you), "hoard: a card to discard")
      discard([c], you)
      draw(you, 1)
    }
  }
}
# Asks the same question in the same state, forever.
skill dither 犹豫 "Dither" {
  active {
    repeat { let again = choose(you, ["again", "again!"], "dither: again?") }
  }
}
# A trigger that raises its own window (through the discard pile, so that the deck never runs out).
skill echo 回响 "Echo" {
  on cardsGained(you) {
    discard([first(cards(hand(you)))], you)
    draw(you, 1)
  }
}
# Counts forever without asking.
skill spin 空转 "Spin" {
  active { repeat { you.spins += 1 } }
}
function deeper(n: int): int = deeper(n + 1)
# A function that calls itself on every path.
skill abyss 深渊 "Abyss" {
  active if deeper(0) > 0 { draw(you, 1) }
}
# The bystander: whenever anyone else loses cards, it may count them (it is asked during the loops).
skill watcher 旁观 "Watcher" {
  on cardsLost(other) may { you.spins += 1 }
}

general onlooker 旁观者 "Onlooker" { kingdom: qun  gender: male  hp: 4  skills: watcher }
`;

/** One stage per looping skill: its general at seat a, the bystander at b, play from a's `phase`. */
const stage = (skill: string, zh: string, en: string, phase = 'playPhase') => `
general ${skill}Er ${zh} "${en}" { kingdom: qun  gender: male  hp: 4  skills: ${skill} }
scenario ${skill}Stage ${zh}与旁观者 "${skill} and a bystander" {
  mode identity
  seat a { general: ${skill}Er, role: lord, hand: [slash ♠7, jink ♦2] }
  seat b { general: onlooker, role: rebel }
  seat c { general: caocao, role: renegade }
  start a ${phase}
}`;

const STAGES = [
  stage('hoard', '囤积者', 'Hoarder'),
  stage('dither', '犹豫者', 'Ditherer'),
  stage('echo', '回响者', 'Echoer', 'drawPhase'), // the draw phase's first card sets the echo off
  stage('spin', '空转者', 'Spinner'),
  stage('abyss', '深渊者', 'Abysser'),
].join('\n');

const program = compileOrThrow([...loadSources(['rules']), { file: 'loops.sgs', text: LOOPS + STAGES }]);

/** a uses `skill` in the scenario's play phase; then every question is answered at random until the game stops. */
function runLoop(skill: string, opts: GameOptions = {}): string | null {
  const g = new Game(program, { scenario: `${skill}Stage`, ...opts });
  g.start();
  const offer = g.pending!.options.findIndex((o) => o.label.includes(skill));
  expect(offer, `a is offered ${skill}`).toBeGreaterThanOrEqual(0);
  g.answer([offer]);
  return drive(g);
}

/** Every question answered at random until the game stops (with an error, when a rule loops). */
function drive(g: Game): string | null {
  const ai = new RandomAI(5);
  for (let i = 0; g.pending && i < 30_000; i++) g.answer(ai.pick(g.pending)!);
  return g.state.error;
}

describe('every game ends', () => {
  it('a skill asking forever is stopped after 2,000 decisions in one turn, named alone', () => {
    expect(runLoop('hoard')).toMatch(
      /^2000 decisions in one turn \([ab] is asked "[^"]+"\): a rule may loop forever \(in skill hoard\)$/,
    );
  });

  it('the cap per game and per turn can be set per game', () => {
    expect(runLoop('hoard', { maxDecisionsPerTurn: 50 })).toMatch(/^50 decisions in one turn .*\(in skill hoard\)$/);
    expect(runLoop('hoard', { maxDecisions: 40 })).toMatch(/^40 decisions without a result .*\(in skill hoard\)$/);
  });

  it('the same question in an unchanged state is stopped after 200 in a row', () => {
    expect(runLoop('dither')).toMatch(
      /^200 decisions in a row that change nothing \(a is asked "dither: again\?"\): .*\(in skill dither\)$/,
    );
  });

  it('a trigger raising its own window is stopped by the nesting limit, named alone', () => {
    const g = new Game(program, { scenario: 'echoStage' });
    g.start(); // the draw phase's first card sets the echo off
    expect(drive(g)).toMatch(/^events nested more than 120 deep \(innermost: .*\): .*\(in skill echo\)$/);
  });

  it('a loop that never asks is stopped by the step budget, named alone', () => {
    expect(runLoop('spin')).toMatch(/^step budget of 200000 exceeded without a decision: .*\(in skill spin\)$/);
  });

  it('a function calling itself forever is named when the stack runs out', () => {
    const g = new Game(program, { scenario: 'abyssStage' });
    g.start(); // a's play phase lists a's actions: abyss's condition calls deeper
    expect(g.state.error).toMatch(/^calls nested too deep for this machine's stack: .*\(in function deeper\)$/);
  });
});

describe('a function that calls itself whatever its arguments', () => {
  const warnings = (text: string) =>
    compile([{ file: 'r.sgs', text: `package r\n${text}\n` }])
      .diagnostics.filter((d) => d.code === 'SGS260')
      .map((d) => `${d.span.line}:${d.span.col} ${d.message}`);

  it('is reported at the call it always makes (SGS260)', () => {
    expect(warnings('function deeper(n: int): int = deeper(n + 1)')).toEqual([
      '2:32 function deeper calls itself whatever its arguments: it can never return',
    ]);
    expect(warnings('function f(n: int): int {\n  let x = 1 + f(n)\n  return x\n}')).toEqual([
      '3:15 function f calls itself whatever its arguments: it can never return',
    ]);
    expect(
      warnings('function f(n: int): int {\n  if n > 0 { return f(n - 1) } else { return f(n + 1) }\n}'),
    ).toHaveLength(1);
  });

  it('is not reported when a path can return without the call', () => {
    expect(warnings('function fact(n: int): int {\n  if n <= 1 { return 1 }\n  return n * fact(n - 1)\n}')).toEqual([]);
    expect(warnings('function down(n: int): bool = n > 0 and down(n - 1)')).toEqual([]);
    expect(warnings('function g(n: int): int {\n  for i in range(n) { return 0 }\n  return g(n)\n}')).toEqual([]);
  });
});
