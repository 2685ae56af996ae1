// Every scenario in rules/ is a test case: its id names the behaviour, a failure shows the first step where
// reality and expectation differ. Each runs on the compiled code (what the CLI and the site run) and on the
// interpreter, which must write the same log.
import { describe, expect, it } from 'vitest';
import { runScenario } from '../runtime/scenario.ts';
import { loadCompiled } from '../compiler/node/compiled.ts';
import { rulesProgram } from './helpers.ts';

const program = rulesProgram();
await loadCompiled(program);
const byFile = new Map<string, string[]>();
for (const s of Object.values(program.scenarios)) {
  const l = byFile.get(s.file) ?? [];
  l.push(s.id);
  byFile.set(s.file, l);
}

for (const [file, ids] of byFile) {
  describe(file, () => {
    for (const id of ids) {
      const s = program.scenarios[id]!;
      it(`${id}: ${s.en ?? s.zh ?? ''}`, () => {
        const r = runScenario(program, id, 1, 'compiled');
        if (!r.ok) {
          const f = r.failure!;
          expect.fail(`step ${f.step} (${f.at}): ${f.message}\n--- log ---\n${r.log.slice(-25).join('\n')}`);
        }
        const interpreted = runScenario(program, id, 1, 'resolved');
        expect(interpreted.ok).toBe(true);
        expect(interpreted.log).toEqual(r.log);
      });
    }
  });
}
