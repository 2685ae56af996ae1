// The types of bin/bundle.mjs, which stays plain JavaScript (it runs before anything is compiled).

/** Bundle the TypeScript entry at `path` (any checkout's) into `outfile` with esbuild; gives esbuild's metafile. */
export function bundleFile(path: string, outfile: string): Promise<{ inputs: Record<string, unknown> }>;

/** The module `entry` (a path from the package root) exports, run from its bundle when one can be had. */
export function importEntry(entry: string): Promise<unknown>;
