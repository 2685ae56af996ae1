// A worker of a parallel simulation (cli/parallel.ts): cli/simulate-worker.ts run from its cached bundle as `sgs`
// runs (bin/bundle.mjs: no TypeScript loader to start and no module to transpile in each worker; tsx when no
// bundle can be had); a failure to load is posted like any other, so the waiting thread never waits for nothing.
import { workerData } from 'node:worker_threads';
import { importEntry } from '../bin/bundle.mjs';

try {
  await importEntry('cli/simulate-worker.ts');
} catch (e) {
  workerData.port.postMessage({ t: 'failed', message: e instanceof Error ? e.message : String(e) });
  Atomics.add(workerData.signal, 0, 1);
  Atomics.notify(workerData.signal, 0);
}
