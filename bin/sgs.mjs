#!/usr/bin/env node
// The `sgs` command: load tsx's TypeScript loader in this process, then run cli/main.ts.
import { register } from 'tsx/esm/api';

register();
const { main } = await import(new URL('../cli/main.ts', import.meta.url).href);
process.exitCode = main(process.argv.slice(2));
