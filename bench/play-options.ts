// What a decision of the play phase costs, seat by seat: the rules' `playOptions` (rules/core/use.sgs) computed
// again and again in mid-game states of random 5-player games of the full rules, slowest seats first. Its own
// result is never reused (as in a game, where the hand has changed since the last decision); the functions it calls
// keep theirs as they do in a game. A probe for the rules' slow paths, which depend on the generals at the table
// (conversions, actives): profile the slowest seat it names. Not a row of `npm run bench`.
//   node bin/bundle.mjs bench/play-options.ts [games = 16] [decisions into each game = 60]
import { compile } from '../compiler/index.ts';
import { FOR_GAMES } from '../cli/compile.ts';
import { loadSources } from '../compiler/node/load.ts';
import { loadCompiled } from '../compiler/node/compiled.ts';
import { RandomAI } from '../ai/random.ts';
import { Game } from '../runtime/index.ts';

const [games = 16, into = 60] = process.argv.slice(2).map(Number);
const program = compile(loadSources(['rules']), FOR_GAMES).program!;
await loadCompiled(program);

const REPEATS = 3000;
const rows: { ns: number; seat: string }[] = [];
for (let seed = 1; seed <= games; seed++) {
  // A step budget no probe reaches: the repeated calls count as steps without a decision.
  const g = new Game(program, { players: 5, seed, keepLog: false, stepBudget: Number.MAX_SAFE_INTEGER });
  const ai = new RandomAI(seed + 1);
  let asked = 0;
  // Stop the game at its `into`-th decision (an answer of null ends a synchronous run there).
  g.play((r) => (++asked >= into ? null : ai.pick(r)));
  if (g.state.over) continue;
  const ref = g.L.linker.fnRef('playOptions');
  const table = g.reads?.tableOf(ref);
  if (table) table.off = true;
  for (const p of g.state.players.filter((x) => x.alive)) {
    for (let i = 0; i < REPEATS / 10; i++) g.callRef1(ref, p, 'bench/play-options');
    const t0 = performance.now();
    for (let i = 0; i < REPEATS; i++) g.callRef1(ref, p, 'bench/play-options');
    const hand = g.state.zones[`hand:${p.seat}`]?.length ?? 0;
    rows.push({
      ns: ((performance.now() - t0) * 1e6) / REPEATS,
      seat: `game ${seed} ${p.name} (${p.skills.join(', ')}), ${hand} cards in hand`,
    });
  }
}
rows.sort((a, b) => b.ns - a.ns);
for (const r of rows.slice(0, 15)) console.log(`${Math.round(r.ns).toString().padStart(7)} ns  ${r.seat}`);
console.log(`median ${Math.round(rows[Math.floor(rows.length / 2)]?.ns ?? 0)} ns over ${rows.length} seats`);
