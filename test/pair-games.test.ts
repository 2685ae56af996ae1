// Generated pair tests: for every skill × card and skill × skill pair that shares a timing window or a hook (how
// pairs are found: test/pairs.ts), a short seeded game with both in play — the skill's owner at seat a, the other
// skill's owner at seat b or the card in a's and b's hands — played by a seeded random policy that leans towards
// the pair's options, with the engine's consistency and the rules' invariants watched at every event and answer.
// Every pair runs (none is sampled); the count is printed. The standard rules' pairs, then, for each option value
// that replaces skills or cards (the first edition), the pairs that involve what it replaces, with the option set.
import { describe, expect, it } from 'vitest';
import { loadCompiled } from '../compiler/node/compiled.ts';
import { loadSources } from '../compiler/node/load.ts';
import { Game, randBelow, seedRng, type Request, type RngState } from '../runtime/index.ts';
import { playChoices } from './generated-games.ts';
import { compileOrThrow } from './helpers.ts';
import { ownerOf, pairGames, pairSource, skillCardPairs, skillSkillPairs, type Pair, type PairGame } from './pairs.ts';

/** Decisions per game: enough for a's play phase and b's turn, where the two meet (SGS_PAIR_DECISIONS: longer games,
 *  to hunt locally). */
const DECISIONS = Number(process.env.SGS_PAIR_DECISIONS ?? 32);

const rules = loadSources(['rules']);
const base = compileOrThrow(rules);
const all = <T>(o: Record<string, T>) => Object.keys(o);
// A skill nobody is dealt with (one another skill grants: 黄天's gift) cannot seat a player: its pairs are left out.
const scPairs = skillCardPairs(base, all(base.skills), all(base.cards)).filter((p) => ownerOf(base, p.a));
const ssPairs = skillSkillPairs(base, all(base.skills)).filter((p) => ownerOf(base, p.a) && ownerOf(base, p.b));
const pairsOf = (sc: Pair[], ss: Pair[]) => [
  ...sc.map((pair) => ({ pair, kind: 'skill × card' as const })),
  ...ss.map((pair) => ({ pair, kind: 'skill × skill' as const })),
];
const games = pairGames(base, 'identity', pairsOf(scPairs, ssPairs));

// Each option value that replaces skills or cards (the first edition, 无双 with 决斗): the pairs, read from the
// program with that value, that involve a skill or card it replaces or adds, played with the option set.
interface VariantPairs {
  option: string;
  value: string;
  sc: Pair[];
  ss: Pair[];
  /** Pairs left out: a skill no general or card has with this value. */
  unplaced: number;
}
const variants: VariantPairs[] = [];
const byValue = new Map<string, { option: string; value: string; changed: Set<string> }>();
for (const v of base.variants) {
  if (v.option === 'mode' || typeof v.value !== 'string') continue;
  const changed = [...all(v.parts.skills ?? {}), ...all(v.parts.cards ?? {})];
  if (changed.length === 0) continue;
  const key = `${v.option}=${v.value}`;
  const entry = byValue.get(key) ?? { option: v.option, value: v.value, changed: new Set<string>() };
  for (const c of changed) entry.changed.add(c);
  byValue.set(key, entry);
}
for (const { option, value, changed } of byValue.values()) {
  const linked = new Game(base, { mode: 'identity', players: 4, options: { [option]: value } }).program;
  // A pair whose skill no general or card has with this value cannot be laid out (nor arise from a deal): left out.
  const placed = (p: Pair, card: boolean) =>
    ownerOf(linked, p.a) !== undefined && (card || ownerOf(linked, p.b) !== undefined);
  const touches = (p: Pair) => changed.has(p.a) || changed.has(p.b);
  const sc = skillCardPairs(linked, all(linked.skills), all(linked.cards)).filter(touches);
  const ss = skillSkillPairs(linked, all(linked.skills)).filter(touches);
  const v = {
    option,
    value,
    sc: sc.filter((p) => placed(p, true)),
    ss: ss.filter((p) => placed(p, false)),
    unplaced: 0,
  };
  v.unplaced = sc.length + ss.length - v.sc.length - v.ss.length;
  variants.push(v);
  games.push(
    ...pairGames(linked, 'identity', pairsOf(v.sc, v.ss), {
      prefix: `genPair${option[0]!.toUpperCase()}${option.slice(1)}`,
      options: { [option]: value },
      from: games.length,
    }),
  );
}
// In files of 500 games: one file would pass the compiler's limit on a file's size.
const CHUNK = 500;
const generated = Array.from({ length: Math.ceil(games.length / CHUNK) }, (_, i) => ({
  file: `generated-pairs-${i + 1}.sgs`,
  text: pairSource(games.slice(i * CHUNK, (i + 1) * CHUNK), ['core', 'standard', 'identity']),
}));
const program = compileOrThrow([...rules, ...generated]);
await loadCompiled(program);

