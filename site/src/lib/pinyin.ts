// Pinyin keys of a Chinese name, computed at build time (pinyin-pro runs only in the site build, never in the
// browser): the full spelling without tones and the initials, so that `wuxie`, `wuxiekeji` and `wxkj` all find
// 无懈可击. ü is spelt both `v` (as on a keyboard) and `u` (as in the English names: Lü Bu → lubu).
import { pinyin } from 'pinyin-pro';

const HAN = /\p{Script=Han}/u;

/** Lower-case ASCII keys for `zh` (none when it has no Chinese characters). */
export function pinyinKeys(zh: string | undefined): string[] {
  if (!zh || !HAN.test(zh)) return [];
  const syllables = pinyin(zh, { toneType: 'none', type: 'array', v: true }).map(ascii);
  const full = syllables.join('');
  const initials = syllables.map((s) => s[0] ?? '').join('');
  return [...new Set([full, full.replace(/v/g, 'u'), initials])].filter(Boolean);
}

const ascii = (s: string) => s.toLowerCase().replace(/[^a-z0-9]/g, '');
