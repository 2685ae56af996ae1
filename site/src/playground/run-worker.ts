// The scenario runner: plays a scenario against the engine with its step budget, off the page's thread. The
// page terminates this worker if a run takes longer than a few seconds.
import { runScenario, type Program } from '../../../runtime/index.ts';
import type { RunReply, RunRequest } from './protocol.ts';

let cached: { version: number; program: Program } | null = null;
const post = (m: RunReply) => (self as unknown as Worker).postMessage(m);

self.onmessage = (ev: MessageEvent<RunRequest>) => {
  const m = ev.data;
  if (m.json !== undefined) cached = { version: m.version, program: JSON.parse(m.json) as Program };
  if (!cached || cached.version !== m.version) {
    post({ type: 'error', scenario: m.scenario, message: 'program missing', needProgram: true });
    return;
  }
  const t0 = performance.now();
  try {
    const r = runScenario(cached.program, m.scenario, m.seed);
    post({
      type: 'result',
      scenario: m.scenario,
      ok: r.ok,
      failure: r.failure,
      steps: r.steps,
      log: r.log,
      ms: performance.now() - t0,
    });
  } catch (e) {
    post({ type: 'error', scenario: m.scenario, message: e instanceof Error ? e.message : String(e) });
  }
};
