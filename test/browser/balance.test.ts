// The playground's balance panel in a real browser: the author's general plays at a table of built-in generals in
// a pool of workers (the same counts as one thread in Node) and the panel shows its win rate with a 95% interval
// beside the baseline of the same roles; an edit stops the run and a new one starts once the file compiles again;
// a file without a general says so; the panel speaks Chinese on /zh/.
import { describe, expect, it } from 'vitest';
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { CHROMIUM, repo, useSite } from './harness.ts';
import { loadSources } from '../../compiler/node/load.ts';
import type { Program } from '../../runtime/ir.ts';
import { featuredTable, playFeatured } from '../../ai/featured.ts';
import { addBaseline, addFeatured, emptyCounts, summarize } from '../../ai/featured-tally.ts';
import { compileOrThrow, rulesProgram } from '../helpers.ts';

const SHOTS = repo + '.tmp/playground-shots/';

// The author's program the page's workers play (the built-in rules and the playground's starter file), compiled
// here; the built-in rules alone are rulesProgram().
let starterProgram: Program | undefined;
const withStarter = () =>
  (starterProgram ??= compileOrThrow([
    ...loadSources(['rules'], repo),
    { file: 'playground.sgs', text: readFileSync(repo + 'site/src/playground/starter.sgs', 'utf8') },
  ]));

if (!existsSync(CHROMIUM)) {
  describe('playground balance panel (browser)', () => {
    it.skip(`SKIPPED: ${CHROMIUM} is missing — install it with: apt-get install -y chromium fonts-noto-cjk`, () => {});
  });
} else {
  describe('playground balance panel (browser)', () => {
    const site = useSite();
    mkdirSync(SHOTS, { recursive: true });

    async function open(lang: 'en' | 'zh', games: number): Promise<{ page: Page; close: () => Promise<void> }> {
      const context = await site.browser.newContext({ viewport: { width: 1400, height: 1300 } });
      const page = await context.newPage();
      page.on('pageerror', (e) => console.warn('[page error]', e.message));
      await page.goto(`${site.server.url}/${lang}/playground/`);
      await page.waitForSelector('.monaco-editor .view-lines', { timeout: 60_000 });
      await page.waitForSelector('[data-playground][data-checked]', { timeout: 60_000 });
      await page.click('.pg-balance summary');
      await page.fill('.pg-balance-games', String(games));
      return { page, close: () => context.close() };
    }

    const data = (page: Page) =>
      page.evaluate(() => ({ ...document.querySelector<HTMLElement>('[data-playground]')!.dataset }));

    /** Wait until run `after` is over and a newer one has played `games` games to the end. */
    async function finished(page: Page, games: number, after = 0): Promise<Record<string, string | undefined>> {
      await page.waitForFunction(
        ([n, gen]) => {
          const d = document.querySelector<HTMLElement>('[data-playground]')!.dataset;
          return d.balance === 'done' && d.balancePlayed === String(n) && Number(d.balanceGen) > gen;
        },
        [games, after] as const,
        { timeout: 110_000 },
      );
      return data(page);
    }

    it("shows the author's general's win rate with an interval and the baseline of its roles", async () => {
      const { page, close } = await open('en', 40);
      const d = await finished(page, 40);
      const [rate, low, high] = [d.balanceRate, d.balanceLow, d.balanceHigh].map(Number) as [number, number, number];
      expect(low).toBeLessThanOrEqual(rate);
      expect(rate).toBeLessThanOrEqual(high);
      expect(high - low).toBeGreaterThan(0.05); // 40 games leave a wide interval
      expect(Number(d.balanceExpected)).toBeGreaterThan(0);
      const text = (await page.textContent('.pg-balance-result'))!;
      expect(text).toMatch(/Man Chong wins \d+% \(95% interval \d+%–\d+%, \d+ games\)/);
      expect(text).toContain('Built-in generals in the same roles win');
      expect(text).toMatch(/Rebel|Loyalist|Lord|Renegade/);
      await page.locator('.pg-balance').screenshot({ path: SHOTS + 'en-balance.png' });
      await close();
    }, 180_000);

    it('counts the same games as one thread in Node, however many workers share the run', async () => {
      const { page, close } = await open('en', 24);
      const d = await finished(page, 24);
      // The same 24 games (and 24 baseline games) played one after the other, counted in order.
      const counts = emptyCounts();
      const table = featuredTable(withStarter(), rulesProgram(), 'manchong');
      for (let i = 0; i < 24; i++) addFeatured(counts, playFeatured(table, { players: 5, general: 'manchong' }, 1, i));
      for (let i = 0; i < 24; i++) addBaseline(counts, playFeatured(rulesProgram(), { players: 5 }, 1, i));
      const s = summarize(counts);
      expect(Number(d.balanceWorkers)).toBeGreaterThanOrEqual(1);
      expect([d.balanceRate, d.balanceLow, d.balanceHigh, d.balanceExpected]).toEqual(
        [s.rate, s.low, s.high, s.expected ?? 0].map((x) => x.toFixed(4)),
      );
      expect(d.balanceGames).toBe(String(s.games));
      await close();
    }, 180_000);

    it('an edit stops the run; the panel re-runs once the file compiles, and says when it declares no general', async () => {
      const { page, close } = await open('en', 40);
      // Wait for the run to start, then edit while it plays.
      await page.waitForFunction(
        () => document.querySelector<HTMLElement>('[data-playground]')!.dataset.balance === 'running',
      );
      const first = Number((await data(page)).balanceGen);
      // Rename the general (line 7: `general manchong 满宠 "Man Chong" …`): the new name must show up.
      await page.click('.monaco-editor .view-lines');
      await page.keyboard.press('Control+Home');
      for (let i = 1; i < 7; i++) await page.keyboard.press('ArrowDown');
      await page.keyboard.press('End');
      await page.keyboard.press('Home');
      for (let i = 0; i < 'general manchong 满宠 "Man Chong'.length; i++) await page.keyboard.press('ArrowRight');
      await page.keyboard.insertText(' II');
      // The old run stops at once (its later replies are dropped).
      await page.waitForFunction(
        () => document.querySelector<HTMLElement>('[data-playground]')!.dataset.balance !== 'running',
        undefined,
        { timeout: 10_000 },
      );
      const d = await finished(page, 40, first);
      expect(Number(d.balanceGen)).toBeGreaterThan(first);
      expect(await page.textContent('.pg-balance-result')).toContain('Man Chong II wins');
      // A file with no general: nothing to play, and the panel says why.
      await page.click('.monaco-editor .view-lines');
      await page.keyboard.press('Control+A');
      await page.keyboard.insertText('package playground\nimport core\n');
      await page.waitForFunction(
        () => document.querySelector<HTMLElement>('[data-playground]')!.dataset.balance === 'idle',
        undefined,
        { timeout: 30_000 },
      );
      expect(await page.textContent('.pg-balance-status')).toContain('declares no general');
      await close();
    }, 180_000);

    it('speaks Chinese on /zh/', async () => {
      const { page, close } = await open('zh', 20);
      await finished(page, 20);
      const text = (await page.textContent('.pg-balance'))!;
      expect(text).toMatch(/满宠：胜率 \d+%（95% 区间 \d+%–\d+%，\d+ 局）/);
      expect(text).toContain('内置武将坐在相同身份时的胜率');
      expect(text).toMatch(/反贼|忠臣|主公|内奸/);
      await page.locator('.pg-balance').screenshot({ path: SHOTS + 'zh-balance.png' });
      await close();
    }, 180_000);
  });
}
