// Helpers for browser tests against the production build: serve site/dist with `astro preview`, launch Debian's
// Chromium through playwright-core (never a downloaded browser), and skip cleanly when either is missing.
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { createServer } from 'node:http';
import { extname, join, normalize } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';

export const repo = fileURLToPath(new URL('../../', import.meta.url));
export const CHROMIUM = process.env.CHROMIUM ?? '/usr/bin/chromium';

/** The built site to serve: site/dist, or another build (`astro build --root site --outDir DIR`) named by SITE_DIST. */
export const DIST = process.env.SITE_DIST ?? repo + 'site/dist';

/** Whether a browser test can run here: Chromium installed and the site built. */
export function browserAvailable(): boolean {
  return existsSync(CHROMIUM) && existsSync(DIST + '/index.html');
}

export async function launch(): Promise<Browser> {
  const { chromium } = await import('playwright-core');
  return chromium.launch({
    executablePath: CHROMIUM,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
    ],
  });
}

export interface Server {
  url: string;
  stop(): Promise<void>;
}

/** `astro preview` of DIST on 127.0.0.1 (a free port from `port` upwards); resolves once it answers. */
export async function serve(port = 4400 + Math.floor(Math.random() * 400)): Promise<Server> {
  const bin = repo + 'node_modules/.bin/astro';
  const child: ChildProcess = spawn(
    bin,
    ['preview', '--root', 'site', '--outDir', DIST, '--host', '127.0.0.1', '--port', String(port)],
    {
      cwd: repo,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, ASTRO_TELEMETRY_DISABLED: '1' },
    },
  );
  let out = '';
  child.stdout!.on('data', (d) => (out += String(d)));
  child.stderr!.on('data', (d) => (out += String(d)));
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 30_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`astro preview exited (${child.exitCode}):\n${out}`);
    try {
      const r = await fetch(url + '/');
      if (r.ok) break;
    } catch {
      /* not up yet */
    }
    if (Date.now() > deadline) {
      child.kill();
      throw new Error(`astro preview did not answer on ${url}:\n${out}`);
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  return {
    url,
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.ttf': 'font/ttf',
  '.woff2': 'font/woff2',
  '.txt': 'text/plain; charset=utf-8',
  '.xml': 'application/xml',
  '.wasm': 'application/wasm',
};

/** DIST served by a small static server that adds `headers` to every response (astro preview cannot), on
 *  127.0.0.1. A POST to /__report is kept in `reports` (a Content-Security-Policy's report-uri). */
export async function serveStatic(headers: Record<string, string>): Promise<Server & { reports: string[] }> {
  const reports: string[] = [];
  const server = createServer((req, res) => {
    const path = decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname);
    if (req.method === 'POST' && path === '/__report') {
      let body = '';
      req.on('data', (d) => (body += String(d)));
      req.on('end', () => {
        reports.push(body);
        res.writeHead(204).end();
      });
      return;
    }
    let file = join(DIST, normalize(path).replace(/^(\.\.[/\\])+/, ''));
    if (existsSync(file) && statSync(file).isDirectory()) file = join(file, 'index.html');
    const found = existsSync(file) && statSync(file).isFile();
    if (!found) file = join(DIST, '404.html');
    res.writeHead(found ? 200 : 404, {
      ...headers,
      'content-type': TYPES[extname(file)] ?? 'application/octet-stream',
    });
    res.end(existsSync(file) ? readFileSync(file) : '');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  return {
    url: `http://127.0.0.1:${port}`,
    reports,
    stop: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

/** The production site served and a browser launched before the tests of the enclosing `describe`, both stopped
 *  after them. Read `site.server` and `site.browser` inside the tests. */
export function useSite(): { readonly server: Server; readonly browser: Browser } {
  const site = {} as { server: Server; browser: Browser };
  beforeAll(async () => {
    site.server = await serve();
    site.browser = await launch();
  }, 60_000);
  afterAll(async () => {
    await site.browser?.close();
    await site.server?.stop();
  });
  return site;
}

/** Pick a scenario in the playground, run it, and wait for its outcome (`pass`, `fail`, …). */
export async function runPlaygroundScenario(page: Page, scenario: string, timeout: number): Promise<string> {
  await page.selectOption('.pg-scenario', scenario);
  await page.click('.pg-run');
  await page.waitForFunction(
    () => {
      const o = document.querySelector<HTMLElement>('.pg-result')!.dataset.outcome;
      return o && o !== 'running';
    },
    undefined,
    { timeout },
  );
  return (await page.getAttribute('.pg-result', 'data-outcome'))!;
}
