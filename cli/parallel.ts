// Games shared between this thread and worker threads, without leaving the caller's synchronous code. The run is
// cut into chunks; every thread takes the next chunk from a shared counter (Atomics.add) when it is free, so the
// threads end together however long their games are. This thread plays chunks too (it is warm, a worker is not):
// `jobs` threads in all, `jobs - 1` of them workers. A worker counts each game it ends in shared memory (progress
// needs no message) and posts each chunk's result to its port, bumping a shared counter either way; this thread
// reads the counts and the ports between its own games and, when it has no chunk left, sleeps on the counter
// (Atomics.wait). Chunks are handed on in game order, so `simulate` adds up the same results as in one thread and
// stays a plain function.
import { MessageChannel, Worker, receiveMessageOnPort, type MessagePort } from 'node:worker_threads';
import type { Program } from '../runtime/index.ts';
import { COLLECTORS, type CollectorName } from './collectors.ts';
import { compiledFile } from '../compiler/node/compiled.ts';
import { invalid } from './errors.ts';
import { PARALLEL_YOUNG_MB } from './game-thread.ts';
import { playRange, type RangeResult, type RunSpec } from './simulate-range.ts';

/** What a worker is given (workerData). */
export interface WorkerJob {
  program: Program;
  run: RunSpec;
  chunks: [number, number][];
  /** Shared: [0] the next chunk to take. */
  claim: Int32Array;
  collector?: CollectorName;
  /** The program's compiled code (compiler/node/compiled.ts), which the worker imports; absent: the interpreter. */
  compiledFile?: string;
  port: MessagePort;
  /** Shared: [0] bumped after every message and every game ended, [1] games ended in workers. */
  signal: Int32Array;
}

/** What a worker posts: each chunk's result, or why it failed (`user`: a mistake of the user's, such as a folder
 *  it may not write, not a bug). */
export type WorkerMessage =
  | { t: 'part'; k: number; result: RangeResult }
  | { t: 'failed'; message: string; user?: boolean };

// No news from any worker for this long means one died without a word (a game never takes this long).
const STALL_MS = 120_000;

const WORKER = new URL('./simulate-worker.mjs', import.meta.url);

// A worker's old generation is capped too. V8 sizes a heap for throughput, and with every core busy playing games
// (its concurrent marking starved) it let runs of 5,000 four-player heuristic games grow to 1.3 GB of RSS though
// under 70 MB was live; capped, V8 collects fully as the heap nears the cap (2 capped workers: RSS flat at ~220 MB
// over 1,200 such games with 12 MB young generations, at most 317 MiB with 48). A game's live state is a few MB: the
// cap is far above what one needs.
const WORKER_OLD_MB = 256;

/** A worker's game ended: counted for progress, and the waiting thread woken. */
export function gameEnded(signal: Int32Array): void {
  Atomics.add(signal, 1, 1);
  Atomics.add(signal, 0, 1);
  Atomics.notify(signal, 0);
}

/** The next chunk for a thread to play, or -1 when all are taken. */
export function takeChunk(claim: Int32Array, count: number): number {
  const k = Atomics.add(claim, 0, 1);
  return k < count ? k : -1;
}

/** Play `chunks` on `jobs` threads (this one and `jobs - 1` workers); `add` gets every chunk's result in order. */
export function runInWorkers(
  program: Program,
  run: RunSpec,
  chunks: [number, number][],
  jobs: number,
  collector: { name: CollectorName } | undefined,
  onGame: () => void,
  add: (part: RangeResult) => void,
): void {
  const signal = new Int32Array(new SharedArrayBuffer(8));
  const claim = new Int32Array(new SharedArrayBuffer(4));
  const workers = Array.from({ length: jobs - 1 }, () => {
    const { port1, port2 } = new MessageChannel();
    const compiled = compiledFile(program);
    const job: WorkerJob = {
      program,
      run,
      chunks,
      claim,
      ...(collector ? { collector: collector.name } : {}),
      ...(compiled ? { compiledFile: compiled } : {}),
      port: port2,
      signal,
    };
    const worker = new Worker(WORKER, {
      workerData: job,
      transferList: [port2],
      resourceLimits: { maxYoungGenerationSizeMb: PARALLEL_YOUNG_MB, maxOldGenerationSizeMb: WORKER_OLD_MB },
    });
    worker.unref();
    return { worker, port: port1 };
  });
  const waiting = new Map<number, RangeResult>(); // chunks ended before an earlier one
  let next = 0; // the first chunk not yet handed to `add`
  const arrived = (k: number, result: RangeResult) => {
    waiting.set(k, result);
    for (let p = waiting.get(next); p; p = waiting.get(next)) {
      waiting.delete(next++);
      add(p);
    }
  };
  let failure: string | undefined;
  let userFailure = false;
  let counted = 0; // workers' games handed to onGame
  const read = () => {
    for (const ended = Atomics.load(signal, 1); counted < ended; counted++) onGame();
    for (const w of workers)
      for (let m = receiveMessageOnPort(w.port); m; m = receiveMessageOnPort(w.port)) {
        const msg = m.message as WorkerMessage;
        if (msg.t === 'part') arrived(msg.k, msg.result);
        else if (failure === undefined) [failure, userFailure] = [msg.message, msg.user === true];
      }
  };
  try {
    const own = () => {
      onGame();
      read();
    };
    for (let k = takeChunk(claim, chunks.length); k >= 0 && !failure; k = takeChunk(claim, chunks.length)) {
      const [from, to] = chunks[k]!;
      const into = collector ? COLLECTORS[collector.name]() : undefined;
      const result = playRange(program, run, from, to, into, own);
      arrived(k, into ? { ...result, collected: into.data() } : result);
    }
    let seen = Atomics.load(signal, 0);
    let quietSince = performance.now();
    for (read(); !failure && next < chunks.length; read()) {
      Atomics.wait(signal, 0, seen, 1000);
      const now = Atomics.load(signal, 0);
      if (now !== seen) quietSince = performance.now();
      else if (performance.now() - quietSince > STALL_MS) failure = 'a simulation worker stopped answering';
      seen = now;
    }
  } finally {
    for (const w of workers) {
      w.port.close();
      void w.worker.terminate();
    }
  }
  if (failure) throw userFailure ? invalid(failure) : new Error(`parallel simulation failed: ${failure}`);
}
