// One worker's stretch of games (see cli/parallel.ts): played, counted, posted.
import { workerData } from 'node:worker_threads';
import { COLLECTORS } from './collectors.ts';
import type { WorkerJob, WorkerMessage } from './parallel.ts';
import { playRange } from './simulate-range.ts';
import { importCompiled } from '../compiler/node/compiled.ts';

const job = workerData as WorkerJob;
const post = (m: WorkerMessage) => {
  job.port.postMessage(m);
  Atomics.add(job.signal, 0, 1);
  Atomics.notify(job.signal, 0);
};
try {
  if (job.compiledFile) await importCompiled(job.program, job.compiledFile);
  const into = job.collector ? COLLECTORS[job.collector]() : undefined;
  const result = playRange(job.program, job.run, job.from, job.to, into, () => post({ t: 'game' }));
  post({ t: 'done', result: into ? { ...result, collected: into.data() } : result });
} catch (e) {
  post({ t: 'failed', message: e instanceof Error ? e.message : String(e) });
}
job.port.close();
