// `npx tsx bench/differential.ts [games] [seed]`: the differential check at full size (2,000 games by default) —
// every seeded game on the reference interpreter, the resolved paths and the compiled code, 4 to 10 players,
// random and heuristic AI, both editions, the beginner game. Prints one JSON line; exits 1 when any game's trace
// hash differs between engines.
import { loadSources } from '../compiler/node/load.ts';
import { compile } from '../compiler/index.ts';
import { loadCompiled } from '../compiler/node/compiled.ts';
import { compareEngines } from '../cli/differential.ts';
import { DIFF_CASES } from './differential-cases.ts';

const games = Number(process.argv[2] ?? 2000);
const seed = Number(process.argv[3] ?? 1);
const program = compile(loadSources(['rules'])).program;
if (!program) throw new Error('rules do not compile');
await loadCompiled(program);
const r = compareEngines(program, { games, seed, cases: DIFF_CASES });
const ms = (x: number | undefined) => Math.round(x ?? 0);
console.log(
  JSON.stringify({
    bench: 'differential',
    games: r.games,
    engines: r.engines,
    cases: DIFF_CASES.length,
    errors: r.errors,
    mismatches: r.mismatches.length,
    first: r.mismatches[0] ?? null,
    referenceMs: ms(r.ms.reference),
    resolvedMs: ms(r.ms.resolved),
    compiledMs: ms(r.ms.compiled),
  }),
);
process.exit(r.mismatches.length ? 1 : 0);
