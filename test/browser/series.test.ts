// A scored series on the play page (the identity game's option scoring, set from the address as the rulebook's
// variant page links): the computer plays every seat (托管); after the game the scoreboard shows each seat's total,
// and the next game of the series starts from them with the lord's seat moved on. A variant's rulebook page shows its
// rules and links to a game with its option set.
import { describe, expect, it } from 'vitest';
import { existsSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { DIST, browserAvailable, useSite } from './harness.ts';

const ready = browserAvailable() && existsSync(DIST + '/en/play/index.html');
if (!ready) console.warn('[series.test] skipped: install Chromium with: apt-get install -y chromium fonts-noto-cjk');

describe.skipIf(!ready)('a scored series on the play page (browser)', () => {
  const site = useSite();

  const totals = (page: Page) => page.$$eval('.sgs-scores td', (tds) => tds.map((td) => Number(td.textContent)));

  for (const lang of ['en', 'zh'] as const) {
    it(`${lang}: two games of a series, the scores carried from the first to the second`, async () => {
      const page = await site.browser.newPage({ viewport: { width: 1100, height: 900 } });
      const errors: string[] = [];
      page.on('pageerror', (e) => errors.push(String(e)));
      try {
        await page.goto(`${site.server.url}/${lang}/play/?scoring=true`);
        await page.waitForSelector('sgs-game[data-ready]', { timeout: 30_000 });
        await page.selectOption('[data-role="players"]', '4');
        await page.fill('[data-role="seed"]', '5');
        await page.click('[data-act="new"]');
        await page.waitForSelector('.sgs-scores');
        expect(await page.inputValue('[data-option="scoring"]')).toBe('true');
        expect(await totals(page)).toEqual([0, 0, 0, 0]);
        const lordBefore = await page.locator('.sgs-seat .r-lord').count();
        expect(lordBefore).toBe(1);
        await page.check('[data-file="auto"]');
        await page.waitForSelector('.sgs-live .sgs-over', { timeout: 120_000 });
        const first = await totals(page);
        expect(first.reduce((a, b) => a + b, 0)).toBeGreaterThan(0);
        // The next game: the totals carried, the lord one seat on (game 2's lord is seat 2).
        await page.click('[data-act="next"]');
        // a new game: a new seed; then played to its end, the lord's role card on seat 2
        await page.waitForFunction(() => document.querySelector<HTMLInputElement>('[data-role="seed"]')!.value !== '5');
        await page.waitForSelector('.sgs-live .sgs-over', { timeout: 120_000 });
        expect(await page.locator('.sgs-seat:has(.r-lord) .sgs-pname').allInnerTexts()).toEqual(['p2']);
        const second = await totals(page);
        second.forEach((s, i) => expect(s).toBeGreaterThanOrEqual(first[i]!));
        expect(errors).toEqual([]);
      } finally {
        await page.close();
      }
    });
  }

  it("a variant's page shows the generated text of its rules and links to a game with the option set", async () => {
    const page = await site.browser.newPage({ viewport: { width: 1100, height: 900 } });
    try {
      await page.goto(`${site.server.url}/en/rules/variants/darkSouls/`);
      expect(await page.innerText('h1')).toContain('Dark souls');
      const texts = await page.locator('.rule-text').allInnerTexts();
      expect(texts.some((x) => x.includes('Arhat') && x.includes('haunt'))).toBe(true);
      // where the identity game's own procedures change: its text after a death names the option
      expect(await page.innerText('#in-mode')).toMatch(/After a player dies: .*If “Dark souls” is chosen/s);
      await page.click('a.play-link');
      await page.waitForSelector('sgs-game[data-ready]', { timeout: 30_000 });
      expect(await page.inputValue('[data-option="darkSouls"]')).toBe('true');
    } finally {
      await page.close();
    }
  });
});
