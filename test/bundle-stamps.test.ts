import { join, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { stampedBy } from '../bin/bundle.mjs';

const path = (...parts: string[]) => join(sep, 'repo', ...parts);

describe('a bundle stamps its inputs', () => {
  it('stamps a file of an installed package by the package.json of that package', () => {
    expect(stampedBy(path('node_modules', 'lodash-es', '_root.js'))).toBe(
      path('node_modules', 'lodash-es', 'package.json'),
    );
    expect(stampedBy(path('node_modules', 'chevrotain', 'lib', 'src', 'api.js'))).toBe(
      path('node_modules', 'chevrotain', 'package.json'),
    );
  });

  it('stamps a scoped package by its own package.json, a nested one by the innermost', () => {
    expect(stampedBy(path('node_modules', '@chevrotain', 'gast', 'lib', 'api.js'))).toBe(
      path('node_modules', '@chevrotain', 'gast', 'package.json'),
    );
    expect(stampedBy(path('node_modules', 'a', 'node_modules', 'b', 'index.js'))).toBe(
      path('node_modules', 'a', 'node_modules', 'b', 'package.json'),
    );
  });

  it('stamps a file of the project by itself', () => {
    expect(stampedBy(path('compiler', 'syntax', 'scan.ts'))).toBe(path('compiler', 'syntax', 'scan.ts'));
  });

  it('stamps a file of this checkout by itself, and one of its packages by the package', () => {
    const root = fileURLToPath(new URL('../', import.meta.url));
    const own = join(root, 'compiler', 'syntax', 'scan.ts');
    expect(stampedBy(own)).toBe(own);
    expect(stampedBy(join(root, 'node_modules', 'chevrotain', 'lib', 'api.js'))).toBe(
      join(root, 'node_modules', 'chevrotain', 'package.json'),
    );
  });
});
