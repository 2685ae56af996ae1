// Types of bin/bundle.mjs for the TypeScript that calls it (the benchmark).
export function bundled(name: string, entries: Record<string, string>): Promise<string | null>;
export const CLI_ENTRIES: Record<string, string>;
