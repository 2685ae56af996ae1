// The docs navigation: each section's sidebar (its pages in groups, in reading order) and the previous and next
// page of a page within it. Sections: cards (by type), generals (by kingdom), the rules (topics, then the
// timings and the language reference), scenarios (their index's groups). Pages outside these (the game, the
// playground, search) have no sidebar. Everything is read from the rules (book.ts); labels in both languages.
import { program, label, topics, topicTitle, scenarioTitle, type Lang, type ScenarioInfo } from './book.ts';
import { scenarioGroups, groupTitle, homeGroup, type ScenarioGroup } from './scenario-groups.ts';
import { modePages } from './modes.ts';
import { variantPages } from './variants.ts';

export interface NavItem {
  href: string;
  label: string;
}

export interface NavGroup {
  title: string;
  items: NavItem[];
}

export interface SectionNav {
  title: string;
  groups: NavGroup[];
}

/** The sidebar of the section a page belongs to (`path` after /zh or /en: `/cards/slash/`), or undefined. */
export function sectionNav(path: string, lang: Lang): SectionNav | undefined {
  switch (path.split('/')[1]) {
    case 'cards':
      return cardsNav(lang);
    case 'generals':
      return generalsNav(lang);
    case 'rules':
    case 'timings':
    case 'language':
      return rulesNav(lang);
    case 'scenarios':
      return scenariosNav(path, lang);
    default:
      return undefined;
  }
}

/** The pages before and after `href` in the sidebar's order (in-page anchors are not pages). */
export function neighbours(nav: SectionNav, href: string): { prev?: NavItem; next?: NavItem } {
  const pages = nav.groups.flatMap((g) => g.items).filter((i) => !i.href.includes('#'));
  const i = pages.findIndex((p) => p.href === href);
  if (i < 0) return {};
  return { prev: pages[i - 1], next: pages[i + 1] };
}

const t = (lang: Lang, zh: string, en: string) => (lang === 'zh' ? zh : en);

function cardsNav(lang: Lang): SectionNav {
  const p = program();
  const cards = Object.values(p.cards);
  const slots = p.enums.equipSlot ?? [];
  const bySlot = (c: (typeof cards)[number]) => {
    const i = slots.indexOf(String(c.fields.subtype));
    return i < 0 ? -1 : i;
  };
  const types = p.enums.cardType ?? [];
  const groups: NavGroup[] = [
    { title: t(lang, '卡牌', 'Cards'), items: [{ href: `/${lang}/cards/`, label: t(lang, '全部卡牌', 'All cards') }] },
  ];
  for (const ty of [...types, undefined]) {
    const of = cards
      .filter((c) => (ty === undefined ? !types.includes(String(c.fields.type)) : c.fields.type === ty))
      .map((c, i) => ({ c, i }))
      .sort((a, b) => bySlot(a.c) - bySlot(b.c) || a.i - b.i)
      .map((x) => x.c);
    if (!of.length) continue;
    groups.push({
      title: ty === undefined ? t(lang, '其他', 'Other') : label(ty, lang),
      items: of.map((c) => ({ href: `/${lang}/cards/${c.id}/`, label: label(c.id, lang) })),
    });
  }
  return { title: t(lang, '卡牌', 'Cards'), groups };
}

function generalsNav(lang: Lang): SectionNav {
  const p = program();
  const gens = Object.values(p.generals);
  const groups: NavGroup[] = [
    {
      title: t(lang, '武将', 'Generals'),
      items: [{ href: `/${lang}/generals/`, label: t(lang, '全部武将', 'All generals') }],
    },
  ];
  for (const k of p.enums.kingdom ?? []) {
    const of = gens.filter((g) => g.fields.kingdom === k);
    if (of.length)
      groups.push({
        title: label(k, lang),
        items: of.map((g) => ({ href: `/${lang}/generals/${g.id}/`, label: label(g.id, lang) })),
      });
  }
  return { title: t(lang, '武将', 'Generals'), groups };
}

function rulesNav(lang: Lang): SectionNav {
  const part = (x: 'procedures' | 'modes') =>
    topics
      .filter((tp) => tp.part === x)
      .map((tp) => ({ href: `/${lang}/rules/${tp.id}/`, label: topicTitle(tp, lang) }));
  return {
    title: t(lang, '规则', 'Rules'),
    groups: [
      { title: t(lang, '流程', 'Procedures'), items: part('procedures') },
      {
        title: t(lang, '模式与版本', 'Modes and editions'),
        // The identity game's topic, every other mode's page, then the editions and options.
        items: [
          ...part('modes').filter((x) => !x.href.endsWith('/options/')),
          ...modePages().map((m) => ({ href: `/${lang}/rules/modes/${m}/`, label: label(m, lang) })),
          ...part('modes').filter((x) => x.href.endsWith('/options/')),
        ],
      },
      {
        title: t(lang, '变体', 'Variants'),
        items: variantPages().map((o) => ({ href: `/${lang}/rules/variants/${o}/`, label: label(o, lang) })),
      },
      {
        title: t(lang, '参考', 'Reference'),
        items: [
          { href: `/${lang}/timings/`, label: t(lang, '时机', 'Timing windows') },
          { href: `/${lang}/language/`, label: t(lang, '规则语言', 'The rules language') },
        ],
      },
    ].filter((g) => g.items.length > 0),
  };
}

/** On the index: its groups as anchors. On a scenario's page: the scenarios of its home group (or of those in
 *  no group). */
function scenariosNav(path: string, lang: Lang): SectionNav {
  const index = `/${lang}/scenarios/`;
  const id = path.split('/')[2];
  const g = scenarioGroups();
  const title = t(lang, '情景', 'Scenarios');
  const top: NavGroup = { title, items: [{ href: index, label: t(lang, '全部情景', 'All scenarios') }] };
  const page = (s: ScenarioInfo) => ({ href: `/${lang}/scenarios/${s.id}/`, label: scenarioTitle(s, lang) });
  if (id) {
    const home = homeGroup(id);
    const group = home
      ? { title: groupTitle(home, lang), items: home.scenarios.map(page) }
      : { title: t(lang, '其他', 'Other'), items: g.other.map(page) };
    return { title, groups: [top, group] };
  }
  const anchors = (list: ScenarioGroup[]) =>
    list.map((x) => ({ href: `${index}#${x.anchor}`, label: groupTitle(x, lang) }));
  const other = g.other.length ? [{ href: `${index}#other`, label: t(lang, '其他', 'Other') }] : [];
  return {
    title,
    groups: [
      top,
      { title: t(lang, '按卡牌', 'By card'), items: anchors(g.cards) },
      { title: t(lang, '按武将', 'By general'), items: anchors(g.generals) },
      { title: t(lang, '按主题', 'By topic'), items: [...anchors(g.topics), ...other] },
    ].filter((x) => x.items.length),
  };
}
