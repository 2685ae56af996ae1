// The rulebook pages in a real Chromium against the production build: a general page shows the text generated
// from the rules (the same text the compiler produces here), the highlighted source of each skill and its win-rate
// chart, in both languages, readable on a phone, with no request leaving 127.0.0.1.
import { beforeAll, describe, expect, it } from 'vitest';
import { mkdirSync } from 'node:fs';
import { browserAvailable, repo, useSite } from './harness.ts';
import { compile } from '../../compiler/index.ts';
import { generateTexts } from '../../compiler/text/index.ts';
import { loadSources } from '../../compiler/node/load.ts';

const ready = browserAvailable();
const SHOTS = repo + '.tmp/shots';

describe.skipIf(!ready)(
  ready ? 'rulebook pages (browser)' : 'rulebook pages (browser) — SKIPPED: apt-get install -y chromium fonts-noto-cjk',
  () => {
    const site = useSite();
    const texts = generateTexts(compile(loadSources([repo + 'rules'], repo)));

    beforeAll(() => mkdirSync(SHOTS, { recursive: true }));

    for (const lang of ['zh', 'en'] as const) {
      it(`a general page (${lang}) shows each skill's generated text beside its highlighted source`, async () => {
        const page = await site.browser.newPage({ viewport: { width: 1280, height: 900 } });
        const outside: string[] = [];
        page.on('request', (r) => {
          // The rules' compiled module is imported from a blob: URL of the page's own origin.
          const local = [site.server.url, `blob:${site.server.url}`, 'data:'];
          if (!local.some((l) => r.url().startsWith(l))) outside.push(r.url());
        });
        await page.goto(`${site.server.url}/${lang}/generals/caocao/`);
        const body = await page.locator('main').innerText();
        for (const skill of ['jianxiong', 'hujia']) {
          const text = texts.skills[skill]![lang];
          expect(text.length).toBeGreaterThan(10);
          expect(body.replace(/\s+/g, '')).toContain(text.replace(/\s+/g, '').slice(0, 40));
        }
        // Highlighted source: the rules language's keywords carry the grammar's token classes.
        expect(await page.locator('pre.shiki .tk-decl, pre.shiki .tk-kw').count()).toBeGreaterThan(3);
        const sources = (await page.locator('pre.shiki').allInnerTexts()).join('\n');
        expect(sources).toContain('general caocao');
        expect(sources).toContain('skill jianxiong');
        await page.screenshot({ path: `${SHOTS}/general-caocao-${lang}.png`, fullPage: false });
        // The win-rate chart (site/src/data/balance.json): overall and one row per role, named in the page's
        // language, the numbers written out and read out; drawn at build time (no script: see below).
        const chart = page.locator('section.winrates svg.winrate.wide[role="img"]');
        await expect.poll(() => chart.count()).toBe(1);
        expect(await chart.isVisible()).toBe(true);
        // Its twin for phones (the numbers under the bars) is hidden at this width.
        expect(await page.locator('section.winrates svg.winrate.narrow').isVisible()).toBe(false);
        const aria = (await chart.getAttribute('aria-label'))!;
        const words =
          lang === 'zh'
            ? ['曹操的胜率', '总体', '主公', '忠臣', '反贼', '内奸']
            : ['Cao Cao: win rate', 'Overall', 'Lord', 'Loyalist', 'Rebel', 'Renegade'];
        for (const w of words) expect(aria).toContain(w);
        expect(aria).toMatch(/\d+\.\d%/);
        expect(await chart.locator('g.wr-row').count()).toBe(5);
        expect(await chart.locator('rect.wr-bar').count()).toBeGreaterThan(0);
        expect(await chart.locator('text.wr-value').first().textContent()).toMatch(/^\d+\.\d%/);
        const section = page.locator('section.winrates');
        expect(await section.locator('h2').innerText()).toBe(lang === 'zh' ? '胜率' : 'Win rate');
        expect(await section.innerText()).toContain('npm run balance-data');
        // The options the games were played with, by their values' names; in English mid-sentence, in lower case.
        if (lang === 'en')
          expect(await section.innerText()).toContain('games (the generals of every package loaded, the');
        else expect(await section.innerText()).toContain('（全部武将，标准版与军争）');
        // Drawn at build time: no script and no island of its own (the page's scripts are its scenario players').
        expect(await section.locator('script, astro-island').count()).toBe(0);
        await section.scrollIntoViewIfNeeded();
        await section.screenshot({ path: `${SHOTS}/general-caocao-winrate-${lang}.png` });
        expect(outside).toEqual([]);
        await page.close();
      });
    }

    for (const lang of ['zh', 'en'] as const) {
      it(`the 无懈可击 page (${lang}) explains the chain and links to the procedure, whose page words it`, async () => {
        const page = await site.browser.newPage({ viewport: { width: 1280, height: 900 } });
        await page.goto(`${site.server.url}/${lang}/cards/nullification/`);
        const body = (await page.locator('main').innerText()).replace(/\s+/g, ' ');
        const chain =
          lang === 'zh' ? '此牌也可以被另一张【无懈可击】抵消' : 'can itself be cancelled by another Nullification';
        expect(texts.cards.nullification![lang]).toContain(chain);
        expect(body).toContain(chain);
        const link = page.locator(`#card-nullification a[href="/${lang}/rules/use/#nullified"]`);
        expect(await link.count()).toBe(1);
        expect(await link.innerText()).toBe(lang === 'zh' ? '无懈可击的结算' : 'Nullification chain');
        await link.click();
        await page.waitForURL(`**/${lang}/rules/use/#nullified`);
        const rule = (await page.locator('section#nullified').innerText()).replace(/\s+/g, ' ');
        expect(rule).toContain(
          lang === 'zh' ? '若没有角色如此做，待抵消的牌未被抵消' : 'If nobody does, the card at stake is not cancelled',
        );
        // The 闪 and 桃 pages link their procedures too.
        await page.goto(`${site.server.url}/${lang}/cards/peach/`);
        expect(await page.locator(`#card-peach a[href="/${lang}/rules/damage/#offerRescue"]`).count()).toBe(1);
        await page.goto(`${site.server.url}/${lang}/cards/jink/`);
        expect(await page.locator(`#card-jink a[href="/${lang}/rules/use/#respond"]`).count()).toBe(1);
        await page.close();
      });
    }

    it('a card page is readable on a phone without sideways scrolling', async () => {
      const page = await site.browser.newPage({ viewport: { width: 390, height: 844 } });
      await page.goto(`${site.server.url}/zh/cards/slash/`);
      expect(await page.locator('main').innerText()).toContain(texts.cards.slash!.zh.slice(0, 12));
      const overflow = await page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      );
      expect(overflow).toBeLessThanOrEqual(1);
      await page.screenshot({ path: `${SHOTS}/card-slash-phone.png` });
      await page.close();
    });

    it('rulebook pages ship no JavaScript except their islands and the small site script', async () => {
      const page = await site.browser.newPage();
      const scripts: string[] = [];
      page.on('request', (r) => {
        if (r.resourceType() === 'script') scripts.push(r.url());
      });
      for (const path of ['/en/rules/turn/', '/en/timings/', '/zh/cards/', '/en/language/']) {
        await page.goto(site.server.url + path);
      }
      // The one script every page carries (theme, `/` to search, the navigation drawers), and nothing else.
      const names = [...new Set(scripts.map((s) => new URL(s).pathname))];
      expect(names.length).toBe(1);
      expect(names[0]).toMatch(/^\/_astro\/SiteChrome\.astro_astro_type_script.*\.js$/);
      const size = (await (await fetch(site.server.url + names[0])).text()).length;
      expect(size).toBeLessThan(4000);
      await page.close();
    });
  },
);
