// The `sgs` command: check, test, info, simulate, balance, replay, demo, text, new and lsp over the rules in rules/ (or given paths).
// Exit codes: 0 fine, 1 the rules or games have problems, 2 the command was called wrongly.
import { readFileSync, realpathSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { parseArgs } from './args.ts';
import { loadCompiledRules } from './compile.ts';
import { Exit, EXIT_OK, EXIT_USAGE } from './errors.ts';
import { fileProblem } from './file-errors.ts';
import { processIo, type Io } from './io.ts';
import type { Command } from './commands/command.ts';
import { check } from './commands/check.ts';
import { test } from './commands/test.ts';
import { infoCommand } from './commands/info.ts';
import { simulateCommand } from './commands/simulate.ts';
import { balanceCommand } from './commands/balance.ts';
import { replayCommand } from './commands/replay.ts';
import { demo } from './commands/demo.ts';
import { textCommand } from './commands/text.ts';
import { newCommand } from './commands/new.ts';
import { lspCommand } from './commands/lsp.ts';
import { gameHeap } from './heap.ts';

export { relayIo } from './game-thread.ts';

export const commands: Command[] = [
  check,
  test,
  infoCommand,
  simulateCommand,
  balanceCommand,
  replayCommand,
  demo,
  textCommand,
  newCommand,
  lspCommand,
];

/** The version in the tool's package.json. */
function version(): string {
  const pkg = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { version?: string };
  return pkg.version ?? 'unknown';
}

function help(): string {
  return [
    'usage: sgs <command> [arguments]     (sgs --version: the version)',
    ...commands.map((c) => `\n  ${c.usage}\n      ${c.summary}`),
  ].join('\n');
}

/** Before `main`, for a command that plays games: compile the rules it names and load their compiled code (an
 *  import, so not in the synchronous `main`), which the games then run; `main` compiles the same sources again and
 *  gets the same program (compiler/index.ts keeps the last result). Any problem is left for `main` to report.
 *  SGS_ENGINE=interpreter skips it (the games then run the interpreter). */
export async function prepare(argv: string[]): Promise<void> {
  const [name, ...rest] = argv;
  const cmd = commands.find((c) => c.name === name);
  if (!cmd?.playsGames) return;
  gameHeap();
  if (process.env.SGS_ENGINE === 'interpreter') return;
  try {
    await loadCompiledRules(parseArgs(rest, cmd.flags, cmd.name).positionals, cmd.playsGames);
  } catch {
    // main reports a usage mistake or rules that do not compile; the games run the interpreter otherwise.
  }
}

/** Run one `sgs` invocation; returns the exit code. Never throws. */
export function main(argv: string[], io: Io = processIo()): number {
  const [name, ...rest] = argv;
  if (name === undefined || name === 'help' || name === '--help' || name === '-h') {
    (name === undefined ? io.err : io.out)(help());
    return name === undefined ? EXIT_USAGE : EXIT_OK;
  }
  if (name === '--version' || name === 'version') {
    io.out(`sgs ${version()}`);
    return EXIT_OK;
  }
  const cmd = commands.find((c) => c.name === name);
  try {
    if (!cmd)
      throw new Exit(EXIT_USAGE, `unknown command '${name}' (commands: ${commands.map((c) => c.name).join(', ')})`);
    if (rest.includes('--help') || rest.includes('-h')) {
      io.out(`usage: ${cmd.usage}\n  ${cmd.summary}`);
      return EXIT_OK;
    }
    return cmd.run(parseArgs(rest, cmd.flags, cmd.name), io);
  } catch (e) {
    if (e instanceof Exit) {
      if (e.message) io.err(`sgs: ${e.message}${e.showUsage && cmd ? ` (usage: ${cmd.usage})` : ''}`);
      return e.code;
    }
    const file = fileProblem(e);
    if (file) {
      io.err(`sgs: ${file}`);
      return EXIT_USAGE;
    }
    // A bug in the tools or the engine, not a mistake of the user: say so on one line; SGS_DEBUG shows the stack.
    io.err(`sgs: internal error: ${e instanceof Error ? e.message : String(e)}`);
    if (process.env.SGS_DEBUG && e instanceof Error && e.stack) io.err(e.stack);
    return 1;
  }
}

function isEntry(): boolean {
  const arg = process.argv[1];
  if (!arg) return false;
  try {
    return realpathSync(arg) === realpathSync(fileURLToPath(import.meta.url));
  } catch {
    return false;
  }
}

if (isEntry()) process.exitCode = main(process.argv.slice(2));
