// Packages and what a game plays of them: a package's names; the identity mode deals the generals of the packages
// in play (option generalPool) and, unless gods is off, the god generals, whose players choose a kingdom as they
// are revealed; `extend mode` in a variant changes a mode's decks while an option holds. Tested on real setups with
// a small package compiled beside the rules.
import { describe, expect, it } from 'vitest';
import { compile } from '../compiler/index.ts';
import { loadSources } from '../compiler/node/load.ts';
import { Game } from '../runtime/game.ts';
import { compileOrThrow } from './helpers.ts';

const GODS = 12;
const PLAIN = 12;
const expansion = [
  'package poolTest',
  'import core, standard, identity',
  ...Array.from(
    { length: GODS },
    (_, i) => `general ptGod${i} 神${i} "God ${i}" { kingdom: god  gender: male  hp: 4  skills: jianxiong }`,
  ),
  ...Array.from(
    { length: PLAIN },
    (_, i) => `general ptPlain${i} 凡${i} "Plain ${i}" { kingdom: wu  gender: female  hp: 3  skills: jianxiong }`,
  ),
  'option ptDeck 测试牌 "Test cards" : bool = false',
  'deck ptCards 测试牌 "Test cards" { slash: ♠A, ♥2  jink: ♦3 }',
  'variant ptDeck == true {',
  '  extend mode identity { decks: standard, standardEx, ptCards }',
  '}',
].join('\n');
const program = compileOrThrow([...loadSources(['rules']), { file: 'pool-test.sgs', text: expansion }]);

/** Everything offered in the general choices of a 10-player setup (first option taken, kingdom `pick`). */
function setup(options: Record<string, unknown>, seed: number, pick = 0) {
  const g = new Game(program, { mode: 'identity', players: 10, seed, options });
  g.start();
  const offered = new Set<string>();
  const kingdomQuestions: number[] = [];
  while (g.pending && g.pending.prompt !== 'play') {
    const r = g.pending;
    if (r.prompt === 'choose your general') for (const o of r.options) offered.add(String(o.value));
    if (r.prompt === 'choose your kingdom') kingdomQuestions.push(r.seat);
    const res = g.answer(r.prompt === 'choose your kingdom' ? [pick] : [...Array(r.min).keys()]);
    expect(res.ok).toBe(true);
    if (g.state.players.every((p) => p.v.general !== null) && !g.pending?.prompt.startsWith('choose')) break;
  }
  return { g, offered: [...offered], kingdomQuestions };
}

const isTest = (id: string) => id.startsWith('pt');

describe('the generals dealt in the identity mode', () => {
  it('deals the standard generals and an author’s own package by default, not the built-in expansions', () => {
    const expansion = (id: string) => ['wind', 'fire'].includes(program.generals[id]?.package ?? '');
    let own = 0;
    for (const seed of [1, 2, 3]) {
      const { g, offered } = setup({}, seed);
      expect(g.state.error).toBeNull();
      expect(offered.filter(expansion)).toEqual([]);
      own += offered.filter(isTest).length;
    }
    expect(own).toBeGreaterThan(0);
  });

  it('deals the generals of every package loaded with generalPool = allGenerals, gods included', () => {
    const { g, offered } = setup({ generalPool: 'allGenerals' }, 1);
    expect(g.state.error).toBeNull();
    expect(offered.some((id) => id.startsWith('ptGod'))).toBe(true);
    expect(offered.some((id) => id.startsWith('ptPlain'))).toBe(true);
  });

  it('leaves the gods out when gods is off', () => {
    for (const seed of [1, 2, 3]) {
      const { offered } = setup({ generalPool: 'allGenerals', gods: false }, seed);
      expect(offered.some((id) => id.startsWith('ptPlain'))).toBe(true);
      expect(offered.filter((id) => id.startsWith('ptGod'))).toEqual([]);
    }
  });

  it('asks each god general’s player for a kingdom, which is the kingdom they play as', () => {
    const { g, kingdomQuestions } = setup({ generalPool: 'allGenerals' }, 1, 1);
    // Every god general dealt: the test package's and those of the packages in rules/ (扩展包·火's among them).
    const gods = g.state.players.filter((p) => program.generals[String(p.v.general)]?.fields.kingdom === 'god');
    expect(gods.length).toBeGreaterThan(0);
    expect(kingdomQuestions.sort()).toEqual(gods.map((p) => p.seat).sort());
    for (const p of gods) {
      expect(p.v.playedKingdom).toBe('shu');
      expect(g.callFunctionNow('kingdomOf', [p], 'test')).toBe('shu');
    }
    const others = g.state.players.filter((p) => p.v.general !== null && !gods.includes(p));
    for (const p of others) expect(p.v.playedKingdom).toBeNull();
    expect(g.state.log.some((l) => l.text.includes('plays as'))).toBe(true);
  });
});

describe('package names', () => {
  it('are given once, on any file of the package, and reach the program for the rulebook', () => {
    expect(program.packages?.standard).toEqual({ zh: '标准版', en: 'Standard' });
    expect(program.packages?.poolTest).toBeUndefined();
    const named = compile([...loadSources(['rules']), { file: 'a.sgs', text: 'package poolTest 测试包 "Test"\n' }]);
    expect(named.program?.packages?.poolTest).toEqual({ zh: '测试包', en: 'Test' });
    const twice = compile([...loadSources(['rules']), { file: 'b.sgs', text: 'package standard 标准 "Std"\n' }]);
    expect(twice.diagnostics.map((d) => d.code)).toContain('SGS144');
  });
});

describe('extend mode in a variant', () => {
  it('adds the deck it names while its option holds, and only then', () => {
    const plain = new Game(program, { mode: 'identity', players: 5, seed: 1 });
    const more = new Game(program, { mode: 'identity', players: 5, seed: 1, options: { ptDeck: true } });
    expect(plain.state.cards.length).toBe(108);
    expect(more.state.cards.length).toBe(111);
    expect(more.state.cards.slice(108).map((c) => c.kind)).toEqual(['slash', 'slash', 'jink']);
  });

  it('stands only inside a variant, and names a mode', () => {
    const rules = loadSources(['rules']);
    const codes = (text: string) => compile([...rules, { file: 'x.sgs', text }]).diagnostics.map((d) => d.code);
    expect(codes('extend mode identity { decks: standard }')).toContain('SGS163');
    expect(
      codes('option xo 选项 "X" : bool = false\nvariant xo == true { extend mode identiy { decks: standard } }'),
    ).toContain('SGS141');
    expect(
      codes('option xo 选项 "X" : bool = false\nvariant xo == true { extend mode identity { decks: nodeck } }'),
    ).toContain('SGS106');
  });
});
