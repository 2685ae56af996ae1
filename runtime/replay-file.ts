// The replay file: a game as rules + setup + answers, nothing else (the engine is deterministic, so that is the
// whole game). `sgs simulate --save` writes it, `sgs replay` reads it, and the site's play page saves, shares and
// loads it; its schema lives here, once, with no Node API, so the CLI and the browser read files the same way.
// First the shape (parseReplayFile: fields, types, ranges — no rules needed), then the names the rules must
// define (checkReplayFile: the mode, its player count, the options and the carried values). A file that fails
// throws a ReplayFileError whose message is one line naming the file and the field.
import { hashHex, StringHash } from './hash.ts';
import type { IMode, Program } from './ir.ts';
import type { Carried } from './types.ts';
import { effectiveProgram } from './variants.ts';

export interface ReplayFile {
  seed: number;
  players: number;
  mode?: string;
  options?: Record<string, unknown>;
  /** A game of a series: what the previous game left (`sgs simulate --series`). */
  carried?: Carried;
  /** The rules the game was played with (rulesFingerprint); a reader with other rules says so. */
  rules?: string;
  answers: number[][];
}

/** A file that cannot be replayed: the message is one line, for a person. */
export class ReplayFileError extends Error {}

const fail = (message: string) => new ReplayFileError(message);

/** Seeds are 32-bit, as the engine's are (a larger one would be the same game as its remainder). */
export const SEED_RANGE = { min: 0, max: 2 ** 32 - 1 } as const;
/** Player counts a file may name at all; a mode narrows them further (playerRange). */
export const PLAYER_RANGE = { min: 1, max: 100 } as const;

/** Why a field's value does not fit (to follow its name: `must be …`), or undefined when it does. */
type Check = (v: unknown) => string | undefined;

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** A value for a message: JSON, cut short. */
function shown(v: unknown): string {
  const s = JSON.stringify(v) ?? String(v);
  return s.length > 40 ? `${s.slice(0, 37)}…` : s;
}

const whole =
  (r: { min: number; max: number }): Check =>
  (v) =>
    Number.isInteger(v) && (v as number) >= r.min && (v as number) <= r.max
      ? undefined
      : `must be a whole number from ${r.min} to ${r.max}, not ${shown(v)}`;

const string: Check = (v) => (typeof v === 'string' ? undefined : `must be a string, not ${shown(v)}`);

const options: Check = (v) => {
  if (!isObject(v)) return `must be an object of option values, not ${shown(v)}`;
  for (const [k, x] of Object.entries(v))
    if (!['string', 'number', 'boolean'].includes(typeof x)) return `.${k} must be a string, number or boolean`;
  return undefined;
};

/** A carried value (runtime CarriedValue): JSON scalars, lists, and players written {"$p": seat}. */
function carriedValue(v: unknown): boolean {
  if (v === null || ['string', 'number', 'boolean'].includes(typeof v)) return true;
  if (Array.isArray(v)) return v.every(carriedValue);
  return isObject(v) && Object.keys(v).length === 1 && Number.isInteger(v.$p) && (v.$p as number) >= 0;
}

const carried: Check = (v) => {
  const what = 'must be an object with "globals" and "players" (an object per seat) of carried values';
  if (!isObject(v) || !isObject(v.globals) || !Array.isArray(v.players) || !v.players.every(isObject)) return what;
  const extra = Object.keys(v).find((k) => k !== 'globals' && k !== 'players');
  if (extra !== undefined) return `has an unknown field "${extra}" (fields: globals, players)`;
  const values = [...Object.values(v.globals), ...v.players.flatMap((p) => Object.values(p as object))];
  return values.every(carriedValue) ? undefined : `${what}: scalars, lists and players written {"$p": seat}`;
};

const answers: Check = (v) => {
  if (!Array.isArray(v)) return `must be a list of answers, each a list of option numbers, not ${shown(v)}`;
  const i = v.findIndex((a) => !Array.isArray(a) || !a.every((n) => Number.isInteger(n) && n >= 0));
  return i < 0 ? undefined : `[${i}] must be a list of option numbers (whole numbers from 0), not ${shown(v[i])}`;
};

/** The schema: every field a replay file may have, whether it must, and what it holds (in the order written). */
const FIELDS: Record<keyof ReplayFile, { required: boolean; check: Check }> = {
  seed: { required: true, check: whole(SEED_RANGE) },
  players: { required: true, check: whole(PLAYER_RANGE) },
  mode: { required: false, check: string },
  options: { required: false, check: options },
  carried: { required: false, check: carried },
  rules: { required: false, check: string },
  answers: { required: true, check: answers },
};

