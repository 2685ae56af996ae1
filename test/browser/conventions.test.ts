// Site conventions in a real Chromium against the production build: an address the site does not have shows the
// bilingual 404 page (with the site's layout and links to both editions), and every page has our own favicon.
import { describe, expect, it } from 'vitest';
import { browserAvailable, useSite } from './harness.ts';

const ready = browserAvailable();

describe.skipIf(!ready)(
  ready
    ? 'site conventions (browser)'
    : 'site conventions (browser) — SKIPPED: apt-get install -y chromium fonts-noto-cjk',
  () => {
    const site = useSite();

    for (const path of ['/zh/no-such-page/', '/en/cards/no-such-card/', '/missing.html']) {
      it(`a missing address (${path}) shows the 404 page in Chinese and English`, async () => {
        const page = await site.browser.newPage({ viewport: { width: 1000, height: 800 } });
        const failed: string[] = [];
        page.on('requestfailed', (r) => failed.push(r.url()));
        page.on('response', (r) => {
          if (r.status() >= 400 && r.url() !== site.server.url + path) failed.push(`${r.status()} ${r.url()}`);
        });
        const res = await page.goto(site.server.url + path);
        expect(res?.status()).toBe(404);
        expect(await page.title()).toContain('找不到页面 · Page not found');
        expect(await page.locator('section[lang="zh-CN"] h1').innerText()).toBe('找不到这一页');
        expect(await page.locator('section[lang="en"] h1').innerText()).toBe('Page not found');
        const links = await page.locator('main a').evaluateAll((as) => as.map((a) => a.getAttribute('href')));
        expect(links).toEqual(expect.arrayContaining(['/zh/', '/en/']));
        // The site's layout and stylesheet: its header, and the paper background of base.css.
        expect(await page.locator('header.top a[href="/zh/"]').count()).toBe(1);
        expect(await page.locator('header.top a[href="/en/"]').count()).toBe(1);
        expect(await page.evaluate(() => getComputedStyle(document.body).backgroundColor)).toBe('rgb(251, 248, 241)');
        expect(failed).toEqual([]);
        await page.close();
      }, 60_000);
    }

    it('every page links our own SVG favicon, and it is served', async () => {
      const page = await site.browser.newPage();
      for (const path of ['/', '/zh/', '/en/cards/slash/', '/zh/no-such-page/']) {
        await page.goto(site.server.url + path);
        expect(await page.locator('link[rel="icon"]').getAttribute('href'), path).toBe('/favicon.svg');
      }
      const r = await fetch(site.server.url + '/favicon.svg');
      expect(r.status).toBe(200);
      expect(r.headers.get('content-type')).toContain('image/svg+xml');
      expect(await r.text()).toContain('<svg');
      await page.close();
    }, 60_000);
  },
);
