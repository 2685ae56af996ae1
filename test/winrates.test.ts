// The win-rate charts of the general pages: the SVG builder's geometry and escaping (site/src/lib/winrate-svg.ts),
// the committed figures (site/src/data/balance.json, `npm run balance-data`) covering every general the rules deal,
// and the fingerprint that tells whether those figures were measured on the rules as they are.
import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { compile } from '../compiler/index.ts';
import { loadSources } from '../compiler/node/load.ts';
import { rulesHash } from '../compiler/node/rules-hash.ts';
import { rolesOf } from '../ai/spec.ts';
import { winRateSvg, type ChartRow, type ChartWords } from '../site/src/lib/winrate-svg.ts';
import type { BalanceData } from '../site/src/lib/balance.ts';

const repo = new URL('../', import.meta.url).pathname;
const words: ChartWords = {
  title: 'Cao Cao: win rate',
  games: (n) => `${n} games`,
  noGames: 'never in this role',
  baseline: 'baseline',
  interval: '95% interval',
};
const stat = (rate: number, low: number, high: number, games = 100) => ({
  games,
  wins: Math.round(rate * games),
  rate,
  low,
  high,
});

/** The x of the 0% and 100% grid lines: the plot's ends. */
function plot(svg: string): { x0: number; x1: number } {
  const tick = (t: string) => Number(svg.match(new RegExp(`data-tick="${t}" x1="([\\d.]+)"`))![1]);
  return { x0: tick('0'), x1: tick('1') };
}

