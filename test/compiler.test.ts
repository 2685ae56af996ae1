// The compiler on whole programs: diagnostics with codes and spans, never a throw, and the real rules clean.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { generateTexts } from '../compiler/text/index.ts';
import { compile } from '../compiler/index.ts';
import { renderDiagnostic } from '../compiler/diagnostics.ts';
import { loadSources } from '../compiler/node/load.ts';
import { hintedValues } from '../runtime/hints.ts';

const rules = loadSources(['rules']);

function codes(text: string): string[] {
  return compile([...rules, { file: 'planted.sgs', text }])
    .diagnostics.filter((d) => d.span.file === 'planted.sgs')
    .map((d) => d.code);
}

describe('compiling the rules', () => {
  it('compiles rules/ without errors or warnings', () => {
    const r = compile(rules);
    const text = r.diagnostics
      .map((d) => renderDiagnostic(d, rules.find((s) => s.file === d.span.file)?.text))
      .join('\n');
    expect(text).toBe('');
    expect(r.program).toBeDefined();
  });

  it('defines the 108-card standard deck', () => {
    const p = compile(rules).program!;
    expect(p.decks.standard!.cards).toHaveLength(104);
    expect(p.decks.standardEx!.cards).toHaveLength(4);
  });
});

describe('diagnostics', () => {
  it('reports an unknown name with a suggestion', () => {
    const r = compile([
      ...rules,
      {
        file: 'planted.sgs',
        text: 'package x\nskill exA 甲 "A" {\n  on damaged(you) { draw(you, cout(hand(you))) }\n}\n',
      },
    ]);
    const d = r.diagnostics.find((x) => x.span.file === 'planted.sgs')!;
    expect(d.code).toBe('SGS102');
    expect(d.message).toMatch(/did you mean 'count'/);
    expect(d.span.line).toBe(3);
    expect(
      renderDiagnostic(d, 'package x\nskill exA 甲 "A" {\n  on damaged(you) { draw(you, cout(hand(you))) }\n}\n'),
    ).toContain('^^^^');
  });

  it('reports three planted errors at once', () => {
    const text = [
      'package x',
      'skill exA 甲 "A" {',
      '  on damagd(you) { draw(you, 1) }', // unknown window
      '  modify distanceMod(a) = 1', // wrong hook arity
      '}',
      'general exG 乙 "G" { kingdom: wei  gender: male  hp: 4  skills: exA, noSuchSkill }', // unknown skill
    ].join('\n');
    expect(codes(text)).toEqual(['SGS120', 'SGS122', 'SGS107']);
  });

  it('refuses an asking call inside an expression and changes in pure code', () => {
    expect(codes('package x\nfunction exF(p: player): bool = count(hand(p)) > 0 and draw(p, 1) == none\n')).toContain(
      'SGS110',
    );
    expect(codes('package x\nfunction exF(p: player): int {\n  p.hp = 3\n  return 1\n}\n')).toContain('SGS111');
  });

  it('refuses timing outside an event, with its span (the engine would have no event to open it in)', () => {
    const at = (text: string) =>
      compile([...rules, { file: 'planted.sgs', text }]).diagnostics.filter((d) => d.code === 'SGS114');
    const inAction = at('package x\naction exA (p: player) {\n  timing damaged for p\n}\n');
    expect(inAction).toHaveLength(1);
    expect(inAction[0]!.span).toMatchObject({ file: 'planted.sgs', line: 3, col: 3 });
    expect(at('package x\nmode exM 甲 "M" { setup() { timing damaged for none } }\n')).toHaveLength(1);
    expect(at('package x\nskill exS 甲 "S" { active { timing damaged for you } }\n')).toHaveLength(1);
    // Events, triggers and card methods run inside an event: their windows are fine.
    expect(at('package x\nevent exE 甲 "E" (p: player) { timing exW for p }\n')).toEqual([]);
    expect(at('package x\nskill exS 甲 "S" { on damaged(you) { timing damaged for you } }\n')).toEqual([]);
  });

  it("extends another package's events and enums, and refuses unknown targets and duplicates", () => {
    const text = [
      'package x',
      'extend event damage { exOriginal: int = 0 }',
      'extend enum moveReason { exRecast 重铸 "Recast" }',
      'skill exS 甲 "S" { on damageInflicted(you) { event.exOriginal = event.amount } }',
    ].join('\n');
    const r = compile([...rules, { file: 'planted.sgs', text }]);
    expect(r.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
    expect(r.program!.events.damage!.params.map((p) => p.name)).toContain('exOriginal');
    expect(r.program!.enums.moveReason).toContain('exRecast');
    expect(codes('package x\nextend event noSuchEvent { exA: int = 0 }\n')).toEqual(['SGS141']);
    expect(codes('package x\nextend enum noSuchEnum { exA }\n')).toEqual(['SGS141']);
    expect(codes('package x\nextend event damage { amount: int = 2 }\n')).toEqual(['SGS142']);
    expect(codes('package x\nextend event damage { exA: int }\n')).toEqual(['SGS143']);
    expect(codes('package x\nextend enum moveReason { used }\n')).toEqual(['SGS140']);
  });

  it("keeps an event's hints as the names of its fields, and refuses a hint naming anything else", () => {
    const text = [
      'package x',
      'event exCurse 咒 "Curse" (by: player, whom: player, n: int = 1) {',
      '  aiHarm: by, whom',
      '  exNote: n',
      '  whom.hp -= n',
      '}',
    ].join('\n');
    const r = compile([...rules, { file: 'planted.sgs', text }]);
    expect(r.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
    expect(r.program!.events.exCurse!.hints).toEqual({ aiHarm: ['by', 'whom'], exNote: ['n'] });
    // The body still runs every statement after the hints.
    expect(r.program!.events.exCurse!.body.stmts).toHaveLength(1);
    expect(codes('package x\nevent exE 甲 "E" (p: player) {\n  aiOut: q\n}\n')).toEqual(['SGS145']);
    expect(codes('package x\nevent exE 甲 "E" (p: player) {\n  aiOut: 3\n}\n')).toEqual(['SGS145']);
    expect(codes('package x\nevent exE 甲 "E" (p: player) {\n  aiOut: p\n  aiOut: p\n}\n')).toEqual(['SGS145']);
    // Any name is a hint's own, even one every object has; one no AI or tool reads is a warning (SGS270).
    expect(codes('package x\nevent exE 甲 "E" (p: player) {\n  constructor: p\n}\n')).toEqual(['SGS270']);
  });

  it('warns of a hint no AI or tool reads: a misspelt one, or one naming too few fields', () => {
    const event = (hint: string) => `package x\nevent exE 甲 "E" (a: player, b: player) {\n  ${hint}\n}\n`;
    expect(codes(event('aiHarm: a, b'))).toEqual([]);
    expect(codes(event('aiHram: a, b'))).toEqual(['SGS270']);
    expect(codes(event('aiHarm: a'))).toEqual(['SGS270']);
    const skill = (field: string) =>
      `package x\nimport core\nskill exS 甲 "S" { ${field}  on damaged(you) { draw(you, 1) } }\n`;
    expect(codes(skill('aiUse: 40'))).toEqual(['SGS206']);
    expect(codes(skill('aiUsage: 40')).sort()).toEqual(['SGS206', 'SGS270']);
    // A card's own data is not a hint; an `ai…` field is.
    const unread = (text: string) => codes(text).filter((c) => c === 'SGS270').length;
    expect(unread('package x\ncard exC 甲 "C" { type: basic  exReach: 2  aiKeep: 3 }\n')).toBe(0);
    expect(unread('package x\ncard exC 甲 "C" { type: basic  exReach: 2  aiKep: 3 }\n')).toBe(1);
    expect(unread('package x\nproperty exP 甲 "P": int = 0 as lfe\n')).toBe(1);
    expect(unread('package x\nzone exZ 甲 "Z" per player owner as pocket\n')).toBe(1);
    const d = compile([...rules, { file: 'planted.sgs', text: event('aiHram: a, b') }]).diagnostics.find(
      (x) => x.code === 'SGS270',
    )!;
    expect(d.message).toContain('aiHarm');
    expect(d.span).toMatchObject({ file: 'planted.sgs', line: 3 });
  });

  it("keeps a property's hint, and refuses a hint given to two properties", () => {
    const r = compile([
      ...rules,
      { file: 'planted.sgs', text: 'package x\nproperty exMood 心情 "Mood": int = 0 owner as exTemper\n' },
    ]);
    expect(r.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
    expect(r.program!.properties.exMood).toMatchObject({ visibility: 'owner', hint: 'exTemper' });
    // The core's own: the properties tools read a player's general, role and HP from.
    const hinted = Object.values(r.program!.properties).filter((p) => p.hint !== undefined);
    expect(Object.fromEntries(hinted.map((p) => [p.hint, p.id]))).toMatchObject({
      general: 'general',
      role: 'role',
      life: 'hp',
      maxLife: 'maxHp',
    });
    // The values a hinted property takes, when its type is an enum (the game table lists the roles so, lord first).
    expect(hintedValues(r.program!, 'role')).toEqual(r.program!.enums.role);
    expect(hintedValues(r.program!, 'role')[0]).toBe('lord');
    expect(hintedValues(r.program!, 'life')).toEqual([]);
    // An `as` without its hint on the same line is reported where it stands, not at the next declaration.
    const bare = compile([
      ...rules,
      { file: 'planted.sgs', text: 'package x\nproperty exMood 心情 "Mood": int = 0 as\nzone exBag 袋 "Bag" shared\n' },
    ]).diagnostics.filter((d) => d.span.file === 'planted.sgs');
    expect(bare.map((d) => `${d.code}:${d.span.line}`)).toEqual(['SGS002:2']);
    expect(bare[0]!.message).toContain("'as'");
    const twice = 'package x\nproperty exLife 生命 "Life": int = 3 as life\n';
    expect(codes(twice)).toEqual(['SGS146']);
    const d = compile([...rules, { file: 'planted.sgs', text: twice }]).diagnostics.find((x) => x.code === 'SGS146')!;
    expect(d.message).toContain('property hp');
    expect(d.span).toMatchObject({ file: 'planted.sgs', line: 2 });
  });

  it("keeps a zone's hint; a conversion without a zone takes the hand's, and is refused when no zone is one", () => {
    const r = compile(rules);
    expect(r.program!.zones.hand).toMatchObject({ hint: 'hand' });
    expect(r.program!.zones.equip).toMatchObject({ hint: 'equipment' });
    const skill = 'package x\nimport core\nskill exRed 红 "Red" { viewAs slash from 1 card where isRed(it) }\n';
    const own = compile([...rules, { file: 'planted.sgs', text: skill }]);
    expect(own.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
    expect(own.program!.skills.exRed!.viewAs[0]!.zones).toEqual(['hand']);
    expect(generateTexts(own).skills.exRed?.zh).toContain('手牌');
    expect(codes('package x\nzone exPocket 口袋 "Pocket" per player owner as hand\n')).toEqual(['SGS146']);
    const unmarked = rules.map((f) => ({ ...f, text: f.text.replace(/ as hand$/m, '') }));
    const found = compile([...unmarked, { file: 'planted.sgs', text: skill }]).diagnostics.filter(
      (d) => d.code === 'SGS147',
    );
    expect(found.map((d) => `${d.span.file}:${d.span.line}`)).toEqual(['planted.sgs:3']);
  });

  it('reads skill tags and the fields a general needs from the rules, not from the compiler', () => {
    const tagged =
      'package x\ntag exStrict 严格 "Strict" forbids may\nskill exS 甲 "S" exStrict { on damaged(you) may { draw(you, 1) } }\n';
    expect(codes(tagged)).toEqual(['SGS203']);
    const untagged =
      'package x\ngeneral exG 乙 "G" { kingdom: wei  gender: male  hp: 4  skills: exS }\nskill exS 甲 "S" exNoTag { on damaged(you) { draw(you, 1) } }\n';
    expect(codes(untagged)).toEqual(['SGS202']);
    const required =
      'package x\nrequire general { exRank: int >= 2 }\ngeneral exG 乙 "G" { kingdom: wei  gender: male  hp: 4  exRank: 1 }\n';
    expect(codes(required)).toEqual(['SGS211']);
    expect(codes('package x\ngeneral exG 乙 "G" { kingdom: wei  gender: wei  hp: 4 }\n')).toEqual(['SGS213']);
  });

  it('a tag named alone is its id, for hasTag (tags have a namespace of their own)', () => {
    const text =
      'package x\nimport core\ntag exMarked 标 "Marked"\nskill exM 甲 "M" exMarked { on damaged(you) { draw(you, 1) } }\n' +
      'function exIsMarked(s: skill): bool = hasTag(s, exMarked)\n';
    const r = compile([...rules, { file: 'planted.sgs', text }]);
    expect(r.diagnostics.filter((d) => d.span.file === 'planted.sgs' && d.severity === 'error')).toEqual([]);
    const f = r.program!.functions.exIsMarked!;
    expect(JSON.stringify(f)).toContain('"exMarked"');
    expect(codes('package x\nfunction exF(s: skill): bool = hasTag(s, exNoSuchTag)\n')).toEqual(['SGS101']);
  });

  it("a tag's single use per game is recorded in a player property of skills that is never reset", () => {
    const tag = (per: string, prop: string) =>
      `package x\nproperty exUsed 用 "Used": [skill] = []\nproperty exCount 数 "Count": int = 0\n` +
      `property exTurnUsed 回 "Used this turn": [skill] = [] reset at turn\n` +
      `tag exOnce 一 "Once" once per ${per} records ${prop}\n`;
    expect(codes(tag('game', 'exUsed'))).toEqual([]);
    expect(codes(tag('turn', 'exUsed'))).toEqual(['SGS205']);
    expect(codes(tag('game', 'exCount'))).toEqual(['SGS205']);
    expect(codes(tag('game', 'exTurnUsed'))).toEqual(['SGS205']);
    expect(codes(tag('game', 'exNothing'))).toEqual(['SGS205']);
  });

  it("a tag may record its skills' uses without limiting them, in a list of skills that may be reset", () => {
    const tag = (rest: string) =>
      `package x\nproperty exUsed 用 "Used": [skill] = []\nproperty exCount 数 "Count": int = 0\n` +
      `property exTurnUsed 回 "Used this turn": [skill] = [] reset at turn\n` +
      `tag exNoted ${rest}\n`;
    expect(codes(tag('records exTurnUsed'))).toEqual([]);
    expect(codes(tag('records exUsed'))).toEqual([]);
    expect(codes(tag('records exCount'))).toEqual(['SGS205']);
    expect(codes(tag('records exNothing'))).toEqual(['SGS205']);
    expect(codes(tag('once per game'))).toEqual(['SGS205']);
  });

  it('checks generals, cards and scenarios for required fields', () => {
    expect(codes('package x\ngeneral exG 乙 "G" { kingdom: wei  skills: jianxiong }\n')).toEqual(['SGS210', 'SGS212']);
    expect(codes('package x\ncard exC 丙 "C" { targeting: self }\n')).toEqual(['SGS220']);
    expect(codes('package x\nscenario exS 丁 "S" { seat a { general: caocao } }\n')).toEqual(['SGS230', 'SGS231']);
  });

  it('warns about a skill nothing gives to anyone (SGS206), on its name, and not about one a general, card, skill or rule gives', () => {
    const skill = (id: string) => `skill ${id} 甲${id} "S ${id}" { on damaged(you) may { draw(you, 1) } }\n`;
    const general = (skills: string) =>
      `general exG 乙 "G" { kingdom: wei  gender: male  hp: 4${skills ? `  skills: ${skills}` : ''} }\n`;
    const text = `package x\nimport core\nimport standard\n${general('')}${skill('exLonely')}`;
    const r = compile([...rules, { file: 'planted.sgs', text }]);
    const d = r.diagnostics.filter((x) => x.code === 'SGS206');
    expect(d).toHaveLength(1);
    expect(d[0]!.severity).toBe('warning');
    expect(d[0]!.message).toContain('exLonely');
    expect(text.slice(d[0]!.span.start, d[0]!.span.end)).toBe('exLonely');
    // Given by a general, granted by another skill, gained in a rule, handed to a scenario seat: silent.
    const given = [
      general('exA') + skill('exA'),
      general('exA') + skill('exB') + 'skill exA 甲 "A" { grants exB to others }\n',
      general('exA') + skill('exB') + 'skill exA 甲 "A" { on damaged(you) { gainSkill(you, exB) } }\n',
      `${skill('exA')}scenario exSc 景 "Sc" { seat a { skills: [exA] } seat b { general: caocao } expect a.alive }\n`,
    ];
    for (const g of given) expect(codes(`package x\nimport core\nimport standard\n${g}`)).not.toContain('SGS206');
    // The real rules and the reference's examples give every skill they declare.
    const real = compile([...rules, ...loadSources(['docs/examples'])]);
    expect(real.diagnostics.filter((x) => x.code === 'SGS206').map((x) => x.message)).toEqual([]);
    // A skill that only names itself is still given to nobody.
    const selfish = 'skill exA 甲 "A" { on damaged(you) if hasSkill(you, exA) { draw(you, 1) } }\n';
    expect(codes(`package x\nimport core\nimport standard\n${selfish}`)).toEqual(['SGS206']);
  });

  it('refuses duplicate names', () => {
    expect(codes('package x\nskill jianxiong 奸雄 "Dup" { on damaged(you) { return } }\n')).toEqual(['SGS140']);
  });
});

describe('robustness', () => {
  it('never throws on arbitrary text', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 200 }), (s) => {
        const r = compile([{ file: 'fuzz.sgs', text: s }]);
        expect(Array.isArray(r.diagnostics)).toBe(true);
      }),
      { numRuns: 300 },
    );
  });

  it('never throws on mutated real rules', { timeout: 60_000 }, () => {
    const noScenarios = rules.filter((s) => !s.file.includes('/scenarios/'));
    const base = rules.find((s) => s.file.endsWith('equipment.sgs'))!.text;
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: base.length - 1 }),
        fc.integer({ min: 1, max: 40 }),
        fc.string({ maxLength: 8 }),
        (at, len, ins) => {
          const text = base.slice(0, at) + ins + base.slice(at + len);
          const r = compile([
            ...noScenarios.filter((s) => !s.file.endsWith('equipment.sgs')),
            { file: 'rules/standard/cards/equipment.sgs', text },
          ]);
          for (const d of r.diagnostics) {
            expect(d.code).toMatch(/^SGS\d{3}$/);
            expect(Number.isFinite(d.span.line)).toBe(true);
          }
        },
      ),
      { numRuns: 60 },
    );
  });
});
