// Bilingual text: every piece of generated wording is a pair {zh, en} built side by side, so both languages
// describe the same rule from the same walk of the AST. This file holds the language-specific glue: lists,
// relative clauses, negation, agreement after "you", numerals, punctuation.

export type Lang = 'zh' | 'en';
export const LANGS: Lang[] = ['zh', 'en'];

export interface Text {
  zh: string;
  en: string;
}

export function t(zh: string, en: string): Text {
  return { zh, en };
}

export const EMPTY: Text = { zh: '', en: '' };

export function isEmpty(x: Text): boolean {
  return x.zh === '' && x.en === '';
}

export function mapText(x: Text, f: (s: string, lang: Lang) => string): Text {
  return { zh: f(x.zh, 'zh'), en: f(x.en, 'en') };
}

/** Join non-empty parts with a separator per language. */
export function join(parts: Text[], zhSep: string, enSep: string): Text {
  const ps = parts.filter((p) => !isEmpty(p));
  return {
    zh: ps
      .map((p) => p.zh)
      .filter(Boolean)
      .join(zhSep),
    en: ps
      .map((p) => p.en)
      .filter(Boolean)
      .join(enSep),
  };
}

/** `a、b和c` / `a, b and c` (or `或` / `or`). */
export function series(parts: Text[], conj: 'and' | 'or'): Text {
  const ps = parts.filter((p) => !isEmpty(p));
  const one = (xs: string[], last: string, sep: string) =>
    xs.length <= 1 ? (xs[0] ?? '') : xs.slice(0, -1).join(sep) + last + xs[xs.length - 1];
  return {
    zh: one(
      ps.map((p) => p.zh),
      conj === 'and' ? '和' : '或',
      '、',
    ),
    en: one(
      ps.map((p) => p.en),
      conj === 'and' ? ' and ' : ' or ',
      ', ',
    ),
  };
}

// ---------------------------------------------------------------- the item of `where` (relative clauses)

/** Stand for the item (`it`, or the parameter a clause is about) while a condition is worded; `relative` then
 *  turns the sentence into a relative clause. Nested `where`s use the next mark, so each level resolves its own. */
export const MARKS = ['\u25c7', '\u25c6', '\u25c8', '\u25ce', '\u25cf', '\u25cb', '\u25a1', '\u25a0']; // ◇ ◆ ◈ ◎ ● ○ □ ■
export const IT = MARKS[0]!;