/** Parsed JSON checked against the schema's shape; `name` (the file) starts every message. */
export function parseReplayFile(json: unknown, name = 'replay file'): ReplayFile {
  if (!isObject(json)) throw fail(`${name}: expected a JSON object, not ${shown(json)}`);
  const fields = Object.keys(FIELDS);
  for (const k of Object.keys(json))
    if (!(k in FIELDS)) throw fail(`${name}: unknown field "${k}" (fields: ${fields.join(', ')})`);
  for (const [k, f] of Object.entries(FIELDS)) {
    if (json[k] === undefined) {
      if (f.required) throw fail(`${name}: "${k}" is missing`);
      continue;
    }
    const problem = f.check(json[k]);
    // `[3] must…` and `.edition must…` hang on the field's name; anything else follows it after a space.
    if (problem) throw fail(`${name}: "${k}"${/^[[.]/.test(problem) ? '' : ' '}${problem}`);
  }
  return json as unknown as ReplayFile;
}

/** A file's text parsed and checked against the shape (not yet against the rules). */
export function readReplayFile(text: string, name = 'replay file'): ReplayFile {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (e) {
    throw fail(`${name} is not valid JSON: ${e instanceof Error ? e.message : String(e)}`);
  }
  return parseReplayFile(json, name);
}

/** The file's text: its fields in the schema's order, one line (what `sgs simulate --save` and the site write). */
export function writeReplayFile(r: ReplayFile): string {
  const out: Record<string, unknown> = {};
  for (const k of Object.keys(FIELDS) as (keyof ReplayFile)[]) if (r[k] !== undefined) out[k] = r[k];
  return `${JSON.stringify(out)}\n`;
}

/** The mode a game uses when none is named: the one whose field `default` is true, else the first one the rules
 *  declare (as the engine does). */
export function defaultMode(program: Program): IMode | undefined {
  const modes = Object.values(program.modes);
  return modes.find((m) => m.fields.default === true) ?? modes[0];
}

/** Whether a game of mode `mode` takes option `k`: an option of no mode, one of its own, or one of another mode that
 *  it names in its field `alsoTakes` (双将身份局 takes the identity game's role counts). */
export function modeTakesOption(program: Program, mode: string, k: string): boolean {
  const owner = program.options[k]?.mode;
  if (owner === undefined || owner === mode) return true;
  const also = program.modes[mode]?.fields.alsoTakes;
  return also === k || (Array.isArray(also) && also.includes(k));
}

/** Mode `name` (absent: the default one), or why there is none. */
export function modeNamed(program: Program, name: string | undefined): IMode | string {
  const ids = Object.keys(program.modes);
  if (ids.length === 0) return 'the rules declare no mode, so there is no game to play';
  if (name === undefined) return defaultMode(program)!;
  return program.modes[name] ?? `no mode named '${name}' (modes: ${ids.join(', ')})`;
}

/** How many players mode `m` takes (its fields minPlayers and maxPlayers). */
export function playerRange(m: IMode): [number, number] {
  const min = typeof m.fields.minPlayers === 'number' ? m.fields.minPlayers : 2;
  const max = typeof m.fields.maxPlayers === 'number' ? m.fields.maxPlayers : Math.max(min, 10);
  return [min, max];
}

/** Why option `k` cannot be `v` in a game of `mode` (undefined: it can): the rules must declare it, for that mode
 *  if it belongs to one, and `v` must be of its default's type, or one of its values. Said for --option and for
 *  a replay file's "options" alike. */
export function optionProblem(program: Program, k: string, v: unknown, mode?: string): string | undefined {
  const o = program.options[k];
  if (!o) return `no option named '${k}' (options: ${Object.keys(program.options).join(', ') || 'none'})`;
  if (mode !== undefined && !modeTakesOption(program, mode, k))
    return `option ${k} belongs to mode ${o.mode}, not ${mode}`;
  const given = typeof v === 'string' ? `'${v}'` : JSON.stringify(v);
  if (typeof o.default === 'boolean')
    return typeof v === 'boolean' ? undefined : `option ${k} is true or false, not ${given}`;
  if (typeof o.default === 'number')
    return typeof v === 'number' && Number.isFinite(v) ? undefined : `option ${k} is a number, not ${given}`;
  if (o.values)
    return o.values.includes(v as string) ? undefined : `option ${k} is one of ${o.values.join(', ')}, not ${given}`;
  return typeof v === 'string' ? undefined : `option ${k} is a string, not ${given}`;
}

