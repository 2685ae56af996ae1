// `npm run balance-data`: play the games behind the win-rate charts of the rulebook's general pages and write
// site/src/data/balance.json. Games are too slow to play while the site builds, so the figures are measured here
// once, committed, and read at build time; the file records how they were measured and a fingerprint of the rules
// they were measured on (compiler/node/rules-hash.ts), so a page can say when the rules have changed since.
// One thread and a fixed seed: the same rules give the same file. 2 minutes of CPU (4 on a busy two-core machine).
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { compile } from '../compiler/index.ts';
import { loadSources } from '../compiler/node/load.ts';
import { rulesHash } from '../compiler/node/rules-hash.ts';
import { loadCompiled } from '../compiler/node/compiled.ts';
import { uniformSpec } from '../ai/spec.ts';
import { balance, type RateStat } from './balance.ts';
import { parseArgs } from './args.ts';
import { optionsFromFlags, resolveMode } from './setup.ts';

const repo = fileURLToPath(new URL('../', import.meta.url));
const OUT = 'site/src/data/balance.json';
const PLAYERS = 5;
// Every package's generals with both decks, so that every general page has its figures: 45 generals share about
// 5 × GAMES plays (some 450 each): a general's overall rate to about ±5 points.
const GAMES = 4000;
const SEED = 1;
const AI = 'heuristic';

const program = compile(loadSources([repo + 'rules'], repo)).program;
if (!program) throw new Error('rules/ does not compile: run `sgs check rules`');
await loadCompiled(program); // games run the compiled code, as `sgs balance`'s do (same games, faster)
const mode = resolveMode(program, undefined).id;
// The rule options the games are played with, as `--option k=v` pairs (package.json's script gives every package's
// generals and both decks): the rules' own words stay out of the code, and are checked as `sgs balance` checks them.
let OPTIONS: Record<string, unknown>;
try {
  OPTIONS = optionsFromFlags(program, parseArgs(process.argv.slice(2), { option: 'list' }, 'balance-data').flags, mode);
} catch (e) {
  process.stderr.write(`balance-data: ${e instanceof Error ? e.message : String(e)}\n`);
  process.exit(2);
}
const t0 = performance.now();
const r = balance(program, {
  players: PLAYERS,
  games: GAMES,
  seed: SEED,
  mode,
  options: OPTIONS,
  ai: uniformSpec(AI),
  jobs: 1,
  onGame: (done, total) => {
    if (process.stderr.isTTY) process.stderr.write(`\r${done}/${total} games`);
    else if (done % 500 === 0) process.stderr.write(`${done}/${total} games\n`);
  },
});
if (process.stderr.isTTY) process.stderr.write('\n');
if (r.completed < r.games) {
  const p = r.problems[0]!;
  throw new Error(
    `${r.games - r.completed} games did not complete; first: game ${p.game} (seed ${p.seed}) ${p.message}`,
  );
}

const rate = ({ games, wins, rate, low, high }: RateStat) => ({ games, wins, rate, low, high });
const data = {
  about: 'Written by `npm run balance-data` (cli/balance-data.ts); read by the general pages. Not edited by hand.',
  command: `sgs balance --players ${PLAYERS} --games ${GAMES} --seed ${SEED} --ai ${AI}${Object.entries(OPTIONS)
    .map(([k, v]) => ` --option ${k}=${String(v)}`)
    .join('')} --jobs 1 --json`,
  mode,
  options: OPTIONS,
  players: PLAYERS,
  games: r.games,
  seed: SEED,
  ai: r.ai,
  rulesHash: rulesHash(program),
  /** Each role's rate per seat over all generals, in the rules' order of roles. */
  roles: r.seats.map((s) => ({ role: s.role, ...rate(s) })),
  /** Per general: its rate, the rate the roles it played predict, and its rate in each role. */
  generals: Object.fromEntries(
    [...r.generals]
      .sort((a, b) => a.id.localeCompare(b.id))
      .map((g) => [
        g.id,
        {
          ...rate(g),
          expected: Math.round((g.rate - g.adjusted) * 10000) / 10000,
          roles: g.roles.map((s) => ({ role: s.role, ...rate(s) })),
        },
      ]),
  ),
};
mkdirSync(dirname(repo + OUT), { recursive: true });
writeFileSync(repo + OUT, JSON.stringify(data, null, 2) + '\n');
const secs = Math.round((performance.now() - t0) / 1000);
console.log(`${OUT}: ${r.games} games, ${r.generals.length} generals, rules ${data.rulesHash} (${secs} s)`);
