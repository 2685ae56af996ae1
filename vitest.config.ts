// Tests live in test/ and beside the code they test (*.test.ts). Browser tests (test/browser) form their own
// project: one site build before them (global setup), one file at a time so two Chromiums never compete.
import { defineConfig } from 'vitest/config';

const exclude = ['**/node_modules/**', '**/dist/**', '.tmp/**', 'site/.astro/**'];

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: ['test/**/*.test.ts', '**/*.test.ts'],
          exclude: [...exclude, 'test/browser/**'],
          testTimeout: 30_000,
        },
      },
      {
        test: {
          name: 'browser',
          include: ['test/browser/**/*.test.ts'],
          exclude,
          globalSetup: ['test/browser/global-setup.ts'],
          fileParallelism: false,
          testTimeout: 120_000,
          hookTimeout: 600_000,
        },
      },
    ],
  },
});
