// Build-time data for the scenario player and the game page (site/src/islands/): the compiled rules without the
// scenarios (one file shared by every page, /data/rules.json), one small file per scenario
// (/data/scenarios/<id>.json), and the source text of a scenario for its demo page.
import { rules } from './rules.ts';
import type { IScenario, Program } from '../../../runtime/index.ts';
import type { ScenarioDecl, SourceFile } from '../../../compiler/ast/nodes.ts';
import { tableWords, type Names, type Texts } from './table-words.ts';

export type { Names, Texts } from './table-words.ts';

export interface ClientRules {
  program: Program; // `scenarios` is empty: the player adds the one it plays
  names: Names;
  texts: Texts;
}

let cachedRules: ClientRules | undefined;

export function clientRules(): ClientRules {
  if (cachedRules) return cachedRules;
  const { program, result } = rules();
  const { names, texts } = tableWords(result.files as SourceFile[]);
  cachedRules = { program: { ...program, scenarios: {} }, names, texts };
  return cachedRules;
}

export function scenarioIds(): string[] {
  return Object.keys(rules().program.scenarios);
}

export function scenario(id: string): IScenario | undefined {
  return rules().program.scenarios[id];
}

/** The scenario's declaration in the AST (the IR keeps no span). */
export function scenarioDecl(id: string): ScenarioDecl | undefined {
  const s = scenario(id);
  const files = rules().result.files as SourceFile[];
  let hit: ScenarioDecl | undefined;
  for (const f of files) {
    for (const d of f.decls) {
      if (d.kind === 'Scenario' && d.names.id.name === id) {
        if (!s || f.file === s.file) return d;
        hit ??= d;
      }
    }
  }
  return hit;
}

/** A title in the page's language. */
export function scenarioTitle(s: IScenario, lang: 'zh' | 'en'): string {
  return (lang === 'zh' ? (s.zh ?? s.en) : (s.en ?? s.zh)) ?? s.id;
}
