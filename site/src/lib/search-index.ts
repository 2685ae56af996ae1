// The offline search index: every page of the rulebook in both languages, as title + plain text (names, ids and
// generated texts). Built at build time (/search.json); the search page's island does substring matching on it,
// which works for Chinese without word segmentation.
import { LANGS, type Lang } from './rules.ts';
import {
  program,
  label,
  names,
  topics,
  topicTitle,
  topicDecls,
  windows,
  triggersOn,
  scenarios,
  scenarioTitle,
  decls,
} from './book.ts';
import { texts, type Text } from './texts.ts';

/** u: URL, l: language, k: kind (shown), t: title, x: text, p: rank among equal matches (0 first). */
export interface Entry {
  u: string;
  l: Lang;
  k: string;
  t: string;
  x: string;
  p: number;
}

const pick = (t: Text | undefined, lang: Lang) => (t ? (t[lang] ?? '') : '');
const both = (id: string) => [names().get(id)?.zh, names().get(id)?.en, id].filter(Boolean).join(' ');

export function searchIndex(): Entry[] {
  const p = program();
  const tx = texts();
  const out: Entry[] = [];
  for (const l of LANGS) {
    const t = (zh: string, en: string) => (l === 'zh' ? zh : en);
    for (const c of Object.values(p.cards)) {
      const skills = c.skills.map((s) => `${both(s)} ${pick(tx.skills[s], l)}`).join(' ');
      out.push({
        u: `/${l}/cards/${c.id}/`,
        l,
        k: t('卡牌', 'Card'),
        p: 0,
        t: label(c.id, l),
        x: [both(c.id), label(String(c.fields.type), l), pick(tx.cards[c.id], l), skills].join(' '),
      });
    }
    for (const g of Object.values(p.generals)) {
      const skills = g.skills.map((s) => `${both(s)} ${pick(tx.skills[s], l)}`).join(' ');
      out.push({
        u: `/${l}/generals/${g.id}/`,
        l,
        k: t('武将', 'General'),
        p: 0,
        t: label(g.id, l),
        x: [both(g.id), label(String(g.fields.kingdom), l), pick(tx.generals[g.id], l), skills].join(' '),
      });
    }
    for (const tp of topics) {
      const { main, related } = topicDecls(tp);
      let x = [...main, ...related]
        .map((r) => `${both(r.decl.names.id.name)} ${pick(tx.events[r.decl.names.id.name], l)}`)
        .join(' ');
      if (tp.id === 'identity')
        x +=
          ' ' +
          Object.keys(p.modes)
            .map((m) => `${both(m)} ${pick(tx.modes[m], l)}`)
            .join(' ') +
          ' ' +
          (p.enums.role ?? []).map(both).join(' ');
      if (tp.id === 'options')
        x +=
          ' ' +
          decls()
            .filter((r) => r.decl.kind === 'Option')
            .map((r) => both(r.decl.names.id.name))
            .join(' ');
      if (tp.id === 'distance')
        x +=
          ' ' +
          decls()
            .filter((r) => r.decl.kind === 'Hook')
            .map((r) => both(r.decl.names.id.name))
            .join(' ');
      out.push({ u: `/${l}/rules/${tp.id}/`, l, k: t('规则', 'Rules'), p: 0, t: topicTitle(tp, l), x });
    }
    for (const w of windows()) {
      out.push({
        u: `/${l}/timings/#w-${w.name}`,
        l,
        k: t('时机', 'Timing'),
        p: 1,
        t: w.name,
        x: [pick(tx.windows[w.name], l), ...triggersOn(w.name).map((h) => both(h.skill))].join(' '),
      });
    }
    for (const s of scenarios()) {
      out.push({
        u: `/${l}/scenarios/${s.id}/`,
        l,
        k: t('情景', 'Scenario'),
        p: 2,
        t: scenarioTitle(s, l),
        x: [s.ir.zh, s.ir.en, s.id].filter(Boolean).join(' '),
      });
    }
    out.push({
      u: `/${l}/language/`,
      l,
      k: t('语言', 'Language'),
      p: 1,
      t: t('规则语言', 'The rules language'),
      x: 'sgs skill card general event timing on viewAs modify filter scenario',
    });
  }
  return out;
}
