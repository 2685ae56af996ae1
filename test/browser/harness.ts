// Helpers for browser tests against the production build: serve site/dist with `astro preview`, launch Debian's
// Chromium through playwright-core (never a downloaded browser), and skip cleanly when either is missing.
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Browser } from 'playwright-core';
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
