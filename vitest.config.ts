// Tests live in test/ and beside the code they test (*.test.ts); scratch and build folders are not searched.
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts', '**/*.test.ts'],
    exclude: ['**/node_modules/**', '**/dist/**', '.tmp/**', 'site/.astro/**'],
  },
});
