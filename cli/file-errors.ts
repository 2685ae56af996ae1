// A file-system error (Node's EACCES, ENOENT…) is the user's to fix — a path they gave, a folder they may not
// write — not a bug in the tools: it is said on one line, naming the path and the cause in plain words (exit 2).

/** What Node puts on the errors of its file-system calls. */
interface SystemError extends Error {
  code: string;
  syscall?: string;
  path?: string;
  dest?: string;
}

const CAUSES: Record<string, string> = {
  EACCES: 'permission denied',
  EPERM: 'operation not permitted',
  ENOENT: 'no such file or folder',
  ENOTDIR: 'a part of the path is not a folder',
  EISDIR: 'it is a folder, not a file',
  ELOOP: 'too many symbolic links (a link that points back to itself?)',
  ENAMETOOLONG: 'the name is too long',
  EMFILE: 'too many open files',
  ENFILE: 'too many open files in the system',
  ENOSPC: 'no space left on the device',
  EDQUOT: 'the disk quota is used up',
  EROFS: 'the file system is read-only',
  EEXIST: 'it already exists',
  ENOTEMPTY: 'the folder is not empty',
  EBUSY: 'it is busy',
  EIO: 'an input/output error',
  EFBIG: 'the file is too large',
  EINVAL: 'an invalid argument',
};

/** What was being done to the path, by the system call that failed. */
const DOING: Record<string, string> = {
  open: 'open',
  read: 'read',
  write: 'write',
  close: 'close',
  stat: 'look at',
  lstat: 'look at',
  access: 'use',
  scandir: 'list the folder',
  opendir: 'list the folder',
  mkdir: 'make the folder',
  rmdir: 'remove the folder',
  unlink: 'remove',
  rename: 'rename',
  copyfile: 'copy',
  realpath: 'resolve',
  readlink: 'read the link',
  symlink: 'make the link',
};

function isSystemError(e: unknown): e is SystemError {
  const s = e as Partial<SystemError> | null;
  return e instanceof Error && typeof s?.code === 'string' && /^E[A-Z]+$/.test(s.code);
}

/** The one-line message for a file-system error (`cannot open rules/a.sgs: permission denied`), or undefined for
 *  any other error. Only an error on a path counts (a failed socket or thread is not the user's doing): its own,
 *  or `path`, the file being read when the call (`read` of a folder) names none. */
export function fileProblem(e: unknown, path?: string): string | undefined {
  if (!isSystemError(e)) return undefined;
  const on = e.path ?? path;
  if (on === undefined) return undefined;
  // Node's own text, "EACCES: permission denied, open 'x'", minus the code and the call, for a code not listed.
  const cause =
    e.code === 'EEXIST' && e.syscall === 'mkdir'
      ? 'it is a file, not a folder' // mkdir -p fails only so
      : (CAUSES[e.code] ?? (e.message.match(/^E[A-Z]+: ([^,]*)/)?.[1] || e.code));
  const doing = (e.syscall && DOING[e.syscall]) ?? 'use';
  return `cannot ${doing} ${on}${e.dest ? ` → ${e.dest}` : ''}: ${cause}`;
}