function esc(m: string): string {
  return m.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** zh: "◇的花色为红桃" → "花色为红桃"; "◇已受伤且◇为男性" → "已受伤且男性"; "你可以对◇使用【杀】" → "你可以对其使用【杀】". */
function relativeZh(s: string, mark: string): string {
  const m = esc(mark);
  let out = s;
  // At the start of the clause or of a conjunct the item is the subject: drop it ("◇为红色" → "红色").
  out = out.replace(new RegExp(`(^|且|或|（|，)(有|没有)${m}的`, 'g'), '$1$2');
  out = out.replace(new RegExp(`(^|且|或|（|，)${m}的`, 'g'), '$1');
  out = out.replace(new RegExp(`(^|且|或|（|，)${m}为(?!止)`, 'g'), '$1');
  out = out.replace(new RegExp(`(^|且|或|（|，)${m}`, 'g'), '$1');
  out = out.replace(new RegExp(`${m}的`, 'g'), '其');
  out = out.replace(new RegExp(m, 'g'), '其');
  return out;
}

const PLURAL_VERB: Record<string, string> = {
  is: 'are',
  has: 'have',
  does: 'do',
  was: 'were',
  "isn't": "aren't",
  "doesn't": "don't",
};

function pluralVerb(w: string): string {
  if (PLURAL_VERB[w]) return PLURAL_VERB[w]!;
  return baseVerb(w);
}

/** en: "◇'s suit is Heart" → "whose suit is Heart"; "◇ is wounded and ◇ is male" → "that are wounded and are male";
 *  an item elsewhere → "such that … it …". `plural`: the noun the clause qualifies is plural. */
function relativeEn(s0: string, plural: boolean, mark: string): string {
  const m = esc(mark);
  // The item's own things after it is the subject: "◇ has no Indulgence in ◇'s judge area" → "… in their judge area".
  const s = new RegExp(`^${m} `).test(s0) ? s0.replace(new RegExp(`(?<=.)${m}'s`, 'g'), 'their') : s0;
  const lead = new RegExp(`(^|\\band |\\bor |\\()${m}('s)?`, 'g');
  const subjectOnly = !s.replace(lead, '$1').includes(mark);
  if (subjectOnly) {
    let prev: 'none' | 'whose' | 'that' = 'none';
    return s.replace(
      new RegExp(`(^|\\band |\\bor |\\()${m}('s)? ?(\\S*)`, 'g'),
      (_m, pre: string, poss: string | undefined, word: string) => {
        // "whose suit is Heart and that are wounded": a new relative word when the kind of clause changes.
        const rel = poss ? 'whose ' : prev === 'that' ? '' : 'that ';
        prev = poss ? 'whose' : 'that';
        if (poss) return `${pre}${rel}${word}`;
        return `${pre}${rel}${plural ? pluralVerb(word) : word}`;
      },
    );
  }
  // The item only as the object at the end: "you can use a Slash on ◇" → "that you can use a Slash on".
  const parts = s.split(mark);
  if (parts.length === 2 && parts[1] === '' && / $/.test(parts[0]!) && !/'s $/.test(parts[0]!))
    return 'that ' + parts[0]!.trimEnd();
  // Conjuncts each of one of these shapes: one relative clause each ("that is not the target and that the target
  // can use a Slash on").
  const conj = s.split(' and ');
  if (conj.length > 1 && conj.every((c) => c.includes(mark))) {
    const rels = conj.map((c) => relativeEn(c, plural, mark));
    if (rels.every((r) => !r.startsWith('such that'))) return rels.join(' and ');
  }
  return 'such that ' + s.replace(new RegExp(`${m}'s`, 'g'), 'its').replace(new RegExp(m, 'g'), 'it');
}

/** en: a noun with its relative clause, folded where English has a shorter way: "a card that is a Slash" → "a
 *  Slash", "a card that is a Slash or is a Duel" → "a Slash or a Duel", "a card that is red" → "a red card",
 *  "the target that is not you" → "the target other than you". */
export function nounWithClause(noun: string, rel: string): string {
  if (!rel) return noun;
  const kinds = /^that is (an? [A-Z](?:(?! and | or )[\w' -])*)((?: or is an? [A-Z](?:(?! and | or )[\w' -])*)*)$/.exec(
    rel,
  );
  if (kinds && /^(an? |the )?(card|cards)$/.test(noun))
    return [kinds[1]!, ...kinds[2]!.split(' or is ').filter(Boolean)].join(' or ');
  // "a card that is a Slash without a nature, a Savage Assault or an Archery Attack": the list names the cards.
  const list = /^that is (an? [A-Z].*)$/.exec(rel);
  if (
    list &&
    /^(an? |the )?(card|cards)$/.test(noun) &&
    !/ and /.test(list[1]!) &&
    list[1]!.split(/, | or /).every((x) => /^an? [A-Z]/.test(x))
  )
    return list[1]!;
  const kindAnd = /^that is (an? [A-Z][\w' -]*?) and (.+)$/.exec(rel);
  const colour = kindAnd && /^(?:is|are) (red|black)$/.exec(kindAnd[2]!);
  if (kindAnd && colour && /^(an? |the )?(card|cards)$/.test(noun))
    return kindAnd[1]!.replace(/^an? /, `a ${colour[1]} `);
  if (kindAnd && /^(an? |the )?(card|cards)$/.test(noun))
    return /^whose /.test(kindAnd[2]!) ? `${kindAnd[1]} ${kindAnd[2]}` : `${kindAnd[1]} that ${kindAnd[2]}`;
  const adj = /^that (?:is|are) (red|black)$/.exec(rel);
  if (adj)
    return noun.replace(/^(an? |the )?/, (a) => (a.trim() === 'a' || a.trim() === 'an' ? 'a ' : a) + adj[1] + ' ');
  // "whose suit is that card's suit" → "of the same suit as that card".
  const same = /^whose (suit|colour|rank) is (.+)'s \1$/.exec(rel);
  if (same) return `${noun} of the same ${same[1]} as ${same[2]}`;
  const suit = /^whose suit is (\w+)$/.exec(rel);
  if (suit && /^(an? )?cards?$/.test(noun))
    return noun.replace(
      /^(an? )?(cards?)$/,
      (_m, a: string | undefined, c: string) => `${a ? (/^[AEIOU]/.test(suit[1]!) ? 'an ' : 'a ') : ''}${suit[1]} ${c}`,
    );
  // "2 cards that are of one suit" → "2 cards of one suit".
  const of = /^that (?:is|are) (of .+)$/.exec(rel);
  if (of && /\bcards?$/.test(noun)) return `${noun} ${of[1]}`;
  const other = /^that (?:is|are) not (you|(?:the|that) [a-z][\w ]*?)(?: and (that .+))?$/.exec(rel);
  if (other) return `${noun} other than ${other[1]}${other[2] ? ` ${other[2]}` : ''}`;
  const person = /\bplayers?$/.test(noun);
  // "another player that is within your attack range" → "another player within your attack range"; what follows
  // about the player reads "who has …".
  const within = /^that (?:is|are) (within .+?)(?: and ((?:is|are|has|have|can|could) .+))?$/.exec(rel);
  if (within && person) return `${noun} ${within[1]}${within[2] ? ` who ${within[2]}` : ''}`;
  // A player is "who", not "that": "another player who has a weapon".
  if (person && /^that (is|are|has|have|can|could|may|does|do)\b/.test(rel))
    return `${noun} ${rel.replace(/^that/, 'who')}`;
  return `${noun} ${rel}`;
}

/** The condition of a `where` (or about a parameter), worded as a relative clause about the item `mark`. */
export function relative(cond: Text, plural: boolean, mark: string = IT): Text {
  return { zh: relativeZh(cond.zh, mark), en: relativeEn(cond.en, plural, mark) };
}

/** Insert a zh relative clause into a noun phrase: after its last "的" ("你的" + "红色的" + "手牌"). */
export function qualifyZh(noun: string, rel: string): string {
  if (rel === '') return noun;
  const i = noun.lastIndexOf('的');
  if (i >= 0 && i < noun.length - 1 && !noun.includes('中'))
    return noun.slice(0, i + 1) + rel + '的' + noun.slice(i + 1);
  return rel + '的' + noun;
}

// ---------------------------------------------------------------- English possessives

/** Whether an English owner is too long for "'s": "the source of the damage's hand" reads "the hand of the source of
 *  the damage" (three words or more after "the"; "the damaged player's hand" stays). */
export function longOwner(owner: string): boolean {
  return /^the \S+ \S+ \S+/.test(owner);
}

/** en: "your hand", "the target's hand", "the hand of the source of the damage". */
export function possessive(owner: string, noun: string): string {
  if (/^you$/i.test(owner)) return `${owner.charAt(0) === 'Y' ? 'Your' : 'your'} ${noun}`;
  if (longOwner(owner)) return `the ${noun} of ${owner}`;
  return `${owner}'s ${noun}`;
}

/** en: the noun a possessive takes at the start of `rest` ("'s hand or equipment area (a hand card…)" → "hand or
 *  equipment area"): up to three words before a verb, a preposition, a conjunction or punctuation; none when the noun
 *  runs longer (its end is not clear). */
export function possessedNoun(rest: string): string | undefined {
  const zone = /^(hand (?:or|and) equipment area)\b/.exec(rest);
  if (zone) return zone[1];
  const words: string[] = [];
  let r = rest;
  for (let m = /^ ?([A-Za-z+][\w-]*)/.exec(r); m; m = /^ ?([A-Za-z+][\w-]*)/.exec(r)) {
    if (POSS_STOP.has(m[1]!)) break;
    words.push(m[1]!);
    r = r.slice(m[0].length);
  }
  if (words.length === 0 || words.length > 3) return undefined;
  return words.join(' ');
}

const POSS_STOP = new Set(
  (
    'is are was were has have takes take begins begin opens ends becomes become decreases increases applies does do ' +
    'can cannot may must in on to into from with at of by than and or then if that which who whose when as exactly ' +
    'plus minus is'
  ).split(' '),
);

// ---------------------------------------------------------------- English verbs

/** "draws" → "draw", "passes" → "pass", "carries" → "carry", "is" → "are" (after "you"). */
export function baseVerb(w: string): string {
  const special: Record<string, string> = {
    is: 'are',
    has: 'have',
    does: 'do',
    was: 'were',
    "isn't": "aren't",
    "doesn't": "don't",
    "hasn't": "haven't",
  };
  if (special[w]) return special[w]!;
  if (!/^[a-z]+$/.test(w) || w.length <= 3) return w;
  if (w.endsWith('ss') || w.endsWith('us')) return w;
  if (w.endsWith('ies')) return w.length <= 5 ? w.slice(0, -1) : w.slice(0, -3) + 'y';
  if (/(ss|sh|ch|x|z|o)es$/.test(w)) return w.slice(0, -2);
  if (w.endsWith('s')) return w.slice(0, -1);
  return w;
}

const NOT_VERBS = new Set([
  'as',
  'his',
  'this',
  'its',
  'plus',
  'thus',
  'always',
  'yourself',
  'unless',
  'whose',
  'less',
]);

/** "you lose 1 HP or discards …": the second verb of a pair after "you" agrees too. */
export function agreePair(s: string): string {
  return s.replace(
    /\b([Yy]ou) ([a-z]+)((?: [\w-]+){1,4}) (or|and) (discards|draws|loses|gains|takes|gives|plays|uses|chooses|recovers)\b/g,
    (_m, y: string, v: string, mid: string, c: string, w: string) => `${y} ${v}${mid} ${c} ${baseVerb(w)}`,
  );
}

/** English agreement and small fixes: "you draws" → "you draw", "you's" → "your", "it's" → "its", "a Eight" → "an Eight". */
export function fixEnglish(s: string): string {
  let out = s;
  out = out.replace(/\b([Yy])ou's\b/g, '$1our');
  out = out.replace(/\bthe number of the\b/g, 'the number of');
  // "you" never takes a third-person verb, wherever it stands.
  // "you" as the subject (not "used by you has …") never takes a third-person verb.
  out = out.replace(
    /(^|[^\w ] ?|\b(?!by |to |on |for |with |than |from |at |against |of )\w+ )([Yy]ou) (has|is|does|was)\b/g,
    (_m, pre: string, y: string, v: string) =>
      `${pre}${y} ${({ has: 'have', is: 'are', does: 'do', was: 'were' } as Record<string, string>)[v]}`,
  );
  out = out.replace(/\b([Ii])t's\b/g, '$1ts');
  // A phase named in running text is a common noun: "your finish phase", "skip the play phase" (its name, "Play
  // phase", is a label).
  out = out.replace(/(\S+ )\b([A-Z][a-z]+) (phases?)\b/g, (m, prev: string, w: string, ph: string) => {
    if (/[.:;!?]\s$/.test(prev)) return m;
    const det = /^(?:\W*(?:your|their|its|the|this|that|each|every|no|a|an|his|her|my|our)\s|.*'s\s)$/i.test(prev);
    return `${prev}${det ? '' : 'the '}${w.toLowerCase()} ${ph}`;
  });
  // "you" as a subject (not "by you", "to you"): the verb after it loses its -s.
  out = out.replace(
    /(^|[,;:(“]\s*|\b(?:if|then|and|or|that|when|after|before|until|unless|while|where|so|which)\s+)([Yy]ou) ([a-z']+)/g,
    (m, pre: string, you: string, w: string) => (NOT_VERBS.has(w) ? m : `${pre}${you} ${baseVerb(w)}`),
  );
  out = agreePair(out);
  // "a Slash you uses" (a relative clause after a card's name or "card"): you use.
  out = out.replace(/\b([A-Z][a-z]+|cards?) you ([a-z']+)/g, (m, n: string, w: string) =>
    NOT_VERBS.has(w) ? m : `${n} you ${baseVerb(w)}`,
  );
  // "choose 2 cards from your cards other than …" → "choose 2 of your cards other than …".
  out = out.replace(/\b(\d+|[A-Z]|one or more|any number) (cards|hand cards) from (your|their) \2\b/g, '$1 of $3 $2');
  out = out.replace(/\b([Aa]) ([AEIOUaeiou])/g, (_m, a: string, v: string) => `${a}n ${v}`);
  out = out.replace(/\b([Aa])n (one|once|uni|use[rd]?\b|Euro)/g, '$1 $2');
  out = out
    .replace(/ {2,}/g, ' ')
    .replace(/ ([,.;:)])/g, '$1')
    .replace(/\( /g, '(')
    .replace(/\.\./g, '.')
    .replace(/:\./g, '.');
  return out;
}

/** zh fixes: small numbers before a measure word in Chinese numerals ("2张" → "两张"), punctuation. */
export function fixChinese(s: string): string {
  const cn = ['零', '一', '两', '三', '四', '五', '六', '七', '八', '九', '十'];
  let out = s.replace(/(^|[^\d.+\-×])(\d+)(张|名|项|次|个|种)/g, (m, pre: string, n: string, w: string) => {
    const v = Number(n);
    return v >= 1 && v <= 10 ? `${pre}${cn[v]}${w}` : m;
  });
  // "1至两名" → "一至两名".
  out = out.replace(
    /(^|[^\d.+\-×])(\d)至([一两三四五六七八九十])/g,
    (_m, pre: string, n: string, rest: string) => `${pre}${n === '2' ? '二' : cn[Number(n)]}至${rest}`,
  );
  out = out.replace(/其的/g, '其').replace(/有有/g, '存在有');
  // "该角色可以将该角色的一张手牌交给你" → 该角色可以将一张手牌交给你.
  out = out.replace(/(你|该角色|目标角色)(可以)?将\1的/g, '$1$2将');
  // "你将手牌中的至少一张交给…" → 你将至少一张手牌交给….
  out = out.replace(/将(手牌|牌)中的((?:至少|至多|任意)?[一两三四五六七八九十X]张)(?!【)/g, '将$2$1');
  out = out.replace(/弃置其牌(?=[，。；]|$)/g, '弃置其所有牌');
  // "你弃置你的一张牌" → 你弃置一张牌; "该角色弃置该角色的牌" → 该角色弃置其牌.
  const verb = '(可以)?(弃置|选择|获得|打出|展示)((?:至少|至多|任意)?[一两三四五六七八九十X]?张)?';
  const who = '(你|该角色|此目标|目标角色|伤害来源|凶手)';
  // "你弃置你的手牌中的两张" → 你弃置两张手牌; "你选择你的除武器以外的牌中的两张" → 你选择两张除武器以外的牌.
  out = out.replace(
    new RegExp(
      `${who}(可以)?(弃置|选择)\\1的(手牌|牌|除[^，。；中]*以外的(?:手牌|牌))中的((?:至少|至多)?[一两三四五六七八九十X]张)`,
      'g',
    ),
    '$1$2$3$5$4',
  );
  out = out.replace(new RegExp(`你${verb}你的(?![^，。；、]*中)`, 'g'), '你$1$2$3');
  out = out.replace(
    new RegExp(`(该角色|此目标|目标角色|伤害来源|凶手)${verb}\\1的(?![^，。；、]*中)`, 'g'),
    '$1$2$3$4其',
  );
  out = out
    .replace(/，{2,}/g, '，')
    .replace(/。{2,}/g, '。')
    .replace(/，。/g, '。')
    .replace(/；。/g, '。')
    .replace(/：，/g, '：');
  out = out.replace(/([，；：])\s+/g, '$1');
  return out;
}

export function capitalize(s: string): string {
  const i = s.search(/[A-Za-z]/);
  if (i < 0) return s;
  // Only when the first letter starts the sentence (after brackets or quotes at most).
  if (/^[\s“"(（【]*$/.test(s.slice(0, i))) return s.slice(0, i) + s.charAt(i).toUpperCase() + s.slice(i + 1);
  return s;
}

/** A whole sentence: ends with 。/ "." and starts with a capital in English. */
export function sentence(x: Text): Text {
  if (isEmpty(x)) return x;
  const zh = x.zh.replace(/[，；。\s]+$/, '');
  const en = x.en.replace(/[,;.\s]+$/, '');
  return { zh: fixChinese(zh + '。'), en: capitalize(fixEnglish(en + '.')) };
}

export function paren(x: Text): Text {
  return { zh: `（${x.zh}）`, en: `(${x.en})` };
}

// ---------------------------------------------------------------- pronouns for long role nouns

/** A long role noun (受到伤害的角色 / the player losing HP) named again soon after, with no other player named in
 *  between, reads as a pronoun: 其 / they, their, them in the same sentence; 该角色 / that player when it starts
 *  the next sentence. `nouns` are the role nouns (both languages); each line of `x` is read on its own. */
export function pronouns(x: Text, nouns: Text[]): Text {
  if (!nouns.length) return x;
  const zh = nouns.map((n) => n.zh).filter(Boolean);
  const en = nouns.map((n) => n.en).filter(Boolean);
  return {
    zh: x.zh
      .split('\n')
      .map((l) => pronounsZh(l, zh))
      .join('\n'),
    en: x.en
      .split('\n')
      .map((l) => pronounsEn(l, en))
      .join('\n'),
  };
}

function byLength(xs: string[]): string[] {
  return [...new Set(xs)].sort((a, b) => b.length - a.length);
}

/** Where the walk of a line is: the text written so far and the position in the line read so far. */
interface Written {
  out: string;
  at: number;
}

/** How a language marks what the walk needs: quotes of a window, a sentence's opening. */
interface MentionMarks {
  quotes: [string, string];
  start: RegExp;
}

/** Walks a line's mentions — a role noun (group 1 of `re`), another player or a letter (group 2), a sentence end
 *  (group 3) — and keeps what both languages decide alike: whether a noun is named again near enough to become a
 *  pronoun (`near`), and whether it opens a sentence. A noun not near is written as it stands; `word` writes a near
 *  one. `own[i]`: sentence i keeps its nouns; `demo`: a 该角色 / "that player" elsewhere stands for someone. */
function walkMentions(
  s: string,
  re: RegExp,
  own: boolean[],
  demo: boolean,
  marks: MentionMarks,
  norm: (noun: string) => string,
  word: (w: Written, start: boolean) => void,
): string {
  const w: Written = { out: '', at: 0 };
  let last: string | undefined;
  let lastSentence = -9;
  let lastQuoted = false;
  let otherSentence = -1;
  let sentenceNo = 0;
  for (let m = re.exec(s); m; m = re.exec(s)) {
    w.out += s.slice(w.at, m.index);
    w.at = m.index + m[0].length;
    if (m[3]) {
      sentenceNo++;
      w.out += m[0];
      continue;
    }
    if (m[2]) {
      last = undefined;
      // Another player named in the sentence (not a letter): a pronoun there could be read as them.
      if (!/^[A-Z]$/.test(m[2])) otherSentence = sentenceNo;
      w.out += m[0];
      continue;
    }
    const n = norm(m[1]!);
    const cross = sentenceNo !== lastSentence;
    // Into the next sentence only from a mention outside a quoted window, and where no 该角色 stands for another.
    const near =
      last === n &&
      otherSentence !== sentenceNo &&
      !own[sentenceNo] &&
      (!cross || (sentenceNo - lastSentence === 1 && !lastQuoted && !demo));
    const start = marks.start.test(w.out);
    last = n;
    lastSentence = sentenceNo;
    lastQuoted = w.out.lastIndexOf(marks.quotes[0]) > w.out.lastIndexOf(marks.quotes[1]);
    if (near) word(w, start);
    else w.out += m[1];
  }
  return w.out + s.slice(w.at);
}

function pronounsZh(s: string, nouns: string[]): string {
  // A sentence with a 其 of its own keeps its nouns: a second 其 could be read as the first.
  const own = s.split('。').map((x) => /其(?!他)/.test(x));
  const re = new RegExp(`(${byLength(nouns).map(esc).join('|')})|(角色|凶手|使用者|[A-Z](?![A-Za-z]))|(。)`, 'g');
  const marks: MentionMarks = { quotes: ['「', '」'], start: /(^|。|：)$/ };
  const out = walkMentions(
    s,
    re,
    own,
    s.includes('该角色'),
    marks,
    (n) => n,
    (w, start) => {
      if (start || w.out.endsWith('「')) w.out += '该角色';
      else {
        if (s[w.at] === '的') w.at++;
        w.out += '其';
      }
    },
  );
  return out.replace(/其的/g, '其');
}

const SUBJECT_BEFORE = /(^|[.;:,(“] ?|\b(?:if|then|when|after|before|until|while|unless|whether|once|and|or) )$/i;

function pronounsEn(s: string, nouns: string[]): string {
  // A sentence about an item ("such that it …") keeps its nouns.
  const own = s.split(/\. (?=[A-Z])/).map((x) => /\bsuch that\b/.test(x));
  const alts = byLength(nouns).map((n) => esc(n).replace(/^the/, '[Tt]he'));
  const re = new RegExp(
    `\\b(${alts.join('|')})\\b|\\b(players?|targets?|user|killer|someone|they|them|their|[B-Z])\\b|(\\. (?=[A-Z]))`,
    'g',
  );
  const marks: MentionMarks = { quotes: ['“', '”'], start: /(^|\. |: )$/ };
  const demo = /\bthat player\b/i.test(s);
  return walkMentions(
    s,
    re,
    own,
    demo,
    marks,
    (n) => n.replace(/^The/, 'the'),
    (w, start) => {
      const poss = s.startsWith("'s ", w.at);
      if (start) {
        w.out += poss ? "That player's" : 'That player';
        if (poss) w.at += 2;
        return;
      }
      if (poss) {
        w.out += 'their';
        w.at += 2;
        return;
      }
      // "the hand of the player losing HP" → "their hand".
      const of = /\b([Tt])he ((?:[\w-]+ ){1,3})of $/.exec(w.out);
      if (of && !/\b(the|of)\b/.test(of[2]!)) {
        w.out = `${w.out.slice(0, of.index)}${of[1] === 'T' ? 'T' : 't'}heir ${of[2]!.trimEnd()}`;
        return;
      }
      // The subject of a clause (after "if", a comma …, or before its verb: "the damage they took").
      const next = /^ ([a-z']+)/.exec(s.slice(w.at))?.[1] ?? '';
      const verb =
        /^(is|has|was|took|does|did|can|may|must|would|could)$/.test(next) ||
        (/^[a-z]{2,}s$/.test(next) && !NOT_VERBS.has(next));
      if (SUBJECT_BEFORE.test(w.out) || verb) {
        w.out += 'they';
        // The verb after "they" agrees: they are, they start.
        const v = /^ ([a-z']+)/.exec(s.slice(w.at));
        if (v && !NOT_VERBS.has(v[1]!)) {
          const b =
            ({ is: 'are', has: 'have', does: 'do', was: 'were' } as Record<string, string>)[v[1]!] ?? baseVerb(v[1]!);
          w.out += ` ${b}`;
          w.at += v[0].length;
        }
        return;
      }
      w.out += 'them';
    },
  );
}

/** An English noun in the plural: Slash → Slashes, Peach → Peaches, Basic card → Basic cards. */
export function pluralNoun(s: string): string {
  if (/s$/.test(s) && !/(ss|sh|ch|x)$/.test(s)) return s;
  if (/(s|sh|ch|x|z)$/.test(s)) return `${s}es`;
  if (/[^aeiou]y$/.test(s)) return `${s.slice(0, -1)}ies`;
  return `${s}s`;
}
