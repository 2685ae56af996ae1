// The playground's language service (compiler/services/language.ts) in Node: the index of declared names,
// completion by context, hover docs and signature help, over the real rules plus an author's file.
import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { compile } from '../compiler/index.ts';
import { parse } from '../compiler/syntax/parse.ts';
import { loadSources } from '../compiler/node/load.ts';
import {
  complete,
  describe as describeEntry,
  indexFiles,
  lookup,
  scenariosOf,
  signatureAt,
  effectText,
  attachTexts,
  quickFixes,
} from '../compiler/services/language.ts';
import { generateTexts, generateTextsOf } from '../compiler/text/index.ts';
import { BUILTINS } from '../runtime/builtin-table.ts';
import { runScenario } from '../runtime/scenario.ts';

const base = loadSources(['rules']);
const starter = readFileSync(new URL('../site/src/playground/starter.sgs', import.meta.url), 'utf8');
const all = [...base, { file: 'playground.sgs', text: starter }];
const result = compile(all);
const texts = new Map(all.map((s) => [s.file, s.text]));
const parts = [
  indexFiles(
    result.files.filter((f) => f.file === 'playground.sgs'),
    texts,
  ),
  indexFiles(
    result.files.filter((f) => f.file !== 'playground.sgs'),
    texts,
  ),
];
const labels = (before: string, lang: 'zh' | 'en' = 'en', trigger?: string) =>
  complete(parts, before, lang, trigger).map((c) => c.label);

