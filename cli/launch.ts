// What `sgs` runs first (bin/sgs.mjs), from a bundle of its own, small, so that it loads at once: a command of long
// runs goes to the game thread (cli/game-thread.ts) before this thread loads the compiler, whose code and parser
// would otherwise cost ~25 MB of RSS for nothing; any other runs here, from cli/main.ts.
import { runInGameThread } from './game-thread.ts';
import { processIo } from './io.ts';

/** The commands that can play many games in one run (`--games`), named here rather than in their declarations so
 *  that this module need not load them (test/cli-launch.test.ts checks they exist and play games). */
export const LONG_RUNS: readonly string[] = ['simulate', 'balance'];

type MainModule = Pick<typeof import('./main.ts'), 'main' | 'prepare'>;

/** Run the `sgs` command line `argv`; resolves to the exit code. `loadMain` loads cli/main.ts (from its bundle). */
export async function launch(argv: string[], loadMain: () => Promise<MainModule>): Promise<number> {
  if (LONG_RUNS.includes(argv[0] ?? '')) return runInGameThread(argv, processIo());
  const { main, prepare } = await loadMain();
  await prepare(argv);
  return main(argv);
}
