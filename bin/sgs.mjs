#!/usr/bin/env node
// The `sgs` command: cli/main.ts, run from a cached esbuild bundle (bin/bundle.mjs; tsx when none can be built).
import { importEntry } from './bundle.mjs';

const { main } = await importEntry('cli/main.ts');
process.exitCode = main(process.argv.slice(2));