/** Whether an option's label names one of the pair (`slash ♠7`, `slash(wusheng)[…]`, `fankui`). */
function names(label: string, pairNames: string[]): boolean {
  return pairNames.some(
    (n) => label === n || label.startsWith(`${n} `) || label.startsWith(`${n}(`) || label.includes(`(${n})`),
  );
}

/** A seeded random answer that leans towards the pair: half the time, when an option names one of the pair, that
 *  option; three times in four, when one of the pair's skills asks whether to use it, yes (option 0). */
function leaning(rng: RngState, pairNames: string[]): (r: Request) => number[] {
  return (r) => {
    const n = r.options.length;
    const hi = Math.min(r.max, n);
    const lo = Math.min(r.min, hi);
    if (lo <= 1 && hi >= 1) {
      if (r.subject?.skill && pairNames.includes(r.subject.skill) && randBelow(rng, 4) !== 0) return [0];
      if (randBelow(rng, 2) === 0) {
        const named = r.options.flatMap((o, i) => (names(o.label, pairNames) ? [i] : []));
        if (named.length > 0) return [named[randBelow(rng, named.length)]!];
      }
    }
    const k = lo + randBelow(rng, hi - lo + 1);
    const idx = Array.from({ length: n }, (_, i) => i);
    for (let i = 0; i < k; i++) {
      const j = i + randBelow(rng, n - i);
      [idx[i], idx[j]] = [idx[j]!, idx[i]!];
    }
    return idx.slice(0, k);
  };
}

interface PairRun {
  failure: string | null;
  answers: number[][];
  decisions: number;
  /** The pair's skills and card kind that were never seen at work (see playPair). */
  unseen: string[];
  log: string[];
}

/** A skill that only contributes to hooks is at work whenever they are asked: it counts as at work throughout. */
const onlyModifies = (id: string): boolean => {
  const s = program.skills[id];
  return !!s && s.triggers.length + s.actives.length + s.viewAs.length === 0;
};

/** Plays one generated pair game; the same game and answers each time. A skill is seen at work when the log says
 *  its owner used it (a trigger fired, an action was taken) or a conversion of it was picked; a card kind when an
 *  event names a card of that kind. */
function playPair(g: PairGame, check?: (game: Game) => string | null): PairRun {
  const rng = seedRng(g.seed * 7919);
  const pick = leaning(rng, g.lean);
  const seen = new Set<string>(g.names.filter(onlyModifies));
  const choose = (r: Request): number[] => {
    const p = pick(r);
    for (const i of p) for (const n of g.names) if (names(r.options[i]!.label, [n])) seen.add(n);
    return p;
  };
  const r = playChoices(program, { seed: g.seed, scenario: g.id }, [], {
    cap: DECISIONS,
    choose,
    check,
    keepLog: true,
    before: (game) =>
      game.observers.push((f) => {
        const c = f.data.card as { kind?: unknown } | null | undefined;
        if (c && typeof c.kind === 'string') seen.add(c.kind);
      }),
  });
  const log = r.game.state.log;
  for (const e of log) if (e.k === 'event') for (const n of g.names) if (e.text.endsWith(` ${n}`)) seen.add(n);
  return {
    failure: r.failure,
    answers: r.answers,
    decisions: r.answers.length,
    unseen: g.names.filter((n) => !seen.has(n)),
    log: log.map((e) => `${e.k === 'ask' ? '  ? ' : e.k === 'answer' ? '  > ' : ''}${e.text}`),
  };
}

/** A failed pair game as a test message: the pair, what broke, and the scenario and answers that play it again. */
function failureReport(g: PairGame, r: PairRun): string {
  return [
    `${g.kind} ${g.pair.a} × ${g.pair.b} (${g.pair.why.join(', ')}): ${r.failure}`,
    `(scenario ${g.id}, game seed ${g.seed}; SGS_PAIR=${g.id} npx vitest run test/pair-games.test.ts shows its log)`,
    g.source,
    `answers: ${JSON.stringify(r.answers)}`,
  ].join('\n');
}

