// The replay file's schema (cli/replay-file.ts): every file `sgs simulate --save-all` writes passes it, and a file
// that does not is a one-line error (exit 2) naming the file and the field — unknown or missing fields, wrong
// types, seeds out of range, answers that are not lists of option numbers, and names the rules do not define
// (mode, player count, options such as an edition, carried values).
import { describe, expect, it, beforeAll, afterAll } from 'vitest';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { compile } from '../compiler/index.ts';
import { loadSources } from '../compiler/node/load.ts';
import type { Program } from '../runtime/index.ts';
import { main } from '../cli/main.ts';
import { memoryIo } from '../cli/io.ts';
import { checkReplay, parseReplay } from '../cli/replay-file.ts';

const TOY = 'test/fixtures/toy'; // mode brawl, 2 to 8 players, no options
const SERIES = ['rules', 'docs/examples']; // mode exSeries carries values from game to game

function run(...argv: string[]) {
  const io = memoryIo();
  const code = main(argv, io);
  return { code, out: io.stdout.join('\n'), err: io.stderr.join('\n') };
}

function programOf(paths: string[]): Program {
  const r = compile(loadSources(paths));
  if (!r.program) throw new Error(`${paths.join(' ')} does not compile`);
  return r.program;
}

let tmp: string;
beforeAll(() => {
  tmp = mkdtempSync(join(tmpdir(), 'sgs-replay-file-'));
});
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

const GOOD = { seed: 1, players: 3, mode: 'brawl', answers: [[0], []] };

/** `sgs replay` of a file holding `json` (a value, or raw text) over `paths`. */
function replayOf(json: unknown, paths = [TOY]) {
  const file = join(tmp, 'game.json');
  writeFileSync(file, typeof json === 'string' ? json : JSON.stringify(json));
  return { file, ...run('replay', file, ...paths) };
}

const refused = (json: unknown, message: string, paths = [TOY]) => {
  const r = replayOf(json, paths);
  expect(r.err, JSON.stringify(json)).toBe(`sgs: ${r.file}: ${message}`);
  expect(r.code).toBe(2);
  expect(r.out).toBe('');
};

describe('every replay file the tools write validates', () => {
  it('simulate --save-all of a series with an edition: each file passes the schema and replays', () => {
    const dir = join(tmp, 'series');
    const saved = run(
      'simulate',
      ...SERIES,
      ...['--mode', 'exSeries', '--players', '5', '--games', '4', '--series', '2', '--edition', 'first'],
      ...['--save-all', dir],
    );
    expect(saved.code, saved.err).toBe(0);
    const program = programOf(SERIES);
    const files = readdirSync(dir).sort();
    expect(files).toHaveLength(4);
    for (const f of files) {
      const rf = parseReplay(JSON.parse(readFileSync(join(dir, f), 'utf8')), f);
      expect(() => checkReplay(program, rf, f)).not.toThrow();
      expect(rf.options).toEqual({ edition: 'firstEdition' });
    }
    expect(parseReplay(JSON.parse(readFileSync(join(dir, files[1]!), 'utf8'))).carried).toBeDefined();
    expect(run('replay', join(dir, files[1]!), ...SERIES).code).toBe(0);
  });
});

