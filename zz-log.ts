import { compile } from './compiler/index.ts';
import { loadSources } from './compiler/node/load.ts';
import { runScenario } from './runtime/scenario.ts';
const r = compile(loadSources(['rules']));
const res = runScenario(r.program!, process.argv[2]!);
console.log(res.log.slice(-Number(process.argv[3] ?? 40)).join('\n'));
