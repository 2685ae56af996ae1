// The author's and tester's loop in the playground, in Chromium against the production build: a rulebook scenario
// opens in the playground through its link and passes there; the rule texts the compiler generates for the
// author's skill show in both languages and follow an edit; hovering a builtin shows its documentation; a
// misspelled name offers a quick fix that corrects it. Screenshots go to .tmp/playground-shots/.
import { describe, expect, it } from 'vitest';
import { existsSync, mkdirSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { BUILTINS } from '../../runtime/builtin-table.ts';
import { CHROMIUM, repo, runPlaygroundScenario, useSite } from './harness.ts';

const SHOTS = repo + '.tmp/playground-shots/';

async function ready(page: Page): Promise<void> {
  await page.waitForSelector('.monaco-editor .view-lines', { timeout: 60_000 });
  await page.waitForSelector('[data-playground][data-checked]', { timeout: 60_000 });
}

const attr = (page: Page, name: string) => page.getAttribute('[data-playground]', name);

/** Put the cursor at the first non-blank character of a line (1-based). */
async function toLine(page: Page, line: number): Promise<void> {
  await page.click('.monaco-editor .view-lines');
  await page.keyboard.press('Control+Home');
  for (let i = 1; i < line; i++) await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Home');
}

async function rechecked(page: Page, after: number): Promise<void> {
  await page.waitForFunction(
    (v) => Number(document.querySelector<HTMLElement>('[data-playground]')!.dataset.checked) > v,
    after,
    { timeout: 20_000 },
  );
}

const skillText = (page: Page, id: string, lang: 'zh' | 'en') =>
  page.textContent(`.pg-text[data-entity="skills:${id}"] p[data-lang="${lang}"]`);

if (!existsSync(CHROMIUM)) {
  describe('playground loop (browser)', () => {
    it.skip(`SKIPPED: ${CHROMIUM} is missing`, () => {});
  });
} else {
  describe('playground loop (browser)', () => {
    const site = useSite();
    mkdirSync(SHOTS, { recursive: true });

    const page = async (path: string) => {
      const context = await site.browser.newContext({ viewport: { width: 1400, height: 950 } });
      const p = await context.newPage();
      p.on('pageerror', (e) => console.warn('[page error]', e.message));
      await p.goto(site.server.url + path);
      return { page: p, context };
    };

    for (const [lang, id] of [
      ['zh', 'jianxiongSavage'],
      ['en', 'feRendeEveryTwo'],
    ] as const) {
      it(`opens the rulebook scenario ${id} in the playground (${lang}), where it compiles, is picked and passes`, async () => {
        const { page: p, context } = await page(`/${lang}/scenarios/${id}/`);
        const link = p.locator(`a[data-open-playground="${id}"]`);
        expect(await link.textContent()).toMatch(lang === 'zh' ? /工坊/ : /playground/);
        await link.click();
        await ready(p);
        expect(p.url()).toContain(`/${lang}/playground/#src=`);
        expect(await attr(p, 'data-errors')).toBe('0');
        // The editor holds the scenario's own declaration, which stands in for the built-in one.
        expect(((await p.textContent('.view-lines')) ?? '').replace(/\u00a0/g, ' ')).toContain(`scenario ${id}`);
        await p.waitForFunction((s) => document.querySelector<HTMLSelectElement>('.pg-scenario')!.value === s, id, {
          timeout: 30_000,
        });
        expect(await p.$$eval('.pg-scenario option', (os) => os.map((o) => (o as HTMLOptionElement).value))).toContain(
          id,
        );
        expect(await runPlaygroundScenario(p, id, 30_000)).toBe('pass');
        await p.screenshot({ path: `${SHOTS}${lang}-opened-scenario.png` });
        await context.close();
      }, 180_000);
    }

    for (const lang of ['zh', 'en'] as const) {
      it(`shows the generated text of the author's skills in both languages and follows an edit (${lang})`, async () => {
        const { page: p, context } = await page(`/${lang}/playground/`);
        await ready(p);
        await p.waitForSelector('.pg-text[data-entity="skills:jingjie"]', { timeout: 30_000 });
        const zh0 = (await skillText(p, 'jingjie', 'zh'))!;
        const en0 = (await skillText(p, 'jingjie', 'en'))!;
        expect(zh0).toMatch(/摸.*牌/);
        expect(en0).toMatch(/draw/i);
        expect(await p.textContent('.pg-text[data-entity="generals:manchong"]')).toContain('满宠');
        await p.screenshot({ path: `${SHOTS}${lang}-texts.png` });
        // `draw(you, event.amount)` becomes `draw(you, 2)`: both texts change.
        const v = Number(await attr(p, 'data-checked'));
        await toLine(p, 12);
        await p.keyboard.press('End');
        for (let i = 0; i < 'event.amount)'.length; i++) await p.keyboard.press('Backspace');
        await p.keyboard.type('2)');
        await p.keyboard.press('Escape');
        await rechecked(p, v);
        await p.waitForFunction(
          (before) =>
            document.querySelector('.pg-text[data-entity="skills:jingjie"] p[data-lang="zh"]')?.textContent !== before,
          zh0,
          { timeout: 20_000 },
        );
        const zh1 = (await skillText(p, 'jingjie', 'zh'))!;
        const en1 = (await skillText(p, 'jingjie', 'en'))!;
        expect(zh1).not.toBe(zh0);
        expect(en1).not.toBe(en0);
        expect(zh1).not.toContain('伤害值');
        expect(en1).toMatch(/draw (2|two) cards/i);
        if (lang === 'zh') {
          // No English in the interface texts of the panel on /zh/ (the English rule text is content).
          const chrome = await p.$$eval('.pg-texts-box h2, .pg-texts-box .pg-texts-lede, .pg-text h3 small', (els) =>
            els.map((e) => e.textContent ?? ''),
          );
          for (const c of chrome) expect(c.replace(/\b[a-z][A-Za-z]+\b/g, '')).not.toMatch(/[A-Za-z]{3,}/);
        }
        await p.screenshot({ path: `${SHOTS}${lang}-texts-edited.png` });
        await context.close();
      }, 120_000);
    }

    it('hovering a builtin shows its documentation from the builtin table', async () => {
      const { page: p, context } = await page('/zh/playground/');
      await ready(p);
      const log = p.locator('.view-lines span span', { hasText: /^log$/ }).first();
      await log.hover();
      await p.waitForSelector('.monaco-hover:not(.hidden) .hover-contents', { timeout: 10_000 });
      await p.waitForFunction(
        (doc) => (document.querySelector('.monaco-hover')?.textContent ?? '').includes(doc),
        BUILTINS.log!.doc,
        { timeout: 10_000 },
      );
      expect(await p.textContent('.monaco-hover')).toContain('内置函数');
      await p.screenshot({ path: `${SHOTS}zh-hover-builtin.png` });
      await context.close();
    }, 120_000);

    it('a misspelled name offers a quick fix that corrects it', async () => {
      const { page: p, context } = await page('/en/playground/');
      await ready(p);
      const v = Number(await attr(p, 'data-checked'));
      await toLine(p, 12); // `    draw(you, event.amount)`
      await p.keyboard.press('ArrowRight');
      await p.keyboard.type('x'); // `dxraw(…)`
      await p.keyboard.press('Escape');
      await rechecked(p, v);
      await p.waitForSelector('.squiggly-error', { timeout: 10_000 });
      expect(await p.textContent('.pg-problems')).toContain("did you mean 'draw'");
      await p.keyboard.press('Control+.');
      await p.waitForFunction(() => /Change dxraw to draw/.test(document.body.textContent ?? ''), undefined, {
        timeout: 10_000,
      });
      // Meanwhile the texts panel keeps the last texts that compiled, marked stale (no raw `{dxraw}`).
      await p.waitForSelector('.pg-texts.stale', { timeout: 10_000 });
      expect(await p.textContent('.pg-texts')).not.toContain('dxraw');
      await p.screenshot({ path: SHOTS + 'en-quick-fix.png' });
      const v1 = Number(await attr(p, 'data-checked'));
      await p.keyboard.press('Enter');
      await rechecked(p, v1);
      await p.waitForFunction(() => document.querySelectorAll('.squiggly-error').length === 0, undefined, {
        timeout: 10_000,
      });
      expect(await attr(p, 'data-errors')).toBe('0');
      expect(((await p.textContent('.view-lines')) ?? '').replace(/\u00a0/g, ' ')).toContain('draw(you, event.amount)');
      await p.waitForSelector('.pg-texts:not(.stale)', { timeout: 10_000 });
      await context.close();
    }, 120_000);
  });
}
