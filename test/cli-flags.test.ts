// Flag values the commands cannot use are one-line errors with exit 2: a number outside its flag's range (never
// rounded, as --seed 99999999999999999999 once became 1e20), an --ai that names a role twice, an unknown role or AI.
import { describe, expect, it } from 'vitest';
import { spawnSync } from 'node:child_process';
import { main } from '../cli/main.ts';
import { memoryIo } from '../cli/io.ts';

const TOY = 'test/fixtures/toy';
const RULES = 'rules';

function run(...argv: string[]) {
  const io = memoryIo();
  const code = main(argv, io);
  return { code, out: io.stdout.join('\n'), err: io.stderr.join('\n') };
}

const refused = (argv: string[], message: string) => {
  const r = run(...argv);
  expect(r.err, argv.join(' ')).toBe(`sgs: ${message}`);
  expect(r.code, argv.join(' ')).toBe(2);
  expect(r.out).toBe('');
};

describe('numeric flags outside their range', () => {
  it('a seed beyond 32 bits, or below 0, is refused with the flag, the value and the range', () => {
    for (const seed of ['99999999999999999999', '4294967296', '-1', '1e3', '0x10'])
      refused(['simulate', TOY, '--seed', seed], `--seed must be a whole number from 0 to 4294967295, not '${seed}'`);
    expect(run('simulate', TOY, '--games', '1', '--seed', '4294967295').code).toBe(0);
  });

  it('games, series, jobs, max-decisions and players each have a range', () => {
    refused(['simulate', TOY, '--games', '0'], "--games must be a whole number from 1 to 10000000, not '0'");
    refused(
      ['simulate', TOY, '--games', '10000001'],
      "--games must be a whole number from 1 to 10000000, not '10000001'",
    );
    refused(['balance', RULES, '--series', '0'], "--series must be a whole number from 1 to 10000000, not '0'");
    refused(['simulate', TOY, '--jobs', '0'], "--jobs must be a whole number from 1 to 256, not '0'");
    refused(['simulate', TOY, '--jobs=257'], "--jobs must be a whole number from 1 to 256, not '257'");
    refused(
      ['simulate', TOY, '--max-decisions', '0'],
      "--max-decisions must be a whole number from 1 to 10000000, not '0'",
    );
    refused(['demo', TOY, '--players', '1000'], "--players must be a whole number from 1 to 100, not '1000'");
    refused(['demo', TOY, '--seed', '2.5'], "--seed must be a whole number from 0 to 4294967295, not '2.5'");
  });

  it("a player count the mode does not take names the flag and the mode's range", () => {
    refused(['simulate', TOY, '--players', '9'], '--players: mode brawl takes 2 to 8 players, not 9');
    refused(['demo', TOY, '--players', '1'], '--players: mode brawl takes 2 to 8 players, not 1');
  });

  it('the installed binary refuses a huge seed with exit 2 and one line', () => {
    const r = spawnSync(process.execPath, ['bin/sgs.mjs', 'simulate', TOY, '--seed', '99999999999999999999'], {
      encoding: 'utf8',
    });
    expect(r.status).toBe(2);
    expect(r.stderr).toBe("sgs: --seed must be a whole number from 0 to 4294967295, not '99999999999999999999'\n");
  }, 20_000);
});

describe('--ai entries', () => {
  it('a role given twice is refused, whichever AI comes last', () => {
    refused(
      ['simulate', RULES, '--ai', 'lord=heuristic,lord=random'],
      '--ai gives role lord two AIs (lord=heuristic, lord=random)',
    );
    refused(
      ['balance', RULES, '--ai', 'lord=random, lord=random'],
      '--ai gives role lord two AIs (lord=random, lord=random)',
    );
  });

  it('two AIs for the roles not listed are refused; one beside listed roles is fine', () => {
    refused(
      ['simulate', RULES, '--ai', 'heuristic,random'],
      '--ai gives two AIs for the roles not listed (heuristic, random)',
    );
    expect(run('simulate', RULES, '--games', '1', '--ai', 'random,lord=heuristic').code).toBe(0);
  });

  it('an unknown role or AI is refused', () => {
    refused(
      ['simulate', RULES, '--ai', 'king=random'],
      "no role named 'king' (roles: lord, loyalist, rebel, renegade)",
    );
    refused(['simulate', RULES, '--ai', 'lord=clever'], "no AI named 'clever' (AIs: random, heuristic)");
    refused(
      ['simulate', TOY, '--ai', 'lord=random'],
      "these rules give players no role, so 'lord=random' means nothing",
    );
  });
});
