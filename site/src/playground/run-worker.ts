// The scenario runner: plays a scenario against the engine with its step budget, off the page's thread, on the
// program's compiled code (site/src/lib/compiled.ts). The page terminates this worker if a run takes longer than a
// few seconds.
import { runScenario, type Program } from '../../../runtime/index.ts';
import { loadCompiled } from '../lib/compiled.ts';
import type { RunReply, RunRequest } from './protocol.ts';

let cached: { version: number; program: Program; compiled: Promise<void> } | null = null;
const post = (m: RunReply) => (self as unknown as Worker).postMessage(m);

self.onmessage = async (ev: MessageEvent<RunRequest>) => {
  const m = ev.data;
  if (m.json !== undefined) {
    const program = JSON.parse(m.json) as Program;
    // Should the module not load (a policy without blob: scripts), the scenario runs on the interpreter; the
    // reply says which engine ran it.
    cached = { version: m.version, program, compiled: loadCompiled(program).catch(() => {}) };
  }
  if (!cached || cached.version !== m.version) {
    post({ type: 'error', scenario: m.scenario, message: 'program missing', needProgram: true });
    return;
  }
  const t0 = performance.now();
  try {
    await cached.compiled;
    const r = runScenario(cached.program, m.scenario, m.seed);
    post({
      type: 'result',
      scenario: m.scenario,
      ok: r.ok,
      failure: r.failure,
      steps: r.steps,
      log: r.log,
      ms: performance.now() - t0,
      engine: r.game.engine,
    });
  } catch (e) {
    post({ type: 'error', scenario: m.scenario, message: e instanceof Error ? e.message : String(e) });
  }
};
