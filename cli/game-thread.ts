// A command that plays games runs in a worker thread of its own (cli/game-thread.mjs), the main thread only relaying
// its output. A worker's heap is sized by the process that starts it (`resourceLimits`), and a process's only by the
// flags it was started with: `sgs` cannot pass node a flag portably (BusyBox's `env`, as in node's Alpine images,
// has no `-S`), so a bounded young generation comes from a worker. V8 grows the young generation to its maximum under
// any steady allocation (two 16 MB semi-spaces by default, and the old generation's limit adds their size again);
// games leave little behind, so a smaller one costs a few scavenges more and ~25 MB less RSS over a long run.
import { availableParallelism } from 'node:os';
import { Worker, type MessagePort, type ResourceLimits } from 'node:worker_threads';
import type { Io } from './io.ts';

/** The young generation of a thread that plays games alone (`--jobs 1`). V8 makes it three semi-spaces' worth: 12 MB
 *  is two 4 MB semi-spaces (node's own are 16 MB). A game's garbage dies young either way. `sgs simulate --jobs 1`,
 *  five alternating pairs of 600 games on a loaded machine: 124–129 MiB of RSS at most with 12, 137–140 with 24 (8 MB
 *  semi-spaces; 151 once over 100,000 games), 153–155 in the main thread with node's own; CPU time within the noise
 *  (medians 11.3 and 12.4 s). */
export const GAME_THREAD_YOUNG_MB = 12;

/** The young generation of each thread of a parallel run: the game thread of a command that may play on several
 *  threads, and the workers of `--jobs` (cli/parallel.ts). Node's own size. A small one scavenges so often that a
 *  game's state lives through two scavenges and is promoted: it dies in the old generation, whose concurrent marking
 *  then runs on V8's helper threads, and with two game threads on two cores those take the other thread's core.
 *  Profiled, 2 threads of 600 warm games: the helpers marked ~6 times as much with 12 MB as with 48. Two warm threads
 *  made 1.60× one alone with 12 MB, 1.77× with 48 (three alternating rounds of 800 games); `sgs simulate --jobs 2`,
 *  3,000 games: 131–148 games/s with 12 MB, 176–182 with 48, for ~70 MB more RSS (170 → 240 MiB). */
export const PARALLEL_YOUNG_MB = 48;

/** The game thread's limits when it plays alone: only the young generation (the old one grows as cli/heap.ts lets
 *  it). */
export const GAME_THREAD_LIMITS: ResourceLimits = { maxYoungGenerationSizeMb: GAME_THREAD_YOUNG_MB };

/** The limits of a game thread that plays beside others. */
export const PARALLEL_LIMITS: ResourceLimits = { maxYoungGenerationSizeMb: PARALLEL_YOUNG_MB };

/** The game thread's limits for the command line `argv`: a run told to play in one thread (`--jobs 1`, or a machine
 *  of one core) keeps the small young generation; any other may play in parallel (`--jobs` defaults to the cores). */
export function gameThreadLimits(argv: readonly string[]): ResourceLimits {
  const i = argv.findIndex((a) => a === '--jobs' || a.startsWith('--jobs='));
  const jobs = i < 0 ? undefined : argv[i]!.includes('=') ? argv[i]!.slice('--jobs='.length) : argv[i + 1];
  const oneThread = jobs === undefined ? availableParallelism() === 1 : Number(jobs) === 1;
  return oneThread ? GAME_THREAD_LIMITS : PARALLEL_LIMITS;
}

const WORKER = new URL('./game-thread.mjs', import.meta.url);

/** What the game thread posts: a line of its Io, or the command's exit code. */
export type GameThreadMessage = { t: 'out' | 'err' | 'status'; line: string } | { t: 'done'; code: number };

/** What the game thread is given (workerData): the command line, and whether it may draw a progress bar. */
export interface GameThreadData {
  argv: string[];
  status: boolean;
}

/** Run the `sgs` command line `argv` in a game thread, writing its output to `io`; resolves to its exit code.
 *  (`entry`: the thread's module, another only in tests; `limits`: its heap, by default as `argv` asks.) */
export function runInGameThread(
  argv: string[],
  io: Io,
  entry: URL = WORKER,
  limits: ResourceLimits = gameThreadLimits(argv),
): Promise<number> {
  const data: GameThreadData = { argv, status: io.status !== undefined };
  const worker = new Worker(entry, { workerData: data, resourceLimits: limits });
  let code: number | undefined;
  let failure: string | undefined;
  worker.on('message', (m: GameThreadMessage) => {
    if (m.t === 'done') code = m.code;
    else if (m.t === 'status') io.status?.(m.line);
    else io[m.t](m.line);
  });
  worker.on('error', (e) => {
    failure ??= e instanceof Error ? e.message : String(e);
  });
  return new Promise((resolve) => {
    // Messages posted before the thread ended are delivered before 'exit'.
    worker.on('exit', () => {
      if (code !== undefined) return resolve(code);
      // The command never returned: a bug in the tools (main itself never throws), or the thread ran out of memory.
      io.err(`sgs: internal error: ${failure ?? 'the game thread stopped'}`);
      resolve(1);
    });
  });
}

/** The game thread's Io: every line posted to the main thread, which writes it. */
export function relayIo(port: MessagePort, status: boolean): Io {
  const post = (m: GameThreadMessage) => port.postMessage(m);
  const io: Io = {
    out: (line) => post({ t: 'out', line }),
    err: (line) => post({ t: 'err', line }),
  };
  if (status) io.status = (line) => post({ t: 'status', line });
  return io;
}
