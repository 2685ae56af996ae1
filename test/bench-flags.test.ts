import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { sgsNodeFlags } from '../bench/sgs-flags.ts';

describe('the node flags of the sgs command', () => {
  const flags = sgsNodeFlags();

  it('are read from the first line of bin/sgs.mjs, and node accepts each', () => {
    expect(flags).toContain('--max-semi-space-size=8');
    for (const f of flags) expect(process.allowedNodeEnvironmentFlags.has(f.split('=')[0]!)).toBe(true);
  });

  it('are the flags npm run bench runs with, so that the bench measures as the command runs', () => {
    const scripts = (JSON.parse(readFileSync('package.json', 'utf8')) as { scripts: Record<string, string> }).scripts;
    expect(scripts.bench).toBe(['node', ...flags, 'bin/bundle.mjs', 'bench/run.ts'].join(' '));
  });

  it('reach node when bin/sgs.mjs runs as a program (env splits the line, node accepts them)', () => {
    const r = spawnSync('bin/sgs.mjs', ['--version'], { encoding: 'utf8' });
    expect(r.status).toBe(0);
    expect(r.stdout).toMatch(/^sgs \d/);
  });
});
