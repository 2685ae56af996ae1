// The tree checks itself: the architecture rules catch a planted import cycle and a layer violation, the type
// check covers every TypeScript file git tracks (site/src included), and no script can phone home.
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const repo = new URL('..', import.meta.url).pathname;
const bin = (name: string) => join(repo, 'node_modules', '.bin', name);

describe('architecture rules (dependency-cruiser)', () => {
  const dir = mkdtempSync(join(tmpdir(), 'sgs-habits-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const plant = (files: Record<string, string>) => {
    for (const [f, text] of Object.entries(files)) {
      mkdirSync(join(dir, f, '..'), { recursive: true });
      writeFileSync(join(dir, f), text);
    }
    writeFileSync(
      join(dir, 'tsconfig.json'),
      JSON.stringify({ compilerOptions: { allowImportingTsExtensions: true } }),
    );
    const r = spawnSync(bin('depcruise'), ['runtime', 'compiler', '--config', join(repo, '.dependency-cruiser.cjs')], {
      cwd: dir,
      encoding: 'utf8',
    });
    return { status: r.status, out: r.stdout + r.stderr };
  };

  it('fails on a planted import cycle', () => {
    const r = plant({
      'runtime/a.ts': "import { b } from './b.ts';\nexport const a = () => b;\n",
      'runtime/b.ts': "import { a } from './a.ts';\nexport const b = () => a;\n",
      'compiler/x.ts': 'export const x = 1;\n',
    });
    expect(r.status).not.toBe(0);
    expect(r.out).toContain('no-cycles');
  });

  it('fails when the engine imports the compiler', () => {
    rmSync(join(dir, 'runtime'), { recursive: true, force: true });
    const r = plant({
      'runtime/c.ts': "import { x } from '../compiler/x.ts';\nexport const c = x;\n",
    });
    expect(r.status).not.toBe(0);
    expect(r.out).toContain('runtime-is-generic');
  });
});

describe('type check', () => {
  it('covers every TypeScript file git tracks, the site included', () => {
    const tracked = execFileSync('git', ['ls-files', '*.ts'], { cwd: repo, encoding: 'utf8' })
      .split('\n')
      .filter((f) => f && !f.endsWith('.d.ts'));
    const listed = new Set(
      execFileSync(bin('tsc'), ['-p', '.', '--listFilesOnly'], { cwd: repo, encoding: 'utf8' })
        .split('\n')
        .map((f) => f.trim().replace(repo, '')),
    );
    expect(tracked.filter((f) => !listed.has(f))).toEqual([]);
    expect(tracked.some((f) => f.startsWith('site/src/'))).toBe(true);
  }, 60_000);
});

describe('no telemetry', () => {
  it('every npm script that runs astro turns its telemetry off', () => {
    const scripts: Record<string, string> = JSON.parse(readFileSync(join(repo, 'package.json'), 'utf8')).scripts;
    const astro = Object.entries(scripts).filter(([, cmd]) => /\bastro\b/.test(cmd));
    expect(astro.length).toBeGreaterThan(2);
    for (const [name, cmd] of astro) {
      for (const part of cmd.split('&&').filter((p) => /\bastro\b/.test(p)))
        expect(part.trim(), name).toMatch(/^ASTRO_TELEMETRY_DISABLED=1 /);
    }
  });
});

describe('no code from strings', () => {
  // The engine links the IR into closures, and the playground runs under a Content-Security-Policy without
  // 'unsafe-eval' (test/browser/csp.test.ts): code made from text would break there, so none is written.
  const FORBIDDEN = [
    ['new', 'Function'].join(' ') + '(',
    'Function(',
    'eval(',
    'setTimeout(`',
    "setTimeout('",
    'setInterval(`',
    "setInterval('",
  ];
  /** Occurrences in code (a property such as `page.$$eval(` or a longer name such as `toFunction(` does not count). */
  const uses = (text: string, needle: string) =>
    text.split('\n').flatMap((line, i) => {
      let at = line.indexOf(needle);
      const found: number[] = [];
      while (at >= 0) {
        const before = line[at - 1] ?? ' ';
        if (!/[\w$.]/.test(before) && !line.trimStart().startsWith('//')) found.push(i + 1);
        at = line.indexOf(needle, at + 1);
      }
      return found;
    });

  it('no eval, new Function or string timers in any tracked source file', () => {
    const files = execFileSync('git', ['ls-files', '*.ts', '*.mjs', '*.cjs', '*.js', '*.astro'], {
      cwd: repo,
      encoding: 'utf8',
    })
      .split('\n')
      .filter((f) => f && f !== 'test/habits.test.ts');
    expect(files.length).toBeGreaterThan(50);
    const found: string[] = [];
    for (const f of files) {
      const text = readFileSync(join(repo, f), 'utf8');
      for (const needle of FORBIDDEN) for (const line of uses(text, needle)) found.push(`${f}:${line}: ${needle}`);
    }
    expect(found).toEqual([]);
  });

  it('the check finds a planted eval and new Function', () => {
    const planted = 'const f = ' + ['new', 'Function'].join(' ') + "('return 1');\nconst x = " + "eval('1');\n";
    expect(FORBIDDEN.flatMap((n) => uses(planted, n)).sort()).toEqual([1, 1, 2]);
  });
});
