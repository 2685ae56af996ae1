// The team modes in the browser: the play page's mode picker, and a 3v3 game from the draft to its end — the reader
// (the warm commander) answers the draft's first question, then the computer plays every seat (托管) until a side
// wins. The rulebook's page of the mode shows its table as the engine deals it and links to a game of it.
import { describe, expect, it } from 'vitest';
import { existsSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { DIST, browserAvailable, useSite } from './harness.ts';

const ready = browserAvailable() && existsSync(DIST + '/en/play/index.html');
if (!ready) console.warn('[modes.test] skipped: install Chromium with: apt-get install -y chromium fonts-noto-cjk');

describe.skipIf(!ready)('team modes (browser)', () => {
  const site = useSite();

  async function open(page: Page, path: string): Promise<string[]> {
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(String(e)));
    await page.goto(site.server.url + path);
    await page.waitForSelector('sgs-game[data-ready]', { timeout: 30_000 });
    return errors;
  }

  it('a new game seats the reader at the first role the rules declare, and counts the face-down pile', async () => {
    const page = await site.browser.newPage({ viewport: { width: 1100, height: 900 } });
    try {
      const errors = await open(page, '/en/play/');
      expect(await page.inputValue('[data-role="choice"]')).toBe('lord');
      expect(await page.innerText('.sgs-note')).toMatch(/You are .+ · Lord/);
      // The draw pile is face down: counted even before anything is discarded.
      expect(await page.innerText('.sgs-status')).toMatch(/Draw pile \d+/);
      expect(errors).toEqual([]);
    } finally {
      await page.close();
    }
  });

  for (const lang of ['en', 'zh'] as const) {
    it(`${lang}: a 3v3 game is played from the draft to a side's victory`, async () => {
      const page = await site.browser.newPage({ viewport: { width: 1100, height: 900 } });
      try {
        const errors = await open(page, `/${lang}/play/`);
        await page.selectOption('[data-role="mode"]', 'threeVsThree');
        await page.waitForFunction(() => document.querySelectorAll('.sgs-seat').length >= 6);
        expect(await page.inputValue('[data-role="mode"]')).toBe('threeVsThree');
        // Six seats, the only count the mode allows; the reader is the warm commander, asked who picks first.
        expect(await page.locator('[data-role="players"] option').allInnerTexts()).toEqual(['6']);
        await page.fill('[data-role="seed"]', '77');
        await page.click('[data-act="new"]');
        await page.waitForSelector('.sgs-ask .sgs-opt:not([disabled])');
        const first = await page.innerText('.sgs-ask');
        expect(first).toMatch(lang === 'zh' ? /先选将/ : /picks generals first/);
        await page.locator('.sgs-ask .sgs-opt:not([disabled])').first().click();
        await page.check('[data-file="auto"]');
        await page.waitForSelector('.sgs-live .sgs-over', { timeout: 120_000 });
        const over = await page.innerText('.sgs-live .sgs-over');
        expect(over).toMatch(lang === 'zh' ? /暖色方|冷色方/ : /warm|cool/i);
        // A role badge says the side its role card stands for (内奸 is the cool commander).
        const titles = await page
          .locator('.sgs-live .sgs-role')
          .evaluateAll((es) => es.map((e) => e.getAttribute('title')));
        expect(titles).toContain(lang === 'zh' ? '内奸 · 冷色方' : 'Renegade · The cool side');
        expect(errors).toEqual([]);
      } finally {
        await page.close();
      }
    });
  }

  it('the 3v3 page of the rulebook shows the dealt table by side and links to a game of it', async () => {
    const page = await site.browser.newPage({ viewport: { width: 1100, height: 900 } });
    try {
      await page.goto(site.server.url + '/en/rules/modes/threeVsThree/');
      expect(await page.locator('.seating .seat').count()).toBe(6);
      expect(await page.locator('.seating .legend li').count()).toBe(2);
      await page.click('a.play-link');
      await page.waitForSelector('sgs-game[data-ready]', { timeout: 30_000 });
      await page.waitForFunction(() => document.querySelectorAll('.sgs-seat').length >= 6);
      expect(await page.inputValue('[data-role="mode"]')).toBe('threeVsThree');
    } finally {
      await page.close();
    }
  });
});
