// The rulebook's docs navigation in a real Chromium against the production build: the section sidebar and
// previous / next links, the on-page table of contents, the dark theme and its remembered toggle, `/` to search,
// pinyin and English search, and the scenario index's groups; all of it under a Content-Security-Policy with no
// inline script.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdirSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { browserAvailable, launch, repo, serveStatic } from './harness.ts';
import { program, label } from '../../site/src/lib/book.ts';
import { homeGroup, scenarioGroups } from '../../site/src/lib/scenario-groups.ts';

const ready = browserAvailable();
const SHOTS = repo + '.tmp/shots';
/** The site's policy (as in csp.test.ts): scripts only from the site itself (and the blob: modules the scenario
 *  player imports its compiled rules from), none inline, nothing evaluated from a string. */
const POLICY =
  "default-src 'self'; script-src 'self' blob:; worker-src 'self' blob:; style-src 'self' 'unsafe-inline'; img-src 'self' data: blob:; connect-src 'self'";

/** Relative luminance of a CSS rgb() colour, 0 (black) to 1 (white). */
function luminance(rgb: string): number {
  const [r, g, b] = (rgb.match(/[\d.]+/g) ?? []).slice(0, 3).map((x) => {
    const c = Number(x) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
}

describe.skipIf(!ready)(
  ready
    ? 'docs navigation (browser)'
    : 'docs navigation (browser) — SKIPPED: apt-get install -y chromium fonts-noto-cjk',
  () => {
    let server: Awaited<ReturnType<typeof serveStatic>>;
    let browser: Awaited<ReturnType<typeof launch>>;
    beforeAll(async () => {
      mkdirSync(SHOTS, { recursive: true });
      server = await serveStatic({ 'content-security-policy': POLICY });
      browser = await launch();
    }, 60_000);
    afterAll(async () => {
      await browser?.close();
      await server?.stop();
    });

    /** A page in a fresh context; every CSP violation and page error is collected in `problems`. */
    async function open(path: string, opts: { width?: number; scheme?: 'light' | 'dark' } = {}) {
      const context = await browser.newContext({
        viewport: { width: opts.width ?? 1440, height: 900 },
        colorScheme: opts.scheme ?? 'light',
      });
      await context.addInitScript(() => {
        const w = window as unknown as { __csp: string[] };
        w.__csp = [];
        document.addEventListener('securitypolicyviolation', (e) =>
          w.__csp.push(`${e.violatedDirective} ${e.blockedURI}`),
        );
      });
      const page = await context.newPage();
      const problems: string[] = [];
      page.on('pageerror', (e) => problems.push(e.message));
      page.on('console', (m) => {
        if (/Content Security Policy/i.test(m.text())) problems.push(m.text());
      });
      await page.goto(server.url + path);
      const violations = async () => [
        ...problems,
        ...(await page.evaluate(() => (window as unknown as { __csp: string[] }).__csp)),
      ];
      return { page, context, violations };
    }

    const sidebarLinks = (page: Page) =>
      page.$$eval('.sidebar nav a', (as) =>
        as.map((a) => ({
          href: a.getAttribute('href')!,
          text: a.textContent!.trim(),
          current: a.getAttribute('aria-current'),
        })),
      );

    it('a card page: the sidebar lists the cards by type with this card marked, and previous / next follow it', async () => {
      const p = program();
      const { page, context, violations } = await open('/zh/cards/nullification/');
      const links = await sidebarLinks(page);
      const titles = await page.$$eval('.sidebar .side-title', (xs) => xs.map((x) => x.textContent!.trim()));
      for (const ty of p.enums.cardType ?? []) expect(titles).toContain(label(ty, 'zh'));
      expect(links.filter((l) => l.current === 'page')).toEqual([
        { href: '/zh/cards/nullification/', text: label('nullification', 'zh'), current: 'page' },
      ]);
      // Every card has its link, and each link answers.
      for (const id of Object.keys(p.cards)) expect(links.map((l) => l.href)).toContain(`/zh/cards/${id}/`);
      for (const l of links) expect((await fetch(server.url + l.href)).status, l.href).toBe(200);
      // Previous / next are the sidebar's neighbours.
      const pages = links.filter((l) => !l.href.includes('#')).map((l) => l.href);
      const i = pages.indexOf('/zh/cards/nullification/');
      expect(await page.getAttribute('nav.pager a.prev', 'href')).toBe(pages[i - 1]);
      expect(await page.getAttribute('nav.pager a.next', 'href')).toBe(pages[i + 1]);
      expect(await page.locator('nav.pager').innerText()).toContain('下一页');
      // No English in the Chinese chrome (but the link to the English edition).
      const chrome = [
        await page.locator('header.top').innerText(),
        await page.locator('.sidebar').textContent(),
        await page.locator('.page-toc').textContent(),
        await page.locator('nav.pager').innerText(),
        await page.getAttribute('header.top input[type=search]', 'placeholder'),
        await page.getAttribute('header.top button.theme-toggle', 'aria-label'),
      ].join(' ');
      expect(chrome.replace('English', '')).not.toMatch(/[A-Za-z]/);
      await page.screenshot({ path: `${SHOTS}/nav-card-zh.png` });
      await page.click('nav.pager a.next');
      await page.waitForURL(server.url + pages[i + 1]);
      expect(await page.getAttribute('.sidebar a[aria-current=page]', 'href')).toBe(pages[i + 1]);
      expect(await page.getAttribute('nav.pager a.prev', 'href')).toBe('/zh/cards/nullification/');
      expect(await violations()).toEqual([]);
      await context.close();
    });

    it('a rules page: the sidebar lists the topics, the timings and the language reference; previous / next', async () => {
      const { page, context } = await open('/en/rules/damage/');
      const links = await sidebarLinks(page);
      const hrefs = links.map((l) => l.href);
      expect(hrefs).toContain('/en/rules/turn/');
      expect(hrefs).toContain('/en/timings/');
      expect(hrefs).toContain('/en/language/');
      expect(links.find((l) => l.current === 'page')?.href).toBe('/en/rules/damage/');
      const i = hrefs.indexOf('/en/rules/damage/');
      expect(await page.getAttribute('nav.pager a.prev', 'href')).toBe(hrefs[i - 1]);
      expect(await page.getAttribute('nav.pager a.next', 'href')).toBe(hrefs[i + 1]);
      // No Chinese in the English chrome.
      const chrome =
        (await page.locator('header.top').innerText()) +
        (await page.locator('.sidebar').innerText()) +
        (await page.locator('nav.pager').innerText());
      expect(chrome.replace('中文', '')).not.toMatch(/\p{Script=Han}/u);
      // The first topic has no previous page.
      await page.goto(server.url + '/en/rules/turn/');
      expect(await page.locator('nav.pager a.prev').count()).toBe(0);
      expect(await page.getAttribute('nav.pager a.next', 'href')).toBe(hrefs[1]);
      await context.close();
    });

    it('the table of contents lists the page’s headings and links to them', async () => {
      const { page, context } = await open('/en/rules/turn/');
      const toc = await page.$$eval('.page-toc nav a', (as) =>
        as.map((a) => ({ href: a.getAttribute('href')!, text: a.textContent!.trim() })),
      );
      const heads = await page.$$eval('main :is(h2, h3)', (hs) => hs.map((h) => ({ id: h.id, level: h.tagName })));
      expect(toc.length).toBeGreaterThanOrEqual(3);
      // Every h2 of the page is listed, in order, and every entry points at a heading of the page.
      const h2 = heads.filter((h) => h.level === 'H2').map((h) => `#${h.id}`);
      expect(toc.map((x) => x.href).filter((x) => h2.includes(x))).toEqual(h2);
      for (const x of toc) expect(heads.map((h) => `#${h.id}`)).toContain(x.href);
      expect(toc.map((x) => x.text)).toContain(await page.locator('main h2').first().innerText());
      // Beside the page on a wide screen.
      expect(await page.locator('.page-toc nav').isVisible()).toBe(true);
      await context.close();
    });

    it('on a phone the sidebar and the contents fold away and open on a tap; no sideways scrolling', async () => {
      const { page, context } = await open('/zh/generals/guanyu/', { width: 390 });
      expect(await page.locator('.sidebar nav').isVisible()).toBe(false);
      await page.click('.sidebar > summary');
      expect(await page.locator('.sidebar nav a[aria-current=page]').isVisible()).toBe(true);
      const overflow = await page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      );
      expect(overflow).toBeLessThanOrEqual(1);
      await page.screenshot({ path: `${SHOTS}/nav-general-phone.png` });
      await context.close();
    });

    it('dark mode follows the system, toggles, and is remembered across a reload', async () => {
      const bg = (page: Page) => page.evaluate(() => getComputedStyle(document.body).backgroundColor);
      const sys = await open('/en/cards/slash/', { scheme: 'dark' });
      expect(luminance(await bg(sys.page))).toBeLessThan(0.1);
      await sys.context.close();

      const { page, context, violations } = await open('/zh/rules/turn/', { scheme: 'light' });
      expect(luminance(await bg(page))).toBeGreaterThan(0.8);
      await page.click('header.top button.theme-toggle');
      expect(await page.getAttribute('html', 'data-theme')).toBe('dark');
      expect(luminance(await bg(page))).toBeLessThan(0.1);
      // Code stays readable: a keyword's colour is light on the dark code background.
      const kw = await page.evaluate(() => getComputedStyle(document.querySelector('pre .tk-decl')!).color);
      expect(luminance(kw)).toBeGreaterThan(0.2);
      await page.screenshot({ path: `${SHOTS}/nav-rules-zh-dark.png` });
      await page.reload();
      expect(await page.getAttribute('html', 'data-theme')).toBe('dark');
      expect(luminance(await bg(page))).toBeLessThan(0.1);
      // Another page of the site too, and back to light.
      await page.goto(server.url + '/zh/cards/nullification/');
      expect(luminance(await bg(page))).toBeLessThan(0.1);
      // Its code blocks too, beside the scenario players (whose panel class once matched Shiki's <pre>).
      const pre = await page.evaluate(() => getComputedStyle(document.querySelector('pre.shiki')!).backgroundColor);
      expect(luminance(pre)).toBeLessThan(0.1);
      // A card face stays a light card: its paper is the SVG's own fill, whatever the theme.
      const face = await page.evaluate(() => getComputedStyle(document.querySelector('.cardsvg .cs-edge')!).fill);
      expect(luminance(face)).toBeGreaterThan(0.8);
      await page.screenshot({ path: `${SHOTS}/nav-card-zh-dark.png` });
      await page.click('header.top button.theme-toggle');
      expect(luminance(await bg(page))).toBeGreaterThan(0.8);
      await page.reload();
      expect(luminance(await bg(page))).toBeGreaterThan(0.8);
      expect(await violations()).toEqual([]);
      await context.close();
    });

    it('/ focuses the search box from any page, but not while typing in a field', async () => {
      const { page, context } = await open('/en/generals/caocao/');
      await page.keyboard.press('/');
      expect(await page.evaluate(() => document.activeElement?.matches('header.top input[type=search]'))).toBe(true);
      // Typed into the box, / is a character.
      await page.keyboard.type('a/b');
      expect(await page.inputValue('header.top input[type=search]')).toBe('a/b');
      // On the search page it is the page's own box.
      await page.goto(server.url + '/zh/search/');
      await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
      await page.keyboard.press('/');
      expect(await page.evaluate(() => document.activeElement?.matches('sgs-search input[type=search]'))).toBe(true);
      await context.close();
    });

    async function firstResults(page: Page, query: string): Promise<{ href: string; text: string }[]> {
      await page.fill('sgs-search input[name=q]', query);
      await page.waitForFunction((q) => document.querySelector<HTMLElement>('sgs-search')?.dataset.done === q, query);
      return page.$$eval('ol.search-results > li > a', (as) =>
        as.slice(0, 5).map((a) => ({ href: a.getAttribute('href')!, text: a.textContent! })),
      );
    }

    it('search: wuxie, wxkj and 无懈 find 无懈可击 first on /zh/; nullification and guan yu on /en/', async () => {
      const zh = await open('/zh/search/');
      for (const q of ['wuxie', 'wxkj', '无懈']) {
        const r = await firstResults(zh.page, q);
        expect(r[0], q).toEqual({ href: '/zh/cards/nullification/', text: '无懈可击' });
      }
      expect((await firstResults(zh.page, 'guanyu'))[0]?.href).toBe('/zh/generals/guanyu/');
      await zh.page.screenshot({ path: `${SHOTS}/nav-search-zh.png` });
      expect(await zh.violations()).toEqual([]);
      await zh.context.close();

      const en = await open('/en/search/', { scheme: 'dark' });
      expect((await firstResults(en.page, 'nullification'))[0]).toEqual({
        href: '/en/cards/nullification/',
        text: 'Nullification',
      });
      expect((await firstResults(en.page, 'wuxie'))[0]?.href).toBe('/en/cards/nullification/');
      expect((await firstResults(en.page, 'Guan Yu'))[0]?.href).toBe('/en/generals/guanyu/');
      await en.page.screenshot({ path: `${SHOTS}/nav-search-en-dark.png` });
      await en.context.close();

      // From the header of any page: the query goes to the search page.
      const card = await open('/zh/cards/slash/');
      await card.page.fill('header.top input[type=search]', 'wuxie');
      await card.page.press('header.top input[type=search]', 'Enter');
      await card.page.waitForFunction(
        () => document.querySelector<HTMLElement>('sgs-search')?.dataset.done === 'wuxie',
      );
      expect(await card.page.getAttribute('ol.search-results > li:first-child > a', 'href')).toBe(
        '/zh/cards/nullification/',
      );
      await card.context.close();
    });

    it('the scenario index groups scenarios by card, by general and by topic', async () => {
      const g = scenarioGroups();
      const { page, context } = await open('/en/scenarios/');
      for (const kind of ['by-card', 'by-general'])
        expect(await page.locator(`[data-group-kind=${kind}] .scenario-group`).count()).toBeGreaterThan(5);
      // The groups are those the rules give, each listing its scenarios' pages.
      for (const grp of [g.cards.find((x) => x.id === 'nullification')!, g.generals.find((x) => x.id === 'guanyu')!]) {
        expect(grp.scenarios.length).toBeGreaterThan(0);
        const sel = `#${grp.anchor}`;
        expect(await page.locator(`${sel} h3`).innerText()).toContain(label(grp.id, 'en'));
        const hrefs = await page.$$eval(`${sel} li a`, (as) => as.map((a) => a.getAttribute('href')));
        expect(hrefs).toEqual(grp.scenarios.map((s) => `/en/scenarios/${s.id}/`));
      }
      expect(await page.locator('[data-group-kind=by-general] #general-guanyu').count()).toBe(1);
      expect(await page.locator('[data-group-kind=by-card] #card-nullification').count()).toBe(1);
      await page.screenshot({ path: `${SHOTS}/nav-scenarios-en.png` });
      // A scenario's page: its group in the sidebar, previous / next within it.
      const grp = g.generals.find((x) => x.id === 'guanyu')!;
      const k = grp.scenarios.findIndex((s) => homeGroup(s.id)?.id === 'guanyu');
      expect(k).toBeGreaterThanOrEqual(0);
      await page.goto(`${server.url}/en/scenarios/${grp.scenarios[k]!.id}/`);
      expect(await page.locator('.sidebar').textContent()).toContain(label('guanyu', 'en'));
      const next = grp.scenarios[k + 1];
      if (next) expect(await page.getAttribute('nav.pager a.next', 'href')).toBe(`/en/scenarios/${next.id}/`);
      await context.close();
    });
  },
);
