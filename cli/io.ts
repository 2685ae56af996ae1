// Where commands write. Commands never touch process.stdout directly so that tests can capture their output.
import { EXIT_USAGE } from './errors.ts';
import { fileProblem } from './file-errors.ts';

export interface Io {
  /** One line of results (stdout). */
  out(line: string): void;
  /** One line of diagnostics or errors (stderr). */
  err(line: string): void;
  /** Transient status, redrawn in place (a progress bar); absent when stderr is not a terminal. */
  status?(text: string): void;
}

export function processIo(): Io {
  // `sgs demo | head` closes the pipe early: stop quietly instead of crashing with EPIPE. Output that cannot be
  // written (`> /dev/full`, a full disk) is the user's to fix: one line, exit 2, as for any file (file-errors.ts).
  process.stdout.on('error', (e: NodeJS.ErrnoException) => {
    if (e.code === 'EPIPE') process.exit(0);
    process.stderr.write(`sgs: ${fileProblem(e, 'the standard output') ?? `cannot write the output: ${e.message}`}\n`);
    process.exit(EXIT_USAGE);
  });
  process.stderr.on('error', () => process.exit(EXIT_USAGE)); // nowhere left to say why
  const io: Io = {
    out: (line) => void process.stdout.write(line + '\n'),
    err: (line) => void process.stderr.write(line + '\n'),
  };
  // Only a terminal can redraw a line; in a pipe or a log file a progress bar would be noise.
  if (process.stderr.isTTY) io.status = (text) => void process.stderr.write(`\r${text}\x1b[K`);
  return io;
}

/** An Io that keeps what was written, for tests. */
export function memoryIo(): Io & { stdout: string[]; stderr: string[] } {
  const stdout: string[] = [];
  const stderr: string[] = [];
  return { stdout, stderr, out: (l) => void stdout.push(l), err: (l) => void stderr.push(l) };
}
