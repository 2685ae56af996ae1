// Ranking for the offline search (the index is built by search-index.ts, the island in Search.astro calls
// `rank`). A page matches in the first of these ways that applies, best first:
//   0 its name is the query (Chinese, English or id; case, spaces and accents ignored)
//   1 the name of something the page describes is the query (a general's skill: 武圣 → 关羽)
//   2 its name starts with the query
//   3 the query is the pinyin, or the pinyin initials, of its Chinese name (or their beginning)
//   4 its name contains the query (a word of an English name: "sword")
//   5 a name the page describes starts with, contains or is spelt in pinyin by the query
//   6 every word of the query is in its title or text
// Ties keep pages before timings before scenarios (`p`), then the reader's language, then shorter titles.
// Plain code with no DOM or build-time imports: the browser runs it and the unit tests call it.

/** u: URL, l: language, k: kind (shown), t: title, x: text, p: rank among equal matches (0 first),
 *  n: the page's own names, y: their pinyin keys, a: other names it describes, ya: their pinyin keys. */
export interface Entry {
  u: string;
  l: 'zh' | 'en';
  k: string;
  t: string;
  x: string;
  p: number;
  n?: string[];
  y?: string[];
  a?: string[];
  ya?: string[];
}

export interface Hit {
  e: Entry;
  tier: number;
}

/** Lower case, accents dropped (Lü → lu). */
export const fold = (s: string) =>
  s
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '');

/** A name as a key: folded, without spaces and punctuation ("Guan Yu" → guanyu). */
export const nameKey = (s: string) => fold(s).replace(/[\s\p{P}\p{S}]/gu, '');

/** How a name list matches: 0 exact, 2 prefix, 4 contains; undefined when it does not. */
function nameTier(names: string[] | undefined, q: string): number | undefined {
  let best: number | undefined;
  for (const n of names ?? []) {
    const k = nameKey(n);
    const tier = k === q ? 0 : k.startsWith(q) ? 2 : k.includes(q) ? 4 : undefined;
    if (tier !== undefined && (best === undefined || tier < best)) best = tier;
  }
  return best;
}

const pinyinHit = (keys: string[] | undefined, q: string) => /^[a-z]+$/.test(q) && !!keys?.some((k) => k.startsWith(q));

/** The tier of one entry for a query, or undefined when it does not match. */
export function tierOf(e: Entry, query: string): number | undefined {
  const q = nameKey(query);
  if (!q) return undefined;
  const own = nameTier(e.n, q);
  if (own === 0) return 0;
  const described = nameTier(e.a, q);
  if (described === 0) return 1;
  if (own === 2) return 2;
  if (pinyinHit(e.y, q)) return 3;
  if (own !== undefined) return own;
  if (described !== undefined || pinyinHit(e.ya, q)) return 5;
  const terms = fold(query).split(/\s+/).filter(Boolean);
  const hay = fold(`${e.t} ${e.x} ${(e.n ?? []).join(' ')}`);
  return terms.every((w) => hay.includes(w)) ? 6 : undefined;
}

/** The entries matching `query`, best first; `lang` is the reader's language (only it, unless `both`). */
export function rank(entries: Entry[], query: string, lang: 'zh' | 'en', both = false): Hit[] {
  const hits: (Hit & { i: number })[] = [];
  entries.forEach((e, i) => {
    if (!both && e.l !== lang) return;
    const tier = tierOf(e, query);
    if (tier !== undefined) hits.push({ e, tier, i });
  });
  return hits
    .sort(
      (a, b) =>
        a.tier - b.tier ||
        a.e.p - b.e.p ||
        Number(a.e.l !== lang) - Number(b.e.l !== lang) ||
        a.e.t.length - b.e.t.length ||
        a.i - b.i,
    )
    .map(({ e, tier }) => ({ e, tier }));
}
