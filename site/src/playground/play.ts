// "Play": the scenario player of the rulebook (site/src/islands/table.ts, the same table <sgs-scenario> uses),
// mounted on the author's compiled program instead of /data/rules.json. Loaded only when asked for.
import css from '../islands/player.css?inline';
import type { Program } from '../../../runtime/index.ts';
import type { Names, Texts } from '../lib/table-words.ts';

export async function play(
  host: HTMLElement,
  lang: 'zh' | 'en',
  programJson: string,
  words: { names: Names; texts: Texts },
  scenario: string,
): Promise<void> {
  const { mountScenario } = await import('../islands/table.ts');
  if (!document.getElementById('sgs-style')) {
    const s = document.createElement('style');
    s.id = 'sgs-style';
    s.textContent = css;
    document.head.appendChild(s);
  }
  const program = JSON.parse(programJson) as Program;
  const scen = program.scenarios[scenario];
  if (!scen) throw new Error(`no scenario named ${scenario}`);
  host.replaceChildren();
  mountScenario(host, lang, { program: { ...program, scenarios: {} }, ...words }, scen);
}
