// The collectors a worker of a parallel run can make by name (a function cannot be sent to a worker).
import { BalanceTally } from './balance-tally.ts';
import type { Collector } from './simulate-range.ts';

export const COLLECTORS = {
  balance: (): Collector => new BalanceTally(),
} as const;

export type CollectorName = keyof typeof COLLECTORS;
