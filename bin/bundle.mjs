// Run a TypeScript entry of this package from one esbuild bundle instead of through tsx: tsx loads each module
// through its loader thread and wraps every closure for keep-names, which made `sgs check` several times slower to
// start and compile. The bundle is built on first use into node_modules/.cache (or $SGS_CACHE) and rebuilt when
// any file it was built from changed (size or time; an installed package's files by its package.json); without
// esbuild, or if the build fails, tsx runs the entry.
// `node bin/bundle.mjs entry.ts args…` runs an entry as if `tsx entry.ts args…` (npm run bench).
import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, renameSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join, relative, resolve, sep } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { threadId } from 'node:worker_threads';

const root = fileURLToPath(new URL('../', import.meta.url));

/** Where this checkout's bundles live: worktrees that share one node_modules get a directory each. */
function cacheDir() {
  const tag = createHash('sha256').update(root).digest('hex').slice(0, 10);
  return process.env.SGS_CACHE || join(root, 'node_modules', '.cache', `sgs-${tag}`);
}

/** A size and a modification time per input file; any difference means the bundle is stale. */
function stamp(file) {
  const s = statSync(file);
  return `${s.size}:${s.mtimeMs}`;
}

function fresh(out, manifest) {
  try {
    statSync(out);
    const m = JSON.parse(readFileSync(manifest, 'utf8'));
    if (m.node !== process.version) return false;
    for (const [file, st] of Object.entries(m.inputs)) if (stamp(resolve(root, file)) !== st) return false;
    return true;
  } catch {
    return false;
  }
}

/** Each module keeps its own `import.meta.url` (paths to rules/, templates/, workers are relative to the source,
 *  not to the bundle). */
const ownUrl = {
  name: 'own-import-meta-url',
  setup(b) {
    b.onLoad({ filter: /\.ts$/ }, (args) => {
      if (args.path.split(sep).includes('node_modules')) return undefined;
      const text = readFileSync(args.path, 'utf8');
      return {
        contents: text.replaceAll('import.meta.url', JSON.stringify(pathToFileURL(args.path).href)),
        loader: 'ts',
      };
    });
  },
};

/** Bundle the TypeScript entry at `path` (any checkout's) into `outfile`; gives esbuild's metafile. */
export async function bundleFile(path, outfile) {
  // esbuild comes with tsx (a dependency): resolved from there, so it is found hoisted or not.
  const esbuild = createRequire(createRequire(import.meta.url).resolve('tsx/package.json'))('esbuild');
  const r = await esbuild.build({
    entryPoints: [path],
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: `node${process.versions.node}`,
    outfile,
    metafile: true,
    packages: 'bundle',
    plugins: [ownUrl],
    logLevel: 'silent',
  });
  return r.metafile;
}

/** The file whose stamp stands for `abs`: a file of an installed package is stamped by the package's package.json,
 *  which installing or updating it rewrites (lodash-es alone is 640 files, and statting each of ~830 inputs took ~17
 *  ms of every `sgs` command); any other file by itself. */
export function stampedBy(abs) {
  // This checkout's own files, even where it lies under a node_modules (installed, or a path that has one).
  if (abs.startsWith(root) && !abs.startsWith(join(root, 'node_modules', sep))) return abs;
  const parts = abs.split(sep);
  const at = parts.lastIndexOf('node_modules');
  if (at < 0 || at + 1 >= parts.length) return abs;
  const name = parts[at + 1].startsWith('@') ? 2 : 1;
  return [...parts.slice(0, at + 1 + name), 'package.json'].join(sep);
}

async function build(entry, out, manifest) {
  // Named by process and thread: workers of one process may build the same bundle at once.
  const tmp = `${out}.${process.pid}.${threadId}.tmp`;
  const metafile = await bundleFile(join(root, entry), tmp);
  const inputs = {};
  for (const file of Object.keys(metafile.inputs)) {
    const abs = stampedBy(resolve(process.cwd(), file));
    inputs[relative(root, abs)] ??= stamp(abs);
  }
  // Renamed into place, so that a process starting meanwhile never reads half a file.
  renameSync(tmp, out);
  writeFileSync(`${manifest}.${process.pid}.${threadId}.tmp`, JSON.stringify({ node: process.version, inputs }));
  renameSync(`${manifest}.${process.pid}.${threadId}.tmp`, manifest);
}

/** The module `entry` (a path from the package root) exports, run from its bundle when one can be had. */
export async function importEntry(entry) {
  const dir = cacheDir();
  const name = entry.replace(/\.ts$/, '').replace(/[/\\]/g, '-');
  const out = join(dir, `${name}.mjs`);
  const manifest = join(dir, `${name}.json`);
  try {
    if (!fresh(out, manifest)) {
      mkdirSync(dir, { recursive: true });
      await build(entry, out, manifest);
    }
  } catch {
    const { register } = await import('tsx/esm/api');
    register();
    return import(pathToFileURL(join(root, entry)).href);
  }
  // Not inside the try: an error of the program itself must not run it a second time through tsx.
  return import(pathToFileURL(out).href);
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const entry = process.argv[2];
  if (!entry) {
    console.error('usage: node bin/bundle.mjs <entry.ts> [args…]');
    process.exit(2);
  }
  // The entry sees its own arguments where tsx would have put them.
  process.argv.splice(1, 2, resolve(root, entry));
  await importEntry(relative(root, resolve(entry)));
}
