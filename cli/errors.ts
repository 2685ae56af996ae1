// How a command stops early: with an exit code and, for user mistakes, a one-line message (never a stack trace).
export const EXIT_OK = 0;
export const EXIT_FAILED = 1; // the command ran and found problems (diagnostics, failing scenarios, bad games)
export const EXIT_USAGE = 2; // the user asked for something impossible (unknown flag, missing file, bad value)

export class Exit extends Error {
  constructor(public code: number, message = '') {
    super(message);
  }
}

/** A mistake in how the command was called or in a file it was given: a one-line message, exit 2. */
export function usage(message: string): Exit {
  return new Exit(EXIT_USAGE, message);
}