/** The attributes of the element with class `cls` in the row whose data-rate is `rate`. */
function inRow(svg: string, rate: number, cls: string): Record<string, string> {
  const row = svg.match(new RegExp(`<g class="wr-row" data-rate="${rate}"[\\s\\S]*?</g>`))![0];
  const el = row.match(new RegExp(`<\\w+ class="${cls}[^"]*"([^>]*)/>`))![1]!;
  return Object.fromEntries([...el.matchAll(/([\w-]+)="([^"]*)"/g)].map((m) => [m[1]!, m[2]!]));
}

describe('win-rate chart (SVG built at build time)', () => {
  const rows: ChartRow[] = [
    { label: 'Overall', stat: stat(0.5, 0.4, 0.6), baseline: 0.45, main: true },
    { label: 'Lord', stat: stat(0.25, 0.1, 0.5, 12), baseline: 0.6 },
    { label: 'Rebel' }, // never played
  ];
  const svg = winRateSvg(rows, words);

  it('draws each rate as a bar from 0%, its interval as a whisker and its baseline as a mark, to scale', () => {
    const { x0, x1 } = plot(svg);
    expect(x1 - x0).toBeGreaterThan(100);
    const at = (v: number) => x0 + v * (x1 - x0);
    for (const [rate, low, high, baseline] of [
      [0.5, 0.4, 0.6, 0.45],
      [0.25, 0.1, 0.5, 0.6],
    ] as const) {
      const bar = inRow(svg, rate, 'wr-bar');
      expect(Number(bar.x)).toBeCloseTo(x0, 1);
      expect(Number(bar.width)).toBeCloseTo(rate * (x1 - x0), 1);
      const whisker = inRow(svg, rate, 'wr-whisker').d!;
      const [lo, , hi] = whisker
        .match(/^M([\d.]+) ([\d.]+)H([\d.]+)/)!
        .slice(1)
        .map(Number);
      expect(lo).toBeCloseTo(at(low), 1);
      expect(hi).toBeCloseTo(at(high), 1);
      expect(Number(inRow(svg, rate, 'wr-base').x1)).toBeCloseTo(at(baseline), 1);
    }
    // The second row lies below the first.
    expect(Number(inRow(svg, 0.25, 'wr-bar').y)).toBeGreaterThan(Number(inRow(svg, 0.5, 'wr-bar').y));
  });

  it('writes the numbers as text and reads them out in its label; a row without games says so, with no bar', () => {
    expect(svg).toContain('>50.0%</tspan>');
    expect(svg).toContain('40%–60% · 100 games');
    expect(svg).toMatch(/^<svg class="winrate wide"[^>]* role="img" aria-label="Cao Cao: win rate\. Overall: 50\.0% /);
    expect(svg).toContain('Lord: 25.0% (95% interval 10.0%–50.0%, 12 games; baseline 60.0%)');
    expect(svg).toContain('Rebel: never in this role');
    expect(svg.match(/class="wr-bar/g)).toHaveLength(2);
  });

  it('escapes labels and words in the text, the titles and the label', () => {
    const bad = winRateSvg([{ label: '<b>"A & B"</b>', stat: stat(0.3, 0.2, 0.4) }, { label: "O'Neil" }], {
      ...words,
      title: 'x"><script>',
      games: (n) => `${n} <i>games</i>`,
    });
    expect(bad).not.toContain('<b>');
    expect(bad).not.toContain('<i>');
    expect(bad).not.toContain('<script>');
    expect(bad).toContain('&lt;b&gt;&quot;A &amp; B&quot;&lt;/b&gt;');
    expect(bad).toContain('O&#39;Neil');
    expect(bad).toContain('aria-label="x&quot;&gt;&lt;script&gt;.');
  });

  it('on a phone, draws a narrower chart with the numbers under each bar', () => {
    const narrow = winRateSvg(rows, words, 'narrow');
    const width = (x: string) => Number(x.match(/^<svg [^>]*width="(\d+)"/)![1]);
    expect(narrow).toMatch(/^<svg class="winrate narrow"/);
    expect(width(narrow)).toBeLessThan(width(svg));
    const { x0, x1 } = plot(narrow);
    expect(Number(inRow(narrow, 0.5, 'wr-bar').width)).toBeCloseTo(0.5 * (x1 - x0), 1);
    const row = narrow.match(/<g class="wr-row" data-rate="0.5"[\s\S]*?<\/g>/)![0];
    const value = row.match(/<text class="wr-value" x="([\d.]+)" y="([\d.]+)"/)!;
    const bar = inRow(narrow, 0.5, 'wr-bar');
    expect(Number(value[1])).toBeCloseTo(x0, 1);
    expect(Number(value[2])).toBeGreaterThan(Number(bar.y) + Number(bar.height));
  });

  it('keeps rates outside 0–1 inside the plot', () => {
    const odd = winRateSvg([{ label: 'x', stat: stat(1, 0.9, 1.2), baseline: -0.1 }], words);
    const { x0, x1 } = plot(odd);
    expect(Number(inRow(odd, 1, 'wr-bar').width)).toBeCloseTo(x1 - x0, 1);
    expect(Number(inRow(odd, 1, 'wr-base').x1)).toBeCloseTo(x0, 1);
  });
});

describe('the committed win rates (site/src/data/balance.json)', () => {
  const data = JSON.parse(readFileSync(repo + 'site/src/data/balance.json', 'utf8')) as BalanceData;
  const program = compile(loadSources([repo + 'rules'], repo)).program!;

  it('cover every general the rules deal, in every role the rules declare', () => {
    const missing = Object.keys(program.generals).filter((g) => !data.generals[g]);
    expect(missing, `no win rates for ${missing.join(', ')}: run \`npm run balance-data\` and commit the file`).toEqual(
      [],
    );
    expect(data.roles.map((r) => r.role)).toEqual(rolesOf(program));
  });

  it('say how they were measured, and add up: a general’s games and wins are those of its roles', () => {
    expect(data.command).toContain(`--games ${data.games}`);
    expect(data.command).toContain(`--seed ${data.seed}`);
    expect(data.command).toContain(`--players ${data.players}`);
    expect(data.rulesHash).toMatch(/^[0-9a-f]{16}$/);
    const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);
    expect(sum(Object.values(data.generals).map((g) => g.games))).toBe(data.games * data.players);
    for (const g of Object.values(data.generals)) {
      expect(sum(g.roles.map((r) => r.games))).toBe(g.games);
      expect(sum(g.roles.map((r) => r.wins))).toBe(g.wins);
      for (const r of [g, ...g.roles]) expect(r.low <= r.rate && r.rate <= r.high).toBe(true);
    }
  });
});

describe('the rules fingerprint the figures keep (compiler/node/rules-hash.ts)', () => {
  const sources = loadSources([repo + 'rules'], repo);
  const hashWith = (file: string, edit: (t: string) => string) =>
    rulesHash(compile(sources.map((s) => (s.file.endsWith(file) ? { ...s, text: edit(s.text) } : s))).program!);
  const base = rulesHash(compile(sources).program!);

  it('ignores comments, moved lines and the scenarios', () => {
    expect(hashWith('generals/wei.sgs', (t) => `# a comment\n\n${t}`)).toBe(base);
    // A file of scenarios (package, imports and scenarios only) left out altogether.
    const scen = sources.find((s) => s.file.endsWith('scenarios/caocao.sgs'))!.file;
    expect(rulesHash(compile(sources.filter((s) => s.file !== scen)).program!)).toBe(base);
  });

  it('changes when what a game plays changes', () => {
    expect(hashWith('generals/wei.sgs', (t) => t.replace('hp: 4', 'hp: 5'))).not.toBe(base);
  });
});
