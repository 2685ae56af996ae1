// The game thread of `sgs` (cli/game-thread.ts): cli/main.ts from the same cached bundle as the main thread
// (bin/bundle.mjs), the command prepared and run as in the main thread, its output posted there.
import { parentPort, workerData } from 'node:worker_threads';
import { importEntry } from '../bin/bundle.mjs';

const { main, prepare, relayIo } = await importEntry('cli/main.ts');
await prepare(workerData.argv);
parentPort.postMessage({ t: 'done', code: main(workerData.argv, relayIo(parentPort, workerData.status)) });
