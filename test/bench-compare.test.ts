// `npm run compare` (bench/compare.ts): two builds in one process, the same games in alternate chunks.
import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';

const compare = (...args: string[]) =>
  spawnSync(process.execPath, ['bin/bundle.mjs', 'bench/compare.ts', ...args], { encoding: 'utf8' });

describe('npm run compare', () => {
  it('refuses a revision the repository does not have, in one line, with exit code 2', () => {
    const r = compare('no-such-revision');
    expect(r.status).toBe(2);
    expect(r.stderr.trim()).toBe('compare: "no-such-revision" is not a revision of this repository');
  });

  it('refuses an unknown workload and says which there are', () => {
    const r = compare('HEAD', 'everything');
    expect(r.status).toBe(2);
    expect(r.stderr).toContain('unknown workload "everything" (full, heuristic or slice)');
  });

  it('plays the same games on this checkout and on a revision, and gives the ratio of their times', () => {
    const r = compare('HEAD', 'slice', '1', '2', '--json');
    expect(r.status, r.stderr).toBe(0);
    const out = JSON.parse(r.stdout.trim().split('\n').pop()!);
    expect(out).toMatchObject({ workload: 'slice', rounds: 1, games: 2, sameGames: true });
    expect(typeof out.ordersAgree).toBe('boolean');
    expect(out.timeRatio).toBeGreaterThan(0);
    expect(Number.isFinite(out.timeRatio)).toBe(true);
  }, 120_000);
});
