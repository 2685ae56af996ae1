#!/usr/bin/env node
// The `sgs` command: cli/main.ts, bundled into plain JavaScript when it can be (bin/bundle.mjs), else run through
// tsx's TypeScript loader. Worker threads of a parallel run load the same bundle (SGS_BUNDLE, cli/simulate-worker.mjs).
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { bundled, CLI_ENTRIES } from './bundle.mjs';

const dir = await bundled('cli', CLI_ENTRIES);
let entry;
if (dir) {
  process.env.SGS_BUNDLE = dir;
  if (process.env.SGS_DEBUG) process.setSourceMapsEnabled(true); // stacks name the .ts lines
  entry = pathToFileURL(join(dir, 'main.mjs')).href;
} else {
  const { register } = await import('tsx/esm/api');
  register();
  entry = new URL('../cli/main.ts', import.meta.url).href;
}
const { main } = await import(entry);
process.exitCode = main(process.argv.slice(2));
