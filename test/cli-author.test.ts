// The command line as an expansion author meets it: a scaffolded package that checks and tests against the
// built-in rules it imports, several rule paths for `sgs text`, what `--save` saves, `--save-all`, `--version`.
import { describe, expect, it } from 'vitest';
import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { main } from '../cli/main.ts';
import { memoryIo } from '../cli/io.ts';

function run(...argv: string[]) {
  const io = memoryIo();
  const code = main(argv, io);
  return { code, out: io.stdout.join('\n'), err: io.stderr.join('\n') };
}

describe('an author at the command line', () => {
  const dir = mkdtempSync(join(tmpdir(), 'sgs-author-'));
  const pack = join(dir, 'myPack');

  it('sgs new makes a package that checks and tests against the built-in rules it imports', () => {
    const made = run('new', pack);
    expect(made.code).toBe(0);
    expect(readdirSync(pack).sort()).toEqual(['README.md', 'general.sgs', 'phrases.sgs', 'scenarios.sgs']);
    const checked = run('check', pack);
    expect(checked.code, checked.err).toBe(0);
    expect(checked.err).toMatch(
      /^3 files checked \(with \d+ built-in files of the packages they import\): 0 errors, 0 warnings/,
    );
    // Only the package's own scenarios run, not the built-in ones it pulled in.
    expect(run('test', pack).out).toBe('2 passed, 0 failed');
    expect(run('new', pack).err).toBe(`sgs: ${pack} already exists`);
    expect(run('new', join(dir, 'Bad-name')).code).toBe(2);
  });

  it('a scaffolded scenario fails when the skill does not do what it says', () => {
    const file = join(pack, 'general.sgs');
    writeFileSync(file, readFileSync(file, 'utf8').replace('draw(you, 1)', 'draw(you, 2)'));
    expect(run('test', pack).out).toMatch(/1 passed, 1 failed$/);
  });

  it('an import found nowhere is one line and exit 2', () => {
    const f = join(dir, 'lost.sgs');
    writeFileSync(f, 'package lost\nimport nowhere\n');
    const r = run('check', f);
    expect(r.code).toBe(2);
    expect(r.err.split('\n')).toHaveLength(1);
    expect(r.err).toContain("imports 'nowhere': no such package");
  });

  it('sgs text --rules takes several paths', () => {
    const r = run('text', 'myPackInsight', '--rules', 'rules', pack, '--lang', 'en');
    expect(r.code, r.err).toBe(0);
    expect(r.out).toContain('if you hold no hand card, you may draw');
  });

  it('--save says what it saved, and --save-all saves every game', () => {
    const some = join(dir, 'problems');
    const all = join(dir, 'all');
    const r = run('simulate', 'rules', '--games', '3', '--jobs', '1', '--save', some, '--save-all', all);
    expect(r.code).toBe(0);
    expect(r.err).toContain(`no problem games, so nothing saved to ${some}`);
    expect(r.err).toContain(`saved the replay files of all 3 games to ${all}`);
    const files = readdirSync(all).sort();
    expect(files).toHaveLength(3);
    expect(run('replay', join(all, files[0]!)).code).toBe(0);
  });

  it('sgs --version prints the version', () => {
    const r = run('--version');
    expect(r.code).toBe(0);
    expect(r.out).toMatch(/^sgs \d+\.\d+\.\d+$/);
  });
});
