#!/usr/bin/env -S node --max-semi-space-size=8
// The `sgs` command: cli/main.ts, run from a cached esbuild bundle (bin/bundle.mjs; tsx when none can be built),
// after `prepare`, which loads the compiled code of the rules a game-playing command names (an import, so it is
// done here, awaited; `main` itself is synchronous).
// The node flags on the first line are the command's own (the bench runs with the same, bench/sgs-flags.ts): V8's
// young generation gets two 8 MB semi-spaces instead of 16. A game's garbage dies young either way; a long
// `sgs simulate` keeps ~135 MB of RSS instead of ~160 (V8 also lets the old generation grow by the young
// generation's size before it collects), at 2–10 % fewer games per second (interleaved runs; 4 MB cost ~10 % more).
// They are heap sizes, which V8 reads once, when the process starts: `node bin/sgs.mjs` runs without them.
import { importEntry } from './bundle.mjs';

const { main, prepare } = await importEntry('cli/main.ts');
const argv = process.argv.slice(2);
await prepare(argv);
process.exitCode = main(argv);
