// What a generated text must never be: empty, or showing the machinery — identifiers (Latin words in the Chinese
// text), braces of an unfilled placeholder, "undefined", "null", the `where` marker, raw values (none / 无,
// true / false, 是 / 否 where a value stands).
import { MARKS, type Text } from './lang.ts';

/** The problems of one generated text (empty when it is fine). */
export function textProblems(x: Text): string[] {
  const out: string[] = [];
  for (const lang of ['zh', 'en'] as const) {
    const s = x[lang];
    if (!s?.trim()) out.push(`${lang}: empty`);
    if (/[{}]/.test(s)) out.push(`${lang}: unfilled placeholder ${s.match(/\{[^}]*\}?/)?.[0] ?? '{'}`);
    if (/\bundefined\b|\bnull\b|NaN/.test(s)) out.push(`${lang}: ${s.match(/\bundefined\b|\bnull\b|NaN/)![0]}`);
    if (MARKS.some((m) => s.includes(m))) out.push(`${lang}: an unresolved item marker`);
  }
  // Raw values: "let X be none", "is true", "from none"; 令X为无, 为是, 为否, （来源：无）.
  const rawEn = x.en.match(/\b(?:be|is|are|was|from|to|as|of|becomes) none\b|\b(?:true|false)\b/);
  if (rawEn) out.push(`en: raw value “${rawEn[0]}”`);
  const rawZh = x.zh.match(/为[无是否](?=[，。；、）」]|$)|：无(?=[）」，。]|$)/m);
  if (rawZh) out.push(`zh: raw value “${rawZh[0]}”`);
  // Latin words in the Chinese text are identifiers that escaped (single capitals such as X stand for a value).
  const latin = x.zh.match(/[A-Za-z_][A-Za-z0-9_]+/g)?.filter((w) => !/^(EX)$/.test(w));
  if (latin?.length) out.push(`zh: Latin words ${[...new Set(latin)].join(', ')}`);
  if (/\b[a-z]+[A-Z][a-zA-Z]+\b/.test(x.en)) out.push(`en: identifier ${x.en.match(/\b[a-z]+[A-Z][a-zA-Z]+\b/)![0]}`);
  return out;
}
