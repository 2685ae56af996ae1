// What this machine gives two threads of game play when nothing is shared: `sgs simulate --jobs 1` in one process
// alone, then in two processes at once (the same games count each, other seeds), the pair's games per second (the
// sum of the two) over the lone process's. No shared heap, no worker start-up, no chunks: the best two-way split
// there can be, so the ceiling for `--jobs 2 ÷ --jobs 1` on this machine. Each plays in a game thread with the heap
// of a thread of a parallel run (bench/ceiling-child.ts), as both threads of `--jobs 2` do. On our 2-core VMs it was
// 1.15–1.34 with V8's default flags (a game allocates a lot, and the two cores share caches and memory bandwidth),
// against 2.0 for a loop that touches no memory.
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { median, round1, round2 } from './stats.ts';

const BUNDLE = fileURLToPath(new URL('../bin/bundle.mjs', import.meta.url));

/** One `sgs simulate --jobs N --json` run as a child process (bench/ceiling-child.ts): its games per second (compile
 *  excluded, worker start-up included) and trace hash. */
export function childRun(players: number, games: number, seed: number, jobs = 1): Promise<ChildRun> {
  const args = [
    BUNDLE,
    'bench/ceiling-child.ts',
    'simulate',
    '--players',
    `${players}`,
    '--games',
    `${games}`,
    '--seed',
    `${seed}`,
  ];
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [...args, '--jobs', `${jobs}`, '--json'], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    let err = '';
    child.stdout.on('data', (d) => (out += d));
    child.stderr.on('data', (d) => (err += d));
    child.on('error', reject);
    child.on('close', (code) => {
      const r = code === 0 ? (JSON.parse(out) as { gamesPerSecond?: number; traceHash?: string }) : {};
      if (typeof r.gamesPerSecond === 'number')
        resolve({ gamesPerSecond: r.gamesPerSecond, traceHash: String(r.traceHash) });
      else reject(new Error(`sgs simulate exited ${code}: ${err.trim().split('\n').pop() ?? ''}`));
    });
  });
}

export interface ChildRun {
  gamesPerSecond: number;
  traceHash: string;
}

export interface Ceiling {
  games: number;
  runs: number;
  aloneGamesPerSecond: number;
  pairGamesPerSecond: number;
  /** Median over the runs of the pair's games per second ÷ the lone process's, in the same run. */
  twoProcessesOverOne: number;
}

/** `runs` rounds of one process alone then two at once, `games` games each. */
export async function machineCeiling(players: number, games: number, runs: number): Promise<Ceiling> {
  const alone: number[] = [];
  const pair: number[] = [];
  const ratios: number[] = [];
  for (let r = 0; r < runs; r++) {
    const one = (await childRun(players, games, 2 * r + 1)).gamesPerSecond;
    const two = await Promise.all([childRun(players, games, 2 * r + 1), childRun(players, games, 2 * r + 2)]);
    const sum = two[0].gamesPerSecond + two[1].gamesPerSecond;
    alone.push(one);
    pair.push(sum);
    ratios.push(sum / one);
  }
  return {
    games,
    runs,
    aloneGamesPerSecond: round1(median(alone)),
    pairGamesPerSecond: round1(median(pair)),
    twoProcessesOverOne: round2(median(ratios)),
  };
}
