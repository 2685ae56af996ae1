// The offline search index: every page of the rulebook in both languages, as title + plain text (names, ids and
// generated texts), with the names the page is about and their pinyin. Built at build time (/search.json); the
// search island ranks it with search-rank.ts (substring matching, which works for Chinese without segmentation).
import { hintedValues } from '../../../runtime/index.ts';
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
import { pinyinKeys } from './pinyin.ts';
import type { Entry } from './search-rank.ts';

export type { Entry };

const pick = (t: Text | undefined, lang: Lang) => (t ? (t[lang] ?? '') : '');
const both = (id: string) => [names().get(id)?.zh, names().get(id)?.en, id].filter(Boolean).join(' ');
/** An id's names (Chinese, English, the id) as `n`/`y` or `a`/`ya` fields. */
const own = (ids: string[]) => ({
  n: ids.flatMap((id) => [names().get(id)?.zh, names().get(id)?.en, id]).filter((x): x is string => !!x),
  y: ids.flatMap((id) => pinyinKeys(names().get(id)?.zh)),
});
const described = (ids: string[]) => {
  const { n, y } = own(ids);
  return n.length ? { a: n, ya: y } : {};
};

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
        ...own([c.id]),
        ...described(c.skills.filter((s) => s !== c.id)),
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
        ...own([g.id]),
        ...described(g.skills),
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
          hintedValues(p, 'role').map(both).join(' ');
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
      out.push({
        u: `/${l}/rules/${tp.id}/`,
        l,
        k: t('规则', 'Rules'),
        p: 0,
        t: topicTitle(tp, l),
        x,
        n: [tp.zh, tp.en],
        y: pinyinKeys(tp.zh),
      });
    }
    for (const w of windows()) {
      out.push({
        u: `/${l}/timings/#w-${w.name}`,
        l,
        k: t('时机', 'Timing'),
        p: 1,
        t: w.name,
        x: [pick(tx.windows[w.name], l), ...triggersOn(w.name).map((h) => both(h.skill))].join(' '),
        n: [w.name],
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
        n: [s.ir.zh, s.ir.en, s.id].filter((x): x is string => !!x),
      });
    }
    out.push({
      u: `/${l}/language/`,
      l,
      k: t('语言', 'Language'),
      p: 1,
      t: t('规则语言', 'The rules language'),
      n: ['规则语言', 'The rules language'],
      y: pinyinKeys('规则语言'),
      x: 'sgs skill card general event timing on viewAs modify filter scenario',
    });
  }
  return out;
}
