// Turning command-line choices (mode, player count, --option k=v) into a game setup the rules accept, with a
// one-line message for every choice they do not.
import { availableParallelism } from 'node:os';
import { int, intFlag, type FlagSpec, type Parsed } from './args.ts';
import {
  modeNamed,
  optionProblem,
  playerRange,
  PLAYER_RANGE,
  SEED_RANGE,
  type IMode,
  type Program,
} from '../runtime/index.ts';
import type { AiName } from '../ai/registry.ts';
import { parseAiSpec, rolesOf, uniformSpec, type AiSpec } from '../ai/spec.ts';
import { invalid } from './errors.ts';

export { defaultMode, optionProblem, playerRange } from '../runtime/index.ts';

export function resolveMode(program: Program, name: string | undefined): IMode {
  const m = modeNamed(program, name);
  if (typeof m === 'string') throw invalid(m);
  return m;
}

/** `n` players, if mode `m` takes that many; `what` names where the number came from (a flag, a file's field). */
export function checkPlayers(m: IMode, n: number, what = '--players'): number {
  const [min, max] = playerRange(m);
  if (n < min || n > max) throw invalid(`${what}: mode ${m.id} takes ${min} to ${max} players, not ${n}`);
  return n;
}

/** `k=v` pairs checked against the options the rules declare (and the mode that owns them, if any); values are
 *  typed like the option's default. */
export function parseOptions(program: Program, pairs: string[], mode?: string): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const pair of pairs) {
    const eq = pair.indexOf('=');
    if (eq <= 0) throw invalid(`--option takes name=value, not '${pair}'`);
    const k = pair.slice(0, eq);
    const raw = pair.slice(eq + 1);
    const dflt = program.options[k]?.default;
    let v: unknown = raw; // left a string when it does not read as the default's type: optionProblem says so
    if (typeof dflt === 'boolean' && (raw === 'true' || raw === 'false')) v = raw === 'true';
    else if (typeof dflt === 'number' && /^-?\d+(\.\d+)?$/.test(raw)) v = Number(raw);
    const problem = optionProblem(program, k, v, mode);
    if (problem) throw invalid(problem);
    out[k] = v;
  }
  return out;
}

/** All option flags: `--option k=v…`, plus the shorthands `--edition first|standard` and `--beginner`. */
export function optionsFromFlags(
  program: Program,
  flags: Record<string, unknown>,
  mode?: string,
): Record<string, unknown> {
  const pairs = [...((flags.option as string[] | undefined) ?? [])];
  const edition = flags.edition as string | undefined;
  if (edition !== undefined) {
    const values = program.options.edition?.values ?? [];
    const v = values.find((x) => x === edition || x === `${edition}Edition`);
    if (!v)
      throw invalid(
        `--edition is one of ${values.map((x) => x.replace(/Edition$/, '')).join(', ') || '(the rules declare no editions)'}, not '${edition}'`,
      );
    pairs.push(`edition=${v}`);
  }
  if (flags.beginner === true) pairs.push('beginner=true');
  return parseOptions(program, pairs, mode);
}

/** `--ai heuristic` or `--ai lord=heuristic,rebel=random,…` checked against the rules' roles; absent: `dflt` for all. */
export function parseAi(program: Program, text: string | undefined, dflt: AiName): AiSpec {
  if (text === undefined) return uniformSpec(dflt);
  // An entry given twice would leave one of the two AIs silently unused: refused, whichever comes last.
  const seen = new Map<string, string>();
  for (const part of text.split(',').map((x) => x.trim())) {
    const eq = part.indexOf('=');
    const who = eq < 0 ? '' : part.slice(0, eq); // '': every role not listed
    const before = seen.get(who);
    if (before !== undefined)
      throw invalid(
        who
          ? `--ai gives role ${who} two AIs (${before}, ${part})`
          : `--ai gives two AIs for the roles not listed (${before}, ${part})`,
      );
    if (part) seen.set(who, part);
  }
  try {
    return parseAiSpec(text, dflt, rolesOf(program));
  } catch (e) {
    throw invalid(e instanceof Error ? e.message : String(e));
  }
}

/** The ranges of the numeric flags (README, "Numeric flags"). Seeds are 32-bit, as the engine's are (a larger
 *  one would be the same game as its remainder); a mode narrows the player count further (checkPlayers). */
export const SEEDS = int(SEED_RANGE.min, SEED_RANGE.max);
export const PLAYERS = int(PLAYER_RANGE.min, PLAYER_RANGE.max);
export const MAX_GAMES = 10_000_000;
export const JOBS = int(1, 256);
export const MAX_DECISIONS = int(1, 10_000_000);

/** The flags every many-games command declares (read by gamesFromFlags, optionsFromFlags and parseAi). */
export const GAMES_FLAGS = {
  players: PLAYERS,
  games: int(1, MAX_GAMES),
  series: int(1, MAX_GAMES),
  seed: SEEDS,
  mode: 'string',
  option: 'list',
  edition: 'string',
  beginner: 'bool',
  ai: 'string',
  json: 'bool',
  jobs: JOBS,
} as const satisfies FlagSpec;

/** Below this many games a worker costs more to start than it saves (it loads and warms up the engine: ~2 s, with
 *  its compiler's threads on the cores the games need). Measured on 2 cores, 5 players, `--jobs 2` ÷ `--jobs 1`:
 *  `simulate` 0.93–1.11 for 400 games, 1.16–1.22 for 800; `balance` (heuristic) 0.83–1.15 for 400. */
export const GAMES_PER_JOB = 300;

/** `--jobs N`, or by default as many worker threads as the machine has cores, each with enough games to pay off. */
export function jobsFromFlags(args: Parsed, games: number): number {
  if (args.flags.jobs !== undefined) return intFlag(args, 'jobs', 1);
  return Math.max(1, Math.min(availableParallelism(), Math.floor(games / GAMES_PER_JOB)));
}

/** The flags every many-games command shares: mode, players, games, series, seed and options. */
export function gamesFromFlags(program: Program, args: Parsed, defaultGames: number) {
  const mode = resolveMode(program, args.flags.mode as string | undefined);
  const players = checkPlayers(mode, intFlag(args, 'players', 5));
  const games = intFlag(args, 'games', defaultGames);
  const series = intFlag(args, 'series', 1);
  const seed = intFlag(args, 'seed', 1);
  const options = optionsFromFlags(program, args.flags, mode.id);
  const opts = Object.keys(options).length ? options : undefined;
  return { mode: mode.id, players, games, series, seed, options: opts, jobs: jobsFromFlags(args, games) };
}
