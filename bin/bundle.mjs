// The CLI as plain JavaScript modules, bundled by esbuild (the one tsx comes with) into a cache folder and rebuilt
// when a file it was built from changes. Running the bundle instead of the TypeScript through tsx saves the loader
// thread tsx registers (a second V8 isolate, ~40 MB), the in-process transpile state and the source maps (~8 MB), and
// a worker's start-up (no transpile of the runtime per worker). Any failure (no esbuild, a read-only disk) answers
// null and the caller runs the sources through tsx as before; SGS_NO_BUNDLE=1 asks for that on purpose.
import { createHash } from 'node:crypto';
import { mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
// Bumped when the way the bundle is made changes, so that an older build is never taken for a fresh one.
const FORMAT = 1;

/** What the `sgs` command is bundled from: the command, and the worker of a parallel run (they share a chunk). */
export const CLI_ENTRIES = { main: 'cli/main.ts', 'simulate-worker': 'cli/simulate-worker.ts' };

/** The folder holding a fresh build of `entries` ({ outName: path from the package root }), built if needed; or
 *  null (then run the sources through tsx). `name` keeps different sets of entries apart. */
export async function bundled(name, entries) {
  if (process.env.SGS_NO_BUNDLE) return null;
  try {
    const home = join(tmpdir(), `sgs-${createHash('sha1').update(ROOT).digest('hex').slice(0, 12)}`, name);
    const manifest = join(home, 'current.json');
    const key = JSON.stringify({ FORMAT, node: process.version, entries });
    const current = readJson(manifest);
    if (current?.key === key && fresh(current.inputs)) return join(home, current.build);
    return await build(home, manifest, key, entries);
  } catch (e) {
    if (process.env.SGS_DEBUG) process.stderr.write(`sgs: running through tsx (no bundle: ${e?.message ?? e})\n`);
    return null;
  }
}

function readJson(file) {
  try {
    return JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    return null;
  }
}

/** Every input still has the size and modification time it was built from (a new file is imported by a changed one). */
function fresh(inputs) {
  for (const [file, stamp] of Object.entries(inputs)) {
    try {
      const s = statSync(file);
      if (`${s.size}:${s.mtimeMs}` !== stamp) return false;
    } catch {
      return false;
    }
  }
  return true;
}

async function build(home, manifest, key, entries) {
  const esbuild = createRequire(createRequire(import.meta.url).resolve('tsx'))('esbuild');
  const id = `build-${Date.now().toString(36)}-${process.pid}`;
  const out = join(home, id);
  mkdirSync(out, { recursive: true });
  const result = await esbuild.build({
    absWorkingDir: ROOT,
    entryPoints: entries,
    outdir: out,
    outExtension: { '.js': '.mjs' },
    bundle: true,
    splitting: true, // the worker and the command share one chunk of engine code
    format: 'esm',
    platform: 'node',
    target: 'node20',
    sourcemap: true, // read only with SGS_DEBUG (bin/sgs.mjs turns source maps on then)
    metafile: true,
    logLevel: 'silent',
    // Each module keeps its own import.meta.url, so `new URL('../rules/', import.meta.url)` still finds the
    // package's files from the cache folder.
    plugins: [
      {
        name: 'own-import-meta-url',
        setup(b) {
          b.onLoad({ filter: /\.ts$/ }, (a) => ({
            contents: readFileSync(a.path, 'utf8').replaceAll(
              'import.meta.url',
              JSON.stringify(pathToFileURL(a.path).href),
            ),
            loader: 'ts',
          }));
        },
      },
    ],
  });
  const inputs = {};
  for (const f of Object.keys(result.metafile.inputs)) {
    const file = resolve(ROOT, f);
    const s = statSync(file);
    inputs[file] = `${s.size}:${s.mtimeMs}`;
  }
  // Written aside then renamed: a process starting meanwhile reads the old manifest or the new, never half of one.
  const tmp = `${manifest}.${process.pid}`;
  writeFileSync(tmp, JSON.stringify({ key, build: id, inputs }));
  renameSync(tmp, manifest);
  sweep(home, id);
  return out;
}

/** Drop builds older than an hour but the current one (a process started from one has long loaded it). */
function sweep(home, keep) {
  const hour = Date.now() - 3_600_000;
  for (const d of readdirSync(home)) {
    if (d === keep || !d.startsWith('build-')) continue;
    const p = join(home, d);
    try {
      if (statSync(p).mtimeMs < hour) rmSync(p, { recursive: true, force: true });
    } catch {}
  }
}
