// The players a game can be given by name (`--ai random`, `--ai heuristic`).
import { HeuristicAI } from './heuristic.ts';
import type { PolicyFactory } from './policy.ts';
import { RandomAI } from './random.ts';

export const AIS = {
  random: (_table, seed) => new RandomAI(seed),
  heuristic: (table, seed) => new HeuristicAI(table, seed),
} satisfies Record<string, PolicyFactory>;

export type AiName = keyof typeof AIS;

export function isAiName(s: string): s is AiName {
  return Object.hasOwn(AIS, s);
}
