// A fingerprint of what a game plays: the compiled program without its scenarios and without source positions,
// so that figures measured from games (site/src/data/balance.json) can tell whether the rules changed since. A
// comment, a phrase or a scenario leaves it as it is; a changed number, skill or card does not.
import { createHash } from 'node:crypto';
import type { Program } from '../../runtime/index.ts';

export function rulesHash(program: Program): string {
  const { scenarios: _scenarios, ...played } = program;
  const json = JSON.stringify(played, (k, v) => (k === 'at' && typeof v === 'string' ? undefined : v));
  return createHash('sha256').update(json).digest('hex').slice(0, 16);
}
