// Card kinds → text: the fields (type, subtype, range, how it targets …) each with its label, the skills the card
// grants where it grants them, then each method under the phrase that introduces it (use condition, targets,
// effect, judgement …).
import type * as A from '../ast/nodes.ts';
import type { Renderer } from './stmt.ts';
import { memberLabel, skillText } from './skill.ts';
import { section } from './section.ts';
import { capitalize, join, series, type Text } from './lang.ts';
import type { Val } from './context.ts';
import { Env, newBody } from './context.ts';

export function cardText(R: Renderer, d: A.CardDecl): Text {
  const nm = { zh: d.names.zh?.name ?? '', en: d.names.en ?? '' };
  const self: Val = { zh: `【${nm.zh}】`, en: nm.en, ty: { base: 'card' } };
  const env = new Env(newBody());
  const parts: Text[] = [];
  for (const f of d.fields) {
    // AI hints (aiUse, aiTarget, …) say how to play the card, not what it does: the rulebook leaves them out.
    if (/^ai[A-Z]/.test(f.name.name)) continue;
    const v = R.expr(f.value, env);
    if (v.ty?.base === 'bool' && f.value.kind === 'Bool') {
      // A flag: its member phrase says what it means for this card.
      if (!f.value.value) continue;
      const ph =
        R.book.find(`card.${f.name.name}`, () => false, true) ?? R.book.find(`card.${f.name.name}`, () => false, false);
      if (!ph) {
        parts.push(
          R.miss(
            `card.${f.name.name}`,
            f.name.span,
            `phrase card.${f.name.name}(c) "…" "…"   # the flag ${f.name.name} of a card`,
          ),
        );
        continue;
      }
      const p = ph.params[0];
      const text = R.fill(ph.text, (n) => (n === p ? { zh: '此牌', en: 'this card' } : undefined));
      parts.push(text);
      continue;
    }
    const label = memberLabel(R, 'card', f.name.name, f.name.span);
    parts.push({ zh: `${label.zh}：${v.zh}`, en: `${capitalize(label.en)}: ${v.en}` });
  }
  const lines: Text[] = [];
  // A kind of another kind (火杀 is a 杀): what it is, then only what it declares differently.
  const parent = d.parent ? R.S.get(d.parent.name) : undefined;
  if (d.parent && parent?.kind === 'card') {
    const pn = R.names(parent, d.parent.span);
    const differs = parts.length > 0 || d.methods.length > 0 || d.skills.length > 0;
    lines.push(
      R.sentence(
        differs
          ? {
              zh: `此牌为一种【${pn.zh}】，除以下所述外与【${pn.zh}】相同`,
              en: `A kind of ${pn.en}: the same as a ${pn.en} except as follows`,
            }
          : { zh: `此牌为一种【${pn.zh}】`, en: `A kind of ${pn.en}` },
      ),
    );
  }
  if (parts.length > 0 || !d.parent) lines.push(R.sentence(join(parts, '；', '; ')));
  if (d.skills.length) {
    const zones = [...R.S.ofKind('zone').filter((s) => (s.decl as A.ZoneDecl).grants)].map((s) => R.names(s, d.span));
    const where = series(zones, 'or');
    for (const s of d.skills) {
      const sym = R.S.get(s.name);
      if (sym?.kind !== 'skill') continue;
      const sd = sym.decl as A.SkillDecl;
      const txt = skillText(R, sd);
      const sn = R.names(sym, s.span);
      lines.push({
        zh: `此牌在${where.zh}中时，其拥有者拥有技能【${sn.zh}】：${txt.zh}`,
        en: `While this card is in an ${where.en.toLowerCase()}, its owner has the skill “${sn.en}”: ${txt.en}`,
      });
    }
  }
  // In its own methods the card's fields are known: `e.card.nature` of a 杀 is normal, and reads as such.
  const own = new Map<string, string>();
  for (const f of d.fields) {
    const id = f.value.kind === 'Name' ? R.S.get(f.value.name)?.id : undefined;
    if (id) own.set(f.name.name, id);
  }
  for (const m of d.methods) lines.push(R.sentence(section(R, 'card', m, self, own)));
  return join(lines, '\n', '\n');
}
