// The node flags the `sgs` command runs with: those on its first line (`#!/usr/bin/env -S node …`, bin/sgs.mjs).
// The bench measures as the command runs: the processes it starts get them, and `npm run bench` itself runs with
// them (test/bench-flags.test.ts checks the script in package.json).
import { readFileSync } from 'node:fs';

const SGS = new URL('../bin/sgs.mjs', import.meta.url);

/** The flags after `node` on bin/sgs.mjs's first line. */
export function sgsNodeFlags(): string[] {
  const first = readFileSync(SGS, 'utf8').split('\n', 1)[0]!;
  const m = /^#!\/usr\/bin\/env -S node((?: --[\w-]+(?:=\S+)?)*)$/.exec(first);
  if (!m) throw new Error(`bin/sgs.mjs: a first line that is not \`#!/usr/bin/env -S node [--flag…]\`: ${first}`);
  return m[1]!.split(' ').filter(Boolean);
}
