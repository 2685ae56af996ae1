// Reading rule sources from disk for the CLI, the site build, the benchmark and the tests. Node only: the compiler
// core never touches the file system, so it runs in the browser too.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import type { SourceInput } from '../types.ts';

export const RULES_EXT = '.sgs';

/** All .sgs files under the given paths (files or folders), sorted for a stable order. */
export function loadSources(paths: string[], root = process.cwd()): SourceInput[] {
  const files: string[] = [];
  const walk = (p: string) => {
    const st = statSync(p);
    if (st.isDirectory()) {
      for (const e of readdirSync(p).sort()) walk(join(p, e));
    } else if (p.endsWith(RULES_EXT)) {
      files.push(p);
    }
  };
  for (const p of paths) walk(p);
  return files.map((f) => ({ file: relative(root, f) || f, text: readFileSync(f, 'utf8') }));
}
