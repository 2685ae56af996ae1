// One `sgs` command line (bench/ceiling.ts and bench/cli-jobs.ts: `simulate … --jobs N --json`) run as `sgs` runs
// it, in a game thread (cli/game-thread.ts), but with the heap of a thread of a parallel run (`PARALLEL_LIMITS`), not
// the one a run told to play in one thread gets: the ceiling is what two such threads make when nothing else is
// shared, and `--jobs 1` against `--jobs 2` then differ in their threads alone.
import { PARALLEL_LIMITS, runInGameThread } from '../cli/game-thread.ts';
import { processIo } from '../cli/io.ts';

process.exitCode = await runInGameThread(process.argv.slice(2), processIo(), undefined, PARALLEL_LIMITS);
