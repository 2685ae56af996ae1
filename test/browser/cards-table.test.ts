// How the rulebook looks like a card game, in a real Chromium against the production build: card pages draw the
// card's face as SVG (suit colour, rank, the name in the page's language) and the flow of its use (the windows of
// the rules' use procedure, derived from the compiled program); the play page seats the players around an oval,
// the reader at the bottom with the hand fanned, and draws the distances the engine's own rules function gives.
import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { mkdirSync } from 'node:fs';
import { browserAvailable, repo, useSite } from './harness.ts';
import { compile } from '../../compiler/index.ts';
import { generateTexts } from '../../compiler/text/index.ts';
import { loadSources } from '../../compiler/node/load.ts';
import { Game, rankText, type Program } from '../../runtime/index.ts';
import { stmtsOf as stmts } from '../../site/src/lib/flow.ts';
import { AIS } from '../../ai/registry.ts';
import { answerOf, policyFor } from '../../ai/policy.ts';

const ready = browserAvailable();
const SHOTS = repo + '.tmp/shots';

/** How far each card's name in the fanned hand runs under the next card, in pixels (the last card is uncovered). */
const hiddenNames = (page: Page) =>
  page.locator('.sgs-seat.bottom .sgs-fan .sgs-hcard').evaluateAll((cards) =>
    cards.slice(0, -1).map((c, i) => {
      const names = [...c.querySelectorAll('.cs-name')].map((n) => n.getBoundingClientRect().right);
      const next = cards[i + 1]!.querySelector('svg')!.getBoundingClientRect();
      return Math.max(0, ...names.map((right) => right - next.left));
    }),
  );

