// The balance panel's workers: a run is split among them (worker k plays games k, k + n, k + 2n…, featured then
// baseline) and their counts are merged as they come (ai/featured-tally.ts mergeCounts: the same counts whatever
// the split). One worker per core, at most MAX_WORKERS, made on first use; each is sent the programs it lacks.
// A newer run or a cancel reaches every worker, which stops at its next game.
import { mergeCounts, type FeaturedCounts } from '../../../ai/featured-tally.ts';
import type { BalanceReply, BalanceRequest } from './protocol.ts';

/** More workers than this add memory (each holds both programs, compiled) more than speed on most machines. */
const MAX_WORKERS = 4;

/** A run as the page asks for it: the pool adds each worker's part and the programs that worker lacks. */
export type BalanceRun = Omit<Extract<BalanceRequest, { type: 'run' }>, 'part' | 'json' | 'baseJson'> & {
  json: string; // the author's program, of version `version`
};

/** What the page hears: the whole run's progress, counts merged over the workers. */
export type PoolReply =
  | {
      type: 'progress' | 'done';
      gen: number;
      done: number;
      total: number;
      counts: FeaturedCounts;
      gamesPerSecond: number; // the run's games so far over its time, all workers together
    }
  | { type: 'error'; gen: number; message: string };

interface Member {
  worker: Worker;
  version: number; // the author program version it holds (-1: none)
  base: boolean; // whether it holds the built-in program
}

interface Running {
  run: BalanceRun;
  t0: number;
  parts: ({ done: number; total: number; counts: FeaturedCounts; finished: boolean } | undefined)[];
}

export class BalancePool {
  readonly size: number;
  #members: (Member | undefined)[];
  #baseJson: string | undefined;
  #running: Running | null = null;

  constructor(
    private readonly newWorker: () => Worker,
    private readonly onReply: (m: PoolReply) => void,
    cores = typeof navigator === 'undefined' ? 1 : navigator.hardwareConcurrency || 1,
  ) {
    this.size = Math.max(1, Math.min(MAX_WORKERS, cores));
    this.#members = Array.from({ length: this.size }, () => undefined);
  }

  /** Whether the pool was given the built-in program (sent to each worker once). */
  get hasBase(): boolean {
    return this.#baseJson !== undefined;
  }

  setBase(json: string): void {
    this.#baseJson = json;
  }

  /** Start a run; any older one stops (its generation is older). */
  start(run: BalanceRun): void {
    this.#running = { run, t0: performance.now(), parts: this.#members.map(() => undefined) };
    for (let k = 0; k < this.size; k++) this.#send(k);
  }

  cancel(gen: number): void {
    this.#running = null;
    for (const m of this.#members) m?.worker.postMessage({ type: 'cancel', gen } satisfies BalanceRequest);
  }

  /** Worker k's part of the running run, with the programs it lacks. */
  #send(k: number): void {
    const r = this.#running;
    if (!r) return;
    const m = this.#member(k);
    const req: BalanceRequest = {
      ...r.run,
      json: m.version === r.run.version ? undefined : r.run.json,
      baseJson: m.base ? undefined : this.#baseJson,
      part: { index: k, of: this.size },
    };
    m.version = r.run.version;
    m.base ||= this.#baseJson !== undefined;
    m.worker.postMessage(req);
  }

  #member(k: number): Member {
    const had = this.#members[k];
    if (had) return had;
    const worker = this.newWorker();
    const m: Member = { worker, version: -1, base: false };
    worker.onmessage = (ev: MessageEvent<BalanceReply>) => this.#heard(k, ev.data);
    worker.onerror = (ev) => {
      // A worker that failed is replaced on the next run, and is sent the programs again.
      worker.terminate();
      if (this.#members[k] === m) this.#members[k] = undefined;
      const gen = this.#running?.run.gen ?? -1;
      this.#running = null;
      this.onReply({ type: 'error', gen, message: ev.message || 'worker error' });
    };
    this.#members[k] = m;
    return m;
  }

  #heard(k: number, m: BalanceReply): void {
    const r = this.#running;
    if (!r || m.gen !== r.run.gen) return;
    if (m.type === 'error') {
      if (m.needProgram) {
        // It lost what it was sent: send its part again, with both programs.
        const member = this.#member(k);
        member.version = -1;
        member.base = false;
        this.#send(k);
        return;
      }
      this.#running = null;
      this.onReply({ type: 'error', gen: m.gen, message: m.message });
      return;
    }
    r.parts[k] = { done: m.done, total: m.total, counts: m.counts, finished: m.type === 'done' };
    const parts = r.parts.filter((p) => p !== undefined);
    const done = parts.reduce((s, p) => s + p.done, 0);
    // Until every worker has said how much its part holds, the total is the run's as the page sized it.
    const total = parts.length === this.size ? parts.reduce((s, p) => s + p.total, 0) : Math.max(done, 2 * r.run.games);
    const finished = parts.length === this.size && parts.every((p) => p.finished);
    if (finished) this.#running = null;
    const s = (performance.now() - r.t0) / 1000;
    this.onReply({
      type: finished ? 'done' : 'progress',
      gen: m.gen,
      done,
      total,
      counts: mergeCounts(parts.map((p) => p.counts)),
      gamesPerSecond: s > 0 ? done / s : 0,
    });
  }
}
