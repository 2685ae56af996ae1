// A small flag parser: `--name value`, `--name=value`, boolean `--name`, repeatable list flags. Anything it does
// not know is a usage error, so a typo never silently falls back to a default.
import { existsSync } from 'node:fs';
import { invalid, usage } from './errors.ts';

/** A whole-number flag and the values it takes, both ends included: anything else is refused when parsed, so a
 *  command never sees a seed rounded to 1e20 or a negative game count. */
export interface IntRange {
  min: number;
  max: number;
}

export const int = (min: number, max: number): IntRange => ({ min, max });

/** `paths`: a list flag that also takes the arguments after its value while they name files or folders
 *  (`--rules rules mine.sgs`). */
export type FlagKind = 'bool' | 'string' | IntRange | 'list' | 'paths';
export type FlagSpec = Record<string, FlagKind>;

export interface Parsed {
  positionals: string[];
  flags: Record<string, string | boolean | string[] | number | undefined>;
}

export function parseArgs(argv: string[], spec: FlagSpec, command: string): Parsed {
  const positionals: string[] = [];
  const flags: Parsed['flags'] = {};
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]!;
    if (a === '--') {
      positionals.push(...argv.slice(i + 1));
      break;
    }
    if (!a.startsWith('--')) {
      if (a.startsWith('-') && a.length > 1) throw usage(`unknown flag ${a} for ${command}`);
      positionals.push(a);
      continue;
    }
    const eq = a.indexOf('=');
    const name = eq < 0 ? a.slice(2) : a.slice(2, eq);
    const kind = spec[name];
    if (!kind) throw usage(`unknown flag --${name} for ${command}`);
    if (kind === 'bool') {
      if (eq >= 0) throw usage(`--${name} takes no value`);
      flags[name] = true;
      continue;
    }
    const value: string | undefined = eq < 0 ? argv[++i] : a.slice(eq + 1);
    if (value === undefined || (eq < 0 && value.startsWith('--'))) throw usage(`--${name} needs a value`);
    if (typeof kind === 'object') {
      flags[name] = wholeNumber(name, value, kind);
    } else if (kind === 'list') {
      ((flags[name] ??= []) as string[]).push(value);
    } else if (kind === 'paths') {
      const list = (flags[name] ??= []) as string[];
      list.push(value);
      while (eq < 0 && i + 1 < argv.length && !argv[i + 1]!.startsWith('-') && existsSync(argv[i + 1]!))
        list.push(argv[++i]!);
    } else {
      flags[name] = value;
    }
  }
  return { positionals, flags };
}

function wholeNumber(name: string, text: string, r: IntRange): number {
  const n = /^-?\d+$/.test(text) ? Number(text) + 0 : Number.NaN; // + 0: "-0" is 0
  if (!(n >= r.min && n <= r.max))
    throw invalid(`--${name} must be a whole number from ${r.min} to ${r.max}, not '${text}'`);
  return n;
}

/** A whole-number flag (checked against its range when parsed), or `dflt` when it is not given. */
export function intFlag(p: Parsed, name: string, dflt: number): number {
  const v = p.flags[name];
  return v === undefined ? dflt : (v as number);
}
