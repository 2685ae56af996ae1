import type * as A from '../ast/nodes.ts';
import type { Renderer } from './stmt.ts';
import { memberLabel } from './skill.ts';
import { section } from './section.ts';
import { capitalize, join, series, type Text } from './lang.ts';
import { Env, newBody, type Val } from './context.ts';

export function modeText(R: Renderer, d: A.ModeDecl): Text {
  const env = new Env(newBody());
  const self: Val = { zh: d.names.zh?.name ?? '', en: d.names.en ?? '' };
  const parts: Text[] = [];
  for (const f of d.fields) {
    const label = memberLabel(R, 'mode', f.name.name, f.name);
    if (label.zh === '' && label.en === '') continue; // a field the phrasebook chose not to mention
    const v = optionNames(R, f.value) ?? R.expr(f.value, env);
    parts.push({ zh: `${label.zh}：${v.zh}`, en: `${capitalize(label.en)}: ${v.en}` });
  }
  const lines: Text[] = [R.sentence(join(parts, '；', '; '))];
  for (const m of d.methods) lines.push(R.sentence(section(R, 'mode', m, self)));
  return join(lines, '\n', '\n');
}

/** A field that lists options (`alsoTakes`) names them; an expression would read a yes/no option as a condition. */
function optionNames(R: Renderer, e: A.Expr): Text | undefined {
  const items = e.kind === 'List' ? e.items : [e];
  const names: Text[] = [];
  for (const x of items) {
    if (x.kind !== 'Name' || R.S.get(x.name)?.kind !== 'option') return undefined;
    const d = R.S.get(x.name)!.decl as A.OptionDecl;
    names.push({ zh: `「${d.names.zh?.name ?? x.name}」`, en: `“${d.names.en ?? x.name}”` });
  }
  return series(names, 'and');
}
