// How long each AI takes to answer, per decision, over a whole run. Wall-clock figures for the report only: no
// answer ever depends on them, so they cannot break determinism. Kept as a histogram with 1% wide buckets, not as
// samples, so that a run of 100,000 games stays small and the figures of parallel workers can be added together.
import type { AiName } from '../ai/registry.ts';

export interface TimeSummary {
  decisions: number;
  median: number; // microseconds (within 1%)
  mean: number;
}

/** What a DecisionTimes holds, as plain data (sent from a worker): per AI, bucket counts by index, and totals. */
export type TimesData = Partial<Record<AiName, { buckets: Record<number, number>; n: number; sum: number }>>;

const LOW = 0.01; // µs: the lower edge of bucket 0
const STEP = Math.log(1.01);
const bucketOf = (micros: number) => (micros <= LOW ? 0 : Math.floor(Math.log(micros / LOW) / STEP));
const middleOf = (b: number) => LOW * Math.exp((b + 0.5) * STEP);

export class DecisionTimes {
  private per = new Map<AiName, { buckets: Map<number, number>; n: number; sum: number }>();

  private of(ai: AiName) {
    let h = this.per.get(ai);
    if (!h) this.per.set(ai, (h = { buckets: new Map(), n: 0, sum: 0 }));
    return h;
  }

  add(ai: AiName, micros: number): void {
    const h = this.of(ai);
    const b = bucketOf(micros);
    h.buckets.set(b, (h.buckets.get(b) ?? 0) + 1);
    h.n++;
    h.sum += micros;
  }

  data(): TimesData {
    const out: TimesData = {};
    for (const [ai, h] of this.per) out[ai] = { buckets: Object.fromEntries(h.buckets), n: h.n, sum: h.sum };
    return out;
  }

  merge(d: TimesData): void {
    for (const [ai, x] of Object.entries(d) as [AiName, NonNullable<TimesData[AiName]>][]) {
      const h = this.of(ai);
      for (const [b, c] of Object.entries(x.buckets)) h.buckets.set(Number(b), (h.buckets.get(Number(b)) ?? 0) + c);
      h.n += x.n;
      h.sum += x.sum;
    }
  }

  /** Per AI that answered at least once, in microseconds rounded to 0.1. */
  summary(): Partial<Record<AiName, TimeSummary>> {
    const out: Partial<Record<AiName, TimeSummary>> = {};
    for (const [ai, h] of [...this.per].sort(([a], [b]) => a.localeCompare(b))) {
      if (h.n === 0) continue;
      const sorted = [...h.buckets].sort(([a], [b]) => a - b);
      let seen = 0;
      let median = 0;
      for (const [b, c] of sorted) {
        seen += c;
        if (seen * 2 >= h.n) {
          median = middleOf(b);
          break;
        }
      }
      out[ai] = { decisions: h.n, median: round1(median), mean: round1(h.sum / h.n) };
    }
    return out;
  }
}

function round1(x: number): number {
  return Math.round(x * 10) / 10;
}
