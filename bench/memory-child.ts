// One process playing many games as `sgs simulate` does (the rules compiled from rules/ and loaded as compiled code,
// as `prepare` in cli/main.ts does; the compiler's caches dropped; one `simulate` call on this thread; with
// SGS_ENGINE=interpreter, the reference interpreter instead), sampling its memory every `every` games: RSS as the system sees it,
// then the live heap after a full GC (when run with --expose-gc; without it, the heap as it is). Prints one JSON
// line. Started by bench/memory.ts.
import { FOR_GAMES, loadCompiledRules, requireProgramOnly } from '../cli/compile.ts';
import { processIo } from '../cli/io.ts';
import { simulate } from '../cli/simulate.ts';
import { tightHeap } from '../cli/heap.ts';

const [games, every, invariants] = [Number(process.argv[2]), Number(process.argv[3]), process.argv[4] === 'on'];
const gc = (globalThis as { gc?: () => void }).gc;
const samples: { games: number; rssMB: number; heapMB: number }[] = [];
const sample = (done: number) => {
  const rss = process.memoryUsage.rss();
  gc?.();
  samples.push({ games: done, rssMB: mb(rss), heapMB: mb(process.memoryUsage().heapUsed) });
};

tightHeap(); // as `prepare` does for a command that plays games
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
console.log(
  JSON.stringify({
    samples,
    gamesPerSecond: r.gamesPerSecond,
    errors: r.errors,
    invariantViolations: r.invariantViolations,
    traceHash: r.traceHash,
  }),
);

function mb(bytes: number): number {
  return Math.round(bytes / 1e5) / 10;
}
