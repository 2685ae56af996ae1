// The benchmark's baseline stays honest: the slice in the rules language (bench/slice, with rules/core) and its
// hand-written twin (bench/slice-twin.ts) play the same 200 random games, line for line. When the core rules or the
// engine change what a game logs, asks or draws, this fails with the first line where the two part: change the
// twin (or the slice) to match, so that `npm run bench` keeps comparing the same game.
import { describe, expect, it } from 'vitest';
import { batch, firstDifference, playEngine, playTwinGame, sliceProgram } from '../bench/baseline.ts';
import { deriveSeed } from '../cli/simulate.ts';
import { loadCompiled } from '../compiler/node/compiled.ts';

const GAMES = 200;
const SEED = 1;

describe('the benchmark baseline', () => {
  it('the slice on compiled code and its hand-written twin give the same trace hash on 200 games', {
    timeout: 180_000,
  }, async () => {
    const program = sliceProgram();
    await loadCompiled(program);
    const engine = batch((seed, aiSeed) => playEngine(program, seed, aiSeed), GAMES, SEED);
    const twin = batch(playTwinGame, GAMES, SEED);
    const i = engine.hashes.findIndex((h, k) => h !== twin.hashes[k]);
    if (i >= 0) {
      const where = firstDifference(program, deriveSeed(SEED, i, 'game'), deriveSeed(SEED, i, 'ai'));
      expect.fail(`game ${i} (seed ${SEED}) differs at ${where}`);
    }
    expect(twin.traceHash).toBe(engine.traceHash);
    expect(twin.turns).toBe(engine.turns);
    expect(twin.decisions).toBe(engine.decisions);
    expect(engine.finished, 'every game ends with a winner').toBe(GAMES);
  });
});
