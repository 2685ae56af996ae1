// The playground's balance workers in Chromium (as many as the browser says it has cores, at most four; `workers`):
// how long 1,000 games take after a warm-up run (and as many baseline games: `ms` is per 1,000 of all of them), then
// from an edit to the re-run of the 1,000 featured games, the baseline kept (`rerunAfterEditMs`), on the built site
// (site/dist, `npm run build`) served from 127.0.0.1 and Debian's Chromium. A row of `npm run bench`; skipped with
// the reason when the build or the browser is missing.
import { createServer } from 'node:http';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { extname, join, normalize } from 'node:path';

const CHROMIUM = '/usr/bin/chromium';
const DIST = 'site/dist';
const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript',
  '.mjs': 'text/javascript',
  '.css': 'text/css',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
  '.woff2': 'font/woff2',
  '.ttf': 'font/ttf',
  '.wasm': 'application/wasm',
};

export type PlaygroundRow =
  | { skipped: string }
  | {
      games: number;
      warmupGames: number;
      workers: number;
      ms: number;
      gamesPerSecond: number;
      /** From an edit to the panel showing the re-run: the featured games again, the baseline kept. */
      rerunAfterEditMs: number;
    };

/** Play a warm-up run, then `games` featured games (and as many baseline games, which the panel plays with them
 *  on a new size) in the playground's balance worker; the row gives the time per 1,000 games. The warm-up is long
 *  enough for the workers' code to reach its speed: 1,000 games took 7.1–7.8 s after 100 games of warm-up, 5.5–6.0
 *  after 400 and 5.4 after 800 (until stop 54 it was 100). */
export async function playgroundRow(games = 1000, warmup = 400): Promise<PlaygroundRow> {
  if (!existsSync(CHROMIUM)) return { skipped: `${CHROMIUM} is missing (apt-get install -y chromium)` };
  if (!existsSync(join(DIST, 'en/playground/index.html'))) return { skipped: 'no site build (npm run build)' };
  const server = createServer((req, res) => {
    const path = decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname);
    let file = join(DIST, normalize(path).replace(/^(\.\.[/\\])+/, ''));
    if (existsSync(file) && statSync(file).isDirectory()) file = join(file, 'index.html');
    if (!existsSync(file)) return void res.writeHead(404).end();
    res.writeHead(200, { 'content-type': TYPES[extname(file)] ?? 'application/octet-stream' });
    res.end(readFileSync(file));
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.address() as { port: number };
  // Imported by a name the bundler (bin/bundle.mjs) leaves alone: playwright-core runs from node_modules, unbundled.
  const pw = 'playwright-core';
  const { chromium } = (await import(pw)) as typeof import('playwright-core');
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox', '--disable-gpu'] });
  try {
    const page = await browser.newPage();
    await page.goto(`http://127.0.0.1:${port}/en/playground/`);
    await page.waitForSelector('[data-playground][data-checked]', { timeout: 120_000 });
    await page.click('.pg-balance summary');
    /** A run of n games, started by `begin` (by default, asking for n games), timed until the panel shows it done. */
    const run = async (n: number, begin = () => page.fill('.pg-balance-games', String(n))) => {
      const before = await page.evaluate(() =>
        Number(document.querySelector<HTMLElement>('[data-playground]')!.dataset.balanceGen ?? 0),
      );
      const t0 = performance.now();
      await begin();
      await page.waitForFunction(
        ([count, gen]) => {
          const d = document.querySelector<HTMLElement>('[data-playground]')!.dataset;
          return d.balance === 'done' && d.balancePlayed === String(count) && Number(d.balanceGen) > gen;
        },
        [n, before] as const,
        { timeout: 1_800_000, polling: 100 },
      );
      return performance.now() - t0;
    };
    await run(warmup);
    const ms = await run(games);
    // An author's edit (a blank line at the end of the file): the panel plays the featured games again once the file
    // compiled, and keeps the baseline of the same size. Timed from the keystroke, as the author waits.
    const rerunMs = await run(games, async () => {
      await page.click('.monaco-editor .view-lines');
      await page.keyboard.press('Control+End');
      await page.keyboard.press('Enter');
    });
    const workers = await page.evaluate(() =>
      Number(document.querySelector<HTMLElement>('[data-playground]')!.dataset.balanceWorkers ?? 1),
    );
    // The run played the featured games and as many baseline games (a new size has no cached baseline).
    const played = games * 2;
    return {
      games,
      warmupGames: warmup,
      workers,
      ms: Math.round((ms * games) / played),
      rerunAfterEditMs: Math.round(rerunMs),
      gamesPerSecond: Math.round((played / ms) * 10000) / 10,
    };
  } finally {
    await browser.close();
    server.close();
  }
}
