// The scenario player and the game page in a real Chromium against the production build (run
// `npx astro build --root site` first; skipped when Chromium or the build is missing). A scenario is watched to its
// end, then played by clicking the script's own choices; a full game starts and takes the reader's clicks.
import { describe, expect, it } from 'vitest';
import { existsSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { mkdirSync } from 'node:fs';
import { DIST, browserAvailable, repo, useSite } from './harness.ts';

const SHOTS = repo + '.tmp/table-shots/';
mkdirSync(SHOTS, { recursive: true });

// The global setup builds the site whenever Chromium is present, so only a missing Chromium skips these tests.
const ready = browserAvailable() && existsSync(DIST + '/data/rules.json') && existsSync(DIST + '/zh/play/index.html');
if (!ready) console.warn('[scenario.test] skipped: install Chromium with: apt-get install -y chromium fonts-noto-cjk');

describe.skipIf(!ready)(
  ready
    ? 'scenario player (browser)'
    : 'scenario player (browser) — SKIPPED: apt-get install -y chromium fonts-noto-cjk',
  () => {
    const site = useSite();

    async function open(path: string, sel: string): Promise<{ page: Page; errors: string[]; external: string[] }> {
      const page = await site.browser.newPage({ viewport: { width: 1000, height: 800 } });
      const errors: string[] = [];
      const external: string[] = [];
      page.on('pageerror', (e) => errors.push(String(e)));
      page.on('request', (r) => {
        // The rules' compiled module is imported from a blob: URL of the page's own origin.
        const local = [site.server.url, `blob:${site.server.url}`, 'data:'];
        if (!local.some((l) => r.url().startsWith(l))) external.push(r.url());
      });
      page.on('response', (r) => {
        if (r.status() >= 400 && !r.url().endsWith('/favicon.ico')) errors.push(`${r.status()} ${r.url()}`);
      });
      await page.goto(site.server.url + path);
      await page.waitForSelector(sel, { timeout: 20_000 });
      return { page, errors, external };
    }

    it('watches a scenario step by step to its end with every expectation held', async () => {
      const { page, errors, external } = await open('/zh/scenarios/rendeTwoAtOnce/', 'sgs-scenario[data-ready]');
      // Whose turn and which phase, from the running events the rules' hints name (turnOf, phaseOf): 刘备's play phase.
      await page.waitForSelector('.sgs-status span');
      expect(await page.locator('.sgs-status').innerText()).toMatch(/当前回合：\s*l（刘备）\s*· 出牌阶段/);
      expect(await page.locator('.sgs-seat.current').getAttribute('data-seat')).toBe('0');
      // The bottom seat rises over the ring's foot; the distances toggle stays clear of it, so a click reaches it.
      const uncovered = await page.locator('.sgs-distbtn').evaluate((b) => {
        b.scrollIntoView({ block: 'center' });
        const r = b.getBoundingClientRect();
        return document.elementFromPoint(r.x + r.width / 2, r.y + r.height / 2) === b;
      });
      expect(uncovered).toBe(true);
      let n = 0;
      while ((await page.locator('[data-act="next"]:not([disabled])').count()) && n < 50) {
        await page.click('[data-act="next"]');
        n++;
      }
      expect(n).toBeGreaterThan(0);
      expect(await page.locator('.sgs-checks li.bad').count()).toBe(0);
      expect(await page.locator('.sgs-checks li.ok').count()).toBeGreaterThan(0);
      expect(await page.locator('.sgs-note').innerText()).toContain('脚本已结束');
      expect(errors).toEqual([]);
      expect(external).toEqual([]);
      await page.close();
    }, 60_000);

    it('steps through a scenario that expects what a decision offers (expect offered / not offered)', async () => {
      const { page, errors } = await open('/zh/scenarios/kongchengNotOffered/', 'sgs-scenario[data-ready]');
      let n = 0;
      while ((await page.locator('[data-act="next"]:not([disabled])').count()) && n < 50) {
        await page.click('[data-act="next"]');
        n++;
      }
      expect(n).toBeGreaterThan(0);
      const checks = await page.locator('.sgs-checks li').allInnerTexts();
      expect(checks.map((c) => c.replace(/\s+/g, ' ').trim())).toEqual(['✓ 可选 c', '✓ 不可选 z', '✓ 不可选 pass']);
      expect(await page.locator('.sgs-checks li.bad').count()).toBe(0);
      expect(await page.locator('.sgs-note').innerText()).toContain('全部预期均成立');
      expect(errors).toEqual([]);
      await page.close();
    }, 60_000);

    it('plays a scenario from a seat by clicking the script’s choices', async () => {
      const { page, errors } = await open('/en/scenarios/rendeTwoAtOnce/', 'sgs-scenario[data-ready]');
      await page.click('[data-act="seat"]');
      let clicks = 0;
      while ((await page.locator('.sgs-q.mine .hint').count()) && clicks < 50) {
        const multi = await page.locator('.sgs-q.mine [data-act="confirm"]').count();
        const picks = await page
          .locator('.sgs-q.mine .sgs-opt.hint')
          .evaluateAll((els) => els.map((e) => (e as HTMLElement).dataset.i!));
        for (const i of picks) await page.click(`.sgs-q.mine .sgs-opt[data-i="${i}"]`);
        if (multi) await page.click('.sgs-q.mine [data-act="confirm"]');
        else if (picks.length === 0) await page.click('.sgs-q.mine [data-act="pass"]');
        clicks++;
      }
      expect(clicks).toBeGreaterThan(0);
      expect(await page.locator('.sgs-checks li.bad').count()).toBe(0);
      expect(await page.locator('.sgs-note').innerText()).toContain('The script is finished');
      expect(errors).toEqual([]);
      await page.close();
    }, 60_000);

    it("shows only the seat's own log: another seat's hand cards are written as a card; watching shows all", async () => {
      // 仁德: l gives two hand cards to a. Seated as a, the answer reads "l: a card, a card"; watching, in full.
      const { page, errors } = await open('/en/scenarios/rendeTwoAtOnce/', 'sgs-scenario[data-ready]');
      let n = 0;
      while ((await page.locator('[data-act="next"]:not([disabled])').count()) && n < 50) {
        await page.click('[data-act="next"]');
        n++;
      }
      const watched = (await page.locator('.sgs-log li').allInnerTexts()).join('\n');
      expect(watched).toContain('♦2');
      await page.selectOption('select[data-role="seat"]', '1');
      await page.click('[data-act="seat"]');
      await page.waitForSelector('.sgs-seat.me[data-seat="1"]');
      expect(await page.locator('.sgs-checks li.bad').count()).toBe(0);
      const seated = await page.locator('.sgs-log li').allInnerTexts();
      expect(seated.join('\n')).not.toContain('♦2');
      expect(seated.join('\n')).not.toContain('♦3');
      expect(seated.some((l) => /l: a card, a card/.test(l))).toBe(true);
      // a's own hand shows the two cards it was given.
      expect(await page.locator('.sgs-seat.me .sgs-z-hand').innerText()).toContain('♦2');
      expect(errors).toEqual([]);
      await page.close();
    }, 60_000);

    it('starts a full game where the reader chooses a general and plays on', async () => {
      const { page, errors, external } = await open('/en/play/', 'sgs-game[data-ready]');
      expect(await page.locator('.sgs-seat').count()).toBe(5);
      await page.locator('.sgs-q.mine .sgs-opt').first().click(); // choose your general
      for (let i = 0; i < 20 && !(await page.locator('.sgs-over').count()); i++) {
        const q = page.locator('.sgs-q.mine');
        if (!(await q.count())) break;
        if (await q.locator('[data-act="pass"]').count()) await q.locator('[data-act="pass"]').click();
        else {
          if (await q.locator('[data-act="confirm"]').count()) {
            // Select options one by one until the selection is large enough, then confirm.
            const n = await q.locator('.sgs-opt').count();
            for (let k = 0; k < n && !(await q.locator('[data-act="confirm"]:not([disabled])').count()); k++)
              await q.locator(`.sgs-opt[data-i="${k}"]`).click();
            await q.locator('[data-act="confirm"]').click();
          } else {
            await q.locator('.sgs-opt').first().click();
          }
        }
      }
      expect(await page.locator('.sgs-seat.me').count()).toBe(1);
      expect(await page.locator('.sgs-log li').count()).toBeGreaterThan(5);
      expect(errors).toEqual([]);
      expect(external).toEqual([]);
      await page.close();
    }, 60_000);

    it('plays a game in Chinese whose log, questions and seats carry no English', async () => {
      const { page, errors } = await open('/zh/play/', 'sgs-game[data-ready]');
      const english: string[] = [];
      const look = async () => {
        // Seat names (p1) and card faces (♠J) are not words: two Latin letters or more are.
        for (const t of await page.locator('.sgs-log li, .sgs-q p, .sgs-q .sgs-opt').allInnerTexts())
          if (/[A-Za-z]{2,}/.test(t)) english.push(t);
      };
      await look();
      await page.locator('.sgs-q.mine .sgs-opt').first().click(); // 选择你的武将
      for (let i = 0; i < 25 && !(await page.locator('.sgs-over').count()); i++) {
        const q = page.locator('.sgs-q.mine');
        if (!(await q.count())) break;
        await look();
        if (await q.locator('[data-act="pass"]').count()) await q.locator('[data-act="pass"]').click();
        else if (await q.locator('[data-act="confirm"]').count()) {
          const n = await q.locator('.sgs-opt').count();
          for (let k = 0; k < n && !(await q.locator('[data-act="confirm"]:not([disabled])').count()); k++)
            await q.locator(`.sgs-opt[data-i="${k}"]`).click();
          await q.locator('[data-act="confirm"]').click();
        } else await q.locator('.sgs-opt').first().click();
      }
      await look();
      const log = await page.locator('.sgs-log li').allInnerTexts();
      expect(log.length).toBeGreaterThan(10);
      expect(log.some((l) => /摸\d+张牌/.test(l))).toBe(true);
      expect([...new Set(english)].slice(0, 8)).toEqual([]);
      await page.screenshot({ path: `${SHOTS}zh-play.png`, fullPage: true });
      expect(errors).toEqual([]);
      await page.close();
    }, 90_000);
  },
);
