// Tests of the lexer and parser (compiler/syntax).
import { lineOf, SOURCE, spanOf } from '../compiler/ast/source.ts';
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { readFileSync } from 'node:fs';
import { parse } from '../compiler/syntax/parse.ts';
import { MAX_LOOKAHEAD, parser, SgsParser, vocabulary } from '../compiler/syntax/parser.ts';
import { loadSources } from '../compiler/node/load.ts';
import { decodeTable, encodeTable, TableLookahead } from '../compiler/syntax/lookahead.ts';
import { fingerprint, lines } from '../compiler/syntax/lookahead-table.ts';
import { createTokenInstance, EOF, Lexer } from 'chevrotain';
import { LEXER_OPTIONS, lexedTokens, reservedKeywords, contextualKeywords } from '../compiler/syntax/tokens.ts';
import { lexer } from '../compiler/syntax/scan.ts';
import type * as A from '../compiler/ast/nodes.ts';

const EXAMPLE = `package standard
import core

enum suit 花色 "Suit" { spade 黑桃 "Spade", heart 红桃 "Heart", club 梅花 "Club", diamond 方块 "Diamond" }
option edition 版本 "Edition" { standard 标准版 "Standard", first 初版 "First edition" } = standard
option lordBonusIn4 主公四人加体力 "Lord bonus in 4-player games": bool = false
zone hand 手牌 "Hand" per player owner
zone equip 装备区 "Equipment" per player public grants
zone drawPile 牌堆 "Draw pile" shared hidden
property hp 体力 "HP": int = 0
property role 身份 "Role": role? = none owner
property slashesUsed 已用杀 "Slashes used": int = 0 reset at turn
var current: player? = none

card slash 杀 "Slash" {
  type: basic
  flavour "A blade in the night."
  canUse(user: player) = slashesUsed(user) < slashLimit(user)
  targets(user: player, t: player) = t != user and inRange(user, t)
  effect(use: event, target: player) {
    let r = respond(who: target, kind: jink, times: 1)
    if r == none { damage(to: target, from: use.user, card: use.card) }
  }
}
card blade 青龙偃月刀 "Green Dragon Blade" { type: equip  subtype: weapon  range: 3  skills: bladeSkill }
deck standard 标准 "Standard deck" {
  slash: ♠7, ♠8, ♠8, ♣10
  jink: ♥2, ♦2
}
general caocao 曹操 "Cao Cao" { kingdom: wei  gender: male  hp: 4  skills: jianxiong, hujia }

skill jianxiong 奸雄 "Villainous Hero" {
  on damaged(you) as d may if d.card != none and inProcessing(d.card) {
    gain(you, d.card)
  }
}
skill kongcheng 空城 "Empty Fort" locked {
  modify cannotTarget(user, target, card) = true if target == you and count(hand(you)) == 0 and card.kind in [slash, duel]
}
skill wusheng 武圣 "Warrior Saint" {
  viewAs slash from 1 card in hand, equip where it.color == red
}
skill rende 仁德 "Benevolence" {
  active if count(hand(you)) > 0 {
    let cs = choose(you, hand(you), min: 1, max: 99, prompt: "give")
    for c in cs { give(c, to: you) }
  }
}
skill zhiheng 制衡 "Balance" { active limit 1 per phase { return } }
skill hongyan 红颜 "Beauty" locked { filter where it.suit == spade set suit = heart }
skill tieqi 铁骑 { on targetSpecified(you) may limit 1 per turn { stop e } }

event damage 伤害 "Damage" (to: player, amount: int = 1, from: player? = none, card: card? = none) {
  timing damageCaused for from
  if amount <= 0 { stop }
  to.hp -= amount
  repeat 2 { log("x") }
  repeat { break }
  while to.hp < 0 { to.hp += 1 }
  for p in players() where it.alive and it != to { continue }
  if a { } else if b { } else { }
  return
} cleanup { log("done") }
action gain(p: player, cards: [card]) { move(cards, to: hand(p), reason: obtain) }
function inRange(a: player, b: player): bool = distance(a, b) <= attackRange(a)
function f(): int { return -x * (2 + 3) % 4 }
hook distance 距离 "Distance" (from: player, to: player): int = sum
mode identity 身份局 "Identity" {
  minPlayers: 4
  maxPlayers: 10
  setup() { return lord() }
  play(first: player, from: phase?) { turnLoop(first) }
}
variant edition == first {
  skill guanxing 观星 "Astrology" { on turnStart(you) may { return } }
}
scenario jianxiong_takes_slash 奸雄收杀 "Jianxiong takes the slash" {
  mode identity
  option edition = first
  seat caocao { general: caocao, role: lord, hp: 4, hand: [jink ♥2] }
  seat guanyu { general: guanyu  role: rebel  hand: [slash ♠7] }
  deck: [peach ♥3, jink ♦2]
  start guanyu play
  guanyu: slash ♠7
  guanyu: caocao
  caocao: pass
  caocao: yes
  expect slash ♠7 in hand(caocao)
  expect caocao.hp == 3
  expect log "奸雄"
  expect ask guanyu
  expect end
}
`;

function ok(text: string): A.SourceFile {
  const r = parse(text, 'test.sgs');
  expect(r.diagnostics).toEqual([]);
  return r.ast;
}
function decl<K extends A.Decl['kind']>(f: A.SourceFile, kind: K, id?: string): Extract<A.Decl, { kind: K }> {
  const d = f.decls.find((x) => x.kind === kind && (id === undefined || ('names' in x && x.names.id.name === id)));
  if (!d) throw new Error(`no ${kind} ${id ?? ''}`);
  return d as Extract<A.Decl, { kind: K }>;
}
/** A compact rendering of an expression, to check shapes and precedence. */
function show(e: A.Expr | undefined): string {
  if (!e) return '?';
  switch (e.kind) {
    case 'Number':
      return String(e.value);
    case 'Text':
      return JSON.stringify(e.value);
    case 'Bool':
      return String(e.value);
    case 'None':
      return 'none';
    case 'Name':
      return e.name;
    case 'Member':
      return `${show(e.object)}.${e.name.name}`;
    case 'Call':
      return `${show(e.callee)}(${e.args.map((a) => (a.name ? a.name.name + ': ' : '') + show(a.value)).join(', ')})`;
    case 'Unary':
      return `(${e.op} ${show(e.operand)})`;
    case 'Binary':
      return `(${show(e.left)} ${e.op} ${show(e.right)})`;
    case 'List':
      return `[${e.items.map(show).join(', ')}]`;
    case 'CardLit':
      return `${e.cardKind.name}<${e.suit} ${e.rank}>`;
    case 'Where':
      return `(${show(e.list)} where ${show(e.cond)})`;
  }
}
function exprOf(src: string): string {
  const f = ok(`function f() = ${src}`);
  return show(decl(f, 'Function').expr);
}
function stmtsOf(src: string): A.Stmt[] {
  const f = ok(`action a() {\n${src}\n}`);
  return decl(f, 'Action').body.stmts;
}
/** Every place in the tree (the types say which parts have one) is finite, sane offsets into the text it was
 *  parsed from, with a 1-based line and column there. */
