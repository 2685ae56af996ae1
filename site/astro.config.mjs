// The rulebook: a static Astro site built from rules/ through the compiler. Pages ship no JavaScript except
// their islands (scenario player, search, game, playground).
import { defineConfig } from 'astro/config';
import { fileURLToPath } from 'node:url';

const repo = fileURLToPath(new URL('..', import.meta.url));

export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  outDir: fileURLToPath(new URL('./dist', import.meta.url)),
  site: 'http://127.0.0.1:4321',
  trailingSlash: 'ignore',
  build: { format: 'directory' },
  devToolbar: { enabled: false },
  server: { host: '127.0.0.1', port: 4321 },
  vite: {
    server: { fs: { allow: [repo] } },
    build: { chunkSizeWarningLimit: 4000 },
  },
});
