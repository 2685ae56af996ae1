// Patterns known to read badly in a generated rule text: not wrong (validate.ts catches what is wrong), but how a
// machine words a procedure and a rulebook never would. Each pattern names itself and says why, so that a failing
// check tells the reader of the test what to fix in the generator or the phrasebook, not only where.
import type { Text } from './lang.ts';

interface Pattern {
  name: string;
  why: string;
  zh?: RegExp;
  en?: RegExp;
}

export const BAD_PATTERNS: readonly Pattern[] = [
  {
    name: 'let X be X',
    why: 'a value named by itself says nothing: word what it stands for, or nothing',
    zh: /令([^，。；为]{1,16})为\1(?=[，。；（]|$)/,
    en: /\blet ([\w ]{1,40}) be \1\b/i,
  },
  {
    name: 'loop exit',
    why: 'a loop reads as "repeat … until …" or "may repeat this", not as the steps that leave it',
    zh: /结束循环/,
    en: /\bstop repeating\b/i,
  },
  {
    name: 'raw none',
    why: 'no value is a missing thing ("has no …", "nobody"), never the word none',
    zh: /(?:为|是)无(?=[。，；）]|$)/,
    en: /\b(?:is|be|to|from) none\b/i,
  },
  {
    name: 'result is',
    why: 'a procedure says what it yields in players\' words, not "the result is"',
    zh: /(?:^|[。，；：])结果为/, // not 判定结果为红色, which is how a rulebook says it
    en: /\bthe result is\b/i,
  },
  {
    name: 'then-chain',
    why: 'three or more "then"s in one sentence: use sentences and semicolons as a rulebook does',
    en: /(?:\bthen\b[^.;]*){3,}/i,
  },
  {
    name: 'possessive of a phrase',
    why: '"the source of the damage\'s hand", "the player losing HP\'s HP": say "the hand of …" or use a pronoun',
    // A possessor that is a phrase: a noun and its participle ("player losing HP's"; "the dying player's" is
    // fine) or a thing after "of" ("of the damage's").
    en: /\b(?:(?:player|target|card|source) \w+ing(?: \w+){0,3}|of (?:the |a |this )?(?:damage|judgement|use|card|effect))'s\b/,
  },
  {
    name: 'other than you',
    why: 'a target "other than you" of your own card: drop it or say what the rule excludes',
    zh: /不为你的目标角色/,
    en: /\btarget other than you\b/i,
  },
];

/** The bad patterns one text shows, as "lang: name (why)". */
export function styleProblems(x: Text): string[] {
  const out: string[] = [];
  for (const p of BAD_PATTERNS)
    for (const lang of ['zh', 'en'] as const) {
      const re = p[lang];
      const m = re && x[lang].match(re);
      if (m) out.push(`${lang}: ${p.name} — «${m[0]}» (${p.why})`);
    }
  return out;
}