describe('playground starter', () => {
  it('compiles with the built-in rules and its scenarios pass', () => {
    expect(result.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
    const mine = scenariosOf(result.files.filter((f) => f.file === 'playground.sgs'));
    expect(mine.map((s) => s.id)).toEqual(['jingjieDraws', 'jingjieDeclined']);
    for (const s of mine) expect(runScenario(result.program!, s.id).failure).toBeUndefined();
  });
});

describe('playground language service', () => {
  it('completes timing windows after `on` and `timing`', () => {
    const l = labels('skill x {\n  on dam');
    expect(l).toContain('damaged');
    expect(l).toContain('damageInflicted');
    expect(l).not.toContain('draw');
    expect(labels('  timing ')).toContain('phaseStart');
  });

  it('completes generals, skills, enum members and phases in their fields', () => {
    expect(labels('  seat a { general: ')).toContain('manchong');
    expect(labels('  seat a { general: ')).toContain('caocao');
    expect(labels('general g { hp: 3 skills: jingjie, ')).toContain('jianxiong');
    expect(labels('general g { kingdom: ')).toEqual(expect.arrayContaining(['wei', 'shu', 'wu', 'qun']));
    expect(labels('  seat a { role: ')).toEqual(expect.arrayContaining(['lord', 'loyalist', 'rebel', 'renegade']));
    expect(labels('  start a ')).toContain('playPhase');
    expect(labels('  modify ')).toContain('handLimitMod');
  });

  it("completes a field's value from the types the rules declare, not from names the service knows", () => {
    const text = [
      'package other',
      'enum weather 天气 "Weather" { rain 雨 "Rain", sun 晴 "Sun" }',
      'enum season 季节 "Season" { spring 春 "Spring", autumn 秋 "Autumn" }',
      'enum mood 心情 "Mood" { calm 静 "Calm", angry 怒 "Angry" }',
      'require general { weather: weather }',
      'property mood 心情 "Mood": mood? = none',
      'mode seasons 四季 "Seasons" {',
      '  play(first: player, from: season?) { }',
      '}',
      '',
    ].join('\n');
    const own = [indexFiles([parse(text, 'other.sgs').ast], new Map([['other.sgs', text]]))];
    const at = (before: string) => complete(own, before, 'en').map((c) => c.label);
    expect(at('general g { weather: ')).toEqual(['rain', 'sun']);
    expect(at('  seat a { mood: ')).toEqual(['calm', 'angry']);
    expect(at('  start a ')).toEqual(['spring', 'autumn']);
    expect(at('general g { kingdom: ')).not.toContain('wei');
  });

  it('offers the event parameters after `event.` inside a trigger', () => {
    const items = complete(parts, 'skill x {\n  on damaged(you) {\n    if event.', 'en');
    const first = items.filter((c) => c.sortText.startsWith('0')).map((c) => c.label);
    expect(first).toEqual(expect.arrayContaining(['to', 'amount', 'from', 'card', 'nature']));
    expect(items.map((c) => c.label)).toContain('hp');
  });

  it('offers keywords, cards, builtins and actions with snippet parameters anywhere else', () => {
    const items = complete(parts, '    ', 'en');
    const by = new Map(items.map((c) => [c.label, c]));
    // biome-ignore lint/suspicious/noTemplateCurlyInString: Monaco's snippet syntax
    expect(by.get('draw')?.insertText).toBe('draw(${1:p})');
    expect(by.get('chooseMany')?.kind).toBe('builtin');
    expect(by.get('slash')?.kind).toBe('card');
    expect(by.get('viewAs')?.kind).toBe('keyword');
    expect(by.get('jingjie')?.kind).toBe('skill');
    // A space alone does not open the full list.
    expect(complete(parts, 'let x = ', 'en', ' ')).toEqual([]);
  });

  it('describes names on hover in both languages', () => {
    const draw = lookup(parts, 'draw')!;
    expect(describeEntry(draw, 'en')).toContain('draw(p: player, n: int = 1)');
    expect(describeEntry(draw, 'en')).toContain('摸牌 "Draw"');
    expect(describeEntry(draw, 'zh')).toContain('**动作**');
    // By Chinese name, and the author's own declarations with their doc comment.
    expect(lookup(parts, '奸雄')?.name).toBe('jianxiong');
    const jj = describeEntry(lookup(parts, 'jingjie')!, 'en');
    expect(jj).toContain('Vigilance');
    expect(jj).toContain('Each time you are damaged');
    expect(describeEntry(lookup(parts, 'damaged')!, 'en')).toContain('`damage`');
    expect(describeEntry(lookup(parts, 'count')!, 'en')).toContain('count(x)');
    expect(describeEntry(lookup(parts, 'may')!, 'zh')).toContain('可选发动');
    // A property shows its hint, and `as` says what a hint is.
    expect(describeEntry(lookup(parts, 'hp')!, 'en')).toContain('as life');
    expect(describeEntry(lookup(parts, 'as')!, 'en')).toContain('what it is to AIs and tools');
    expect(describeEntry(lookup(parts, 'as')!, 'zh')).toContain('属性声明末尾');
    // A hint the AIs read: what it says and where it is written.
    const harm = describeEntry(lookup(parts, 'aiHarm')!, 'en');
    expect(harm).toContain('`aiHarm: by, whom`');
    expect(harm).toContain("an event's hint");
    expect(harm.split('aiHarm: by, whom')).toHaveLength(2); // written once, in the heading
    expect(describeEntry(lookup(parts, 'life')!, 'zh')).toContain('体力');
  });

  it("completes the hints read where the cursor is: after a property or zone, and among an event's hints", () => {
    const labels = (before: string) => complete(parts, before, 'en').map((c) => c.label);
    expect(labels('property exMood 心情 "Mood": int = 0 as ')).toEqual(['general', 'role', 'life', 'maxLife']);
    expect(labels('zone exBag 袋 "Bag" per player owner as ')).toEqual(['hand', 'equipment']);
    const event = 'event exCurse 咒 "Curse" (by: player, whom: player) {\n  aiHarm: by, whom\n  ';
    expect(labels(event)).toContain('aiHelp');
    expect(labels(event)).not.toContain('aiUse');
    expect(complete(parts, event, 'en').find((c) => c.label === 'turnOf')?.insertText).toBe('turnOf: ');
    // Among the statements, the usual names.
    expect(labels(`${event}whom.hp -= 1\n  `)).not.toContain('aiHelp');
  });

  it('describes a builtin from the builtin table: its doc line and what calling it may do', () => {
    for (const [name, spec] of Object.entries(BUILTINS)) {
      const e = lookup(parts, name);
      expect(e?.kind, name).toBe('builtin');
      const en = describeEntry(e!, 'en');
      expect(en, name).toContain(spec.doc);
      expect(en, name).toContain(effectText(spec.effect, 'en', 'long'));
      expect(describeEntry(e!, 'zh'), name).toContain(effectText(spec.effect, 'zh', 'long'));
    }
    const count = describeEntry(lookup(parts, 'count')!, 'en');
    expect(count).toContain(BUILTINS.count!.doc);
    expect(count).toContain('Reads the game');
    expect(describeEntry(lookup(parts, 'chooseMany')!, 'en')).toContain('May ask a player');
    // Completion shows the effect and the doc line beside the name.
    const items = new Map(complete(parts, '    ', 'en').map((c) => [c.label, c]));
    expect(items.get('count')?.detail).toBe(`builtin · pure · ${BUILTINS.count!.doc}`);
    expect(items.get('chooseMany')?.detail).toContain('asks a player');
  });

  it('gives signature help with the active parameter', () => {
    const h = signatureAt(parts, '    damage(you, 2, ', 'en')!;
    expect(h.label).toMatch(/^damage\(to: player, amount: int = 1, from: player\? = none/);
    expect(h.active).toBe(2);
    expect(signatureAt(parts, '    log("{0}, {1}", ', 'en')!.active).toBe(1);
    expect(signatureAt(parts, '    let x = 1', 'en')).toBeNull();
  });
});

describe('hover with the generated texts, and quick fixes', () => {
  const mineTexts = generateTextsOf(result, (f) => f === 'playground.sgs');
  const withTexts = [
    attachTexts(
      indexFiles(
        result.files.filter((f) => f.file === 'playground.sgs'),
        texts,
      ),
      mineTexts,
    ),
    attachTexts(
      indexFiles(
        result.files.filter((f) => f.file !== 'playground.sgs'),
        texts,
      ),
      generateTexts(result),
    ),
  ];

  it("words only the author's own entities, in both languages", () => {
    expect(Object.keys(mineTexts.skills)).toEqual(['jingjie', 'yanfang']);
    expect(Object.keys(mineTexts.generals)).toEqual(['manchong']);
    expect(mineTexts.skills.jingjie!.zh).toContain('摸');
    expect(mineTexts.skills.jingjie!.en).toMatch(/draw/i);
  });

  it("hovering the author's skill shows its names and rule text; a window shows its wording; a builtin its doc", () => {
    const jingjie = describeEntry(lookup(withTexts, 'jingjie')!, 'zh');
    expect(jingjie).toContain('警戒');
    expect(jingjie).toContain(mineTexts.skills.jingjie!.zh);
    expect(describeEntry(lookup(withTexts, 'manchong')!, 'en')).toContain(mineTexts.generals.manchong!.en);
    // A built-in general too, and a window by the phrase that words it.
    const cao = generateTexts(result).generals.caocao!;
    expect(describeEntry(lookup(withTexts, 'caocao')!, 'en')).toContain(cao.en);
    const damaged = describeEntry(lookup(withTexts, 'damaged')!, 'zh');
    expect(damaged).toContain(generateTexts(result).windows.damaged!.zh);
    expect(describeEntry(lookup(withTexts, 'log')!, 'en')).toContain(BUILTINS.log!.doc);
    // Without texts, no quoted rule text.
    expect(describeEntry(lookup(parts, 'jingjie')!, 'zh')).not.toContain('> ');
  });

  it('offers to replace the misspelled name of a "did you mean" diagnostic, and nothing for others', () => {
    const bad = starter.replace('draw(you, event.amount)', 'drow(you, event.amount)');
    const r = compile([...base, { file: 'playground.sgs', text: bad }]);
    const d = r.diagnostics.find((x) => x.span.file === 'playground.sgs' && x.message.includes('did you mean'))!;
    expect(d).toBeDefined();
    const fixes = quickFixes(d, bad, 'en');
    expect(fixes).toHaveLength(1);
    const f = fixes[0]!;
    expect(bad.slice(f.start, f.end)).toBe('drow');
    expect(f.newText).toBe('draw');
    expect(f.title).toBe('Change drow to draw');
    expect(quickFixes(d, bad, 'zh')[0]!.title).toBe('把 drow 改为 draw');
    const fixed = bad.slice(0, f.start) + f.newText + bad.slice(f.end);
    expect(fixed).toBe(starter);
    // A general that lists a misspelled skill, and a diagnostic without a suggestion.
    const text2 = starter.replace('skills: jingjie, yanfang', 'skills: jingjei, yanfang');
    const d2 = compile([...base, { file: 'playground.sgs', text: text2 }]).diagnostics.find((x) =>
      x.message.includes("'jingjei'"),
    )!;
    expect(quickFixes(d2, text2, 'en').map((x) => [text2.slice(x.start, x.end), x.newText])).toEqual([
      ['jingjei', 'jingjie'],
    ]);
    expect(quickFixes({ message: "unknown name 'zzzz'", span: { start: 0, end: 4 } }, 'zzzz', 'en')).toEqual([]);
    // The name must be in the span: a suggestion about a name elsewhere gives no edit.
    expect(
      quickFixes({ message: "unknown name 'drow' — did you mean 'draw'?", span: { start: 0, end: 3 } }, 'abc', 'en'),
    ).toEqual([]);
  });
});

describe('playground language service on half-typed text', () => {
  it('indexes, completes and signs every prefix of the starter without throwing', () => {
    for (let n = 0; n <= starter.length; n += 7) {
      const text = starter.slice(0, n);
      const r = parse(text, 'playground.sgs');
      const mine = indexFiles([r.ast], new Map([['playground.sgs', text]]));
      complete([mine, ...parts.slice(1)], text, 'en');
      signatureAt([mine, ...parts.slice(1)], text, 'zh');
    }
  }, 60_000);
});
