// The games of bench/memory-child.ts: played as `sgs simulate` plays them (the rules compiled from rules/ and loaded
// as compiled code, as `prepare` in cli/main.ts does; the compiler's caches dropped; one `simulate` call; with
// SGS_ENGINE=interpreter, the reference interpreter instead), sampling memory every `every` games: RSS as the system
// sees it, then the live heap of this thread after a full GC (when run with --expose-gc; without it, the heap as it
// is). Returns the JSON line the child prints.
import { FOR_GAMES, loadCompiledRules, requireProgramOnly } from '../cli/compile.ts';
import { processIo } from '../cli/io.ts';
import { simulate } from '../cli/simulate.ts';
import { gameHeap } from '../cli/heap.ts';

/** `args`: games, every, and `on` for the invariants checked. */
export async function play(args: string[]): Promise<string> {
  const [games, every, invariants] = [Number(args[0]), Number(args[1]), args[2] === 'on'];
  const gc = (globalThis as { gc?: () => void }).gc;
  const samples: { games: number; rssMB: number; heapMB: number }[] = [];
  const sample = (done: number) => {
    const rss = process.memoryUsage.rss();
    gc?.();
    samples.push({ games: done, rssMB: mb(rss), heapMB: mb(process.memoryUsage().heapUsed) });
  };
  gameHeap(); // as `prepare` does for a command that plays games
  if (process.env.SGS_ENGINE !== 'interpreter') await loadCompiledRules([], FOR_GAMES);
  const program = requireProgramOnly([], processIo());
  sample(0);
  const r = simulate(program, {
    players: 5,
    games,
    seed: 1,
    invariants,
    onGame: (done) => {
      if (done % every === 0) sample(done);
    },
  });
  return JSON.stringify({
    samples,
    gamesPerSecond: r.gamesPerSecond,
    errors: r.errors,
    invariantViolations: r.invariantViolations,
    traceHash: r.traceHash,
  });
}

function mb(bytes: number): number {
  return Math.round(bytes / 1e5) / 10;
}
