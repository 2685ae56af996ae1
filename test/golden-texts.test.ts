// The generated rule texts against what people have read and approved (test/golden/texts.txt, rewritten by
// `npm run golden`), and every text against the patterns known to read badly (compiler/text/style.ts).
import { describe, expect, it } from 'vitest';
import { compile } from '../compiler/index.ts';
import { loadSources } from '../compiler/node/load.ts';
import { generateTexts, type RuleTexts, type Text } from '../compiler/text/index.ts';
import { BAD_PATTERNS, styleProblems } from '../compiler/text/style.ts';
import { parseGolden, printGolden, readGolden, textOf } from './golden/golden.ts';

const texts = generateTexts(compile(loadSources(['rules'])));

/** Every text of the rules, labelled as a golden key would name it. */
function everyText(t: RuleTexts): [string, Text][] {
  const kinds = [
    ['card', 'cards'],
    ['skill', 'skills'],
    ['general', 'generals'],
    ['mode', 'modes'],
    ['event', 'events'],
  ] as const;
  const out: [string, Text][] = [];
  for (const [kind, k] of kinds) for (const [id, x] of Object.entries(t[k])) out.push([`${kind} ${id}`, x]);
  for (const [w, x] of Object.entries(t.windows)) out.push([`window ${w}`, x]);
  for (const v of t.variants)
    for (const [kind, k] of kinds)
      for (const [id, x] of Object.entries(v.texts[k])) out.push([`${kind} ${id} (${v.option} = ${v.value})`, x]);
  return out;
}

describe('golden rule texts', () => {
  const golden = readGolden();

  it('lists entities the rules have, each once', () => {
    const keys = golden.entries.map((e) => e.key);
    expect(keys.filter((k) => !textOf(texts, k))).toEqual([]);
    expect(new Set(keys).size).toBe(keys.length);
    expect(keys.length).toBeGreaterThanOrEqual(25);
  });

  it('are what the generator says now (after an improvement: npm run golden, then review the diff)', () => {
    const changed = golden.entries.flatMap((e) => {
      const t = textOf(texts, e.key);
      return t && (t.zh !== e.zh || t.en !== e.en) ? [`${e.key}\n  now zh: ${t.zh}\n  now en: ${t.en}`] : [];
    });
    expect(changed, 'run `npm run golden` and review git diff test/golden').toEqual([]);
  });

  it('keep multi-line texts through a print and a parse', () => {
    const g = { head: ['# a'], entries: [{ key: 'card x', zh: '一\n二', en: 'one\ntwo' }] };
    expect(parseGolden(printGolden(g))).toEqual(g);
  });
});

describe('patterns known to read badly', () => {
  it('are found where they are', () => {
    const bad: Text = {
      zh: '令使用的牌为使用的牌。若X不为黑色，结束循环。',
      en: 'Let the used card be the used card.',
    };
    expect(styleProblems(bad).map((p) => p.split(' — ')[0])).toEqual([
      'zh: let X be X',
      'en: let X be X',
      'zh: loop exit',
    ]);
    const good: Text = {
      zh: '你可以进行判定，若判定结果为红色，你获得此牌。',
      en: "At the start of a player's turn, you may draw a card.",
    };
    expect(styleProblems(good)).toEqual([]);
    const possessive: Text = { zh: '', en: "The player losing HP's HP decreases; the dying player's HP is 0." };
    expect(styleProblems(possessive).map((p) => p.split(' — ')[0])).toEqual(['en: possessive of a phrase']);
    expect(BAD_PATTERNS.length).toBeGreaterThanOrEqual(7);
  });

  it('appear in no text of the rules', () => {
    const bad = everyText(texts).flatMap(([label, x]) => styleProblems(x).map((p) => `${label}: ${p}`));
    expect(bad).toEqual([]);
  });
});
