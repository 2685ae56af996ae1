// The game thread of bench/memory-child.ts: bench/memory-games.ts from its cached bundle, as `sgs` runs its game
// thread (bin/bundle.mjs).
import { parentPort, workerData } from 'node:worker_threads';
import { importEntry } from '../bin/bundle.mjs';

const { play } = await importEntry('bench/memory-games.ts');
parentPort.postMessage(await play(workerData));
