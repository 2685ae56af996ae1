// The SGS310 pre-check (compiler/text/precheck.ts) against the renderer it stands in for: on rules/ it proves
// nothing is missing and wording agrees; it looks up every phrase key wording looks up; it never passes a program
// whose wording misses something (planted programs, and rules/ with phrases taken out one key at a time).
import { afterEach, describe, expect, it } from 'vitest';
import { compile } from '../compiler/index.ts';
import { loadSources } from '../compiler/node/load.ts';
import type { Symbols } from '../compiler/lower/symbols.ts';
import { Facts } from '../compiler/text/facts.ts';
import { MissingWording } from '../compiler/text/missing.ts';
import { Phrasebook } from '../compiler/text/phrasebook.ts';
import { memberKey, ownerTyKey, wordingComplete, type PrecheckTrace } from '../compiler/text/precheck.ts';

const rules = loadSources(['rules']);
const result = compile(rules);
const S = result.symbols!;
const files = result.files;
const facts = new Facts(S, files);

/** Word everything, as the compile did before the pre-check. */
function render(syms: Symbols = S): string[] {
  const before = process.env.SGS_TEXT_PRECHECK;
  process.env.SGS_TEXT_PRECHECK = 'off';
  try {
    return new MissingWording().find(files, syms).map((m) => m.key);
  } finally {
    if (before === undefined) delete process.env.SGS_TEXT_PRECHECK;
    else process.env.SGS_TEXT_PRECHECK = before;
  }
}

/** The keys a phrasebook is asked for while wording runs. */
function keysRendered(): Set<string> {
  const seen = new Set<string>();
  const { all, has } = Phrasebook.prototype;
  Phrasebook.prototype.all = function (k: string) {
    seen.add(k);
    return all.call(this, k);
  };
  Phrasebook.prototype.has = function (k: string) {
    seen.add(k);
    return has.call(this, k);
  };
  try {
    expect(render()).toEqual([]);
  } finally {
    Phrasebook.prototype.all = all;
    Phrasebook.prototype.has = has;
  }
  return seen;
}

/** The symbols with only some of the phrases (a phrasebook built from them lacks the rest). */
function withPhrases(keep: (d: Symbols['phrases'][number]) => boolean): Symbols {
  const S2 = Object.create(S) as Symbols;
  S2.phrases = S.phrases.filter(keep);
  return S2;
}

afterEach(() => {
  delete process.env.SGS_TEXT_PRECHECK;
});

