#!/usr/bin/env node
// The `sgs` command: cli/main.ts, run from a cached esbuild bundle (bin/bundle.mjs; tsx when none can be built),
// after `prepare`, which loads the compiled code of the rules a game-playing command names (an import, so it is
// done here, awaited; `main` itself is synchronous).
import { importEntry } from './bundle.mjs';

const { main, prepare } = await importEntry('cli/main.ts');
const argv = process.argv.slice(2);
await prepare(argv);
process.exitCode = main(argv);
