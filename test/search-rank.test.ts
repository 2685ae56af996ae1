// The rulebook's search ranking (site/src/lib/search-rank.ts) over the real index built from rules/
// (site/src/lib/search-index.ts): names first, then pinyin and its initials, then English names, then text.
import { describe, expect, it } from 'vitest';
import { searchIndex } from '../site/src/lib/search-index.ts';
import { pinyinKeys } from '../site/src/lib/pinyin.ts';
import { rank, tierOf, type Entry } from '../site/src/lib/search-rank.ts';

const index = searchIndex();
const first = (q: string, lang: 'zh' | 'en') => rank(index, q, lang)[0]?.e;

describe('search ranking', () => {
  it('pinyin keys are computed at build time: full spelling, ü as v and u, initials', () => {
    expect(pinyinKeys('无懈可击')).toEqual(['wuxiekeji', 'wxkj']);
    expect(pinyinKeys('吕布')).toEqual(['lvbu', 'lubu', 'lb']);
    expect(pinyinKeys('Nullification')).toEqual([]);
  });

  it('finds 无懈可击 first from its pinyin, its initials, its English name and its beginning', () => {
    for (const lang of ['zh', 'en'] as const) {
      for (const q of ['wuxie', 'wuxiekeji', 'wxkj', 'nullification', 'Nullification', '无懈', '无懈可击']) {
        expect(first(q, lang)?.u, `${q} (${lang})`).toBe(`/${lang}/cards/nullification/`);
      }
    }
  });

  it('finds 关羽 first from guanyu, "Guan Yu" and 关羽', () => {
    for (const q of ['guanyu', 'Guan Yu', 'guan yu', '关羽', 'gy']) {
      expect(first(q, 'zh')?.u, q).toBe('/zh/generals/guanyu/');
    }
    expect(first('Guan Yu', 'en')?.u).toBe('/en/generals/guanyu/');
  });

  it('a skill name finds the general who has it before pages that only mention it', () => {
    expect(first('武圣', 'zh')?.u).toBe('/zh/generals/guanyu/');
    expect(first('wusheng', 'en')?.u).toBe('/en/generals/guanyu/');
  });

  it('ranks exact name > a described name > name prefix > pinyin > a word of a name > text', () => {
    const e: Entry = {
      u: '/zh/x/',
      l: 'zh',
      k: '',
      t: '无懈可击',
      x: '抵消一张锦囊牌',
      p: 0,
      n: ['无懈可击', 'Nullification', 'nullification'],
      y: ['wuxiekeji', 'wxkj'],
    };
    expect(tierOf(e, '无懈可击')).toBe(0);
    expect(tierOf({ ...e, a: ['抵消'] }, '抵消')).toBe(1);
    expect(tierOf(e, '无懈')).toBe(2);
    expect(tierOf(e, 'wxkj')).toBe(3);
    expect(tierOf(e, 'ification')).toBe(4);
    expect(tierOf({ ...e, a: ['抵消锦囊'] }, '抵消')).toBe(5);
    expect(tierOf(e, '锦囊')).toBe(6);
    expect(tierOf(e, '杀')).toBeUndefined();
    const other = { ...e, u: '/zh/y/', t: '无懈可击的情景', n: ['无懈可击的情景'], y: [], p: 2 };
    const text = { ...e, u: '/zh/z/', t: '别的', n: ['别的'], y: [], x: '无懈可击' };
    expect(rank([text, other, e], '无懈', 'zh').map((h) => h.e.u)).toEqual(['/zh/x/', '/zh/y/', '/zh/z/']);
  });

  it('searches only the reader’s language unless asked for both', () => {
    expect(rank(index, 'wuxie', 'zh').every((h) => h.e.l === 'zh')).toBe(true);
    const both = rank(index, 'wuxie', 'zh', true).map((h) => h.e.u);
    expect(both.slice(0, 2)).toEqual(['/zh/cards/nullification/', '/en/cards/nullification/']);
  });
});