describe('the SGS310 pre-check', () => {
  it('T1: proves rules/ needs no missing wording, and wording agrees', () => {
    const trace: PrecheckTrace = {};
    expect(wordingComplete(files, S, new Phrasebook(S), facts, trace)).toBe(true);
    expect(trace.why).toBeUndefined();
    expect(render()).toEqual([]);
    // The compile takes the short way and still reports nothing.
    expect(result.diagnostics.filter((d) => d.code === 'SGS310')).toEqual([]);
  });

  it('T2: looks up every phrase key wording looks up on rules/', () => {
    const consulted = new Set<string>();
    expect(wordingComplete(files, S, new Phrasebook(S), facts, { consulted })).toBe(true);
    expect([...keysRendered()].filter((k) => !consulted.has(k))).toEqual([]);
  });

  const GENERAL = 'general exG 乙 "G" { kingdom: wei  gender: male  hp: 4  skills: exS }\n';
  it('T4: allows, at every member read, the type wording gives its owner', () => {
    const owners = new Map<string, Set<string>>();
    expect(wordingComplete(files, S, new Phrasebook(S), facts, { owners })).toBe(true);
    const wording = new MissingWording();
    const unseen: string[] = [];
    let reads = 0;
    wording.onMember = (e, ty) => {
      reads++;
      if (!owners.get(memberKey(e))?.has(ownerTyKey(ty))) unseen.push(`${memberKey(e)} as ${ownerTyKey(ty)}`);
    };
    process.env.SGS_TEXT_PRECHECK = 'off';
    expect(wording.find(files, S)).toEqual([]);
    expect(reads).toBeGreaterThan(100);
    expect(unseen).toEqual([]);
  });

  // Programs whose wording misses something: the pre-check must not pass any of them (and the compile, through
  // the pre-check, reports what wording reports).
  const planted: [string, string][] = [
    [
      'an action without a phrase',
      'package x\naction exAct(p: player) { draw(p, 1) }\nskill exS 甲技 "Ex" { on damaged(you) may { exAct(you) } }\n' +
        'general exG 乙 "G" { kingdom: wei  gender: male  hp: 4  skills: exS }\n',
    ],
    [
      'a card asked for with no section phrase',
      'package x\ncard exToy 玩具 "Toy" { type: basic  targeting: self }\n' +
        'action exAsk 问玩具 "Ask for a toy" (p: player) {\n' +
        '  let c = choose(p, usableAs(p, [exToy]), "respond", true, asks: toAnswer)\n}\n',
    ],
    [
      'a skill without an English name',
      `package x\nskill exS 甲技 { on damaged(you) may { draw(you, 1) } }\n${GENERAL}`,
    ],
    [
      'text values without phrases',
      'package x\nskill exS 甲技 "Ex" { on damaged(you) may {\n' +
        '  let c = choose(you, ["exA", "exB"])  if c == "exA" { draw(you, 1) } } }\n' +
        GENERAL,
    ],
    [
      'a function that cannot be read as its body',
      'package x\nfunction exF(p: player): int { let n = 1  return n }\n' +
        'skill exS 甲技 "Ex" { on damaged(you) { draw(you, exF(you)) } }\n',
    ],
    [
      'a member no owner words',
      'package x\nskill exS 甲技 "Ex" { on damaged(you) { let c = choose(you, hand(you))  draw(you, c.noSuchField) } }\n',
    ],
    [
      'a card method without a section phrase',
      'package x\ncard exToy 玩具 "Toy" { type: basic  targeting: self  exNoSection() { draw(user, 1) } }\n',
    ],
    [
      'a card flag without a phrase',
      'package x\ncard exToy 玩具 "Toy" { type: basic  targeting: self  exShiny: true }\n',
    ],
    [
      'a variable without a phrase',
      'package x\nvar exV: int = 0\nskill exS 甲技 "Ex" { on damaged(you) { draw(you, exV) } }\n',
    ],
    [
      'a hook without a modifier phrase',
      `package x\nhook exH 甲 "H" (p: player): int = sum\nskill exS 甲技 "Ex" { modify exH(p) = 1 if p == you }\n${GENERAL}`,
    ],
  ];
  for (const [what, text] of planted)
    it(`T5: does not pass ${what}`, () => {
      const r = compile([...rules, { file: 'planted.sgs', text }]);
      const f2 = new Facts(r.symbols!, r.files);
      const trace: PrecheckTrace = {};
      expect(wordingComplete(r.files, r.symbols!, new Phrasebook(r.symbols!), f2, trace)).toBe(false);
      expect(trace.why).toBeDefined();
      // Whatever the program's other problems, wording misses something, and the compile says so.
      const missed = new MissingWording();
      process.env.SGS_TEXT_PRECHECK = 'off';
      const keys = missed.find(r.files, r.symbols!).map((m) => m.key);
      expect(keys.length).toBeGreaterThan(0);
      // (A program with errors is not described by the compile.) With the walk and wording both run and compared,
      // the compile reports the same.
      if (!r.diagnostics.some((d) => d.severity === 'error')) {
        expect(r.diagnostics.filter((d) => d.code === 'SGS310').length).toBe(keys.length);
        process.env.SGS_TEXT_PRECHECK = 'verify';
        const v = compile([...rules, { file: 'planted.sgs', text }]);
        expect(v.diagnostics.filter((d) => d.code === 'SGS310').map((d) => d.message)).toEqual(
          r.diagnostics.filter((d) => d.code === 'SGS310').map((d) => d.message),
        );
      }
    });

  it('T5: does not pass rules/ with every other phrase of a run taken out', () => {
    // (As test/incremental.test.ts thins the phrasebooks out: many misses at once.)
    const sparse = rules.map((x) =>
      x.file.endsWith('phrases.sgs') ? { ...x, text: x.text.replace(/^phrase [^\n]*\n(phrase [^\n]*\n)/gm, '$1') } : x,
    );
    const r = compile(sparse);
    expect(wordingComplete(r.files, r.symbols!, new Phrasebook(r.symbols!), new Facts(r.symbols!, r.files))).toBe(
      false,
    );
    expect(r.diagnostics.filter((d) => d.code === 'SGS310').length).toBeGreaterThan(20);
  });

  it('T3: with the phrases of any one key taken out, passes only where wording still misses nothing', () => {
    const keys = [...keysRendered()].sort();
    const book = new Phrasebook(S);
    let passed = 0;
    let checked = 0;
    for (const key of keys) {
      if (!book.has(key)) continue;
      // Every phrase of the key, then only its pattern-free ones (a pattern-free phrase always matches).
      for (const onlyPlain of [false, true]) {
        const S2 = withPhrases((d) => {
          const ph = book.all(key).find((p) => p.decl === d);
          return !ph || (onlyPlain && ph.patterns.some((x) => x));
        });
        if (S2.phrases.length === S.phrases.length) continue;
        checked++;
        if (!wordingComplete(files, S2, new Phrasebook(S2), facts)) continue;
        passed++;
        expect([key, render(S2)]).toEqual([key, []]);
      }
    }
    expect(checked).toBeGreaterThan(300);
    // (Almost every key is needed somewhere: the walk passing is the exception.)
    expect(passed).toBeLessThan(checked / 4);
  }, 300_000);
});
