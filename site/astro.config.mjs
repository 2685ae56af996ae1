// The rulebook: a static Astro site built from rules/ through the compiler. Pages ship no JavaScript except
// their islands (scenario player, search, game, playground).
import { defineConfig } from 'astro/config';
import { fileURLToPath } from 'node:url';
import { readFileSync, mkdirSync, copyFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { sgsTheme, classTransformer } from './src/lib/shiki-sgs.mjs';

// No astro command run in this repo phones home: no telemetry, and `astro dev` does not look for a newer version.
process.env.ASTRO_TELEMETRY_DISABLED ??= '1';
process.env.ASTRO_DISABLE_UPDATE_CHECK ??= 'true';

const repo = fileURLToPath(new URL('..', import.meta.url));
const site = fileURLToPath(new URL('.', import.meta.url));
// The one TextMate grammar of the rules language (also used by highlight.ts and the playground).
const sgsGrammar = JSON.parse(readFileSync(new URL('./src/lib/sgs.tmLanguage.json', import.meta.url), 'utf8'));

/** Self-hosts Chevrotain's syntax-diagram scripts and stylesheet under /chevrotain/ (never a CDN). */
function chevrotainDiagrams() {
  return {
    name: 'chevrotain-diagrams',
    hooks: {
      'astro:config:setup': () => {
        const require = createRequire(import.meta.url);
        const from = join(dirname(require.resolve('chevrotain')), '..', '..', 'diagrams');
        const to = join(site, 'public', 'chevrotain');
        for (const f of [
          'diagrams.css',
          'vendor/railroad-diagrams.js',
          'src/diagrams_builder.js',
          'src/diagrams_behavior.js',
          'src/main.js',
        ]) {
          mkdirSync(dirname(join(to, f)), { recursive: true });
          copyFileSync(join(from, f), join(to, f));
        }
      },
    },
  };
}

export default defineConfig({
  root: site,
  outDir: fileURLToPath(new URL('./dist', import.meta.url)),
  site: 'http://127.0.0.1:4321',
  trailingSlash: 'ignore',
  build: { format: 'directory' },
  devToolbar: { enabled: false },
  server: { host: '127.0.0.1', port: 4321 },
  integrations: [chevrotainDiagrams()],
  markdown: {
    // Code blocks in markdown (docs/language.md) use the same grammar and token classes as the rest of the site.
    shikiConfig: { theme: sgsTheme, langs: [sgsGrammar], transformers: [classTransformer] },
  },
  vite: {
    server: { fs: { allow: [repo] } },
    // Never inline a script, however small: the site runs under a Content-Security-Policy without inline scripts.
    build: { chunkSizeWarningLimit: 4000, assetsInlineLimit: (file) => (file.endsWith('.js') ? false : undefined) },
  },
});
