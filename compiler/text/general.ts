import type * as A from '../ast/nodes.ts';
import type { Renderer } from './stmt.ts';
import { memberLabel, skillText } from './skill.ts';
import { capitalize, join, type Text } from './lang.ts';
import { Env, newBody } from './context.ts';

export function generalText(R: Renderer, d: A.GeneralDecl, skillOf: (id: string) => A.SkillDecl | undefined): Text {
  const env = new Env(newBody());
  const parts: Text[] = d.fields.map((f) => {
    const label = memberLabel(R, 'general', f.name.name, f.name);
    const v = R.expr(f.value, env);
    return { zh: `${label.zh}：${v.zh}`, en: `${capitalize(label.en)}: ${v.en}` };
  });
  const lines: Text[] = [R.sentence(join(parts, '；', '; '))];
  for (const s of d.skills) {
    const sd = skillOf(s.name);
    const sym = R.S.get(s.name);
    if (!sd || !sym) continue;
    const nm = R.names(sym, s);
    const txt = skillText(R, sd);
    lines.push({ zh: `【${nm.zh}】${txt.zh}`, en: `${nm.en}: ${txt.en}` });
  }
  return join(lines, '\n', '\n');
}