describe('a replay file that does not fit the schema', () => {
  it('an unknown or a missing field is named', () => {
    refused(
      { ...GOOD, edition: 'nope' },
      'unknown field "edition" (fields: seed, players, mode, options, carried, rules, answers)',
    );
    for (const k of ['seed', 'players', 'answers'] as const) {
      const { [k]: _, ...rest } = GOOD;
      refused(rest, `"${k}" is missing`);
    }
    refused('[1, 2]', 'expected a JSON object, not [1,2]');
  });

  it('a field of the wrong type', () => {
    refused({ ...GOOD, players: '3' }, '"players" must be a whole number from 1 to 100, not "3"');
    refused({ ...GOOD, mode: 3 }, '"mode" must be a string, not 3');
    refused({ ...GOOD, options: [1] }, '"options" must be an object of option values, not [1]');
    refused({ ...GOOD, options: { edition: [1] } }, '"options".edition must be a string, number or boolean');
    refused(
      { ...GOOD, carried: [1] },
      '"carried" must be an object with "globals" and "players" (an object per seat) of carried values',
    );
    refused(
      { ...GOOD, carried: { globals: {}, players: [], more: 1 } },
      '"carried" has an unknown field "more" (fields: globals, players)',
    );
  });

  it('a seed out of range', () => {
    refused(
      '{"seed": 99999999999999999999, "players": 3, "answers": []}',
      '"seed" must be a whole number from 0 to 4294967295, not 100000000000000000000',
    );
    refused({ ...GOOD, seed: -1 }, '"seed" must be a whole number from 0 to 4294967295, not -1');
    refused({ ...GOOD, seed: 1.5 }, '"seed" must be a whole number from 0 to 4294967295, not 1.5');
  });

  it('answers that are not lists of non-negative whole numbers', () => {
    refused({ ...GOOD, answers: 3 }, '"answers" must be a list of answers, each a list of option numbers, not 3');
    refused(
      { ...GOOD, answers: [[0], [1, -2]] },
      '"answers"[1] must be a list of option numbers (whole numbers from 0), not [1,-2]',
    );
    refused(
      { ...GOOD, answers: [[0.5]] },
      '"answers"[0] must be a list of option numbers (whole numbers from 0), not [0.5]',
    );
    refused({ ...GOOD, answers: [0] }, '"answers"[0] must be a list of option numbers (whole numbers from 0), not 0');
  });
});

describe('a replay file naming what the rules do not define', () => {
  it('a mode, or a player count outside the mode’s range', () => {
    refused({ ...GOOD, mode: 'chess' }, `"mode": no mode named 'chess' (modes: brawl)`);
    refused({ ...GOOD, players: 9 }, '"players": mode brawl takes 2 to 8 players, not 9');
    refused({ ...GOOD, players: 1 }, '"players": mode brawl takes 2 to 8 players, not 1');
  });

  it('an option, an edition or variant value, or a value of the wrong type', () => {
    refused({ ...GOOD, options: { edition: 'first' } }, `"options": no option named 'edition' (options: none)`);
    const identity = { seed: 1, players: 5, mode: 'identity', answers: [] };
    refused(
      { ...identity, options: { edition: 'nope' } },
      `"options": option edition is one of standardEdition, firstEdition, not 'nope'`,
      ['rules'],
    );
    refused({ ...identity, options: { beginner: 'yes' } }, `"options": option beginner is true or false, not 'yes'`, [
      'rules',
    ]);
  });

  it('carried values for another number of seats, of undeclared names, or naming a seat not in the game', () => {
    const series = { seed: 1, players: 5, mode: 'exSeries', answers: [] };
    const seats = (n: number) => Array.from({ length: n }, () => ({}));
    refused(
      { ...series, carried: { globals: {}, players: seats(4) } },
      '"carried": it holds 4 seats, the game has 5 players',
      SERIES,
    );
    refused(
      { ...series, carried: { globals: { nope: 1 }, players: seats(5) } },
      `"carried": 'nope' is not a carried var of these rules`,
      SERIES,
    );
    refused(
      { ...series, carried: { globals: {}, players: [{ hp: 1 }, {}, {}, {}, {}] } },
      `"carried": 'hp' is not a carried property of these rules`,
      SERIES,
    );
    refused(
      { ...series, carried: { globals: { exLordSeat: 1, exFirstOutThis: { $p: 7 } }, players: seats(5) } },
      '"carried": seat 7 is not a seat of a 5-player game',
      SERIES,
    );
    refused(
      { ...series, carried: { globals: { exGamesPlayed: 'x' }, players: seats(5) } },
      '"carried": globals.exGamesPlayed is "x", not of its declared type int',
      SERIES,
    );
    refused(
      { ...series, carried: { globals: {}, players: [{}, { exScore: [1] }, {}, {}, {}] } },
      '"carried": players[1].exScore is [1], not of its declared type int',
      SERIES,
    );
  });

  it('the installed binary refuses {"edition": "nope", …} with exit 2 and one line', () => {
    const file = join(tmp, 'edition.json');
    writeFileSync(file, JSON.stringify({ edition: 'nope', ...GOOD }));
    const r = spawnSync(process.execPath, ['bin/sgs.mjs', 'replay', file, TOY], { encoding: 'utf8' });
    expect(r.status).toBe(2);
    expect(r.stderr).toBe(
      `sgs: ${file}: unknown field "edition" (fields: seed, players, mode, options, carried, rules, answers)\n`,
    );
  }, 20_000);
});
