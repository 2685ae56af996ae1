// Memory over a long run: bench/memory-child.ts plays `games` games in a child process as the `sgs` command runs
// (from its bundle, bin/bundle.mjs), invariants off and on, once through tsx (as the tests run), and once without
// the full collections at each sample.
// A row gives RSS at the start (rules compiled), the end and the most seen, the live heap, and the slope per 1,000
// games fitted over the run after its first fifth (warm-up: the JIT, the heap growing to its working size).
// `npx tsx bench/memory.ts [games]` prints the rows alone; `npm run bench` prints them with the rest.
import { spawnSync } from 'node:child_process';

const CHILD = 'bench/memory-child.ts';

interface Sample {
  games: number;
  rssMB: number;
  heapMB: number;
}

/** The rows for `games` games each (a sample every `every` games). */
export function memoryRows(games: number, every = Math.max(10, Math.round(games / 40))) {
  // The first three collect fully at every sample, so that RSS and heap show what is kept (a leak would make them
  // climb); the last never does, and shows the RSS of a run as `sgs simulate` makes it, V8 sizing its own heap. The
  // bundled ones play in a game thread, as `sgs` does (cli/game-thread.ts); through tsx, as the tests, in the main one.
  const runs: [string, string[], string, boolean][] = [
    ['bundled', ['bin/bundle.mjs', CHILD], 'off', true],
    ['bundled', ['bin/bundle.mjs', CHILD], 'on', true],
    ['tsx', ['--import', 'tsx', CHILD], 'on', true],
    ['bundled', ['bin/bundle.mjs', CHILD], 'on', false],
  ];
  const rows: Record<string, unknown>[] = [];
  for (const [way, args, invariants, collected] of runs) {
    const flags = collected ? ['--expose-gc'] : [];
    const where = way === 'bundled' ? 'thread' : 'main';
    const p = spawnSync(process.execPath, [...flags, ...args, String(games), String(every), invariants, where], {
      encoding: 'utf8',
      maxBuffer: 1 << 26,
    });
    if (p.status !== 0) {
      rows.push({
        bench: 'memory',
        way,
        invariants,
        collectedAtSamples: collected,
        failed: p.stderr.trim().split('\n').slice(-3).join(' | '),
      });
      continue;
    }
    const r = JSON.parse(p.stdout.trim().split('\n').pop()!) as { samples: Sample[] } & Record<string, unknown>;
    const s = r.samples;
    const tail = s.filter((x) => x.games >= games / 5);
    const rssSlope = slope(tail.map((x) => [x.games, x.rssMB]));
    const end = s[s.length - 1]!;
    rows.push({
      bench: 'memory',
      way,
      invariants,
      collectedAtSamples: collected,
      games,
      gamesPerSecond: r.gamesPerSecond,
      rssStartMB: s[0]!.rssMB,
      rssEndMB: end.rssMB,
      rssMaxMB: Math.max(...s.map((x) => x.rssMB)),
      rssMBPer1000Games: round2(rssSlope * 1000),
      heapStartMB: s[0]!.heapMB,
      heapEndMB: end.heapMB,
      heapMBPer1000Games: round2(slope(tail.map((x) => [x.games, x.heapMB])) * 1000),
      // A straight line from this run to 100,000 games: an estimate, not a measurement.
      rssAt100kEstimateMB: Math.round(end.rssMB + Math.max(0, rssSlope) * (100_000 - games)),
      errors: r.errors,
      invariantViolations: r.invariantViolations,
    });
  }
  return rows;
}

/** The least-squares slope of y over x. */
function slope(points: [number, number][]): number {
  const n = points.length;
  if (n < 2) return 0;
  const mx = points.reduce((a, [x]) => a + x, 0) / n;
  const my = points.reduce((a, [, y]) => a + y, 0) / n;
  let num = 0;
  let den = 0;
  for (const [x, y] of points) {
    num += (x - mx) * (y - my);
    den += (x - mx) ** 2;
  }
  return den ? num / den : 0;
}

function round2(x: number): number {
  return Math.round(x * 100) / 100;
}

if (process.argv[1]?.endsWith('memory.ts'))
  for (const row of memoryRows(Number(process.argv[2] ?? 2000))) console.log(JSON.stringify(row));
