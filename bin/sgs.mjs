#!/usr/bin/env node
// The `sgs` command: cli/launch.ts, run from a cached esbuild bundle (bin/bundle.mjs; tsx when none can be built),
// which runs cli/main.ts here or, for a command of long runs, in a thread of its own (cli/game-thread.ts).
import { importEntry } from './bundle.mjs';

const { launch } = await importEntry('cli/launch.ts');
process.exitCode = await launch(process.argv.slice(2), () => importEntry('cli/main.ts'));
