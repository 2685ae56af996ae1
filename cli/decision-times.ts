// How long each AI takes to answer, per decision, over a whole run. Wall-clock figures for the report only: no
// answer ever depends on them, so they cannot break determinism.
import type { AiName } from '../ai/registry.ts';

export interface TimeSummary {
  decisions: number;
  median: number; // microseconds
  mean: number;
}

export class DecisionTimes {
  private samples = new Map<AiName, number[]>();

  add(ai: AiName, micros: number): void {
    let s = this.samples.get(ai);
    if (!s) this.samples.set(ai, (s = []));
    s.push(micros);
  }

  /** Per AI that answered at least once, in microseconds rounded to 0.1. */
  summary(): Partial<Record<AiName, TimeSummary>> {
    const out: Partial<Record<AiName, TimeSummary>> = {};
    for (const [ai, xs] of [...this.samples].sort(([a], [b]) => a.localeCompare(b))) {
      const sorted = Float64Array.from(xs).sort();
      const m = sorted.length >> 1;
      const median = sorted.length % 2 ? sorted[m]! : (sorted[m - 1]! + sorted[m]!) / 2;
      const mean = xs.reduce((a, b) => a + b, 0) / xs.length;
      out[ai] = { decisions: xs.length, median: round1(median), mean: round1(mean) };
    }
    return out;
  }
}

function round1(x: number): number {
  return Math.round(x * 10) / 10;
}