describe.skipIf(!ready)(
  ready ? 'cards and the round table (browser)' : 'cards and the round table (browser) — SKIPPED: no Chromium',
  () => {
    const site = useSite();
    const result = compile(loadSources([repo + 'rules'], repo));
    const p: Program = result.program!;
    const texts = generateTexts(result);
    const copies = Object.values(p.decks).flatMap((d) => d.cards);
    // One card kind whose first printed copy is red and one whose first is black, found in the decks.
    const firstOf = (red: boolean) =>
      copies.find(
        (c, i) =>
          copies.findIndex((x) => x.kind === c.kind) === i && (c.suit === 'heart' || c.suit === 'diamond') === red,
      )!;
    const picks = [firstOf(true), firstOf(false)];

    beforeAll(() => mkdirSync(SHOTS, { recursive: true }));

    it('the play page fits a phone: the seats in a grid, the hand scrolls within its seat', async () => {
      const page = await site.browser.newPage({ viewport: { width: 390, height: 844 } });
      await page.goto(`${site.server.url}/en/play/`);
      await page.waitForSelector('sgs-game[data-ready] .sgs-q.mine', { timeout: 30_000 });
      await page.locator('.sgs-q.mine .sgs-opt').first().click();
      await page.waitForSelector('.sgs-seat.bottom .sgs-hcard', { timeout: 20_000 });
      const overflow = await page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      );
      expect(overflow).toBeLessThanOrEqual(1);
      // The names of the fanned cards show on a phone too.
      expect(Math.max(...(await hiddenNames(page)))).toBeLessThan(2);
      await page.screenshot({ path: `${SHOTS}/play-phone-en.png`, fullPage: true });
      await page.close();
    });

    for (const lang of ['zh', 'en'] as const) {
      for (const c of picks) {
        it(`the ${c.kind} page (${lang}) draws its face: ${c.suit} ${rankText(c.rank)}, its ${lang} name`, async () => {
          const page = await site.browser.newPage({ viewport: { width: 1280, height: 900 } });
          await page.goto(`${site.server.url}/${lang}/cards/${c.kind}/`);
          const face = page.locator('.card-head svg.cardsvg');
          expect(await face.count()).toBe(1);
          const red = c.suit === 'heart' || c.suit === 'diamond';
          expect(await face.getAttribute('class')).toContain(red ? 'suit-red' : 'suit-black');
          expect(await face.getAttribute('data-rank')).toBe(rankText(c.rank));
          const ranks = await face.locator('.cs-rank').allTextContents();
          expect(ranks).toEqual([rankText(c.rank), rankText(c.rank)]);
          const name = lang === 'zh' ? p.cards[c.kind]!.zh : p.cards[c.kind]!.en;
          expect((await face.locator('.cs-name').allTextContents()).join(' ')).toBe(name);
          // The suit's colour as drawn: red is mostly red, black is dark.
          const fill = await face
            .locator('.cs-corner')
            .first()
            .evaluate((el) => getComputedStyle(el).fill);
          const [r, g, b] = fill.match(/\d+/g)!.map(Number) as [number, number, number];
          if (red) expect(r - Math.max(g, b)).toBeGreaterThan(80);
          else expect(Math.max(r, g, b)).toBeLessThan(80);
          if (c === picks[1]) await page.screenshot({ path: `${SHOTS}/card-${c.kind}-${lang}.png` });
          await page.close();
        });
      }

      it(`a card page (${lang}) shows the flow of its use with the use procedure's windows, in order`, async () => {
        const kind = picks[1]!.kind;
        const page = await site.browser.newPage({ viewport: { width: 1280, height: 1000 } });
        await page.goto(`${site.server.url}/${lang}/cards/${kind}/`);
        const flow = page.locator('svg.flow[data-use]');
        expect(await flow.count()).toBe(1);
        // The procedure the diagram names is an event of the rules that calls a method of the card's kind.
        const use = (await flow.getAttribute('data-use'))!;
        const ev = p.events[use]!;
        expect(ev).toBeDefined();
        const calls = [...stmts(ev.body.stmts)].flatMap((s) =>
          s.k === 'do' && s.a.k === 'methodCall' ? [s.a.name] : [],
        );
        expect(calls.length).toBeGreaterThan(0);
        // Its own windows, from the compiled body, all appear in the diagram in that order, each with its
        // generated wording.
        const own = [...stmts(ev.body.stmts)].flatMap((s) => (s.k === 'timing' ? [s.name] : []));
        expect(own.length).toBeGreaterThan(0);
        const drawn = await flow
          .locator('[data-window]')
          .evaluateAll((els) =>
            els.map((e) => ({ w: e.getAttribute('data-window')!, text: e.querySelector('text')!.textContent! })),
          );
        const at = own.map((w) => drawn.findIndex((d) => d.w === w));
        expect(at.every((i) => i >= 0)).toBe(true);
        expect([...at].sort((a, b) => a - b)).toEqual(at);
        for (const w of own) {
          const d = drawn.find((x) => x.w === w)!;
          expect(d.text.replace(/^↻ /, '')).toBe(texts.windows[w]![lang]);
        }
        // The card's own effect is a step of it when the kind declares one.
        if (p.cards[kind]!.methods.effect) expect(await flow.locator('[data-method="effect"]').count()).toBe(1);
        await flow.scrollIntoViewIfNeeded();
        await page.screenshot({ path: `${SHOTS}/flow-${kind}-${lang}.png` });
        await page.close();
      });

      it(`the play page (${lang}) seats the players around an oval, the reader at the bottom, distances from the engine`, async () => {
        const page = await site.browser.newPage({ viewport: { width: 1280, height: 1100 } });
        const errors: string[] = [];
        page.on('pageerror', (e) => errors.push(String(e)));
        await page.goto(`${site.server.url}/${lang}/play/`);
        await page.waitForSelector('sgs-game[data-ready] .sgs-ring', { timeout: 30_000 });
        await page.waitForSelector('.sgs-q.mine');
        const n = Number(await page.getAttribute('.sgs-ring', 'data-players'));
        const seed = Number(await page.inputValue('[data-role="seed"]'));
        const bottom = Number(await page.getAttribute('.sgs-seat.bottom', 'data-seat'));

        // A ring: going round from the bottom seat, each seat is further round the oval (counter-clockwise on the
        // screen), all at a similar distance from its middle, and the bottom seat lowest.
        const ring = (await page.locator('.sgs-ring').boundingBox())!;
        const cx = ring.x + ring.width / 2,
          cy = ring.y + ring.height / 2;
        const boxes = await page.locator('.sgs-ring > .sgs-seat').evaluateAll((els) =>
          els.map((e) => {
            const r = e.getBoundingClientRect();
            return { seat: Number((e as HTMLElement).dataset.seat), x: r.x + r.width / 2, y: r.y + r.height / 2 };
          }),
        );
        const me = (await page.locator('.sgs-seat.bottom').boundingBox())!;
        expect(boxes.length).toBe(n - 1);
        expect(boxes.map((b) => b.seat)).toEqual(Array.from({ length: n - 1 }, (_, k) => (bottom + k + 1) % n));
        const all = [{ x: me.x + me.width / 2, y: me.y + me.height / 2 }, ...boxes];
        const angle = (b: { x: number; y: number }) => (Math.atan2(b.y - cy, b.x - cx) * 180) / Math.PI;
        let turned = 0;
        for (let i = 1; i <= all.length; i++) {
          let step = angle(all[i % all.length]!) - angle(all[i - 1]!);
          while (step >= 0) step -= 360;
          while (step < -360) step += 360;
          expect(step).toBeLessThan(-10); // strictly round, never back
          turned += step;
        }
        expect(Math.round(turned)).toBe(-360); // once round
        for (const b of boxes) {
          const rx = (b.x - cx) / (ring.width / 2),
            ry = (b.y - cy) / (ring.height / 2);
          expect(Math.hypot(rx, ry)).toBeGreaterThan(0.55);
          expect(Math.hypot(rx, ry)).toBeLessThan(1.1);
        }
        expect(Math.min(...boxes.map((b) => me.y + me.height / 2 - b.y))).toBeGreaterThan(0);

        // The same game in Node, up to the reader's first question: the engine's distance and attack range.
        const g = new Game(p, { mode: 'identity', players: n, seed });
        const ai = policyFor(AIS.heuristic, g, seed);
        g.start();
        while (g.pending && g.pending.seat !== bottom) {
          const r = g.pending;
          const picks = answerOf(ai, g) ?? (r.min > 0 ? Array.from({ length: r.min }, (_, i) => i) : []);
          if (!g.answer(picks).ok) g.answer(Array.from({ length: r.min }, (_, i) => i));
        }
        const players = g.state.players;
        const want = players
          .filter((x) => x.seat !== bottom && x.alive)
          .map((x) => ({
            seat: x.seat,
            d: g.callFunction('distance', [players[bottom]!, x], '') as number,
            inRange: g.callFunction('inRange', [players[bottom]!, x], '') === true,
          }));
        expect(await page.locator('.sgs-distnum').first().isVisible()).toBe(false);
        await page.click('.sgs-distbtn');
        expect(await page.getAttribute('.sgs-distbtn', 'aria-pressed')).toBe('true');
        for (const w of want) {
          const num = page.locator(`.sgs-distnum[data-to="${w.seat}"]`);
          expect(await num.isVisible()).toBe(true);
          expect(Number(await num.innerText())).toBe(w.d);
          const badge = page.locator(`.sgs-dist[data-to="${w.seat}"]`);
          expect(Number(await badge.getAttribute('data-distance'))).toBe(w.d);
          expect((await badge.getAttribute('data-in-range')) !== null).toBe(w.inRange);
        }
        await page.screenshot({ path: `${SHOTS}/play-distances-${lang}.png` });

        // Choose a general, then play on until the reader holds cards the question offers: they are buttons in the
        // fanned hand, and the keyboard plays one.
        await page.locator('.sgs-q.mine .sgs-opt').first().click();
        const playable = page.locator('.sgs-seat.bottom .sgs-fan .sgs-hcard.playable');
        for (let i = 0; i < 20 && !(await playable.count()); i++) {
          const q = page.locator('.sgs-q.mine');
          await q.waitFor({ timeout: 20_000 });
          if (await q.locator('[data-act="pass"]').count()) await q.locator('[data-act="pass"]').click();
          else await q.locator('.sgs-opt').first().click();
        }
        expect(await playable.count()).toBeGreaterThan(0);
        expect(await page.locator('.sgs-seat.bottom .sgs-fan .sgs-hcard').count()).toBeGreaterThan(1);
        // Each card's name ends before the next card covers it (English names are wider than the Chinese).
        expect(Math.max(...(await hiddenNames(page)))).toBeLessThan(2);
        await page.screenshot({ path: `${SHOTS}/play-hand-${lang}.png` });
        const before = await page.locator('.sgs-q.mine p').innerText();
        const logBefore = await page.locator('.sgs-log li').count();
        await playable.first().focus();
        // Focus lifts the card out of the fan (a transform moving it up).
        await page.waitForTimeout(300);
        const lifted = await playable.first().evaluate((e) => new DOMMatrix(getComputedStyle(e).transform).f);
        expect(lifted).toBeLessThan(-8);
        await page.keyboard.press('Enter');
        await page.waitForFunction(
          ([b, l]) =>
            document.querySelector('.sgs-q.mine p')?.textContent !== b ||
            document.querySelectorAll('.sgs-log li').length !== l,
          [before, logBefore] as const,
        );
        expect(errors).toEqual([]);
        await page.close();
      });
    }
  },
);
