// The playground page in a real browser (Debian's Chromium through playwright-core) against the production
// build: the editor loads, a planted mistake gets an error marker from the real compiler and loses it when fixed,
// completion and hover answer, the author's scenario runs and passes, a share link round-trips, a runaway skill
// gives a clear error (and the hard timeout terminates the runner), the source survives a reload, and no
// request leaves 127.0.0.1.
//
// Needs /usr/bin/chromium (`apt-get install -y chromium fonts-noto-cjk`); builds site/dist first if it is
// missing. PLAYGROUND_URL=http://127.0.0.1:PORT uses an already running `astro preview` instead.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { deflateRawSync } from 'node:zlib';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { CHROMIUM, launch, repo, runPlaygroundScenario, serve, type Server } from './harness.ts';

const hasChromium = existsSync(CHROMIUM);
const SHOTS = repo + '.tmp/playground-shots/';
const STARTER = readFileSync(repo + 'site/src/playground/starter.sgs', 'utf8');
/** The 1-based line of the starter that holds a text (the tests edit it there). */
const lineOf = (text: string): number => STARTER.split('\n').findIndex((l) => l.includes(text)) + 1;

/** The share-link encoding (deflate-raw + base64url), done in Node: opens a given source in the page. */
function link(base: string, text: string, query = ''): string {
  return `${base}/en/playground/${query}#src=${deflateRawSync(Buffer.from(text, 'utf8')).toString('base64url')}`;
}

/** The starter with its 警戒 made mandatory and self-re-triggering: damage on damaged, forever. */
const RUNAWAY = STARTER.replace(
  '  on damaged(you) may {\n',
  '  on damaged(you) {\n    recover(you)\n    damage(you)\n',
);