function checkSpans(node: unknown, text: string): void {
  const bad: unknown[] = [];
  const walk = (o: unknown): void => {
    if (Array.isArray(o)) {
      o.forEach(walk);
      return;
    }
    if (!o || typeof o !== 'object') return;
    const n = o as Partial<A.Located>;
    if ('pos' in n) {
      const placed = Number.isFinite(n.pos) && Number.isFinite(n.end) && n[SOURCE]?.text === text;
      const s = placed ? spanOf(n as A.Located) : undefined;
      const good =
        s !== undefined && s.start >= 0 && s.end >= s.start && s.end <= text.length && s.line >= 1 && s.col >= 1;
      if (!good) bad.push(o);
    }
    for (const v of Object.values(o)) walk(v);
  };
  walk(node);
  expect(bad).toEqual([]);
}

describe('grammar source', () => {
  // The parser builds each alternatives list once into a numbered slot; two call sites sharing a slot would make one
  // of them parse with the other's alternatives.
  it('gives every cached alternatives list and gated option a slot of its own', () => {
    const src = readFileSync(new URL('../compiler/syntax/parser.ts', import.meta.url), 'utf8');
    for (const cache of ['alts', 'gated']) {
      const slots = [...src.matchAll(new RegExp(`this\\.${cache}\\[(\\d+)\\] \\?\\?=`, 'g'))].map((m) => m[1]);
      expect(slots.length).toBeGreaterThan(0);
      expect(new Set(slots).size).toBe(slots.length);
    }
    // Every OR is cached: an inline `this.OR([` would pay keep-names on each call again.
    expect(src).not.toMatch(/this\.OR\d*\(\[/);
  });

  // The compiler's parser and lexer skip Chevrotain's validations (they cost start-up time): they run here.
  it("passes Chevrotain's grammar and token validations", () => {
    expect(() => new SgsParser(true)).not.toThrow();
    const checked = new Lexer(lexedTokens, { ...LEXER_OPTIONS, skipValidations: false });
    expect(checked.lexerDefinitionErrors).toEqual([]);
  });

  // The parser builds its lookahead from lookahead-table.ts: the paths Chevrotain computes for this grammar.
  it('reads its lookahead from a table that is current (`-u` rewrites it)', async () => {
    const recording = new TableLookahead(undefined, vocabulary, MAX_LOOKAHEAD, true);
    new SgsParser(false, recording);
    await expect(encodeTable(recording.table())).toMatchFileSnapshot('../compiler/syntax/lookahead-table.ts');
    const tabled = new TableLookahead(decodeTable(fingerprint, lines), vocabulary, MAX_LOOKAHEAD);
    new SgsParser(false, tabled);
    expect(tabled.fromTable).toBe(true);
  });
});

describe('lexer', () => {
  it("makes tokens whose fields are not in the order of Chevrotain's end-of-file token (NaN positions)", () => {
    // Objects with the same fields in the same order share a hidden class in V8: one made with NaN turns every
    // number field of the class into a boxed double, an allocation per position of every token.
    const eof = createTokenInstance(EOF, '', NaN, NaN, NaN, NaN, NaN, NaN);
    const [t] = lexer.tokenize('caocao').tokens;
    expect(Object.keys(t!)).not.toEqual(Object.keys(eof));
    expect(t).toMatchObject({ image: 'caocao', startOffset: 0, endOffset: 5, startLine: 1, startColumn: 1 });
  });

  it('builds with optimizations and lexes identifiers, keywords and card faces', () => {
    const r = lexer.tokenize(
      '奸雄 caocao2 _x iffy anyone any cards card variant var ♣10 ♥\uFE0FA ♦Q ♠K "a\\"b" # comment\n end',
    );
    expect(r.errors).toEqual([]);
    expect(r.tokens.map((t) => t.tokenType.name)).toEqual([
      'Identifier',
      'Identifier',
      'Identifier',
      'Identifier',
      'Kw_anyone',
      'Kw_any',
      'Kw_cards',
      'Kw_card',
      'Kw_variant',
      'Kw_var',
      'CardFace',
      'CardFace',
      'CardFace',
      'CardFace',
      'String',
      'Kw_end',
    ]);
  });
  it('exports the keyword lists', () => {
    expect(reservedKeywords).toContain('skill');
    expect(reservedKeywords).toContain('flavour');
    expect(contextualKeywords).toContain('pass');
    expect(contextualKeywords).toContain('you');
  });
});

describe('the example file', () => {
  const f = ok(EXAMPLE);
  it('has header and all declarations', () => {
    expect(f.kind).toBe('File');
    expect(f.package?.name).toBe('standard');
    expect(f.imports.map((i) => i.name)).toEqual(['core']);
    expect(f.decls.map((d) => d.kind)).toEqual([
      'Enum',
      'Option',
      'Option',
      'Zone',
      'Zone',
      'Zone',
      'Property',
      'Property',
      'Property',
      'Var',
      'Card',
      'Card',
      'Deck',
      'General',
      'Skill',
      'Skill',
      'Skill',
      'Skill',
      'Skill',
      'Skill',
      'Skill',
      'Event',
      'Action',
      'Function',
      'Function',
      'Hook',
      'Mode',
      'Variant',
      'Scenario',
    ]);
    checkSpans(f, EXAMPLE);
  });
  it('enum and options', () => {
    const e = decl(f, 'Enum', 'suit');
    expect(e.names.zh?.name).toBe('花色');
    expect(e.names.en).toBe('Suit');
    expect(e.members.map((m) => [m.names.id.name, m.names.zh?.name, m.names.en])).toEqual([
      ['spade', '黑桃', 'Spade'],
      ['heart', '红桃', 'Heart'],
      ['club', '梅花', 'Club'],
      ['diamond', '方块', 'Diamond'],
    ]);
    const o = decl(f, 'Option', 'edition');
    expect(o.members?.map((m) => m.names.id.name)).toEqual(['standard', 'first']);
    expect(o.type).toBeUndefined();
    expect(show(o.default)).toBe('standard');
    const b = decl(f, 'Option', 'lordBonusIn4');
    expect(b.names.en).toBe('Lord bonus in 4-player games');
    expect(b.type?.name.name).toBe('bool');
    expect(b.members).toBeUndefined();
    expect(show(b.default)).toBe('false');
  });
  it('zones, properties, vars', () => {
    const hand = decl(f, 'Zone', 'hand');
    expect([hand.perPlayer, hand.visibility, hand.grants]).toEqual([true, 'owner', false]);
    const equip = decl(f, 'Zone', 'equip');
    expect([equip.perPlayer, equip.visibility, equip.grants]).toEqual([true, 'public', true]);
    const draw = decl(f, 'Zone', 'drawPile');
    expect([draw.perPlayer, draw.visibility, draw.grants]).toEqual([false, 'hidden', false]);
    const role = decl(f, 'Property', 'role');
    expect(role.type).toMatchObject({ name: { name: 'role' }, list: false, optional: true });
    expect(role.default.kind).toBe('None');
    expect(role.visibility).toBe('owner');
    const su = decl(f, 'Property', 'slashesUsed');
    expect(su.resetAt?.name).toBe('turn');
    expect(su.visibility).toBe('public');
    const v = decl(f, 'Var');
    expect(v.name.name).toBe('current');
    expect(v.type).toMatchObject({ name: { name: 'player' }, optional: true });
  });
  it('cards', () => {
    const slash = decl(f, 'Card', 'slash');
    expect(slash.flavour).toBe('A blade in the night.');
    expect(slash.fields.map((x) => [x.name.name, show(x.value)])).toEqual([['type', 'basic']]);
    expect(slash.methods.map((m) => m.name.name)).toEqual(['canUse', 'targets', 'effect']);
    expect(show(slash.methods[0]!.expr)).toBe('(slashesUsed(user) < slashLimit(user))');
    expect(show(slash.methods[1]!.expr)).toBe('((t != user) and inRange(user, t))');
    const effect = slash.methods[2]!;
    expect(effect.params.map((p) => [p.name.name, p.type.name.name])).toEqual([
      ['use', 'event'],
      ['target', 'player'],
    ]);
    expect(effect.body?.stmts.map((s) => s.kind)).toEqual(['Let', 'If']);
    const let0 = effect.body!.stmts[0] as A.LetStmt;
    expect(show(let0.value)).toBe('respond(who: target, kind: jink, times: 1)');
    const blade = decl(f, 'Card', 'blade');
    expect(blade.fields.map((x) => [x.name.name, show(x.value)])).toEqual([
      ['type', 'equip'],
      ['subtype', 'weapon'],
      ['range', '3'],
    ]);
    expect(blade.skills.map((s) => s.name)).toEqual(['bladeSkill']);
  });
  it('deck and general', () => {
    const d = decl(f, 'Deck', 'standard');
    expect(d.entries.map((e) => [e.cardKind.name, e.faces.map((x) => `${x.suit}${x.rank}`)])).toEqual([
      ['slash', ['spade7', 'spade8', 'spade8', 'club10']],
      ['jink', ['heart2', 'diamond2']],
    ]);
    expect(d.entries[0]!.faces[3]!.face).toBe('♣10');
    const g = decl(f, 'General', 'caocao');
    expect(g.fields.map((x) => [x.name.name, show(x.value)])).toEqual([
      ['kingdom', 'wei'],
      ['gender', 'male'],
      ['hp', '4'],
    ]);
    expect(g.skills.map((s) => s.name)).toEqual(['jianxiong', 'hujia']);
  });
  it('skills', () => {
    const jx = decl(f, 'Skill', 'jianxiong').items[0] as A.TriggerItem;
    expect(jx).toMatchObject({
      kind: 'Trigger',
      window: { name: 'damaged' },
      subject: 'you',
      alias: { name: 'd' },
      optional: true,
    });
    expect(show(jx.cond)).toBe('((d.card != none) and inProcessing(d.card))');
    expect(jx.body.stmts.length).toBe(1);
    const kc = decl(f, 'Skill', 'kongcheng');
    expect(kc.tags.map((t) => t.name)).toEqual(['locked']);
    const m = kc.items[0] as A.ModifyItem;
    expect(m.kind).toBe('Modify');
    expect(m.hook.name).toBe('cannotTarget');
    expect(m.params.map((p) => p.name)).toEqual(['user', 'target', 'card']);
    expect(show(m.value)).toBe('true');
    expect(show(m.cond)).toBe('(((target == you) and (count(hand(you)) == 0)) and (card.kind in [slash, duel]))');
    const va = decl(f, 'Skill', 'wusheng').items[0] as A.ViewAsItem;
    expect(va).toMatchObject({ kind: 'ViewAs', cardKind: { name: 'slash' }, count: 1 });
    expect(va.zones.map((z) => z.name)).toEqual(['hand', 'equip']);
    expect(show(va.filter)).toBe('(it.color == red)');
    expect(va.cond).toBeUndefined();
    const rd = decl(f, 'Skill', 'rende').items[0] as A.ActiveItem;
    expect(rd.kind).toBe('Active');
    expect(show(rd.cond)).toBe('(count(hand(you)) > 0)');
    expect(rd.body.stmts.map((s) => s.kind)).toEqual(['Let', 'For']);
    expect(show((rd.body.stmts[0] as A.LetStmt).value)).toBe('choose(you, hand(you), min: 1, max: 99, prompt: "give")');
    const zh = decl(f, 'Skill', 'zhiheng').items[0] as A.ActiveItem;
    expect(zh.limit).toMatchObject({ count: 1, per: { name: 'phase' } });
    expect(zh.body.stmts).toMatchObject([{ kind: 'Return' }]);
    expect((zh.body.stmts[0] as A.ReturnStmt).value).toBeUndefined();
    const hy = decl(f, 'Skill', 'hongyan');
    const fi = hy.items[0] as A.FilterItem;
    expect(fi.kind).toBe('Filter');
    expect(show(fi.cond)).toBe('(it.suit == spade)');
    expect(fi.sets.map((s) => [s.name.name, show(s.value)])).toEqual([['suit', 'heart']]);
    const tq = decl(f, 'Skill', 'tieqi');
    expect(tq.names.en).toBeUndefined();
    expect(tq.names.zh?.name).toBe('铁骑');
    const t = tq.items[0] as A.TriggerItem;
    expect(t).toMatchObject({
      window: { name: 'targetSpecified' },
      optional: true,
      limit: { count: 1, per: { name: 'turn' } },
    });
    expect(t.body.stmts[0]).toMatchObject({ kind: 'Stop', target: { kind: 'Name', name: 'e' } });
  });
  it('event with every statement', () => {
    const e = decl(f, 'Event', 'damage');
    expect(
      e.params.map((p) => [p.name.name, p.type.name.name, p.type.optional, p.default ? show(p.default) : undefined]),
    ).toEqual([
      ['to', 'player', false, undefined],
      ['amount', 'int', false, '1'],
      ['from', 'player', true, 'none'],
      ['card', 'card', true, 'none'],
    ]);
    const s = e.body.stmts;
    expect(s.map((x) => x.kind)).toEqual([
      'Timing',
      'If',
      'Assign',
      'Repeat',
      'Repeat',
      'While',
      'For',
      'If',
      'Return',
    ]);
    expect(s[0]).toMatchObject({ name: { name: 'damageCaused' }, subject: { kind: 'Name', name: 'from' } });
    expect((s[1] as A.IfStmt).then.stmts[0]).toMatchObject({ kind: 'Stop' });
    expect(((s[1] as A.IfStmt).then.stmts[0] as A.StopStmt).target).toBeUndefined();
    expect(s[2]).toMatchObject({ kind: 'Assign', op: '-=' });
    expect(show((s[2] as A.AssignStmt).target)).toBe('to.hp');
    expect(show((s[3] as A.RepeatStmt).count)).toBe('2');
    expect((s[4] as A.RepeatStmt).count).toBeUndefined();
    expect((s[4] as A.RepeatStmt).body.stmts[0]!.kind).toBe('Break');
    expect((s[5] as A.WhileStmt).body.stmts[0]).toMatchObject({ kind: 'Assign', op: '+=' });
    const fo = s[6] as A.ForStmt;
    expect(fo.name.name).toBe('p');
    expect(show(fo.iterable)).toBe('(players() where (it.alive and (it != to)))');
    expect(fo.body.stmts[0]!.kind).toBe('Continue');
    const ifs = s[7] as A.IfStmt;
    expect(ifs.else?.kind).toBe('If');
    expect((ifs.else as A.IfStmt).else?.kind).toBe('Block');
    expect((s[8] as A.ReturnStmt).value).toBeUndefined();
    expect(e.cleanup?.stmts.length).toBe(1);
  });
  it('action, functions, hook', () => {
    const a = decl(f, 'Action', 'gain');
    expect(a.params[1]!.type).toMatchObject({ name: { name: 'card' }, list: true, optional: false });
    const ir = decl(f, 'Function', 'inRange');
    expect(ir.returns?.name.name).toBe('bool');
    expect(show(ir.expr)).toBe('(distance(a, b) <= attackRange(a))');
    const fn = decl(f, 'Function', 'f');
    expect(fn.params).toEqual([]);
    expect(show((fn.body!.stmts[0] as A.ReturnStmt).value)).toBe('(((- x) * (2 + 3)) % 4)');
    const h = decl(f, 'Hook', 'distance');
    expect(h.combine).toBe('sum');
    expect(h.returns.name.name).toBe('int');
    expect(h.params.map((p) => p.name.name)).toEqual(['from', 'to']);
  });
  it('mode and variant', () => {
    const m = decl(f, 'Mode', 'identity');
    expect(m.fields.map((x) => [x.name.name, show(x.value)])).toEqual([
      ['minPlayers', '4'],
      ['maxPlayers', '10'],
    ]);
    expect(m.methods.map((x) => x.name.name)).toEqual(['setup', 'play']);
    expect(show((m.methods[0]!.body!.stmts[0] as A.ReturnStmt).value)).toBe('lord()');
    expect(m.methods[1]!.params[1]!.type).toMatchObject({ name: { name: 'phase' }, optional: true });
    const v = decl(f, 'Variant');
    expect(v.option.name).toBe('edition');
    expect(show(v.value)).toBe('first');
    expect(v.decls.map((d) => d.kind)).toEqual(['Skill']);
  });
  it('scenario', () => {
    const s = decl(f, 'Scenario', 'jianxiong_takes_slash');
    expect(s.mode?.name).toBe('identity');
    expect(s.options.map((o) => [o.name.name, show(o.value)])).toEqual([['edition', 'first']]);
    expect(s.seats.map((x) => [x.name.name, x.fields.map((y) => `${y.name.name}=${show(y.value)}`)])).toEqual([
      ['caocao', ['general=caocao', 'role=lord', 'hp=4', 'hand=[jink<heart 2>]']],
      ['guanyu', ['general=guanyu', 'role=rebel', 'hand=[slash<spade 7>]']],
    ]);
    expect(s.deck.map(show)).toEqual(['peach<heart 3>', 'jink<diamond 2>']);
    expect(s.start?.player.name).toBe('guanyu');
    expect(s.start?.from?.name).toBe('play');
    const steps = s.steps.map((x) => {
      switch (x.kind) {
        case 'Answer':
          return `${x.player.name}: ${x.picks.map(show).join(', ')}`;
        case 'Expect':
          return `expect ${show(x.cond)}`;
        case 'ExpectLog':
          return `log ${x.text}`;
        case 'ExpectAsk':
          return `ask ${x.player.name}`;
        case 'ExpectEnd':
          return 'end';
      }
    });
    expect(steps).toEqual([
      'guanyu: slash<spade 7>',
      'guanyu: caocao',
      'caocao: pass',
      'caocao: yes',
      'expect (slash<spade 7> in hand(caocao))',
      'expect (caocao.hp == 3)',
      'log 奸雄',
      'ask guanyu',
      'end',
    ]);
  });
  it('spans are 1-based with end one past the last character', () => {
    const sk = decl(f, 'Skill', 'jianxiong');
    const line = EXAMPLE.split('\n').findIndex((l) => l.startsWith('skill jianxiong')) + 1;
    expect(lineOf(sk)).toBe(line);
    expect(spanOf(sk).col).toBe(1);
    expect(EXAMPLE.slice(sk.names.id.pos, sk.names.id.end)).toBe('jianxiong');
    expect(EXAMPLE.slice(sk.pos, sk.end).endsWith('}')).toBe(true);
  });
});

describe('details of the grammar', () => {
  it('names: a second identifier is the Chinese name only if it is not ASCII', () => {
    const a = decl(ok('skill a 甲 locked { }'), 'Skill');
    expect(a.names.zh?.name).toBe('甲');
    expect(a.tags.map((t) => t.name)).toEqual(['locked']);
    const b = decl(ok('skill a locked lord { }'), 'Skill');
    expect(b.names.zh).toBeUndefined();
    expect(b.tags.map((t) => t.name)).toEqual(['locked', 'lord']);
    const c = decl(ok('skill a 甲 "A" limited wake { flavour "f" }'), 'Skill');
    expect([c.names.en, c.flavour, c.tags.map((t) => t.name)]).toEqual(['A', 'f', ['limited', 'wake']]);
    const z = decl(ok('zone discard shared'), 'Zone');
    expect([z.names.zh, z.perPlayer, z.visibility, z.grants]).toEqual([undefined, false, 'public', false]);
  });
  it('contextual keywords are ordinary identifiers', () => {
    const f = ok(
      'function from(card: card, end: int, set: [player]?): any = max(card, min: end, from: pass) + you.seat',
    );
    const fn = decl(f, 'Function', 'from');
    expect(fn.params.map((p) => p.name.name)).toEqual(['card', 'end', 'set']);
    expect(fn.params[2]!.type).toMatchObject({ list: true, optional: true });
    expect(show(fn.expr)).toBe('(max(card, min: end, from: pass) + you.seat)');
    expect(stmtsOf('let start = expect + log\nask = all')).toMatchObject([
      { kind: 'Let' },
      { kind: 'Assign', op: '=' },
    ]);
  });
  it('any word is a member name after a dot; skill and event are type names', () => {
    expect(exprOf('e.event.if.end.skill.none')).toBe('e.event.if.end.skill.none');
    const f = ok('action a(s: skill, e: event?, l: [event]) { }');
    expect(decl(f, 'Action').params.map((p) => p.type.name.name)).toEqual(['skill', 'event', 'event']);
  });
  it('expression precedence', () => {
    expect(exprOf('a or b and not c == d')).toBe('(a or (b and (not (c == d))))');
    expect(exprOf('1 + 2 * 3 - 4 / 5 % 6')).toBe('((1 + (2 * 3)) - ((4 / 5) % 6))');
    expect(exprOf('- - a.b(c)(d).e')).toBe('(- (- a.b(c)(d).e))');
    expect(exprOf('xs where it > 1 where it < 5')).toBe('((xs where (it > 1)) where (it < 5))');
    expect(exprOf('a in [1, 2,] or x != none')).toBe('((a in [1, 2]) or (x != none))');
    expect(exprOf('(a + b) * c')).toBe('((a + b) * c)');
    expect(exprOf('f()')).toBe('f()');
    expect(exprOf('[]')).toBe('[]');
    expect(exprOf('true and false')).toBe('(true and false)');
  });
  it('card literals and faces', () => {
    expect(exprOf('[slash ♠A, jink ♥10, peach ♦J, duel ♣Q, x ♠\uFE0FK]')).toBe(
      '[slash<spade 1>, jink<heart 10>, peach<diamond 11>, duel<club 12>, x<spade 13>]',
    );
    const f = ok('function f() = x ♠\uFE0F7');
    const e = decl(f, 'Function').expr as A.CardLit;
    expect(e).toMatchObject({ kind: 'CardLit', suit: 'spade', rank: 7, face: '♠7' });
  });
  it('strings are unescaped', () => {
    expect(decl(ok(String.raw`function f() = "a\"b\\c\nd"`), 'Function').expr).toMatchObject({
      kind: 'Text',
      value: 'a"b\\c\nd',
    });
  });
  it('comments are skipped', () => {
    const f = ok('# a comment\nskill a { } # another\n# end');
    expect(f.decls.length).toBe(1);
  });
  it('return and stop take a value only on the same line', () => {
    const s = stmtsOf('return\nx\nreturn y\nstop\nf(1)\nstop e');
    expect(s.map((x) => x.kind)).toEqual(['Return', 'ExprStmt', 'Return', 'Stop', 'ExprStmt', 'Stop']);
    expect((s[0] as A.ReturnStmt).value).toBeUndefined();
    expect(show((s[2] as A.ReturnStmt).value)).toBe('y');
    expect((s[3] as A.StopStmt).target).toBeUndefined();
    expect(show((s[5] as A.StopStmt).target)).toBe('e');
    expect(stmtsOf('if x { return }')[0]).toMatchObject({ kind: 'If', then: { stmts: [{ kind: 'Return' }] } });
  });
  it('viewAs, modify, filter and triggers in all forms', () => {
    const s = decl(
      ok(`skill s {
      viewAs jink from 2 cards if count(hand(you)) > 1
      modify distance(from, to) = -1 if from == you
      filter where it.suit == spade set suit = heart, rank = 1
      on x(anyone) { }
      on y(other) as e limit 2 per game if e.card != none { }
      active { }
    }`),
      'Skill',
    );
    expect(s.items.map((i) => i.kind)).toEqual(['ViewAs', 'Modify', 'Filter', 'Trigger', 'Trigger', 'Active']);
    expect(s.items[0]).toMatchObject({ count: 2, zones: [] });
    expect(show((s.items[0] as A.ViewAsItem).cond)).toBe('(count(hand(you)) > 1)');
    expect(show((s.items[1] as A.ModifyItem).value)).toBe('(- 1)');
    expect((s.items[2] as A.FilterItem).sets.map((x) => x.name.name)).toEqual(['suit', 'rank']);
    expect(s.items[3]).toMatchObject({ subject: 'anyone', optional: false });
    expect(s.items[4]).toMatchObject({
      subject: 'other',
      alias: { name: 'e' },
      limit: { count: 2, per: { name: 'game' } },
    });
  });
  it('option with enumerated members and a trailing comma; property with everything', () => {
    const o = decl(ok('option o { a, b, } = a'), 'Option');
    expect(o.members?.map((m) => m.names.id.name)).toEqual(['a', 'b']);
    const p = decl(ok('property x: [card] = [] hidden reset at phase'), 'Property');
    expect([p.visibility, p.resetAt?.name, p.type.list]).toEqual(['hidden', 'phase', true]);
  });
  it('scenario: expect forms that look like expressions, start without phase, multi-pick answers', () => {
    const s = decl(
      ok(`scenario s {
      start a
      b: slash ♠7, c, pass
      expect end.x == 1
      expect log("x")
      expect ask
      expect end
    }`),
      'Scenario',
    );
    expect(s.start?.player.name).toBe('a');
    expect(s.start?.from).toBeUndefined();
    expect(s.steps.map((x) => x.kind)).toEqual(['Answer', 'Expect', 'Expect', 'Expect', 'ExpectEnd']);
    expect((s.steps[0] as { picks: A.Expr[] }).picks.map(show)).toEqual(['slash<spade 7>', 'c', 'pass']);
    expect(show((s.steps[1] as { cond: A.Expr }).cond)).toBe('(end.x == 1)');
  });
});

describe('diagnostics', () => {
  it('lexer errors are SGS001 with the character and position', () => {
    const r = parse('skill a {\n  on x(you) { y $ }\n}', 'f.sgs');
    expect(r.diagnostics).toHaveLength(1);
    expect(r.diagnostics[0]).toMatchObject({ code: 'SGS001', severity: 'error', message: "unexpected character '$'" });
    expect(r.diagnostics[0]!.span).toEqual({ file: 'f.sgs', start: 26, end: 27, line: 2, col: 17 });
    expect(r.ast.decls.length).toBe(1);
  });
  it('parser errors are SGS002 with what was expected and found', () => {
    const r = parse('skill a {\n  on x(you) {\n    f(1, )\n  }\n}', 'f.sgs');
    expect(r.diagnostics).toHaveLength(1);
    expect(r.diagnostics[0]).toMatchObject({ code: 'SGS002', message: "expected an expression, found ')'" });
    expect(r.diagnostics[0]!.span).toMatchObject({ line: 3, col: 10 });
  });
  it('a missing closing brace at the end of the file points at the last token', () => {
    const text = 'skill a {\n  on x(you) { }\n';
    const r = parse(text, 'f.sgs');
    expect(r.diagnostics).toHaveLength(1);
    expect(r.diagnostics[0]!.message).toBe("expected '}' to close the skill block, found end of file");
    expect(r.diagnostics[0]!.span).toMatchObject({ line: 2, col: 15 });
    expect(decl(r.ast, 'Skill').items.length).toBe(1);
  });
  it('a keyword where a name belongs is called a keyword', () => {
    const r = parse('option flavour 风味 "Flavour" { plain 原味 "Plain" } = plain', 'f.sgs');
    expect(r.diagnostics[0]).toMatchObject({
      code: 'SGS002',
      message: "expected a name, found 'flavour' (a keyword)",
    });
  });
  it('unexpected keyword inside a block', () => {
    const r = parse('skill a {\n  on x(you) { }\n  card\n}', 'f.sgs');
    expect(r.diagnostics[0]).toMatchObject({
      code: 'SGS002',
      message: "expected '}' to close the skill block, found 'card'",
    });
    expect(r.diagnostics[0]!.span).toMatchObject({ line: 3, col: 3 });
  });
  it('recovery reports several errors in one file and keeps the good declarations', () => {
    const text = [
      'skill a { on x(you) { let = 1 } }', //        error 1: missing name after let
      'card c { type: basic }',
      'event e(to: player) { if { } }', //            error 2: missing condition
      'function g() = 1 +', //                          error 3: missing operand
      // (not `general`: that word is also a name, so `1 + general` would be read as one expression)
      'hook h(): int = sum',
    ].join('\n');
    const r = parse(text, 'f.sgs');
    const errs = r.diagnostics.filter((d) => d.code === 'SGS002');
    expect(errs.length).toBeGreaterThanOrEqual(3);
    const lines = new Set(errs.map((d) => d.span.line));
    expect(lines.has(1)).toBe(true);
    expect(lines.has(3)).toBe(true);
    expect(lines.has(4) || lines.has(5)).toBe(true);
    expect(r.ast.decls.map((d) => d.kind)).toEqual(
      expect.arrayContaining(['Skill', 'Card', 'Event', 'Function', 'Hook']),
    );
    checkSpans(r.ast, text);
  });
  // The parser builds the tree as it goes: a declaration that an error cuts short is built from what was parsed of
  // it, so that the editor's index of a file being typed keeps its names.
  it('keeps a declaration cut short by an error, with its names and the parts before the error', () => {
    const r = parse('card c 甲 { type: basic\n  onUse(x: player) { }\n  {\n}\ncard d { }', 'f.sgs');
    expect(r.diagnostics.map((d) => d.message)).toEqual(["expected '}' to close the card block, found '{'"]);
    expect(r.ast.decls.map((d) => (d as A.CardDecl).names.id.name)).toEqual(['c', 'd']);
    const c = r.ast.decls[0] as A.CardDecl;
    expect(c.names.zh?.name).toBe('甲');
    expect(c.fields.map((f) => f.name.name)).toEqual(['type']);
    expect(c.methods.map((m) => m.name.name)).toEqual(['onUse']);
  });
  it('keeps an option a mode owns when its default is missing', () => {
    const r = parse('mode m { players: 2\n option o: bool = \n}\ngeneral g { }', 'f.sgs');
    expect(r.diagnostics.map((d) => d.message)).toEqual(["expected an expression, found '}'"]);
    expect(r.ast.decls.map((d) => d.kind)).toEqual(['Mode', 'Option', 'General']);
  });
  it('parses a clean file alike after a broken one (nothing of the broken parse is left on the parser)', () => {
    const clean = parse(EXAMPLE, 'f.sgs');
    parse('mode m { players: 2\n option o: bool = \n skill s { on x(you) { if { } }', 'g.sgs');
    parse('skill a { on x(you) { let = 1 } }\n) ) )\ncard c {', 'h.sgs');
    expect(parse(EXAMPLE, 'f.sgs')).toEqual(clean);
  });
  it('junk at the top level is reported and skipped', () => {
    const r = parse('hello world\nskill a { }\n) ) )\ncard b { }', 'f.sgs');
    expect(r.diagnostics.map((d) => [d.code, d.span.line])).toEqual([
      ['SGS002', 1],
      ['SGS002', 3],
    ]);
    expect(r.diagnostics[0]!.message).toBe("expected a declaration, found 'hello'");
    expect(r.ast.decls.map((d) => d.kind)).toEqual(['Skill', 'Card']);
  });
  it('skills: must list names', () => {
    const r = parse('general g { skills: a, f(x) }', 'f.sgs');
    expect(r.diagnostics.map((d) => d.code)).toEqual(['SGS002']);
    expect(decl(r.ast, 'General').skills.map((s) => s.name)).toEqual(['a']);
  });
  it('empty input is an empty file', () => {
    const r = parse('', 'f.sgs');
    expect(r.diagnostics).toEqual([]);
    expect(r.ast).toMatchObject({ kind: 'File', file: 'f.sgs', imports: [], decls: [] });
  });
});

describe('parse never throws', () => {
  const words = [
    ...reservedKeywords,
    ...contextualKeywords,
    'x',
    'caocao',
    '奸雄',
    'it',
    '1',
    '42',
    '"s"',
    '"',
    '♠7',
    '♥10',
    '♦',
    '#c\n',
    '==',
    '!=',
    '<=',
    '>=',
    '<',
    '>',
    '+=',
    '-=',
    '=',
    '+',
    '-',
    '*',
    '/',
    '%',
    '.',
    ',',
    ':',
    '(',
    ')',
    '{',
    '}',
    '[',
    ']',
    '?',
    '\n',
    '$',
  ];
  const soup = fc.array(fc.constantFrom(...words), { maxLength: 80 }).map((ws) => ws.join(' '));
  /** A prefix or a mutation of the example: realistic broken input. */
  const broken = fc
    .tuple(fc.nat(EXAMPLE.length), fc.nat(EXAMPLE.length), fc.constantFrom('', '}', '{', '(', 'skill', ':', '♠', '"'))
    .map(([a, b, ins]) => EXAMPLE.slice(0, Math.min(a, b)) + ins + EXAMPLE.slice(Math.max(a, b)));

  function check(text: string): void {
    let r: ReturnType<typeof parse> | undefined;
    expect(() => (r = parse(text, 'p.sgs'))).not.toThrow();
    expect(r!.ast.kind).toBe('File');
    expect(Array.isArray(r!.ast.decls)).toBe(true);
    expect(r!.diagnostics.every((d) => d.code !== 'SGS009')).toBe(true);
    for (const d of r!.diagnostics) {
      expect(Number.isFinite(d.span.start) && Number.isFinite(d.span.line) && Number.isFinite(d.span.col)).toBe(true);
    }
    checkSpans(r!.ast, text);
  }

  it('on arbitrary strings', () => {
    fc.assert(fc.property(fc.string(), check), { numRuns: 300 });
  });
  it('on arbitrary unicode strings', () => {
    fc.assert(fc.property(fc.string({ unit: 'grapheme' }), check), { numRuns: 300 });
    fc.assert(fc.property(fc.string({ unit: 'binary' }), check), { numRuns: 200 });
  });
  it('on token soup', () => {
    fc.assert(fc.property(soup, check), { numRuns: 500 });
  });
  it('on broken versions of the example', () => {
    fc.assert(fc.property(broken, check), { numRuns: 200 });
  });
  // `expr`, `block` and `scenario` read well-formed expressions, blocks and scenario items by hand (read-expr.ts,
  // read-block.ts, read-scenario.ts): the same trees and diagnostics as the rules below them would give, on every
  // file of the repository and on random, generated and broken input.
  describe('gives the same trees and diagnostics without reading by hand', () => {
    const both = (text: string, scenarios = true) => {
      const quick = JSON.stringify(parse(text, 'p.sgs', scenarios));
      parser.readByHand = false;
      try {
        expect(JSON.stringify(parse(text, 'p.sgs', scenarios))).toBe(quick);
      } finally {
        parser.readByHand = true;
      }
    };
    it('on every file of the repository', () => {
      for (const s of loadSources(['rules', 'docs/examples', 'templates', 'bench/slice'])) {
        both(s.text);
        both(s.text, false);
      }
    });
    it('on token soup and broken versions of the example', () => {
      fc.assert(
        fc.property(soup, (t) => both(t)),
        { numRuns: 500 },
      );
      fc.assert(
        fc.property(broken, (t) => both(t)),
        { numRuns: 300 },
      );
    });
    it('on random scenario bodies and expressions', () => {
      fc.assert(
        fc.property(soup, (t) => both(`scenario s 甲 "S" {\n${t}\n}`)),
        { numRuns: 300 },
      );
      fc.assert(
        fc.property(soup, (t) => both(`function f(): int = ${t}\n`)),
        { numRuns: 300 },
      );
    });
    // Lines of scenarios shuffled and cut: items that are well formed, nearly, or not at all.
    const scenario = readFileSync(new URL('../rules/standard/scenarios/caocao.sgs', import.meta.url), 'utf8');
    const scenarioLines = scenario.split('\n');
    const pieces = fc.array(fc.tuple(fc.nat(scenarioLines.length - 1), fc.nat(40), fc.nat(60)), { maxLength: 12 });
    const mixed = pieces.map((ps) =>
      ps.map(([l, a, b]) => scenarioLines[l]!.slice(Math.min(a, b), Math.max(a, b) + 20)).join('\n'),
    );
    it('on lines of a scenario file shuffled and cut', () => {
      fc.assert(
        fc.property(mixed, (t) => both(`scenario s {\n${t}\n}`)),
        { numRuns: 300 },
      );
    });
    // Items made from the grammar, then a token dropped or added here and there: well formed or nearly.
    const { item, block, phrase, fn } = fc.letrec((tie) => ({
      name: fc.constantFrom(
        'a',
        'caocao',
        'hp',
        'general',
        'role',
        'hand',
        'mode',
        'start',
        'deck',
        'log',
        'end',
        'pass',
      ),
      word: fc.oneof(tie('name'), fc.constantFrom('var', 'skill', 'not', 'true', 'in')),
      atom: fc.oneof(
        tie('name'),
        fc.constantFrom('1', '"t"', 'true', 'none', 'slash ♠7', 'jink ♥10'),
        fc.tuple(tie('name'), fc.constantFrom('.', '('), tie('word'), fc.constantFrom('', ')')).map((p) => p.join('')),
        tie('list'),
      ),
      list: fc.array(tie('expr'), { maxLength: 3 }).map((xs) => `[${xs.join(', ')}]`),
      expr: fc.oneof(
        { depthSize: 'small', withCrossShrink: true },
        tie('atom'),
        fc
          .tuple(
            fc.constantFrom('', 'not ', '-'),
            tie('atom'),
            fc.constantFrom('==', 'in', 'and', '+', '<', 'where'),
            tie('atom'),
          )
          .map(([p, a, o, b]) => `${p}${a} ${o} ${b}`),
        fc.tuple(tie('name'), fc.array(tie('expr'), { maxLength: 3 })).map(([f, xs]) => `${f}(${xs.join(', ')})`),
      ),
      field: fc
        .tuple(tie('word'), fc.array(tie('expr'), { minLength: 1, maxLength: 2 }))
        .map(([n, vs]) => `${n}: ${vs.join(', ')}`),
      item: fc.oneof(
        fc
          .tuple(tie('name'), fc.array(tie('field'), { maxLength: 3 }), fc.constantFrom(', ', ' '))
          .map(([n, fs, sep]) => `seat ${n} { ${fs.join(sep)} }`),
        fc
          .tuple(tie('name'), fc.array(tie('expr'), { minLength: 1, maxLength: 2 }))
          .map(([n, xs]) => `${n}: ${xs.join(', ')}`),
        fc
          .tuple(
            fc.constantFrom('', 'not ', 'log ', 'ask ', 'ask a: ', 'end ', 'offered ', 'not log ', 'not offered '),
            tie('expr'),
          )
          .map(([w, x]) => `expect ${w}${x}`),
        fc.tuple(tie('name'), fc.constantFrom('', ' play', '\n  play', ' a:')).map(([n, p]) => `start ${n}${p}`),
        tie('list').map((l) => `deck: ${l}`),
        fc
          .tuple(fc.constantFrom('option', 'var', 'mode'), tie('name'), fc.constantFrom(' = 1', '', ' = x, y'))
          .map(([k, n, rest]) => `${k} ${n}${rest}`),
        tie('expr'),
      ),
      stmt: fc.oneof(
        { depthSize: 'small', withCrossShrink: true },
        fc.tuple(tie('name'), tie('expr')).map(([n, x]) => `let ${n} = ${x}`),
        fc
          .tuple(tie('expr'), tie('block'), fc.constantFrom('', ' else ', ' else if x '), tie('block'))
          .map(([c, t, e, o]) => `if ${c} ${t}${e ? `${e}${o}` : ''}`),
        fc.tuple(tie('name'), tie('expr'), tie('block')).map(([n, x, b]) => `for ${n} in ${x} ${b}`),
        fc
          .tuple(fc.constantFrom('while ', 'repeat ', 'repeat'), tie('expr'), tie('block'))
          .map(([w, x, b]) => (w === 'repeat' ? `repeat ${b}` : `${w}${x} ${b}`)),
        fc
          .tuple(fc.constantFrom('return', 'stop'), fc.constantFrom('', ' ', '\n'), tie('expr'))
          .map(([w, sep, x]) => (sep ? `${w}${sep}${x}` : w)),
        fc.constantFrom('break', 'continue', 'timing t for x', 'timing for x'),
        fc
          .tuple(tie('expr'), fc.constantFrom('', ' = ', ' += ', ' -= '), tie('expr'))
          .map(([a, o, b]) => (o ? `${a}${o}${b}` : a)),
      ),
      block: fc.array(tie('stmt'), { maxLength: 3 }).map((ss) => `{ ${ss.join('\n')} }`),
      phrase: fc
        .tuple(
          fc.constantFrom('on damaged', 'on active', 'on', '"t"', 'damage', 'damage.from', 'card.skill', 'x.'),
          fc.constantFrom('', '()', '(a)', '(a "甲" "A", true, 2)', '(none, x "y")', '(a,)'),
          fc.constantFrom('"甲" "a"', '"甲"', ''),
          fc.constantFrom('', ' not "非" "b"', ' as "为" "c"', ' not "非" "b" as "为" "c"', ' as "为"'),
        )
        .map((p) => `phrase ${p.join(' ')}`),
      type: fc.oneof(
        { depthSize: 'small', withCrossShrink: true },
        fc.constantFrom('int', 'player', 'skill', 'event', 'card?', '?'),
        tie('type').map((t) => `[${t}]`),
        tie('type').map((t) => `[${t}]?`),
      ),
      param: fc
        .tuple(tie('word'), fc.constantFrom(': ', ':', ' '), tie('type'), fc.constantFrom('', ' = 1', ' = none', ' ='))
        .map((p) => p.join('')),
      fn: fc
        .tuple(
          fc.constantFrom('function f', 'action a', 'event e', 'hook h'),
          fc.array(tie('param'), { maxLength: 3 }),
          fc.constantFrom('', ': int', ': [card]?', ': [[a]]', ':'),
          fc.constantFrom(' = 1', ' { }', ' { x }'),
        )
        .map(([head, ps, ret, body]) => `${head}(${ps.join(', ')})${ret}${body}`),
    })) as {
      item: fc.Arbitrary<string>;
      block: fc.Arbitrary<string>;
      phrase: fc.Arbitrary<string>;
      fn: fc.Arbitrary<string>;
    };
    /** Some of the text's tokens (split at spaces) replaced. */
    const damage = (text: fc.Arbitrary<string>) =>
      fc
        .tuple(
          text,
          fc.array(fc.tuple(fc.nat(), fc.constantFrom('', ',', ':', '}', '{', '(', 'expect', 'else')), {
            maxLength: 2,
          }),
        )
        .map(([t, cuts]) => {
          const toks = t.split(' ');
          for (const [at, put] of cuts) toks.splice(at % (toks.length + 1), 1, put);
          return toks.join(' ');
        });
    const damaged = damage(fc.array(item, { maxLength: 8 }).map((items) => items.join('\n')));
    it('on phrases and scenarios made from the grammar, a few tokens changed', () => {
      const scenarios = fc
        .tuple(fc.constantFrom('s 甲 "S"', 's', 's b', 's "S"', 's 甲 b', 'scenario'), fc.array(item, { maxLength: 4 }))
        .map(([names, items]) => `scenario ${names} {\n${items.join('\n')}\n}`);
      const decls = fc.array(fc.oneof(phrase, scenarios, fc.constant('skill k { on x { y } }')), { maxLength: 5 });
      fc.assert(
        fc.property(damage(decls.map((ds) => ds.join('\n'))), (t) => both(t)),
        { numRuns: 400 },
      );
    });
    it('on signatures and types made from the grammar, a few tokens changed', () => {
      fc.assert(
        fc.property(damage(fc.array(fn, { maxLength: 4 }).map((fs) => fs.join('\n'))), (t) => both(t)),
        { numRuns: 400 },
      );
    });
    it('on blocks of statements made from the grammar, a few tokens changed', () => {
      fc.assert(
        fc.property(damage(block), (t) => both(`function f() ${t}\nskill s { on x { y } }`)),
        { numRuns: 400 },
      );
    });
    it('on scenario items made from the grammar, a few tokens changed', () => {
      fc.assert(
        fc.property(damaged, (t) => both(`scenario s {\n${t}\n}`)),
        { numRuns: 400 },
      );
    });
    const mutated = fc
      .tuple(
        fc.nat(scenario.length),
        fc.nat(scenario.length),
        fc.constantFrom('', '}', '{', ',', ':', '♠', 'expect', '\n'),
      )
      .map(([a, b, ins]) => scenario.slice(0, Math.min(a, b)) + ins + scenario.slice(Math.max(a, b)));
    it('on broken versions of a scenario file', () => {
      fc.assert(
        fc.property(mutated, (t) => both(t)),
        { numRuns: 300 },
      );
    });
  });
  it('on non-string input', () => {
    const r = parse(undefined as unknown as string, 'p.sgs');
    expect(r.ast.kind).toBe('File');
    expect(r.diagnostics[0]!.code).toBe('SGS009');
  });
});

describe('expect offered', () => {
  it('parses `expect offered` and `expect not offered`, and keeps `expect not <expression>` an expectation', () => {
    const r = parse(
      'scenario s { seat a { } seat b { }\n  expect offered slash ♠7, b\n  expect not offered pass\n  expect not a.alive\n}',
      'f.sgs',
    );
    expect(r.diagnostics).toEqual([]);
    const steps = (r.ast.decls[0] as { steps: { kind: string; negated?: boolean; picks?: unknown[] }[] }).steps;
    expect(steps.map((s) => [s.kind, s.negated, s.picks?.length])).toEqual([
      ['ExpectOffer', false, 2],
      ['ExpectOffer', true, 1],
      ['Expect', undefined, undefined],
    ]);
  });
});
