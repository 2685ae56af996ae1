// The random policy: a legal answer chosen uniformly, from its own seeded generator so that the AI never
// disturbs the game's RNG (which lives in the game state) and the same seed always gives the same game.
import { randBelow, seedRng, type Request, type RngState, type SeatView } from '../runtime/index.ts';
import type { Policy } from './policy.ts';

export class RandomAI implements Policy {
  private rng: RngState;

  constructor(seed: number) {
    this.rng = seedRng(seed);
  }

  /** Uniform integer in [0, n). */
  int(n: number): number {
    return randBelow(this.rng, n);
  }

  answer(seat: SeatView): number[] | null {
    // The question's size, not its options: they are never read, so the seat's view need not copy them.
    const a = seat.asked;
    return a ? this.pickAmong(a.options, a.min, a.max) : null;
  }

  /** A count uniform in [min, max], then that many distinct options; null when no legal answer exists. It reads
   *  nothing but the request's size (the benchmarks' twin engine asks it directly). */
  pick(r: Pick<Request, 'options' | 'min' | 'max'>): number[] | null {
    return this.pickAmong(r.options.length, r.min, r.max);
  }

  /** pick() for a question of n options, of which min to max are to be picked. */
  pickAmong(n: number, min: number, max: number): number[] | null {
    const hi = Math.min(max, n);
    if (min > hi) return null;
    const k = min + this.int(hi - min + 1);
    // One pick (most questions) is the first step of the shuffle below, without the list of every option.
    if (k === 1) return [this.int(n)];
    // Partial Fisher–Yates: the first k slots become a uniform sample in random order.
    // (A plain loop: Array.from with a callback was the policy's whole cost.)
    const idx: number[] = [];
    for (let i = 0; i < n; i++) idx.push(i);
    for (let i = 0; i < k; i++) {
      const j = i + this.int(n - i);
      const t = idx[i]!;
      idx[i] = idx[j]!;
      idx[j] = t;
    }
    idx.length = k;
    return idx;
  }
}
