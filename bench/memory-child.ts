// One process playing many games as `sgs simulate` does (bench/memory-games.ts), printing one JSON line; started by
// bench/memory.ts with: games, every (games between samples), on|off (invariants), thread|main. With `thread`, as
// `sgs` plays a long run: in a worker with the game thread's limits (cli/game-thread.ts; bench/memory-thread.mjs),
// this thread loading nothing else. With `main`, in this thread.
import { Worker } from 'node:worker_threads';
import { GAME_THREAD_LIMITS } from '../cli/game-thread.ts';

const args = process.argv.slice(2);
if (args[3] === 'thread') {
  const worker = new Worker(new URL('./memory-thread.mjs', import.meta.url), {
    workerData: args,
    resourceLimits: GAME_THREAD_LIMITS,
  });
  worker.on('message', (line: string) => console.log(line));
  worker.on('error', (e) => {
    console.error(e);
    process.exitCode = 1;
  });
} else {
  const { play } = await import('./memory-games.ts');
  console.log(await play(args));
}
