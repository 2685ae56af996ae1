// `npm run compare -- <revision> [full|heuristic|slice] [rounds] [games]`: this checkout's speed against another
// revision's, measured so that a change of a few per cent can be seen on a noisy machine. Separate runs of `npm run
// bench` move by ±6 % between runs here; two builds in one process, playing the same games in alternate chunks, see
// the same machine at the same moment. Each build is bundled from its own checkout (the revision in a temporary git
// worktree) with its compiled code in a folder of its own, and plays its own rules. A child process imports both
// and alternates them chunk by chunk (the order swapped every round); a second child imports them in the other
// order, since the first import gets the warmer JIT; the answer is the geometric mean of the two medians.
// A build against itself, 12–16 rounds: 0.984–1.022 on our 2-core machines, so a difference under ~2 % is not a
// finding. Now and then one import order gives an outlier (0.77 once, the other order 1.02 in the same run): when
// the two orders disagree by more than 5 %, the tool says so; run it again.
import { execFileSync, spawnSync } from 'node:child_process';
import {
  copyFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { bundleFile } from '../bin/bundle.mjs';
import type { Played, Workload, prepare } from './compare-entry.ts';
import { median } from './stats.ts';

const ROOT = fileURLToPath(new URL('../', import.meta.url));
const ENTRY = 'bench/compare-entry.ts';
const WORKLOADS: Record<Workload, { games: number; about: string }> = {
  full: { games: 100, about: 'the full rules, 5 players, random play' },
  heuristic: { games: 30, about: 'the full rules, 5 players, the heuristic AI' },
  slice: { games: 60, about: 'the slice (bench/slice), 5 players, random play' },
};
const USAGE = 'usage: npm run compare -- <revision> [full|heuristic|slice] [rounds] [games] [--json]';

/** What one child measured: the second build's time over the first's, per round, and whether they agreed. */
interface PairResult {
  ratios: number[];
  firstMs: number;
  secondMs: number;
  same: boolean;
}

/** A cause to report in one line (exit 2), thrown so that the worktree is removed on the way out. */
class Refused extends Error {}

function fail(message: string): never {
  throw new Refused(message);
}

function git(args: string[]): string {
  return execFileSync('git', args, { cwd: ROOT, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] }).trim();
}

function count(s: string | undefined, fallback: number, what: string): number {
  if (s === undefined) return fallback;
  const n = Number(s);
  if (!Number.isInteger(n) || n < 1) fail(`${what} must be a positive whole number, not "${s}"\n${USAGE}`);
  return n;
}

/** A build's bundle, its compiled code kept apart from the other build's: both may print the same module text,
 *  and one module instance shared by the two would share what V8 learnt of it. */
async function bundle(root: string, out: string, tag: string): Promise<void> {
  await bundleFile(join(root, ENTRY), out);
  writeFileSync(out, readFileSync(out, 'utf8').replaceAll('sgs-compiled-', `sgs-compiled-${tag}-`));
}

function runPair(first: [string, string], second: [string, string], w: Workload, rounds: number, games: number) {
  const self = fileURLToPath(import.meta.url);
  const args = [join(ROOT, 'bin/bundle.mjs'), self, '--pair', ...first, ...second, w, `${rounds}`, `${games}`];
  const r = spawnSync(process.execPath, args, { cwd: ROOT, encoding: 'utf8', maxBuffer: 1 << 24 });
  const line = r.stdout.trim().split('\n').pop() ?? '';
  if (r.status !== 0 || !line.startsWith('{')) fail(`a build failed to play: ${r.stderr.trim().split('\n').pop()}`);
  return JSON.parse(line) as PairResult;
}

/** The child: both builds in this process, chunks of the same games alternated. */
async function pair([aFile, aRoot, bFile, bRoot, w, roundsS, gamesS]: string[]): Promise<void> {
  const load = async (file: string, root: string) =>
    ((await import(pathToFileURL(file).href)) as { prepare: typeof prepare }).prepare(root);
  const a = (await load(aFile!, aRoot!))[w as Workload];
  const b = (await load(bFile!, bRoot!))[w as Workload];
  const rounds = Number(roundsS);
  const games = Number(gamesS);
  for (let i = 0; i < 3; i++) {
    a(games, 1 + i);
    b(games, 1 + i);
  }
  const ratios: number[] = [];
  const as: number[] = [];
  const bs: number[] = [];
  let same = true;
  for (let r = 0; r < rounds; r++) {
    const seed = 100 + r;
    let x: Played;
    let y: Played;
    if (r % 2 === 0) [x, y] = [a(games, seed), b(games, seed)];
    else [y, x] = [b(games, seed), a(games, seed)];
    same &&= x.check === y.check;
    ratios.push(y.ms / x.ms);
    as.push(x.ms);
    bs.push(y.ms);
  }
  console.log(JSON.stringify({ ratios, firstMs: median(as), secondMs: median(bs), same } satisfies PairResult));
}

