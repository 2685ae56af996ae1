// Browser tests run against the production build. When Chromium is installed this builds site/dist once, before
// any browser test, if it is missing or older than the sources it is built from; a failed build fails the run.
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { CHROMIUM, DIST, repo } from './harness.ts';

const SOURCES = ['rules', 'site/src', 'site/astro.config.mjs', 'compiler', 'runtime', 'ai', 'docs'];

function newest(p: string): number {
  const st = statSync(p);
  if (!st.isDirectory()) return st.mtimeMs;
  let m = st.mtimeMs;
  for (const e of readdirSync(p)) m = Math.max(m, newest(join(p, e)));
  return m;
}

export default function setup(): void {
  if (!existsSync(CHROMIUM)) {
    console.warn(
      `\n[browser tests] SKIPPED: ${CHROMIUM} is missing — install it with: apt-get install -y chromium fonts-noto-cjk\n`,
    );
    return;
  }
  if (process.env.SITE_DIST) return; // a build chosen by the caller
  const index = join(DIST, 'index.html');
  const built = existsSync(index) ? statSync(index).mtimeMs : 0;
  const changed = Math.max(...SOURCES.map((s) => (existsSync(repo + s) ? newest(repo + s) : 0)));
  if (built >= changed) return;
  console.log('[browser tests] building the site (astro build --root site)…');
  execFileSync(repo + 'node_modules/.bin/astro', ['build', '--root', 'site'], {
    cwd: repo,
    stdio: 'inherit',
    env: { ...process.env, ASTRO_TELEMETRY_DISABLED: '1' },
  });
}
