// A worker of a parallel simulation (cli/parallel.ts): cli/simulate-worker.ts from its cached bundle, as
// bin/sgs.mjs runs the CLI (bin/bundle.mjs; tsx when none can be built); a failure to load is posted like any
// other, so the waiting thread never waits for nothing.
import { workerData } from 'node:worker_threads';

try {
  const { importEntry } = await import('../bin/bundle.mjs');
  await importEntry('cli/simulate-worker.ts');
} catch (e) {
  workerData.port.postMessage({ t: 'failed', message: e instanceof Error ? e.message : String(e) });
  Atomics.add(workerData.signal, 0, 1);
  Atomics.notify(workerData.signal, 0);
}