// SGS_PAIR=genPair17 (or a skill or card id) plays only the games of matching pairs and prints their logs;
// SGS_PAIR_UNSEEN=1 counts, for each skill and card, the games where it was never seen at work.
const only = process.env.SGS_PAIR;
const chosen = only ? games.filter((g) => g.id === only || g.pair.a === only || g.pair.b === only) : games;

describe('pairs read from the program', () => {
  const why = (pairs: typeof scPairs, a: string, b: string) =>
    pairs.find((p) => (p.a === a && p.b === b) || (p.a === b && p.b === a))?.why;
  it('a skill and a card meet in a window the card opens, a hook it asks, a conversion or its own equipment', () => {
    expect(why(scPairs, 'fankui', 'slash')).toContain('window damaged');
    expect(why(scPairs, 'jizhi', 'exNihilo')).toContain('window cardUsed');
    expect(why(scPairs, 'mashu', 'snatch')).toContain('hook distanceMod');
    expect(why(scPairs, 'longdan', 'jink')).toContain('converts');
    expect(why(scPairs, 'crossbowSkill', 'crossbow')).toContain('own skill');
    // 青囊 listens in no window and modifies no hook: it meets no card.
    expect(scPairs.filter((p) => p.a === 'qingnang')).toEqual([]);
  });
  it('two skills meet in a window both listen in or one opens, or a hook both modify or one asks', () => {
    expect(why(ssPairs, 'guanxing', 'luoshen')).toContain('window phaseStart');
    expect(why(ssPairs, 'qingnang', 'jiuyuan')).toContain('window beforeRecover');
    expect(why(ssPairs, 'paoxiao', 'crossbowSkill')).toContain('hook extraSlashes');
    expect(why(ssPairs, 'wusheng', 'mashu')).toContain('hook distanceMod');
    expect(why(ssPairs, 'guanxing', 'mashu')).toBeUndefined();
  });
});

describe('generated pair games', () => {
  it('a pair game that breaks a fact is reported with the pair, the scenario and the answers, and plays the same again', () => {
    const g = games.find((x) => x.pair.a === 'fankui' && x.pair.b === 'slash')!;
    const planted = (game: Game) => (game.state.decisions >= 6 ? 'planted: six decisions were asked' : null);
    const r = playPair(g, planted);
    expect(r.failure).toMatch(/planted: six decisions/);
    expect(r.answers.length).toBeLessThanOrEqual(6);
    const text = failureReport(g, r);
    expect(text).toContain('skill × card fankui × slash (window damaged');
    expect(text).toContain(`scenario ${g.id} `);
    expect(text).toContain(`answers: ${JSON.stringify(r.answers)}`);
    expect(playPair(g, planted)).toEqual(r);
  });

  it('every skill × card and skill × skill pair that shares a window or a hook plays a short game with every invariant kept', () => {
    const failures: string[] = [];
    const unseen = new Map<string, number>();
    let decisions = 0;
    let met = 0;
    for (const g of chosen) {
      const r = playPair(g);
      decisions += r.decisions;
      if (r.unseen.length === 0) met++;
      for (const n of r.unseen) unseen.set(`${g.kind} ${n}`, (unseen.get(`${g.kind} ${n}`) ?? 0) + 1);
      if (only) console.log(`${g.source}\n${r.log.join('\n')}\n`);
      if (r.failure) failures.push(failureReport(g, r));
    }
    if (process.env.SGS_PAIR_UNSEEN)
      console.log(
        [...unseen]
          .sort((x, y) => y[1] - x[1])
          .map(([k, v]) => `never at work in ${v} games: ${k}`)
          .join('\n'),
      );
    const sc = scPairs.length + variants.reduce((n, v) => n + v.sc.length, 0);
    const ss = ssPairs.length + variants.reduce((n, v) => n + v.ss.length, 0);
    const extra = variants
      .map(
        (v) =>
          `${v.sc.length} + ${v.ss.length} with ${v.option}=${v.value} (${v.unplaced} left out: a skill nobody has)`,
      )
      .join(', ');
    console.log(
      `pair tests: ${sc} skill×card, ${ss} skill×skill (${scPairs.length} + ${ssPairs.length} standard, ${extra}), ${chosen.length} games, ${decisions} decisions, both seen at work in ${met} games, ${failures.length} failures`,
    );
    expect(failures.slice(0, 5).join('\n\n')).toBe('');
    if (!only) expect(chosen.length).toBe(sc + ss);
  }, 300_000);
});
