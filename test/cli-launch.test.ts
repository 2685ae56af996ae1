// How `sgs` runs a command: a command of long runs in the game thread (cli/game-thread.ts), whose output reaches the
// caller's Io through the main thread and whose results are those of the command run in this thread.
import { spawnSync } from 'node:child_process';
import { MessageChannel, receiveMessageOnPort } from 'node:worker_threads';
import { describe, expect, it } from 'vitest';
import { LONG_RUNS } from '../cli/launch.ts';
import { commands, main } from '../cli/main.ts';
import { memoryIo, type Io } from '../cli/io.ts';
import { availableParallelism } from 'node:os';
import {
  GAME_THREAD_LIMITS,
  gameThreadLimits,
  PARALLEL_LIMITS,
  relayIo,
  runInGameThread,
  type GameThreadMessage,
} from '../cli/game-thread.ts';

const TOY = 'test/fixtures/toy';

/** The parts of `sgs simulate --json` that do not depend on the clock. */
function results(json: string) {
  const { ms: _ms, gamesPerSecond: _g, aiMicrosPerDecision: _a, ...rest } = JSON.parse(json) as Record<string, unknown>;
  return rest;
}

describe('the game thread', () => {
  it('names only commands that exist, play games and take --games', () => {
    for (const name of LONG_RUNS) {
      const cmd = commands.find((c) => c.name === name);
      expect(cmd?.playsGames, name).toBeDefined();
      expect(cmd?.flags.games, name).toBeDefined();
    }
  });

  it('keeps the small young generation for a run in one thread, and gives one that may play in parallel a larger', () => {
    expect(GAME_THREAD_LIMITS.maxYoungGenerationSizeMb).toBeLessThan(PARALLEL_LIMITS.maxYoungGenerationSizeMb!);
    expect(gameThreadLimits(['simulate', '--games', '5000', '--jobs', '1'])).toBe(GAME_THREAD_LIMITS);
    expect(gameThreadLimits(['balance', '--jobs=1', '--games', '5000'])).toBe(GAME_THREAD_LIMITS);
    expect(gameThreadLimits(['simulate', '--jobs', '2'])).toBe(PARALLEL_LIMITS);
    expect(gameThreadLimits(['simulate', '--jobs=4'])).toBe(PARALLEL_LIMITS);
    // Without --jobs a run plays on as many threads as the machine has cores.
    const byDefault = availableParallelism() === 1 ? GAME_THREAD_LIMITS : PARALLEL_LIMITS;
    expect(gameThreadLimits(['simulate', '--games', '5000'])).toBe(byDefault);
  });

  it('relays the lines of its Io, and a progress bar only where the caller can draw one', () => {
    const { port1, port2 } = new MessageChannel();
    const io = relayIo(port1, true);
    io.out('a');
    io.err('b');
    io.status?.('c');
    const got: GameThreadMessage[] = [];
    for (let m = receiveMessageOnPort(port2); m; m = receiveMessageOnPort(port2)) got.push(m.message);
    expect(got).toEqual([
      { t: 'out', line: 'a' },
      { t: 'err', line: 'b' },
      { t: 'status', line: 'c' },
    ]);
    expect(relayIo(port1, false).status).toBeUndefined();
    port1.close();
  });

  it('plays the same games as this thread, and draws its progress through the caller', async () => {
    const argv = ['simulate', TOY, '--players', '4', '--games', '12', '--seed', '3', '--json'];
    const here = memoryIo();
    expect(main(argv, here)).toBe(0);
    const there = memoryIo();
    const drawn: string[] = [];
    const io: Io = { ...there, status: (t) => void drawn.push(t) };
    expect(await runInGameThread(argv, io)).toBe(0);
    expect(there.stderr).toEqual([]);
    expect(results(there.stdout.join('\n'))).toEqual(results(here.stdout.join('\n')));
    expect(drawn.at(-2)).toMatch(/12\/12$/);
    expect(drawn.at(-1)).toBe('');
  }, 60_000);

  it('returns the exit code and the one-line cause of a mistake made in it', async () => {
    const io = memoryIo();
    expect(await runInGameThread(['balance', TOY, '--games', 'many'], io)).toBe(2);
    expect(io.stderr).toHaveLength(1);
    expect(io.stderr[0]).toMatch(/^sgs: --games/);
  }, 60_000);

  it('says in one line that a thread which stopped without an exit code failed, after what it wrote', async () => {
    const io = memoryIo();
    const broken = new URL('./fixtures/broken-game-thread.mjs', import.meta.url);
    expect(await runInGameThread(['simulate'], io, broken)).toBe(1);
    expect(io.stdout).toEqual(['started']);
    expect(io.stderr).toEqual(['sgs: internal error: the rules engine broke']);
  });

  it('gives the installed binary the same results for a long run as this thread', () => {
    const argv = ['simulate', TOY, '--players', '4', '--games', '12', '--seed', '3', '--json'];
    const r = spawnSync(process.execPath, ['bin/sgs.mjs', ...argv], { encoding: 'utf8' });
    expect(r.status).toBe(0);
    const here = memoryIo();
    main(argv, here);
    expect(results(r.stdout)).toEqual(results(here.stdout.join('\n')));
  }, 60_000);
});
