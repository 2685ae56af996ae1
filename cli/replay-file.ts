// The replay file: what `sgs simulate --save`/`--save-all` write (cli/play.ts makes it) and `sgs replay` reads. Its
// schema lives here, once: first the shape (parseReplay: fields, types, ranges — no rules needed), then the
// names the rules must define (checkReplay: the mode, its player count, the options and the carried values).
// A file that fails is a one-line error naming the file and the field (exit 2).
import type { Carried, IMode, Program } from '../runtime/index.ts';
import type { IntRange } from './args.ts';
import { Exit, invalid } from './errors.ts';
import { checkPlayers, optionProblem, PLAYERS, resolveMode, SEEDS } from './setup.ts';

export interface ReplayFile {
  seed: number;
  players: number;
  mode?: string;
  options?: Record<string, unknown>;
  /** A game of a series: what the previous game left (`sgs simulate --series`). */
  carried?: Carried;
  answers: number[][];
}

/** Why a field's value does not fit (to follow its name: `must be …`), or undefined when it does. */
type Check = (v: unknown) => string | undefined;

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** A value for a message: JSON, cut short. */
function shown(v: unknown): string {
  const s = JSON.stringify(v) ?? String(v);
  return s.length > 40 ? `${s.slice(0, 37)}…` : s;
}

const whole =
  (r: IntRange): Check =>
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

/** The schema: every field a replay file may have, whether it must, and what it holds. */
const FIELDS: Record<keyof ReplayFile, { required: boolean; check: Check }> = {
  seed: { required: true, check: whole(SEEDS) },
  players: { required: true, check: whole(PLAYERS) },
  mode: { required: false, check: string },
  options: { required: false, check: options },
  carried: { required: false, check: carried },
  answers: { required: true, check: answers },
};

/** Parsed JSON checked against the schema's shape; `name` (the file) starts every message. */
export function parseReplay(json: unknown, name = 'replay file'): ReplayFile {
  if (!isObject(json)) throw invalid(`${name}: expected a JSON object, not ${shown(json)}`);
  const fields = Object.keys(FIELDS);
  for (const k of Object.keys(json))
    if (!(k in FIELDS)) throw invalid(`${name}: unknown field "${k}" (fields: ${fields.join(', ')})`);
  for (const [k, f] of Object.entries(FIELDS)) {
    if (json[k] === undefined) {
      if (f.required) throw invalid(`${name}: "${k}" is missing`);
      continue;
    }
    const problem = f.check(json[k]);
    // `[3] must…` and `.edition must…` hang on the field's name; anything else follows it after a space.
    if (problem) throw invalid(`${name}: "${k}"${/^[[.]/.test(problem) ? '' : ' '}${problem}`);
  }
  return json as unknown as ReplayFile;
}

/** The replay's names checked against the rules: its mode, the mode's player count, the options (declared, of the
 *  mode, of the declared type or values: an edition or variant the rules do not define is refused here) and the
 *  carried values (one object per seat, of declarations marked `carried`). */
export function checkReplay(program: Program, r: ReplayFile, name = 'replay file'): void {
  let mode: IMode;
  try {
    mode = resolveMode(program, r.mode);
  } catch (e) {
    throw e instanceof Exit ? invalid(`${name}: "mode": ${e.message}`) : e;
  }
  checkPlayers(mode, r.players, `${name}: "players"`);
  for (const [k, v] of Object.entries(r.options ?? {})) {
    const problem = optionProblem(program, k, v, mode.id);
    if (problem) throw invalid(`${name}: "options": ${problem}`);
  }
  const c = r.carried;
  if (!c) return;
  if (c.players.length !== r.players)
    throw invalid(`${name}: "carried": it holds ${c.players.length} seats, the game has ${r.players} players`);
  const typed = (where: string, type: string | undefined, v: unknown) => {
    if (!fitsType(program, type, v))
      throw invalid(`${name}: "carried": ${where} is ${shown(v)}, not of its declared type ${type}`);
  };
  for (const [id, v] of Object.entries(c.globals)) {
    const decl = program.vars[id];
    if (!decl?.carried) throw invalid(`${name}: "carried": '${id}' is not a carried var of these rules`);
    typed(`globals.${id}`, decl.type, v);
  }
  c.players.forEach((values, seat) => {
    for (const [id, v] of Object.entries(values)) {
      const decl = program.properties[id];
      if (!decl?.carried) throw invalid(`${name}: "carried": '${id}' is not a carried property of these rules`);
      typed(`players[${seat}].${id}`, decl.type, v);
    }
  });
  const seat = [...Object.values(c.globals), ...c.players.flatMap((p) => Object.values(p))]
    .flatMap(seatsIn)
    .find((s) => s >= r.players);
  if (seat !== undefined) throw invalid(`${name}: "carried": seat ${seat} is not a seat of a ${r.players}-player game`);
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
