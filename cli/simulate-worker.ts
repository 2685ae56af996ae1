// One worker of a parallel run (see cli/parallel.ts): takes chunks until none is left, posting each one's result.
import { workerData } from 'node:worker_threads';
import { COLLECTORS } from './collectors.ts';
import { gameEnded, takeChunk, type WorkerJob, type WorkerMessage } from './parallel.ts';
import { playRange } from './simulate-range.ts';
import { importCompiled } from '../compiler/node/compiled.ts';
import { fileProblem } from './file-errors.ts';

const job = workerData as WorkerJob;
const post = (m: WorkerMessage) => {
  job.port.postMessage(m);
  Atomics.add(job.signal, 0, 1);
  Atomics.notify(job.signal, 0);
};
try {
  if (job.compiledFile) await importCompiled(job.program, job.compiledFile);
  for (let k = takeChunk(job.claim, job.chunks.length); k >= 0; k = takeChunk(job.claim, job.chunks.length)) {
    const [from, to] = job.chunks[k]!;
    const into = job.collector ? COLLECTORS[job.collector]() : undefined;
    const result = playRange(job.program, job.run, from, to, into, () => gameEnded(job.signal));
    post({ t: 'part', k, result: into ? { ...result, collected: into.data() } : result });
  }
} catch (e) {
  // A file it could not write (--save-all) is the user's to fix, as in this thread; anything else is a bug.
  const file = fileProblem(e);
  post(
    file
      ? { t: 'failed', message: file, user: true }
      : { t: 'failed', message: e instanceof Error ? e.message : String(e) },
  );
}
job.port.close();
