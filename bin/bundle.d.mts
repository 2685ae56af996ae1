// The types of bin/bundle.mjs, which stays plain JavaScript (it runs before anything is compiled).

/** Bundle the TypeScript entry at `path` (any checkout's) into `outfile` with esbuild; gives esbuild's metafile. */
export function bundleFile(path: string, outfile: string): Promise<{ inputs: Record<string, unknown> }>;

/** The module `entry` (a path from the package root) exports, run from its bundle when one can be had. */
export function importEntry(entry: string): Promise<unknown>;

/** The file whose size and time stand for `abs` in a bundle's manifest: an installed package's package.json for a
 *  file of that package, else the file itself. */
export function stampedBy(abs: string): string;
