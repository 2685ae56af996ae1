// A worker of a parallel simulation (cli/parallel.ts): the bundle the command runs from (SGS_BUNDLE, set by
// bin/sgs.mjs), else TypeScript through tsx; a failure to load is posted like any other, so the waiting thread never
// waits for nothing.
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { workerData } from 'node:worker_threads';

try {
  const dir = process.env.SGS_BUNDLE;
  if (dir) {
    await import(pathToFileURL(join(dir, 'simulate-worker.mjs')).href);
  } else {
    const { register } = await import('tsx/esm/api');
    register();
    await import(new URL('./simulate-worker.ts', import.meta.url).href);
  }
} catch (e) {
  workerData.port.postMessage({ t: 'failed', message: e instanceof Error ? e.message : String(e) });
  Atomics.add(workerData.signal, 0, 1);
  Atomics.notify(workerData.signal, 0);
}
