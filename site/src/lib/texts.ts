// The generated rule texts (compiler/text: generateTexts). Every rule text on the site comes from here; none is
// written by hand in site/.
import { rules, type Lang } from './rules.ts';
import { generateTexts, type RuleTexts, type EntityTexts, type Text } from '../../../compiler/text/index.ts';

export type { RuleTexts, Text };

let cached: RuleTexts | undefined;

export function texts(): RuleTexts {
  cached ??= generateTexts(rules().result);
  return cached;
}

/** The generated texts of the entities the variants `variant option == value { … }` declare (one edition may
 *  be several variant blocks, in several files). */
export function variantTexts(option: string, value: string): EntityTexts {
  const out: EntityTexts = { cards: {}, skills: {}, generals: {}, modes: {}, events: {} };
  for (const v of texts().variants) {
    if (v.option !== option || String(v.value) !== value) continue;
    for (const k of Object.keys(out) as (keyof EntityTexts)[]) Object.assign(out[k], v.texts[k]);
  }
  return out;
}

/** The text of one entry in one language, or undefined when the generator has none. */
export function textOf(t: Text | undefined, lang: Lang): string | undefined {
  if (!t) return undefined;
  return t[lang] || undefined;
}
