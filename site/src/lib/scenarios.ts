// Build-time data for the scenario player and the game page (site/src/islands/): the compiled rules without the
// scenarios (one file shared by every page, /data/rules.json), one small file per scenario
// (/data/scenarios/<id>.json), and the source text of a scenario for its demo page.
import { rules } from './rules.ts';
import type { IScenario, Program } from '../../../runtime/index.ts';
import type { ScenarioDecl, SourceFile } from '../../../compiler/ast/nodes.ts';

/** zh/en names of ids the IR keeps without names: enum members (phases, roles, suits…), zones, properties,
 *  options and modes. Cards, generals and skills carry their names in the Program itself. */
export type Names = Record<string, [string, string]>;

export interface ClientRules {
  program: Program; // `scenarios` is empty: the player adds the one it plays
  names: Names;
}

let cachedRules: ClientRules | undefined;

export function clientRules(): ClientRules {
  if (cachedRules) return cachedRules;
  const { program, result } = rules();
  const names: Names = {};
  const add = (n: { id: { name: string }; zh?: { name: string }; en?: string } | undefined) => {
    if (!n || names[n.id.name]) return;
    const zh = n.zh?.name,
      en = n.en;
    if (zh || en) names[n.id.name] = [zh ?? en ?? n.id.name, en ?? zh ?? n.id.name];
  };
  for (const f of result.files as SourceFile[]) {
    for (const d of f.decls) {
      switch (d.kind) {
        case 'Enum':
          for (const m of d.members) add(m.names);
          break;
        case 'Option':
          add(d.names);
          for (const m of d.members ?? []) add(m.names);
          break;
        case 'Zone':
        case 'Property':
        case 'Mode':
          add(d.names);
          break;
      }
    }
  }
  cachedRules = { program: { ...program, scenarios: {} }, names };
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
