// The balance games, off the page's thread: the author's general at a table of built-in ones (ai/featured.ts),
// then as many baseline games on the built-in rules alone, every seat played by the heuristic AI. One of the
// balance pool's workers (balance-pool.ts): it plays its part of each run, every `of`-th game. Between two games
// it lets messages in, so a newer run (the author edited) or a cancel stops this one; the baseline depends only
// on the built-in rules and the run's size, so it is played once per page.
import type { Program } from '../../../runtime/index.ts';
import { featuredTable, playFeatured } from '../../../ai/featured.ts';
import { addBaseline, addFeatured, emptyCounts, type FeaturedCounts } from '../../../ai/featured-tally.ts';
import { loadCompiled } from '../lib/compiled.ts';
import type { BalanceReply, BalanceRequest } from './protocol.ts';

type Run = Extract<BalanceRequest, { type: 'run' }>;

let author: { version: number; program: Program } | null = null;
let base: Program | null = null;
let current = 0; // the newest generation asked for; older runs stop at their next game
const baselines = new Map<string, FeaturedCounts['baseline']>();
const post = (m: BalanceReply) => (self as unknown as Worker).postMessage(m);
/** A macrotask, so that queued messages (a newer run, a cancel) are handled: a message to itself (setTimeout
 *  would be clamped to 4 ms), taken at most every 20 ms. */
const channel = new MessageChannel();
const wakers: (() => void)[] = [];
channel.port1.onmessage = () => wakers.shift()?.();
let lastBreath = 0;
async function breathe(): Promise<void> {
  if (performance.now() - lastBreath < 20) return;
  await new Promise<void>((r) => {
    wakers.push(r);
    channel.port2.postMessage(null);
  });
  lastBreath = performance.now();
}

self.onmessage = (ev: MessageEvent<BalanceRequest>) => {
  const m = ev.data;
  current = Math.max(current, m.gen);
  if (m.type === 'cancel') return;
  if (m.json !== undefined) author = { version: m.version, program: JSON.parse(m.json) as Program };
  if (m.baseJson !== undefined) base = JSON.parse(m.baseJson) as Program;
  if (!author || author.version !== m.version || !base) {
    post({ type: 'error', gen: m.gen, message: 'program missing', needProgram: true });
    return;
  }
  void run(m, author.program, base).catch((e) =>
    post({ type: 'error', gen: m.gen, message: e instanceof Error ? e.message : String(e) }),
  );
};

async function run(m: Run, program: Program, builtin: Program): Promise<void> {
  const counts = emptyCounts();
  const { index: first, of: step } = m.part;
  const key = `${m.games}:${m.players}:${m.seed}:${first}/${step}`;
  const cached = baselines.get(key);
  const mine = first < m.games ? Math.ceil((m.games - first) / step) : 0; // games of this part
  const total = mine + (cached ? 0 : mine);
  let done = 0;
  let lastPost = 0;
  const report = (type: 'progress' | 'done') => {
    post({ type, gen: m.gen, done, total, counts });
    lastPost = performance.now();
  };
  const table = featuredTable(program, builtin, m.general);
  // Both programs' games run compiled code (the table differs from the author's program only in its generals).
  await loadCompiled(program, table);
  await loadCompiled(builtin);
  const setup = { players: m.players, general: m.general };
  for (let i = first; i < m.games; i += step) {
    await breathe();
    if (m.gen !== current) return;
    addFeatured(counts, playFeatured(table, setup, m.seed, i), i);
    done++;
    if (performance.now() - lastPost > 150) report('progress');
  }
  if (cached) counts.baseline = cached;
  else {
    for (let i = first; i < m.games; i += step) {
      await breathe();
      if (m.gen !== current) return;
      addBaseline(counts, playFeatured(builtin, { players: m.players }, m.seed, i));
      done++;
      if (performance.now() - lastPost > 150) report('progress');
    }
    baselines.set(key, counts.baseline);
  }
  report('done');
}
