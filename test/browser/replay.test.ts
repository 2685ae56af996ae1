// Saving, sharing and replaying a game on the play page, in Chromium against the production build: the computer
// plays every seat (托管) to the end, the game is saved and shared, the share link opened in a fresh page replays it
// step by step, and the trace hash shown at the end is the one the engine gives for the downloaded file — checked
// with the runtime here and with `sgs replay` on the file itself. A shared link opens in the spectator's view.
import { describe, expect, it } from 'vitest';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { compile } from '../../compiler/index.ts';
import { loadSources } from '../../compiler/node/load.ts';
import { readReplayFile, replay, rulesFingerprint } from '../../runtime/index.ts';
import { encodeGame } from '../../site/src/lib/game-link.ts';
import { DIST, browserAvailable, repo, useSite } from './harness.ts';

const ready = browserAvailable() && existsSync(DIST + '/en/play/index.html');
if (!ready) console.warn('[replay.test] skipped: install Chromium with: apt-get install -y chromium fonts-noto-cjk');

const SHOTS = process.env.SGS_SHOTS; // a folder: screenshots of each stage, to look at

describe.skipIf(!ready)('save, share and replay a game (browser)', () => {
  const site = useSite();

  async function open(page: Page, path: string): Promise<string[]> {
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(String(e)));
    await page.goto(site.server.url + path);
    await page.waitForSelector('sgs-game[data-ready]', { timeout: 30_000 });
    return errors;
  }

  const shot = async (page: Page, name: string) => {
    if (SHOTS) await page.screenshot({ path: join(SHOTS, `${name}.png`), fullPage: true });
  };

  for (const lang of ['en', 'zh'] as const) {
    it(`${lang}: a game the computer plays to the end is saved, shared, and replayed to the same trace hash`, async () => {
      const tmp = mkdtempSync(join(tmpdir(), 'sgs-replay-browser-'));
      const context = await site.browser.newContext({ acceptDownloads: true, viewport: { width: 1100, height: 900 } });
      try {
        const page = await context.newPage();
        const errors = await open(page, `/${lang}/play/`);
        await page.fill('[data-role="seed"]', '4242');
        await page.click('[data-act="new"]');
        await page.check('[data-file="auto"]');
        await page.waitForSelector('.sgs-live .sgs-over', { timeout: 90_000 });
        await shot(page, `${lang}-1-played`);

        const [download] = await Promise.all([page.waitForEvent('download'), page.click('[data-file="save"]')]);
        const file = join(tmp, 'game.json');
        await download.saveAs(file);
        const saved = readReplayFile(readFileSync(file, 'utf8'), 'game.json');
        expect(saved.seed).toBe(4242);
        expect(saved.answers.length).toBeGreaterThan(60);

        // Replaying one's own finished game: from one's own seat, and every view may be chosen.
        await page.click('[data-file="replay"]');
        await page.waitForSelector('sgs-game[data-replaying]');
        expect(await page.getAttribute('[data-role="viewing"]', 'data-view')).toMatch(/^\d+$/);
        expect(await page.locator('[data-replay="view"] option[value="all"]').count()).toBe(1);
        await page.click('[data-replay="end"]');
        const ownHash = await page.innerText('[data-role="hash"]');
        await page.click('[data-replay="back"]');
        expect(await page.getAttribute('sgs-game', 'data-replaying')).toBeNull();

        await page.click('[data-file="share"]');
        await page.waitForSelector('.sgs-link:not([hidden])'); // the link is made asynchronously (CompressionStream)
        const link = await page.inputValue('.sgs-link');
        expect(link).toMatch(new RegExp(`/${lang}/play/#game=1\\.[A-Za-z0-9_-]+$`));

        // The link in a fresh page: the game replays from its first step, seen as a spectator.
        const viewer = await context.newPage();
        const viewerErrors = await open(viewer, link.slice(site.server.url.length));
        await viewer.waitForSelector('sgs-game[data-replaying] .sgs-replaybar output');
        expect(await viewer.getAttribute('[data-role="viewing"]', 'data-view')).toBe('public');
        const step = () => viewer.inputValue('[data-replay="slider"]').then(Number);
        expect(await step()).toBe(0);
        // The spectator sees no hand's faces: every card in a hand row is a back.
        expect(await viewer.locator('.sgs-replayed .sgs-seat :is(.sgs-card, .sgs-chip):not(.back)').count()).toBe(0);
        for (let i = 1; i <= 5; i++) {
          await viewer.click('[data-replay="next"]');
          expect(await step()).toBe(i);
        }
        await viewer.click('[data-replay="prev"]');
        expect(await step()).toBe(4);
        await shot(viewer, `${lang}-2-replay-step4`);
        // Mid-game, the spectator sees no hand and no question's options; everything only once chosen.
        const hands = '.sgs-replayed .sgs-z-hand :is(.sgs-card, .sgs-chip):not(.back)';
        await viewer.locator('[data-replay="slider"]').fill('40');
        expect(await step()).toBe(40);
        expect(await viewer.locator(hands).count()).toBe(0);
        expect(await viewer.locator('.sgs-replayed .sgs-q').count()).toBe(0);
        await viewer.selectOption('[data-replay="view"]', 'all');
        expect(await viewer.locator(hands).count()).toBeGreaterThan(0);
        expect(await viewer.locator('.sgs-replayed .sgs-q .hint').count()).toBeGreaterThan(0);
        await shot(viewer, `${lang}-3-replay-step40-all`);
        await viewer.selectOption('[data-replay="view"]', 'public');
        expect(await viewer.locator(hands).count()).toBe(0);
        // One step at a time to the end (a replayed step applies one recorded answer).
        let n = 40;
        while (await viewer.locator('[data-replay="next"]:not([disabled])').count()) {
          await viewer.click('[data-replay="next"]');
          n++;
          if (n > saved.answers.length) break;
        }
        expect(n).toBe(saved.answers.length);
        expect(await viewer.isVisible('[data-role="trace"]')).toBe(true);
        const shown = await viewer.innerText('[data-role="hash"]');
        if (lang === 'zh') {
          // The Chinese page is Chinese: the bars (but the command's name and the hash) and the replayed log.
          const bars = await viewer.innerText('.sgs-files');
          const replayBar = (await viewer.innerText('.sgs-replaybar')).replace('npx sgs replay', '').replace(shown, '');
          const log = await viewer.locator('.sgs-replayed .sgs-log li').allInnerTexts();
          expect(log.length).toBeGreaterThan(20);
          for (const text of [bars, replayBar, ...log]) expect(text.match(/[A-Za-z]{2,}/g), text).toBeNull();
        }
        await shot(viewer, `${lang}-4-replay-end`);

        // The engine's hash for the downloaded file, here and from `sgs replay`.
        const program = compile(loadSources([repo + 'rules'], repo)).program!;
        expect(saved.rules).toBe(rulesFingerprint(program));
        const engine = replay(program, saved);
        expect(engine.problem).toBeUndefined();
        expect(engine.game.state.over).not.toBeNull();
        expect(shown).toBe(engine.game.traceHash());
        expect(ownHash).toBe(shown);
        const cli = spawnSync(process.execPath, [repo + 'bin/sgs.mjs', 'replay', file], {
          cwd: repo,
          encoding: 'utf8',
        });
        expect(cli.status, cli.stderr).toBe(0);
        expect(cli.stderr).toBe(''); // no note about other rules: the site's fingerprint is the CLI's
        expect(cli.stdout).toContain(`trace hash: ${shown}`);

        // Back to the start, then the slider to the end: the same hash.
        await viewer.click('[data-replay="start"]');
        expect(await step()).toBe(0);
        expect(await viewer.isVisible('[data-role="trace"]')).toBe(false);
        await viewer.locator('[data-replay="slider"]').fill(String(saved.answers.length));
        expect(await viewer.innerText('[data-role="hash"]')).toBe(shown);

        // Everything is shown only when chosen, and then said.
        await viewer.selectOption('[data-replay="view"]', 'all');
        expect(await viewer.getAttribute('[data-role="viewing"]', 'data-view')).toBe('all');
        expect(
          await viewer.locator('.sgs-replayed .sgs-seat :is(.sgs-card, .sgs-chip):not(.back)').count(),
        ).toBeGreaterThan(0);
        await shot(viewer, `${lang}-5-replay-all`);
        expect(errors).toEqual([]);
        expect(viewerErrors).toEqual([]);
      } finally {
        await context.close();
        rmSync(tmp, { recursive: true, force: true });
      }
    }, 240_000);
  }

  it('the rule options start a game with them, and the saved file keeps them', async () => {
    const tmp = mkdtempSync(join(tmpdir(), 'sgs-options-browser-'));
    const context = await site.browser.newContext({ acceptDownloads: true, viewport: { width: 1100, height: 900 } });
    try {
      const page = await context.newPage();
      const errors = await open(page, '/zh/play/');
      await page.click('.sgs-options summary');
      await page.selectOption('[data-option="edition"]', 'firstEdition');
      await page.selectOption('[data-option="beginner"]', 'true');
      await page.fill('[data-role="seed"]', '77');
      await page.click('[data-act="new"]');
      await page.waitForSelector('.sgs-live .sgs-q');
      await shot(page, 'zh-6-options');
      expect(await page.innerText('.sgs-options summary')).toContain('(2)');
      const [download] = await Promise.all([page.waitForEvent('download'), page.click('[data-file="save"]')]);
      const file = join(tmp, 'game.json');
      await download.saveAs(file);
      const saved = readReplayFile(readFileSync(file, 'utf8'), 'game.json');
      expect(saved.options).toEqual({ edition: 'firstEdition', beginner: true });
      // The engine plays the file's answers on a game with those options: the beginner game deals no generals.
      const program = compile(loadSources([repo + 'rules'], repo)).program!;
      const engine = replay(program, saved);
      expect(engine.problem).toBeUndefined();
      expect(engine.game.state.players.every((p) => p.v.general === null)).toBe(true);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
      rmSync(tmp, { recursive: true, force: true });
    }
  }, 120_000);

  it('a damaged link or a file with an illegal answer is refused with a reason, not a crash', async () => {
    const context = await site.browser.newContext({ viewport: { width: 1100, height: 900 } });
    try {
      const page = await context.newPage();
      const good = await encodeGame({ seed: 7, players: 5, mode: 'identity', answers: [[0], [0]] });
      const i = Math.floor(good.length / 2);
      const damaged = good.slice(0, i) + (good[i] === 'A' ? 'B' : 'A') + good.slice(i + 1);
      const errors = await open(page, `/zh/play/#game=${damaged}`);
      await page.waitForSelector('.sgs-files-note.bad');
      expect(await page.innerText('.sgs-files-note')).toBe('链接中的数据已损坏。');
      expect(await page.getAttribute('sgs-game', 'data-replaying')).toBeNull();
      // A file whose third answer picks an option that is not offered: the replay stops there and says why.
      const tampered = JSON.stringify({ seed: 7, players: 5, mode: 'identity', answers: [[0], [0], [99]] });
      await page.setInputFiles('[data-file="load"]', {
        name: 'tampered.json',
        mimeType: 'application/json',
        buffer: Buffer.from(tampered),
      });
      await page.waitForSelector('sgs-game[data-replaying]');
      await page.click('[data-replay="end"]');
      expect(await page.inputValue('[data-replay="slider"]')).toBe('2');
      expect(await page.innerText('.sgs-files-note')).toBe('第 3 步的答案无法执行，回放到此为止。');
      expect(await page.getAttribute('.sgs-files-note', 'data-detail')).toMatch(/^answer 3 \[99\] was rejected: /);
      await shot(page, 'zh-5-tampered');
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  }, 120_000);
});
