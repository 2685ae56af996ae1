// Games split over worker threads, waited for without leaving the caller's synchronous code: each worker posts to
// its own port and bumps a shared counter; this thread sleeps on the counter (Atomics.wait) and reads the ports
// with receiveMessageOnPort, so `simulate` stays a plain function and the progress bar moves as games end.
import { MessageChannel, Worker, receiveMessageOnPort, type MessagePort } from 'node:worker_threads';
import type { Program } from '../runtime/index.ts';
import type { CollectorName } from './collectors.ts';
import { compiledFile } from '../compiler/node/compiled.ts';
import type { RangeResult, RunSpec } from './simulate-range.ts';

/** What a worker is given (workerData). */
export interface WorkerJob {
  program: Program;
  run: RunSpec;
  from: number;
  to: number;
  collector?: CollectorName;
  /** The program's compiled code (compiler/node/compiled.ts), which the worker imports; absent: the interpreter. */
  compiledFile?: string;
  port: MessagePort;
  signal: Int32Array;
}

/** What a worker posts: one line per game ended, then its result or why it failed. */
export type WorkerMessage = { t: 'game' } | { t: 'done'; result: RangeResult } | { t: 'failed'; message: string };

// No news from any worker for this long means one died without a word (a game never takes this long).
const STALL_MS = 120_000;

const WORKER = new URL('./simulate-worker.mjs', import.meta.url);

/** Play each stretch of games in its own worker; the results come back in the order of `ranges`. */
export function runInWorkers(
  program: Program,
  run: RunSpec,
  ranges: [number, number][],
  collector: CollectorName | undefined,
  onGame: () => void,
): RangeResult[] {
  const signal = new Int32Array(new SharedArrayBuffer(4));
  const jobs = ranges.map(([from, to]) => {
    const { port1, port2 } = new MessageChannel();
    const compiled = compiledFile(program);
    const job: WorkerJob = {
      program,
      run,
      from,
      to,
      ...(collector ? { collector } : {}),
      ...(compiled ? { compiledFile: compiled } : {}),
      port: port2,
      signal,
    };
    const worker = new Worker(WORKER, { workerData: job, transferList: [port2] });
    worker.unref();
    return { worker, port: port1, result: undefined as RangeResult | undefined };
  });
  let failure: string | undefined;
  let seen = 0;
  let quietSince = performance.now();
  try {
    while (!failure && jobs.some((j) => !j.result)) {
      Atomics.wait(signal, 0, seen, 1000);
      const now = Atomics.load(signal, 0);
      if (now !== seen) quietSince = performance.now();
      else if (performance.now() - quietSince > STALL_MS) failure = 'a simulation worker stopped answering';
      seen = now;
      for (const j of jobs) {
        for (let m = receiveMessageOnPort(j.port); m; m = receiveMessageOnPort(j.port)) {
          const msg = m.message as WorkerMessage;
          if (msg.t === 'game') onGame();
          else if (msg.t === 'done') j.result = msg.result;
          else failure ??= msg.message;
        }
      }
    }
  } finally {
    for (const j of jobs) {
      j.port.close();
      void j.worker.terminate();
    }
  }
  if (failure) throw new Error(`parallel simulation failed: ${failure}`);
  return jobs.map((j) => j.result!);
}
