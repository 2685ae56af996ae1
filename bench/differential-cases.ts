// The kinds of game the differential check plays, in turn: every player count the identity mode takes, the random
// and the heuristic AI, both editions, and the beginner game.
import { uniformSpec } from '../ai/spec.ts';
import type { DiffCase } from '../cli/differential.ts';

const random = uniformSpec('random');
const heuristic = uniformSpec('heuristic');
const first = { edition: 'firstEdition' };

export const DIFF_CASES: DiffCase[] = [
  { players: 5, ai: random },
  { players: 4, ai: heuristic },
  { players: 6, ai: random, options: first },
  { players: 7, ai: heuristic, options: first },
  { players: 8, ai: random, options: { beginner: true } },
  { players: 9, ai: heuristic },
  { players: 10, ai: random },
  { players: 5, ai: heuristic, options: first },
  { players: 4, ai: random, options: { beginner: true } },
  { players: 6, ai: heuristic, options: { beginner: true } },
];