async function main(argv: string[]): Promise<void> {
  if (argv[0] === '--pair') return pair(argv.slice(1));
  const json = argv.includes('--json');
  const [rev, w = 'full', roundsS, gamesS] = argv.filter((a) => a !== '--json');
  if (!rev) fail(USAGE);
  if (!(w in WORKLOADS)) fail(`unknown workload "${w}" (full, heuristic or slice)\n${USAGE}`);
  const workload = w as Workload;
  const rounds = count(roundsS, 16, 'rounds');
  const games = count(gamesS, WORKLOADS[workload].games, 'games');
  let sha: string;
  try {
    sha = git(['rev-parse', '--verify', '--quiet', `${rev}^{commit}`]);
  } catch {
    fail(`"${rev}" is not a revision of this repository`);
  }
  const dir = mkdtempSync(join(tmpdir(), 'sgs-compare-'));
  const old = join(dir, 'old');
  try {
    git(['worktree', 'add', '--detach', old, sha]);
    symlinkSync(join(ROOT, 'node_modules'), join(old, 'node_modules'));
    // A revision older than this tool plays through this checkout's entry (its modules kept their names).
    if (!existsSync(join(old, ENTRY))) {
      mkdirSync(dirname(join(old, ENTRY)), { recursive: true });
      copyFileSync(join(ROOT, ENTRY), join(old, ENTRY));
    }
    const oldFile = join(dir, 'old.mjs');
    const newFile = join(dir, 'new.mjs');
    for (const [root, file, tag] of [
      [old, oldFile, 'old'],
      [ROOT, newFile, 'new'],
    ] as const) {
      try {
        await bundle(root, file, tag);
      } catch (e) {
        // esbuild's first error says what is missing ("Could not resolve …"); its message only counts them.
        const first = (e as { errors?: { text: string }[] }).errors?.[0]?.text;
        const why = first ?? (e instanceof Error ? e.message : String(e)).split('\n')[0];
        fail(`${tag === 'old' ? sha.slice(0, 7) : 'this checkout'} does not bundle: ${why}`);
      }
    }
    const oldFirst = runPair([oldFile, old], [newFile, ROOT], workload, rounds, games);
    const newFirst = runPair([newFile, ROOT], [oldFile, old], workload, rounds, games);
    const r1 = median(oldFirst.ratios);
    const r2 = 1 / median(newFirst.ratios);
    const ratio = Math.sqrt(r1 * r2);
    const same = oldFirst.same && newFirst.same;
    const ordersAgree = Math.abs(Math.log(r1 / r2)) <= Math.log(1.05);
    const short = sha.slice(0, 7);
    const round4 = (x: number) => Math.round(x * 10000) / 10000;
    if (json) {
      const out = { revision: sha, workload, rounds, games, timeRatio: round4(ratio), oldFirst: round4(r1) };
      console.log(JSON.stringify({ ...out, newFirst: round4(r2), ordersAgree, sameGames: same }));
    } else {
      console.log(`${WORKLOADS[workload].about}: ${rounds} rounds of ${games} games, both import orders`);
      console.log(`this checkout takes ${ratio.toFixed(3)} of ${short}'s time`);
      console.log(`  (${r1.toFixed(3)} with ${short} imported first, ${r2.toFixed(3)} with this checkout first;`);
      console.log(
        `  a chunk took ${Math.round(oldFirst.firstMs)} ms on ${short}, ${Math.round(oldFirst.secondMs)} ms here)`,
      );
      if (!ordersAgree) console.log('the two import orders disagree by more than 5 %: run it again');
      console.log(same ? 'both played the same games' : 'the two builds played different games (trace hashes differ)');
    }
  } finally {
    try {
      git(['worktree', 'remove', '--force', old]);
    } catch {
      // Never made (a failed `worktree add`): nothing to remove.
    }
    rmSync(dir, { recursive: true, force: true });
  }
}

try {
  await main(process.argv.slice(2));
} catch (e) {
  if (!(e instanceof Refused)) throw e;
  console.error(`compare: ${e.message}`);
  process.exitCode = 2;
}
