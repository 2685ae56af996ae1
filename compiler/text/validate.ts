// What a generated text must never be: empty, or showing the machinery — identifiers (Latin words in the Chinese
// text), braces of an unfilled placeholder, "undefined", "null", the `where` marker.
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
  // Latin words in the Chinese text are identifiers that escaped (single capitals such as X stand for a value).
  const latin = x.zh.match(/[A-Za-z_][A-Za-z0-9_]+/g)?.filter((w) => !/^(EX)$/.test(w));
  if (latin?.length) out.push(`zh: Latin words ${[...new Set(latin)].join(', ')}`);
  if (/\b[a-z]+[A-Z][a-zA-Z]+\b/.test(x.en)) out.push(`en: identifier ${x.en.match(/\b[a-z]+[A-Z][a-zA-Z]+\b/)![0]}`);
  return out;
}
