// A worker of a parallel simulation (cli/parallel.ts): TypeScript through tsx, as bin/sgs.mjs runs the CLI; a
// failure to load is posted like any other, so the waiting thread never waits for nothing.
import { workerData } from 'node:worker_threads';
import { register } from 'tsx/esm/api';

register();
try {
  await import(new URL('./simulate-worker.ts', import.meta.url).href);
} catch (e) {
  workerData.port.postMessage({ t: 'failed', message: e instanceof Error ? e.message : String(e) });
  Atomics.add(workerData.signal, 0, 1);
  Atomics.notify(workerData.signal, 0);
}
