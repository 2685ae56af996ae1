// A file-system problem (a file the user may not read, a folder that is a file, a link loop…) is the user's to fix:
// exit 2 and one line naming the path and the cause, never "internal error". Permission cases run the real `sgs`
// as an unprivileged user (root reads everything), the others in this process.
import { describe, expect, it, beforeAll, afterAll } from 'vitest';
import { spawnSync } from 'node:child_process';
import {
  chmodSync,
  closeSync,
  copyFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  openSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { main } from '../cli/main.ts';
import { memoryIo } from '../cli/io.ts';

const TOY = 'test/fixtures/toy';

function run(...argv: string[]) {
  const io = memoryIo();
  const code = main(argv, io);
  return { code, out: io.stdout.join('\n'), err: io.stderr.join('\n') };
}

/** The real `sgs`, as user nobody when this runs as root (so that mode 000 means something). */
function sgsUnprivileged(...args: string[]) {
  const root = process.getuid?.() === 0;
  const r = spawnSync(process.execPath, ['bin/sgs.mjs', ...args], {
    encoding: 'utf8',
    ...(root ? { uid: 65534, gid: 65534 } : {}),
  });
  return { code: r.status, err: r.stderr.trim() };
}

let tmp: string;
beforeAll(() => {
  tmp = mkdtempSync(join(tmpdir(), 'sgs-files-'));
  chmodSync(tmp, 0o755); // nobody must reach what is inside
  mkdirSync(join(tmp, 'closed'));
  copyFileSync(join(TOY, 'toy.sgs'), join(tmp, 'closed', 'toy.sgs'));
  copyFileSync(join(TOY, 'toy.sgs'), join(tmp, 'unreadable.sgs'));
  writeFileSync(join(tmp, 'unreadable.json'), '{}');
  chmodSync(join(tmp, 'unreadable.sgs'), 0);
  chmodSync(join(tmp, 'unreadable.json'), 0);
  chmodSync(join(tmp, 'closed'), 0);
  writeFileSync(join(tmp, 'a-file'), '');
  symlinkSync('loop', join(tmp, 'loop'));
});
afterAll(() => {
  chmodSync(join(tmp, 'closed'), 0o755);
  rmSync(tmp, { recursive: true, force: true });
});

const oneLine = (r: { code: number | null; err: string }, message: string) => {
  expect(r.err).toBe(`sgs: ${message}`);
  expect(r.code).toBe(2);
};

describe('file-system problems are user errors (exit 2, one line, the path and the cause)', () => {
  it('rules the user may not read: a file, a folder, a file in a closed folder', () => {
    const [file, folder] = [join(tmp, 'unreadable.sgs'), join(tmp, 'closed')];
    oneLine(sgsUnprivileged('check', file), `cannot open ${file}: permission denied`);
    oneLine(sgsUnprivileged('check', folder), `cannot list the folder ${folder}: permission denied`);
    oneLine(sgsUnprivileged('check', join(folder, 'toy.sgs')), `cannot look at ${folder}/toy.sgs: permission denied`);
  }, 30_000);

  it('a replay file the user may not read', () => {
    const file = join(tmp, 'unreadable.json');
    oneLine(sgsUnprivileged('replay', file, TOY), `cannot open ${file}: permission denied`);
  }, 30_000);

  it('a --save or --save-all folder the user may not make, said before any game is played', () => {
    const dir = join(tmp, 'closed', 'saved');
    for (const flag of ['--save', '--save-all'])
      oneLine(
        sgsUnprivileged('simulate', TOY, '--games', '2', flag, dir),
        `cannot make the folder ${dir}: permission denied`,
      );
    oneLine(
      sgsUnprivileged('new', join(tmp, 'closed', 'pack')),
      `cannot make the folder ${tmp}/closed/pack: permission denied`,
    );
  }, 30_000);

  it('a replay file that is a folder, under a file, a link loop, or a name too long', () => {
    oneLine(run('replay', tmp, TOY), `cannot read ${tmp}: it is a folder, not a file`);
    const under = join(tmp, 'a-file', 'game.json');
    oneLine(run('replay', under, TOY), `cannot open ${under}: a part of the path is not a folder`);
    const loop = join(tmp, 'loop');
    oneLine(
      run('replay', loop, TOY),
      `cannot open ${loop}: too many symbolic links (a link that points back to itself?)`,
    );
    const long = join(tmp, 'x'.repeat(300));
    oneLine(run('replay', long, TOY), `cannot open ${long}: the name is too long`);
  });

  it('rules under a link loop or a file', () => {
    const loop = join(tmp, 'loop');
    oneLine(run('check', loop), `cannot look at ${loop}: too many symbolic links (a link that points back to itself?)`);
    const under = join(tmp, 'a-file', 'x.sgs');
    oneLine(run('check', under), `cannot look at ${under}: a part of the path is not a folder`);
  });

  it('a save folder that is a file, or lies under one', () => {
    const file = join(tmp, 'a-file');
    oneLine(
      run('simulate', TOY, '--games', '2', '--save', file),
      `cannot make the folder ${file}: it is a file, not a folder`,
    );
    const under = join(file, 'all');
    oneLine(
      run('simulate', TOY, '--games', '2', '--save-all', under),
      `cannot make the folder ${under}: a part of the path is not a folder`,
    );
  });

  it.runIf(existsSync('/dev/full'))(
    'output that cannot be written (stdout on a full device)',
    () => {
      const full = openSync('/dev/full', 'w');
      const r = spawnSync(process.execPath, ['bin/sgs.mjs', 'info', TOY], {
        encoding: 'utf8',
        stdio: ['ignore', full, 'pipe'],
      });
      closeSync(full);
      oneLine(
        { code: r.status, err: r.stderr.trim() },
        'cannot write the standard output: no space left on the device',
      );
    },
    20_000,
  );
});