/** The replay's names checked against the rules: its mode, the mode's player count, the options (declared, of the
 *  mode, of the declared type or values: an edition or variant the rules do not define is refused here) and the
 *  carried values (one object per seat, of declarations marked `carried`). */
export function checkReplayFile(program: Program, r: ReplayFile, name = 'replay file'): void {
  const mode = modeNamed(program, r.mode);
  if (typeof mode === 'string') throw fail(`${name}: "mode": ${mode}`);
  const [min, max] = playerRange(mode);
  if (r.players < min || r.players > max)
    throw fail(`${name}: "players": mode ${mode.id} takes ${min} to ${max} players, not ${r.players}`);
  for (const [k, v] of Object.entries(r.options ?? {})) {
    const problem = optionProblem(program, k, v, mode.id);
    if (problem) throw fail(`${name}: "options": ${problem}`);
  }
  const c = r.carried;
  if (!c) return;
  // The declarations the game plays with: a variant its options switch on may declare carried values too.
  const options: Record<string, unknown> = {};
  for (const o of Object.values(program.options)) options[o.id] = o.default;
  const declared = effectiveProgram(program, { ...options, ...r.options, mode: mode.id }).program;
  if (c.players.length !== r.players)
    throw fail(`${name}: "carried": it holds ${c.players.length} seats, the game has ${r.players} players`);
  const typed = (where: string, type: string | undefined, v: unknown) => {
    if (!fitsType(program, type, v))
      throw fail(`${name}: "carried": ${where} is ${shown(v)}, not of its declared type ${type}`);
  };
  for (const [id, v] of Object.entries(c.globals)) {
    const decl = declared.vars[id];
    if (!decl?.carried) throw fail(`${name}: "carried": '${id}' is not a carried var of these rules`);
    typed(`globals.${id}`, decl.type, v);
  }
  c.players.forEach((values, seat) => {
    for (const [id, v] of Object.entries(values)) {
      const decl = declared.properties[id];
      if (!decl?.carried) throw fail(`${name}: "carried": '${id}' is not a carried property of these rules`);
      typed(`players[${seat}].${id}`, decl.type, v);
    }
  });
  const seat = [...Object.values(c.globals), ...c.players.flatMap((p) => Object.values(p))]
    .flatMap(seatsIn)
    .find((s) => s >= r.players);
  if (seat !== undefined) throw fail(`${name}: "carried": seat ${seat} is not a seat of a ${r.players}-player game`);
}

/** Whether a carried value fits a declared type as written (`int`, `player?`, `[int]`, an enum's name); a type
 *  not known here (or none) lets any value through, for the game's own checks. */
function fitsType(program: Program, type: string | undefined, v: unknown): boolean {
  if (type === undefined) return true;
  if (type.endsWith('?')) return v === null || fitsType(program, type.slice(0, -1), v);
  if (type.startsWith('[') && type.endsWith(']'))
    return Array.isArray(v) && v.every((x) => fitsType(program, type.slice(1, -1), x));
  if (type === 'int') return Number.isInteger(v);
  if (type === 'bool') return typeof v === 'boolean';
  if (type === 'string') return typeof v === 'string';
  if (type === 'player') return isObject(v) && '$p' in v;
  const members = program.enums[type];
  return members ? members.includes(v as string) : true;
}

/** The seats a carried value names ({"$p": seat}). */
function seatsIn(v: unknown): number[] {
  return Array.isArray(v) ? v.flatMap(seatsIn) : isObject(v) ? [v.$p as number] : [];
}

const fingerprints = new WeakMap<Program, string>();

/** The rules' identity: a hash of the program as the engine plays it. Scenarios (the site's copy has none) and
 *  source positions (`at`, relative to where the compiler ran) are left out, so the CLI and the site agree on the
 *  same rules/. */
export function rulesFingerprint(program: Program): string {
  let fp = fingerprints.get(program);
  if (fp === undefined) {
    const { scenarios: _, ...played } = program;
    const text = JSON.stringify(played, (k, v) => (k === 'at' ? undefined : v));
    fp = hashHex(new StringHash().add(text).value());
    fingerprints.set(program, fp);
  }
  return fp;
}
