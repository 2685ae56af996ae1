#!/usr/bin/env node
// The `sgs` command: load tsx's TypeScript loader in this process, then run cli/main.ts (after `prepare`, which
// loads the compiled code of the rules a game-playing command names: an import, so it is done here, awaited).
import { register } from 'tsx/esm/api';

register();
const { main, prepare } = await import(new URL('../cli/main.ts', import.meta.url).href);
const argv = process.argv.slice(2);
await prepare(argv);
process.exitCode = main(argv);