if (!hasChromium) {
  describe('playground (browser)', () => {
    it.skip(`SKIPPED: ${CHROMIUM} is missing — install it with: apt-get install -y chromium fonts-noto-cjk`, () => {});
  });
  console.warn(`[playground.test] skipped: ${CHROMIUM} is missing — apt-get install -y chromium fonts-noto-cjk`);
} else {
  describe('playground (browser)', () => {
    let server: Server | undefined;
    let base = process.env.PLAYGROUND_URL ?? '';
    let browser: Browser;
    const outside: string[] = [];
    const seen: string[] = [];

    beforeAll(async () => {
      if (!base) {
        // site/dist is built by test/browser/global-setup.ts.
        server = await serve();
        base = server.url;
      }
      mkdirSync(SHOTS, { recursive: true });
      browser = await launch();
    }, 600_000);

    afterAll(async () => {
      await browser?.close();
      await server?.stop();
    });

    async function open(
      url: string,
      opts: { context?: BrowserContext } = {},
    ): Promise<{ page: Page; context: BrowserContext }> {
      const context = opts.context ?? (await browser.newContext({ viewport: { width: 1400, height: 950 } }));
      context.on('request', (r) => {
        const u = new URL(r.url());
        seen.push(r.url());
        if (!['data:', 'blob:'].includes(u.protocol) && u.hostname !== '127.0.0.1') outside.push(r.url());
      });
      const page = await context.newPage();
      page.on('pageerror', (e) => console.warn('[page error]', e.message));
      page.on('dialog', (d) => void d.accept());
      await page.goto(url);
      await page.waitForSelector('.monaco-editor .view-lines', { timeout: 60_000 });
      await page.waitForSelector('[data-playground][data-checked]', { timeout: 60_000 });
      return { page, context };
    }

    const attr = (page: Page, name: string) => page.getAttribute('[data-playground]', name);
    /** The editor's visible text (Monaco renders spaces as no-break spaces). */
    const shown = async (page: Page) => ((await page.textContent('.view-lines')) ?? '').replace(/\u00a0/g, ' ');

    /** Put the cursor at the first non-blank character of a line (1-based). */
    async function toLine(page: Page, line: number): Promise<void> {
      await page.click('.monaco-editor .view-lines');
      await page.keyboard.press('Control+Home');
      for (let i = 1; i < line; i++) await page.keyboard.press('ArrowDown');
      await page.keyboard.press('Home');
    }

    /** Wait until the page has checked a version newer than `after` (a debounced re-check ran). */
    async function rechecked(page: Page, after: number): Promise<void> {
      await page.waitForFunction(
        (v) => Number(document.querySelector<HTMLElement>('[data-playground]')!.dataset.checked) > v,
        after,
        { timeout: 20_000 },
      );
    }

    const run = (page: Page, scenario: string) => runPlaygroundScenario(page, scenario, 30_000);

    it('loads Monaco with the starter, which compiles cleanly', async () => {
      const { page, context } = await open(`${base}/en/playground/`);
      expect(await attr(page, 'data-errors')).toBe('0');
      expect(await page.locator('.squiggly-error').count()).toBe(0);
      expect(await shown(page)).toContain('general manchong');
      // Highlighting from the grammar: the keyword `skill` is its own coloured token.
      const colours = await page.$$eval(
        '.view-lines span span',
        (els) => new Set(els.map((e) => getComputedStyle(e).color)).size,
      );
      expect(colours).toBeGreaterThan(3);
      // The built-in rules came from the JSON asset (fetched by the worker, on 127.0.0.1).
      expect(seen.some((u) => u.includes('/data/playground-sources.json'))).toBe(true);
      await page.screenshot({ path: SHOTS + 'en-initial.png' });
      await context.close();
    }, 120_000);

    it('marks a planted mistake as you type and clears it once fixed; re-checks stay fast', async () => {
      const { page, context } = await open(`${base}/en/playground/`);
      const v0 = Number(await attr(page, 'data-checked'));
      await toLine(page, 12); // `    draw(you, event.amount)`
      await page.keyboard.type('q'); // `qdraw(…)`: an unknown name
      await page.keyboard.press('Escape');
      await rechecked(page, v0);
      await page.waitForSelector('.squiggly-error', { timeout: 10_000 });
      expect(Number(await attr(page, 'data-errors'))).toBeGreaterThan(0);
      expect(await page.textContent('.pg-problems')).toMatch(/qdraw/);
      await page.screenshot({ path: SHOTS + 'en-error.png' });
      const v1 = Number(await attr(page, 'data-checked'));
      await page.keyboard.press('Backspace');
      await rechecked(page, v1);
      await page.waitForFunction(() => document.querySelectorAll('.squiggly-error').length === 0, undefined, {
        timeout: 10_000,
      });
      expect(await attr(page, 'data-errors')).toBe('0');
      // Re-check time in the worker (compile of the author's file + every built-in rules file) and round trip.
      const times: { compile: number; roundTrip: number }[] = [];
      for (let i = 0; i < 5; i++) {
        const v = Number(await attr(page, 'data-checked'));
        await page.keyboard.type(i % 2 ? 'q' : 'x');
        await page.keyboard.press('Escape');
        await rechecked(page, v);
        times.push({
          compile: Number(await attr(page, 'data-check-ms')),
          roundTrip: Number(await attr(page, 'data-round-trip-ms')),
        });
      }
      console.log('[playground] re-check times (ms):', JSON.stringify(times));
      expect(Math.max(...times.map((t) => t.roundTrip))).toBeLessThan(2000);
      await context.close();
    }, 120_000);

    it('completes timing windows after `on` and shows hover docs', async () => {
      const { page, context } = await open(`${base}/en/playground/`);
      await toLine(page, 14); // the `}` that closes 警戒's trigger
      await page.keyboard.press('End');
      await page.keyboard.press('Enter');
      await page.keyboard.type('on dama');
      await page.waitForSelector('.suggest-widget.visible', { timeout: 10_000 });
      await page.waitForFunction(
        () => /damageInflicted/.test(document.querySelector('.suggest-widget')?.textContent ?? ''),
        undefined,
        { timeout: 10_000 },
      );
      await page.screenshot({ path: SHOTS + 'en-completion.png' });
      await page.keyboard.press('Escape');
      // Member completion after `event.` inside `on damaged(...)`: the damage event's parameters.
      await page.keyboard.type('ged(you) {\n  if event.');
      await page.waitForFunction(
        () => /amount/.test(document.querySelector('.suggest-widget.visible')?.textContent ?? ''),
        undefined,
        { timeout: 10_000 },
      );
      await page.keyboard.press('Escape');
      // Hover `draw` (line 12): an action with its Chinese and English names and parameters.
      const draw = page.locator('.view-lines span span', { hasText: /^draw$/ }).first();
      await draw.hover();
      await page.waitForSelector('.monaco-hover:not(.hidden) .hover-contents', { timeout: 10_000 });
      await page.waitForFunction(
        () => /摸牌/.test(document.querySelector('.monaco-hover')?.textContent ?? ''),
        undefined,
        { timeout: 10_000 },
      );
      const hover = await page.textContent('.monaco-hover');
      expect(hover).toContain('draw(p: player, n: int = 1)');
      expect(hover).toContain('Draw');
      await page.screenshot({ path: SHOTS + 'en-hover.png' });
      await context.close();
    }, 120_000);

    it("completes the hints an AI reads among an event's hints and after a property's `as`", async () => {
      const { page, context } = await open(`${base}/en/playground/`);
      await page.click('.monaco-editor .view-lines');
      await page.keyboard.press('Control+End');
      await page.keyboard.press('Enter');
      const offers = async (typed: string, label: RegExp) => {
        await page.keyboard.type(typed);
        await page.waitForFunction(
          (re) => new RegExp(re).test(document.querySelector('.suggest-widget.visible')?.textContent ?? ''),
          label.source,
          { timeout: 10_000 },
        );
        await page.keyboard.press('Escape');
      };
      await offers('event exCurse 咒 "Curse" (by: player, whom: player) {\naiH', /aiHarm.*harmed/);
      await page.keyboard.press('Control+End');
      await page.keyboard.press('Enter');
      await offers('property exMood 心情 "Mood": int = 0 as l', /life.*HP/);
      await context.close();
    }, 120_000);

    it('runs the author scenario (passes), a built-in one, and reports a failing step', async () => {
      const { page, context } = await open(`${base}/en/playground/`);
      expect(await run(page, 'jingjieDraws')).toBe('pass');
      expect(await page.textContent('.pg-result')).toContain('m stays vigilant');
      await page.screenshot({ path: SHOTS + 'en-run-pass.png' });
      expect(await run(page, 'jingjieDeclined')).toBe('pass');
      expect(await run(page, 'jianxiongSavage')).toBe('pass');
      // Break an expectation: the failing step, its position and message are shown.
      const v = Number(await attr(page, 'data-checked'));
      const hpLine = lineOf('expect m.hp == 3');
      await toLine(page, hpLine);
      await page.keyboard.press('End');
      await page.keyboard.press('Backspace');
      await page.keyboard.type('2');
      await rechecked(page, v);
      expect(await run(page, 'jingjieDraws')).toBe('fail');
      const text = await page.textContent('.pg-result');
      expect(text).toContain(`playground.sgs:${hpLine}:3`);
      expect(text).toContain('expected m.hp == 2');
      await page.screenshot({ path: SHOTS + 'en-run-fail.png' });
      await context.close();
    }, 120_000);

    it('saves in localStorage and shares the source in the URL', async () => {
      const { page, context } = await open(`${base}/en/playground/`);
      const v = Number(await attr(page, 'data-checked'));
      await toLine(page, 1);
      await page.keyboard.type('# shared-marker-42 ');
      await rechecked(page, v);
      await page.waitForFunction(() =>
        (localStorage.getItem('sgs-playground:source') ?? '').includes('shared-marker-42'),
      );
      // Reload: the saved copy comes back.
      await page.reload();
      await page.waitForSelector('.monaco-editor .view-lines');
      expect(await shown(page)).toContain('shared-marker-42');
      // Share: the link carries the source; a fresh browser (empty storage) opens it.
      await page.click('.pg-share');
      const url = await page.inputValue('.pg-share-url');
      expect(url).toMatch(/#src=[A-Za-z0-9_-]+$/);
      await page.screenshot({ path: SHOTS + 'en-share.png' });
      const other = await open(url);
      expect(await other.page.evaluate(() => localStorage.getItem('sgs-playground:source'))).toBeNull();
      expect(await shown(other.page)).toContain('# shared-marker-42 # 工坊示例');
      expect(await attr(other.page, 'data-errors')).toBe('0');
      await other.context.close();
      await context.close();
    }, 120_000);

    it('stops a runaway skill with a clear error and stays responsive; the hard timeout terminates the runner', async () => {
      const { page, context } = await open(link(base, RUNAWAY));
      expect(await attr(page, 'data-errors')).toBe('0');
      expect(await run(page, 'jingjieDraws')).toBe('fail');
      const text = (await page.textContent('.pg-result'))!;
      // The engine's nesting limit (300 events deep) or, in a browser worker whose stack is smaller than
      // Node's, the stack overflow that comes first: either way the page says it is an endless trigger loop
      // and shows the repeating lines.
      expect(text).toMatch(/A rule may loop forever|ran out of stack/);
      expect(text).toContain('The end of the log repeats these lines');
      expect(text).toContain('m takes 1 normal damage from none');
      await page.screenshot({ path: SHOTS + 'en-runaway.png' });
      // Still responsive: typing re-checks.
      const v = Number(await attr(page, 'data-checked'));
      await toLine(page, 1);
      await page.keyboard.type('#');
      await rechecked(page, v);
      await context.close();
      // A run longer than the limit (here 1 ms, set by the test) is terminated and said so.
      const t = await open(link(base, RUNAWAY, '?runTimeout=1'));
      expect(await run(t.page, 'jingjieDraws')).toBe('timeout');
      expect(await t.page.textContent('.pg-result')).toContain('the runner was terminated');
      // A new runner takes over for the next run.
      expect(await run(t.page, 'jingjieDraws')).toBe('timeout');
      await t.context.close();
    }, 120_000);

    it('speaks Chinese on /zh/', async () => {
      const { page, context } = await open(`${base}/zh/playground/`);
      expect(await page.textContent('h1')).toContain('工坊');
      expect(await page.textContent('.pg-summary')).toContain('没有问题');
      expect(await run(page, 'jingjieDraws')).toBe('pass');
      expect(await page.textContent('.pg-result')).toContain('通过');
      const draw = page.locator('.view-lines span span', { hasText: /^draw$/ }).first();
      await draw.hover();
      await page.waitForFunction(
        () => /动作/.test(document.querySelector('.monaco-hover')?.textContent ?? ''),
        undefined,
        { timeout: 10_000 },
      );
      await page.screenshot({ path: SHOTS + 'zh-hover-run.png' });
      await context.close();
    }, 120_000);

    it('sent no request beyond 127.0.0.1', () => {
      expect(seen.length).toBeGreaterThan(0);
      expect(outside).toEqual([]);
    });
  });
}
