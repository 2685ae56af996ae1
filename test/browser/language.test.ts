// The language reference in a real Chromium against the production build: /zh/language/ shows the Chinese
// reference (docs/language.zh.md), /en/language/ the English one, both with every code block highlighted, their
// headings in the table of contents, and links to sections that land on a heading.
import { beforeAll, describe, expect, it } from 'vitest';
import { mkdirSync, readFileSync } from 'node:fs';
import { browserAvailable, repo, useSite } from './harness.ts';

const ready = browserAvailable();
const SHOTS = repo + '.tmp/shots';

/** The fenced blocks of a markdown file: language tag and body. */
function blocks(file: string): { lang: string; body: string }[] {
  const md = readFileSync(repo + file, 'utf8');
  return [...md.matchAll(/^```(\w*)\n([\s\S]*?)^```$/gm)].map((m) => ({ lang: m[1]!, body: m[2]!.trimEnd() }));
}

describe.skipIf(!ready)(
  ready ? 'the language reference (browser)' : 'the language reference (browser) — SKIPPED: no Chromium or no build',
  () => {
    const site = useSite();
    beforeAll(() => mkdirSync(SHOTS, { recursive: true }));

    const pages = [
      { lang: 'zh', file: 'docs/language.zh.md', title: '规则语言参考', prose: '本页是这门语言的完整参考' },
      {
        lang: 'en',
        file: 'docs/language.md',
        title: 'The rules language — reference',
        prose: 'This page is the complete reference',
      },
    ] as const;

    for (const p of pages) {
      it(`/${p.lang}/language/ shows ${p.file} with its code blocks highlighted`, async () => {
        const page = await site.browser.newPage({ viewport: { width: 1280, height: 900 } });
        await page.goto(`${site.server.url}/${p.lang}/language/`);
        const article = page.locator('article.prose');
        expect(await article.getAttribute('lang')).toBe(p.lang === 'zh' ? 'zh-CN' : 'en');
        const text = await article.innerText();
        expect(text).toContain(p.title);
        expect(text).toContain(p.prose);
        expect(await page.locator('main').innerText()).not.toContain('只有英文版');
        const cjk = (text.match(/[\u4e00-\u9fff]/g) ?? []).length;
        if (p.lang === 'zh') expect(cjk).toBeGreaterThan(20000);
        else expect(cjk).toBeLessThan(8000); // Chinese names of cards and skills only
        // Every fenced block of the file is on the page, in order, as a highlighted block.
        const want = blocks(p.file);
        const pres = article.locator('pre.astro-code');
        expect(await pres.count()).toBe(want.length);
        const shown = (await pres.allInnerTexts()).map((s) => s.trimEnd());
        want.forEach((b, i) => expect(shown[i], `block ${i + 1}`).toBe(b.body));
        expect(await article.locator('pre.astro-code .tk-decl, pre.astro-code .tk-kw').count()).toBeGreaterThan(500);
        // The table of contents lists the sections, and links to a section land on a heading of the page.
        const ids = new Set(await page.locator('[id]').evaluateAll((es) => es.map((e) => e.id)));
        const hrefs = await article.locator('a[href^="#"]').evaluateAll((as) => as.map((a) => a.getAttribute('href')!));
        expect(hrefs.length).toBeGreaterThan(50);
        expect(hrefs.filter((h) => !ids.has(decodeURIComponent(h.slice(1))))).toEqual([]);
        const toc = await page.locator('.page-toc a').allTextContents();
        expect(toc.join(' ')).toContain(p.lang === 'zh' ? '15. 机制，各举一例' : '15. Mechanisms, one example each');
        if (p.lang === 'zh') await page.screenshot({ path: `${SHOTS}/language-zh.png` });
        await page.close();
      });
    }
  },
);
