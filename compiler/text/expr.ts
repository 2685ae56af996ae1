// Expressions → wording. Names read as what they stand for (entities by their zh/en names, locals and parameters
// by their bound wording); calls, members, windows and text values through the phrasebook; the operators of the
// language (and/or/not, comparisons, `in`, arithmetic, lists, `where`) by fixed wording here.
import { spanOf } from '../ast/source.ts';
import { printExpr } from '../ast/print.ts';
import type * as A from '../ast/nodes.ts';
import type { Symbols, Sym } from '../lower/symbols.ts';
import { BUILTINS, builtinEffect, builtinParams } from '../../runtime/builtin-table.ts';
import { bestMatch, type Phrasebook, parseTemplate, type Pattern, type Phrase } from './phrasebook.ts';
import { type Facts, positional, type Callee } from './facts.ts';
import { Env, LETTERS, newBody, type Missing, type Val } from './context.ts';
import {
  MARKS,
  isEmpty,
  longOwner,
  possessedNoun,
  possessive,
  relative,
  sentence,
  series,
  paren,
  t,
  type Text,
  pluralNoun,
} from './lang.ts';
import {
  ANY,
  BOOL,
  CARDS,
  INT,
  builtinType,
  elem,
  engineMemberTy,
  engineOwnersOf,
  fromTypeRef,
  listOf,
  unitOf,
  type Ty,
} from './types.ts';

/** A zone's two readings: its cards (你的手牌 / the cards in your hand; 弃牌堆中的牌) and the place. */
/** Whether a zone's name names its cards (手牌, 不屈牌, 星, 遗物) rather than a place (装备区, 弃牌堆): 你有“星”. */
export function namesItsCards(name: Text): boolean {
  return !/(区|堆|游戏)$/.test(name.zh);
}

/** A zone's name as a term: a name of one character is quoted (“星”). */
export function zoneTerm(name: Text): string {
  return name.zh.length === 1 ? `“${name.zh}”` : name.zh;
}

export function zoneVal(name: Text, owner: Text | undefined): Val {
  const zhCards = namesItsCards(name) ? zoneTerm(name) : `${name.zh}里的牌`;
  if (owner) {
    const enName = lcFirst(name.en);
    return {
      zh: `${owner.zh}的${zhCards}`,
      // "your stars", "the cards in your equipment area" (a name in the singular is a place: "your hand").
      en:
        namesItsCards(name) && /s$/.test(enName)
          ? possessive(owner.en, enName)
          : `the cards in ${possessive(owner.en, enName)}`,
      place: { zh: `${owner.zh}的${zoneTerm(name)}`, en: possessive(owner.en, enName) },
      ty: { base: 'card', list: true },
    };
  }
  return {
    zh: /牌$/.test(name.zh) ? name.zh : `${name.zh}中的牌`,
    en: /^cards\b/i.test(name.en) ? `the ${lcFirst(name.en)}` : `the cards in the ${lcFirst(name.en)}`,
    place: { zh: name.zh, en: `the ${lcFirst(name.en)}` },
    ty: { base: 'card', list: true },
  };
}

export const YOU: Val = { zh: '你', en: 'you', you: true, ty: { base: 'player' } };
const NONE: Val = { zh: '无', en: 'none', ty: ANY };

const CMP: Record<string, [string, string]> = {
  '==': ['为', 'is'],
  '!=': ['不为', 'is not'],
  '<': ['小于', 'is less than'],
  '<=': ['不大于', 'is at most'],
  '>': ['大于', 'is greater than'],
  '>=': ['不小于', 'is at least'],
};
const FLIP: Record<string, string> = { '==': '!=', '!=': '==', '<': '>=', '<=': '>', '>': '<=', '>=': '<' };

export function lcFirst(s: string): string {
  if (s.length > 1 && /^[A-Z][a-z]/.test(s)) return s.charAt(0).toLowerCase() + s.slice(1);
  return s;
}

export class ExprRenderer {
  missing = new Map<string, Missing>();
  /** Renderers of one check share what they worded (compiler/text/missing.ts; skill.ts `skillText`). */
  shared?: object;
  /** Worded only to find the wording the phrasebook lacks (compiler/text/missing.ts): the texts are thrown away. */
  findOnly = false;
  private inlineDepth = 0;
  private markDepth = 0;

  /** Run `f` with a fresh mark for an item (`it` of a `where`, a parameter a clause is about). */
  withMark<T>(f: (mark: string) => T): T {
    const mark = MARKS[Math.min(this.markDepth, MARKS.length - 1)]!;
    this.markDepth++;
    try {
      return f(mark);
    } finally {
      this.markDepth--;
    }
  }

  constructor(
    public S: Symbols,
    public book: Phrasebook,
    public facts: Facts,
  ) {}

  /** A finished sentence (`sentence`). Its fixes only polish words already chosen, so a renderer that only looks
   *  for missing wording skips them: they were a tenth of that look. */
  sentence(x: Text): Text {
    return this.findOnly ? x : sentence(x);
  }

  // ------------------------------------------------------------ missing wording

  miss(key: string, at: A.Located, hint: string): Val {
    if (!this.missing.has(key)) this.missing.set(key, { key, span: spanOf(at), hint });
    return { zh: `{${key}}`, en: `{${key}}`, ty: ANY };
  }

  // ------------------------------------------------------------ entity names

  names(sym: Sym, at: A.Located): Text {
    const n = (sym.decl as { names?: A.Names }).names;
    const zh = n?.zh?.name;
    const en = n?.en;
    if (!zh || !en) {
      const m = this.miss(
        `names of ${sym.id}`,
        at,
        `give ${sym.id} a Chinese and an English name in its declaration: ${sym.id} 中文名 "English name"`,
      );
      return { zh: zh ?? m.zh, en: en ?? m.en };
    }
    return { zh, en };
  }

  entity(sym: Sym, at: A.Located): Val {
    const nm = () => this.names(sym, at);
    switch (sym.kind) {
      case 'member': {
        const v = nm();
        return { ...v, ty: { base: sym.enumOf ?? 'any' } };
      }
      case 'card': {
        const v = nm();
        return { zh: `【${v.zh}】`, en: v.en, ty: { base: 'kind' } };
      }
      case 'skill': {
        const v = nm();
        return { zh: `【${v.zh}】`, en: `“${v.en}”`, ty: { base: 'skill' } };
      }
      case 'general':
        return { ...nm(), ty: { base: 'general' } };
      case 'zone': {
        const v = nm();
        const z = sym.decl as A.ZoneDecl;
        if (z.perPlayer)
          return {
            zh: v.zh,
            en: `the ${lcFirst(v.en)}`,
            ty: { base: 'zone' },
            place: { zh: v.zh, en: `the ${lcFirst(v.en)}` },
          };
        return zoneVal(v, undefined);
      }
      case 'option': {
        const v = nm();
        const o = sym.decl as A.OptionDecl;
        if (!o.members) {
          return {
            zh: `选用「${v.zh}」`,
            en: `“${v.en}” is chosen`,
            cond: true,
            ty: BOOL,
            neg: { zh: `未选用「${v.zh}」`, en: `“${v.en}” is not chosen` },
          };
        }
        return { zh: `「${v.zh}」`, en: `“${v.en}”`, ty: { base: sym.id } };
      }
      case 'var': {
        const ph = this.book.find(sym.id, () => false, false);
        if (ph) return { ...ph.text, ty: fromTypeRef((sym.decl as A.VarDecl).type) };
        return this.miss(sym.id, at, `phrase ${sym.id} "…" "…"   # how the variable ${sym.id} reads`);
      }
      case 'event':
      case 'deck':
      case 'mode':
      case 'enum':
        return { ...nm(), ty: ANY };
      case 'invariant': {
        const v = nm();
        return { zh: `「${v.zh}」`, en: `“${v.en}”`, ty: ANY };
      }
    }
    return this.miss(sym.id, at, `${sym.kind} ${sym.id} cannot be worded as a value`);
  }

  private roles?: Text[];
  /** The long nouns that name a player by their role in an event (受到伤害的角色 / the damaged player, 伤害来源 /
   *  the source of the damage, 目标角色 / the target): named again soon after, they read as a pronoun (lang.ts
   *  `pronouns`). A field of an event of one player, or a section's noun for a player, of four characters or two
   *  English words after "the" (not 凶手 / the killer, 使用者 / the user). */
  roleNouns(): Text[] {
    if (this.roles) return this.roles;
    const out: Text[] = [];
    const long = (x: Text | undefined) =>
      !!x && x.zh !== '' && (/^the \S+ \S+/.test(x.en) || x.zh.length >= 4) && !/[{}]/.test(x.zh + x.en);
    for (const s of this.S.ofKind('event')) {
      for (const p of (s.decl as A.EventDecl).params) {
        if (p.type.name.name !== 'player' || p.type.list) continue;
        const ph = this.book.find(`${s.id}.${p.name.name}`, () => false, false);
        if (ph && long(ph.text)) out.push(ph.text);
      }
    }
    for (const s of this.S.phrases) {
      for (const p of s.params ?? [])
        if (p.noun && long(p.noun) && /^the .*\bplayer$/.test(p.noun.en)) out.push(p.noun);
    }
    this.roles = out;
    return out;
  }

  /** `event` in a body: the event's own noun (`phrase damage "此伤害" "this damage"`). */
  eventNoun(kinds: string[], at: A.Located, env?: Env): Val {
    for (const k of kinds) {
      const ph = this.book.find(k, () => false, false);
      if (!ph) continue;
      // In a trigger, the noun of the field that is the window's subject reads as the subject: 此牌对你的效果.
      const f = env?.body.subjectField;
      const subj = env?.body.subject;
      const fp = f && subj ? this.book.find(`${k}.${f}`, () => false, false) : undefined;
      if (fp && subj && fp.text.zh && ph.text.zh.includes(fp.text.zh) && ph.text.en.includes(fp.text.en))
        return {
          zh: ph.text.zh.replace(fp.text.zh, subj.zh),
          en: ph.text.en.replace(fp.text.en, subj.en),
          ty: { base: 'event', events: kinds },
        };
      return { ...ph.text, ty: { base: 'event', events: kinds } };
    }
    const k = kinds[0] ?? 'event';
    return {
      ...this.miss(k, at, `phrase ${k} "此…" "this …"   # how the event ${k} itself is called`),
      ty: { base: 'event', events: kinds },
    };
  }

  // ------------------------------------------------------------ expressions

  expr(e: A.Expr, env: Env): Val {
    switch (e.kind) {
      case 'Number':
        return { zh: String(e.value), en: String(e.value), ty: INT };
      case 'Bool':
        return { zh: e.value ? '是' : '否', en: e.value ? 'true' : 'false', ty: BOOL, konst: e.value };
      case 'None':
        return NONE;
      case 'Text': {
        const ph = this.book.find(JSON.stringify(e.value), () => false, false);
        if (ph) return { ...ph.text, ty: { base: 'text' } };
        return this.miss(
          JSON.stringify(e.value),
          e,
          `phrase ${JSON.stringify(e.value)} "…" "…"   # the text value ${JSON.stringify(e.value)}`,
        );
      }
      case 'Name':
        return this.name(e, env);
      case 'Member':
        return this.member(e, env);
      case 'Call':
        return this.call(e, env);
      case 'Unary': {
        if (e.op === 'not') {
          const k = this.konst(e.operand, env);
          if (k !== undefined)
            return { zh: k ? '否' : '是', en: k ? 'false' : 'true', ty: BOOL, cond: true, konst: !k };
          return { ...this.not(e.operand, env), cond: true, ty: BOOL };
        }
        const v = this.expr(e.operand, env);
        return { zh: `-${v.zh}`, en: `-${v.en}`, ty: INT };
      }
      case 'Binary':
        return this.binary(e, env);
      case 'List':
        return this.list(e, env);
      case 'CardLit': {
        const s = this.S.get(e.cardKind.name);
        const k = s ? this.entity(s, e) : this.miss(e.cardKind.name, e, 'a card kind');
        return { zh: `${k.zh}${e.face}`, en: `${k.en} ${e.face}`, ty: { base: 'card' } };
      }
      case 'Where':
        return this.where(e, env);
    }
  }

  /** An expression as a condition (a sentence). */
  cond(e: A.Expr, env: Env): Val {
    const v = this.expr(e, env);
    if (v.cond || v.ty?.base === 'bool') return v;
    // A non-boolean value standing as a condition: "there is one".
    return {
      zh: `有${v.zh}`,
      en: `${v.en} exists`,
      cond: true,
      ty: BOOL,
      neg: { zh: `没有${v.zh}`, en: `${v.en} does not exist` },
    };
  }

  /** Whether a condition is known without playing (a literal, or a function that inlines to one). */
  konst(e: A.Expr, env: Env): boolean | undefined {
    if (e.kind === 'Bool') return e.value;
    if (e.kind === 'Unary' && e.op === 'not') {
      const k = this.konst(e.operand, env);
      return k === undefined ? undefined : !k;
    }
    if (e.kind === 'Binary' && (e.op === 'and' || e.op === 'or')) {
      const l = this.konst(e.left, env);
      const r = this.konst(e.right, env);
      if (e.op === 'and') return l === false || r === false ? false : l === true && r === true ? true : undefined;
      return l === true || r === true ? true : l === false && r === false ? false : undefined;
    }
    if (e.kind === 'Call' && e.callee.kind === 'Name') {
      const s = this.S.get(e.callee.name);
      if (s?.kind === 'function' && !this.book.has(s.id)) {
        const d = s.decl as A.FunctionDecl;
        const body =
          d.expr ??
          (d.body?.stmts.length === 1 && d.body.stmts[0]!.kind === 'Return' ? d.body.stmts[0].value : undefined);
        if (body && body.kind === 'Bool') return body.value;
      }
    }
    return undefined;
  }

  /** The wording of `not e`. */
  not(e: A.Expr, env: Env): Text {
    if (e.kind === 'Unary' && e.op === 'not') return this.cond(e.operand, env);
    if (e.kind === 'Binary') {
      if (e.op === 'and' || e.op === 'or') {
        // De Morgan: not (a and b) = not a or not b.
        const other = e.op === 'and' ? 'or' : 'and';
        const unit = e.op === 'and';
        const xs = flatten(e, e.op).filter((x) => this.konst(x, env) !== unit);
        const parts = xs.map((x) => {
          const n = this.not(x, env);
          return isJunction(x, e.op) && xs.length > 1 ? paren(n) : n;
        });
        return junction(parts, other);
      }
      if (e.op === 'is') return this.not(kindTest(e), env);
      if (FLIP[e.op]) return this.compare({ ...e, op: FLIP[e.op] as A.BinaryOp }, env);
      if (e.op === 'in') return this.membership(e, env, true);
    }
    if (e.kind === 'Call') {
      const inl = this.inlineNot(e, env);
      if (inl) return inl;
    }
    const v = this.cond(e, env);
    if (v.neg) return v.neg;
    return { zh: `并非${v.zh}`, en: `it is not the case that ${v.en}` };
  }

  private name(e: A.NameRef, env: Env): Val {
    const n = e.name;
    const v = env.lookup(n);
    if (v?.later) {
      if (v.seen) return v.later;
      v.seen = true;
    }
    if (v) return v;
    if (n === 'you' && env.body.you) return YOU;
    if ((n === 'event' || n === env.body.alias) && env.body.eventKinds.length)
      return this.eventNoun(env.body.eventKinds, e, env);
    if (n === 'subject' && env.body.subject) return env.body.subject;
    const s = this.S.get(n);
    if (s) return this.entity(s, e);
    return this.miss(n, e, `'${n}' has no wording here`);
  }

  // ------------------------------------------------------------ members

  /** The types whose member phrases `x.f` may use, most likely first. */
  owners(ty: Ty | undefined): string[] {
    switch (ty?.base) {
      case 'player':
        return ['player'];
      case 'card':
      case 'kind':
        return ['card'];
      case 'general':
        return ['general'];
      case 'zone':
        return ['zone'];
      case 'skill':
        return ['skill'];
      case 'event':
        return ['event'];
    }
    return ['card', 'player', 'general', 'zone', 'event', 'skill'];
  }

  /** Test only (test/text-precheck.test.ts): told the type of every member's owner as worded. */
  onMember?: (e: A.Member, ty: Ty | undefined) => void;

  member(e: A.Member, env: Env): Val {
    const f = e.name.name;
    const o = this.expr(e.object, env);
    this.onMember?.(e, o.ty);
    // A field of an event (`event.card` in a trigger on `damaged` reads `damage.card`).
    const evs = o.ty?.base === 'event' ? (o.ty.events ?? []) : [];
    // In a card's text its user is 你 / you (出牌阶段，对你攻击范围内的一名角色使用 … 你对目标角色造成1点伤害).
    if (env.body.cardUser && f === 'user' && o.ty?.base === 'event') return YOU;
    // In a trigger, the field of the event that is the window's subject is the subject (你受到伤害后 … 你; 一名角色受到
    // 伤害时 … 该角色).
    if (
      env.body.subjectField === f &&
      env.body.subject &&
      e.object.kind === 'Name' &&
      (e.object.name === 'event' || e.object.name === env.body.alias) &&
      !env.has(e.object.name)
    )
      return env.body.subject;
    for (const k of evs) {
      const ps = this.facts.paramsOf(`event:${k}`);
      const i = ps?.findIndex((p) => p.name.name === f) ?? -1;
      const ph = this.book.find(`${k}.${f}`, () => false, false) ?? this.book.find(`${k}.${f}`, () => false, true);
      if (i < 0 && !ph) continue;
      const ty = i >= 0 ? fromTypeRef(ps![i]!.type, this.facts.kindsOfParam(`event:${k}`, i)) : ANY;
      if (!ph)
        return {
          ...this.miss(`${k}.${f}`, e.name, `phrase ${k}.${f} "…" "…"   # the field ${f} of the event ${k}`),
          ty,
        };
      return this.fillMember(ph, o, ty);
    }
    // An event of a kind not known here: any event whose field of that name has a phrase.
    if (o.ty?.base === 'event' && evs.length === 0) {
      for (const s of this.S.ofKind('event')) {
        const ps = (s.decl as A.EventDecl).params;
        const i = ps.findIndex((p) => p.name.name === f);
        const ph =
          i >= 0
            ? (this.book.find(`${s.id}.${f}`, () => false, false) ?? this.book.find(`${s.id}.${f}`, () => false, true))
            : undefined;
        if (ph) return this.fillMember(ph, o, fromTypeRef(ps[i]!.type));
      }
    }
    // A player property: it has its own names.
    const prop = this.S.properties.get(f);
    if (prop && !this.book.has(`player.${f}`)) {
      const zh = prop.names.zh?.name;
      const en = prop.names.en;
      if (!zh || !en)
        return this.miss(`names of ${f}`, prop.names.id, `give the property ${f} a Chinese and an English name`);
      const ty = fromTypeRef(prop.type);
      if (ty.base === 'bool' && !ty.list) {
        return {
          zh: `${o.zh}处于「${zh}」状态`,
          en: `${o.en} is marked “${en}”`,
          cond: true,
          ty: BOOL,
          neg: { zh: `${o.zh}未处于「${zh}」状态`, en: `${o.en} is not marked “${en}”` },
        };
      }
      return { zh: `${o.zh}的${zh}`, en: possessive(o.en, en), ty };
    }
    for (const owner of this.owners(o.ty)) {
      const ph =
        this.book.find(`${owner}.${f}`, () => false, true) ?? this.book.find(`${owner}.${f}`, () => false, false);
      if (ph) return this.fillMember(ph, o, this.memberType(owner, f));
    }
    const owner = this.ownerOf(f, o.ty);
    return {
      ...this.miss(
        `${owner}.${f}`,
        e.name,
        `phrase ${owner}.${f}(x) "{x}的…" "{x}'s …"   # the member ${f} of a ${owner}`,
      ),
      ty: this.memberType(owner, f),
    };
  }

  ownerOf(f: string, ty: Ty | undefined): string {
    const known = this.owners(ty);
    if (known.length === 1) return known[0]!;
    if (this.S.cardFields.has(f)) return 'card';
    if (this.S.generalFields.has(f)) return 'general';
    const engineOwner = engineOwnersOf(f)[0];
    if (engineOwner) return engineOwner;
    return 'card';
  }

  private memberTypes = new Map<string, Ty>();
  memberType(owner: string, f: string): Ty {
    const key = `${owner}.${f}`;
    let ty = this.memberTypes.get(key);
    if (!ty) {
      ty = this.memberTypeOf(owner, f);
      this.memberTypes.set(key, ty);
    }
    return ty;
  }

  private memberTypeOf(owner: string, f: string): Ty {
    const engine = engineMemberTy(owner, f) ?? engineMemberTy(engineOwnersOf(f)[0] ?? '', f);
    if (engine) return engine;
    if (owner === 'general' && this.S.generalRequires.some((r) => r.name.name === f && r.type.name.name === 'int'))
      return INT;
    if (owner === 'general' && f === 'skills') return { base: 'skill', list: true };
    if (owner === 'card') {
      for (const s of this.S.ofKind('card')) {
        const fld = (s.decl as A.CardDecl).fields.find((x) => x.name.name === f);
        if (!fld) continue;
        if (fld.value.kind === 'Number') return INT;
        if (fld.value.kind === 'Bool') return BOOL;
        if (fld.value.kind === 'Name') {
          const m = this.S.get(fld.value.name);
          if (m?.kind === 'member') return { base: m.enumOf ?? 'any' };
        }
        break;
      }
    }
    return ANY;
  }

  private fillMember(ph: Phrase, o: Val, ty: Ty): Val {
    const pname = ph.params[0];
    const text = this.fill(ph.text, (n) => (n === pname ? o : undefined));
    const cond = ty.base === 'bool' && !ty.list;
    const out: Val = { ...text, ty, ...(cond ? { cond: true } : {}) };
    if (ph.negative) out.neg = this.fill(ph.negative, (n) => (n === pname ? o : undefined));
    return out;
  }

  // ------------------------------------------------------------ calls

  /** Whether an argument is the owner (`you`, or a name that reads as 你). */
  isYou(a: A.Expr | undefined, env: Env): boolean {
    if (a?.kind !== 'Name') return false;
    if (env.has(a.name)) return env.lookup(a.name)?.you === true;
    return a.name === 'you' && env.body.you;
  }

  matcher(args: (A.Expr | undefined)[], env: Env, given?: (A.Expr | undefined)[]): (i: number, p: Pattern) => boolean {
    return (i, p) => {
      const a = args[i];
      // `none` matches an argument left out, whatever its default.
      if (p.k === 'none' && given && given[i] === undefined) return true;
      switch (p.k) {
        case 'you':
          return this.isYou(a, env);
        case 'bool':
          return a?.kind === 'Bool' && a.value === p.v;
        case 'none':
          return a === undefined || a.kind === 'None';
        case 'num':
          return a?.kind === 'Number' && a.value === p.v;
        case 'member':
          if (a?.kind === 'Member' && this.isOwnCard(a.object, env))
            return env.body.ownFields?.get(a.name.name) === p.id;
          return a?.kind === 'Name' && !env.has(a.name) && this.S.get(a.name)?.id === p.id;
      }
    };
  }

  /** In a card's own method, whether `o` is the card itself: the event's `card`, or a parameter of type card. */
  private isOwnCard(o: A.Expr, env: Env): boolean {
    if (!env.body.ownFields) return false;
    if (o.kind === 'Member') return o.name.name === 'card';
    return o.kind === 'Name' && !!env.body.params?.some((p) => p.name.name === o.name && p.type.name.name === 'card');
  }

  /** Fill a template; `slot` gives the value of each placeholder; `places`: the placeholders that stand for a zone
   *  as a place (a destination), where a zone reads as 你的手牌 / your hand rather than as its cards. */
  fill(tpl: Text, slot: (name: string) => Val | Text | undefined, places?: Set<string>, letter?: () => string): Text {
    const out = { zh: '', en: '' };
    // A count that is not a number reads as a letter, explained after the clause: 摸X张牌（X为…）.
    const letters = new Map<string, string>();
    const notes: Text = { zh: '', en: '' };
    const noted = new Set<string>();
    const counting = (name: string, v: Text, lang: 'zh' | 'en'): string | undefined => {
      if (!letter || isNumeral(v.zh) || (v as Val).ty?.base !== 'int') return undefined;
      let l = letters.get(name);
      if (!l) {
        l = letter();
        letters.set(name, l);
      }
      if (!noted.has(`${lang}:${name}`)) {
        noted.add(`${lang}:${name}`);
        notes[lang] += lang === 'zh' ? `（${l}为${v.zh}）` : ` (${l} is ${v.en})`;
      }
      return l;
    };
    for (const lang of ['zh', 'en'] as const) {
      const pieces = parseTemplate(tpl[lang]);
      if (typeof pieces === 'string') {
        out[lang] = `{${pieces}}`;
        continue;
      }
      let s = '';
      for (let pi = 0; pi < pieces.length; pi++) {
        const p = pieces[pi]!;
        // Literal text as it is: what follows matters only to a placeholder (most pieces are literal).
        if (p.k === 'lit') {
          s += p.s;
          continue;
        }
        const next0 = pieces[pi + 1];
        const next = next0?.k === 'lit' && next0.s.trim() === '' && pieces[pi + 2] ? pieces[pi + 2] : next0;
        const after = next?.k === 'slot' ? pieces[pieces.indexOf(next) + 1] : undefined;
        const counted =
          (next?.k === 'slot' && next.mod === 'unit') ||
          (lang === 'en' && next?.k === 'slot' && !next.mod && after?.k === 'lit' && /^ damage\b/.test(after.s)) ||
          (next?.k === 'lit' &&
            (lang === 'zh'
              ? /^(张|名|点|项|次|个)/.test(next.s)
              : /^ (cards?|HP|damage|times|more|hand cards?)\b/.test(next.s)));
        const wrap = (x: string): string => {
          if (!counted || isNumeral(x)) return x;
          if (lang === 'zh') return `（${x}）`;
          return x.includes(' ') ? `(${x})` : x;
        };
        if (p.k === 'range') {
          const a = slot(p.from);
          const b = slot(p.to);
          if (!a || !b) s += `{${p.from}~${p.to}}`;
          else if (a[lang] === b[lang]) s += (counted && counting(p.to, b, lang)) || wrap(a[lang]);
          else {
            const bl = (counted && counting(p.to, b, lang)) || wrap(b[lang]);
            s += lang === 'zh' ? `${a.zh}至${bl}` : `${a.en} to ${bl}`;
          }
        } else {
          const v = slot(p.name);
          if (!v) s += `{${p.name}}`;
          else if (p.mod === 'one') s += one(v as Val, lang);
          else if (p.mod === 'random') {
            // One item at random: 伤害来源的一张手牌（随机） / a random card in your hand.
            const o = one(v as Val, lang);
            s +=
              lang === 'zh'
                ? `${o}（随机）`
                : /^an? /.test(o)
                  ? o.replace(/^an? /, 'a random ')
                  : `a random one of ${v.en}`;
          } else if (p.mod === 'unit')
            s += lang === 'zh' ? unitOf(elem((v as Val).ty)).m : unitOf(elem((v as Val).ty)).ens;
          else if (p.mod === 'signed') {
            const sign = /^[-−]/.test(v[lang]) ? v[lang][0] : '+';
            const bare = v[lang].replace(/^[-+−]\s*/, '');
            // A long amount reads as a letter, explained after the clause: +X (X为…) / +X (X is …).
            const long = !isNumeral(bare) && v.en.replace(/^[-+−]\s*/, '').split(' ').length > 3;
            const l =
              long &&
              counting(
                p.name,
                { zh: v.zh.replace(/^[-+−]\s*/, ''), en: v.en.replace(/^[-+−]\s*/, ''), ty: (v as Val).ty } as Val,
                lang,
              );
            s += l ? `${sign}${l}` : /^[-+−]/.test(v[lang]) ? v[lang] : `+${v[lang]}`;
          } else if (counted && !isNumeral(v[lang])) s += counting(p.name, v, lang) || wrap(v[lang]);
          else {
            const x = (v as Val).place && places?.has(p.name) ? (v as Val).place![lang] : v[lang];
            // en: a long owner before "'s" (the source of the damage's hand) is marked, to read "the hand of …";
            // so is a placeholder right after that "'s" (its noun).
            const owner = lang === 'en' && next0?.k === 'lit' && next0.s.startsWith("'s ") && longOwner(x);
            const owned =
              lang === 'en' &&
              pieces[pi - 1]?.k === 'lit' &&
              (pieces[pi - 1] as { s: string }).s.endsWith("'s ") &&
              /\uE002's $/.test(s);
            s += owner ? `\uE001${x}\uE002` : owned ? `\uE003${x}\uE004` : x;
          }
        }
      }
      if (lang === 'en' && s.includes('\uE001')) s = ofOwners(s);
      out[lang] = s + notes[lang];
    }
    return out;
  }

  /** A call through a phrase of `key`. `names`: the callee's parameter names; `decls` their declarations (for
   *  defaults and types); `self`: the object of `x.m(…)`. Returns undefined when no phrase matches. */
  viaPhrase(
    key: string,
    args: (A.Expr | undefined)[],
    decls: A.Param[] | undefined,
    env: Env,
    ret: Ty,
    opts: { self?: Val; body?: boolean; extra?: Record<string, Val | Text> } = {},
  ): (Val & { phrase: Phrase }) | undefined {
    const full = args.map((a, i) => a ?? decls?.[i]?.default);
    const candidates = this.book
      .all(key)
      .filter((p) => p.decl.params !== undefined && p.params.length === args.length && hasBody(p) === !!opts.body);
    if (candidates.length === 0) return undefined;
    const best = bestMatch(candidates, this.matcher(full, env, args));
    if (!best) return undefined;
    const ph = best;
    const memo = new Map<number, Val>();
    const argVal = (i: number): Val => {
      let v = memo.get(i);
      if (!v) {
        const a = full[i];
        v = a ? this.expr(a, env) : NONE;
        memo.set(i, v);
      }
      return v;
    };
    const slot = (n: string): Val | Text | undefined => {
      const i = ph.params.indexOf(n);
      if (i >= 0) return argVal(i);
      if (n === 'self') return opts.self;
      return opts.extra?.[n];
    };
    const places = new Set<string>();
    ph.params.forEach((n, i) => {
      if (n && (decls ? decls[i]?.type.name.name === 'zone' : builtinParams(key)[i]?.place)) places.add(n);
    });
    const text = this.fill(ph.text, slot, places, () => LETTERS[env.body.letters++ % LETTERS.length]!);
    const out: Val & { phrase: Phrase } = { ...text, ty: ret, phrase: ph };
    if (ret.base === 'bool' && !ret.list) out.cond = true;
    if (ph.negative) out.neg = this.fill(ph.negative, slot, places);
    if (ph.result)
      out.result = this.fill(
        ph.result,
        slot,
        places,
        isEmpty(text) ? () => LETTERS[env.body.letters++ % LETTERS.length]! : undefined,
      );
    // Who acts: the first parameter, when the negation names it ({who}未选择).
    if (
      ph.negative &&
      ph.params[0] &&
      full[0] &&
      (ph.negative.zh.includes(`{${ph.params[0]}}`) || ph.negative.en.includes(`{${ph.params[0]}}`))
    ) {
      const d = argVal(0);
      if (d.ty?.base === 'player' && !d.ty.list) out.doer = d;
    }
    return out;
  }

  /** The type of an expression without wording it (for builtins whose result type follows their arguments). */
  typeOf(e: A.Expr, env: Env): Ty {
    switch (e.kind) {
      case 'Number':
        return INT;
      case 'Bool':
        return BOOL;
      case 'Text':
        return { base: 'text' };
      case 'List':
        return listOf(e.items[0] ? this.typeOf(e.items[0], env) : ANY);
      case 'Where':
        return this.typeOf(e.list, env);
      case 'Name': {
        const v = env.lookup(e.name);
        if (v) return v.ty ?? ANY;
        if (e.name === 'you' && env.body.you) return { base: 'player' };
        const s = this.S.get(e.name);
        if (s?.kind === 'card') return { base: 'kind' };
        if (s?.kind === 'zone') return CARDS;
        if (s?.kind === 'member') return { base: s.enumOf ?? 'any' };
        if (s?.kind === 'var') return fromTypeRef((s.decl as A.VarDecl).type);
        return ANY;
      }
      case 'Call': {
        if (e.callee.kind === 'Name') {
          const s = this.S.get(e.callee.name);
          if (s?.kind === 'zone') return CARDS;
          if (s && (s.kind === 'function' || s.kind === 'hook' || s.kind === 'event' || s.kind === 'action')) {
            const d = s.decl as A.FunctionDecl;
            return fromTypeRef(d.returns);
          }
          if (BUILTINS[e.callee.name])
            return builtinType(
              e.callee.name,
              e.args.map((a) => this.typeOf(a.value, env)),
            );
        }
        return ANY;
      }
      case 'Binary':
        if (['+', '-'].includes(e.op)) {
          const l = this.typeOf(e.left, env);
          return l.list ? l : INT;
        }
        if (['*', '/', '%'].includes(e.op)) return INT;
        return BOOL;
      case 'Unary':
        return e.op === 'not' ? BOOL : INT;
      case 'Member':
        return this.memberTy(e, env);
    }
    return ANY;
  }

  /** The type of `x.f` without wording it. */
  private memberTy(e: A.Member, env: Env): Ty {
    const f = e.name.name;
    const o =
      e.object.kind === 'Name' &&
      (e.object.name === 'event' || e.object.name === env.body.alias) &&
      env.body.eventKinds.length
        ? ({ base: 'event', events: env.body.eventKinds } as Ty)
        : this.typeOf(e.object, env);
    for (const k of o.base === 'event' ? (o.events ?? []) : []) {
      const ps = this.facts.paramsOf(`event:${k}`);
      const i = ps?.findIndex((p) => p.name.name === f) ?? -1;
      if (i >= 0) return fromTypeRef(ps![i]!.type, this.facts.kindsOfParam(`event:${k}`, i));
    }
    const prop = this.S.properties.get(f);
    if (prop) return fromTypeRef(prop.type);
    return this.memberType(this.ownerOf(f, o), f);
  }

  call(c: A.Call, env: Env): Val {
    if (c.callee.kind === 'Name') {
      const name = c.callee.name;
      const s = env.has(name) ? undefined : this.S.get(name);
      if (s?.kind === 'zone') {
        const owner = c.args[0] ? this.expr(c.args[0].value, env) : NONE;
        return zoneVal(this.names(s, c), owner);
      }
      if (s && (s.kind === 'event' || s.kind === 'action' || s.kind === 'function' || s.kind === 'hook')) {
        const d = s.decl as A.EventDecl | A.ActionDecl | A.FunctionDecl | A.HookDecl;
        const names = d.params.map((p) => p.name.name);
        const args = positional(c, names);
        const ret = callableType(s.kind, d);
        const v = this.viaPhrase(s.id, args, d.params, env, ret);
        // An event run again inside itself (the 无懈可击 chain): the inner one goes the same way.
        if (v && s.kind === 'event' && env.body.callee === `event:${s.id}`)
          return { ...v, zh: `${v.zh}（其结算同此流程）`, en: `${v.en} (settled the same way)` };
        if (v) return v;
        if (s.kind === 'function') {
          const inl = this.inline(d as A.FunctionDecl, args, env);
          if (inl) return inl;
        }
        const sig = d.params.map((p) => p.name.name).join(', ');
        return {
          ...this.miss(s.id, c.callee, `phrase ${s.id}(${sig}) "…" "…"   # the ${s.kind} ${s.id}`),
          ty: ret,
        };
      }
      if (!s && BUILTINS[name]) return this.builtin(name, c, positional(c, sigNames(name)), env);
      return this.miss(name, c.callee, `'${name}' cannot be called here`);
    }
    if (c.callee.kind === 'Member') {
      const name = c.callee.name.name;
      if (this.S.methodNames.has(name)) {
        const decls = this.facts.methodParams.get(name);
        const args = positional(
          c,
          (decls ?? []).map((p) => p.name.name),
        );
        const self = this.expr(c.callee.object, env);
        const v = this.viaPhrase(`card.${name}`, args, decls, env, ANY, { self });
        if (v) return v;
        const sig = (decls ?? []).map((p) => p.name.name).join(', ');
        return this.miss(
          `card.${name}`,
          c.callee.name,
          `phrase card.${name}(${sig}) "…{self}…" "…"   # calling the card method ${name}`,
        );
      }
      const s = this.S.get(name);
      if (s?.kind === 'function') {
        const d = s.decl as A.FunctionDecl;
        const args = positional(
          c,
          d.params.map((p) => p.name.name),
          1,
        );
        const ret = fromTypeRef(d.returns);
        const v = this.viaPhrase(s.id, args, d.params, env, ret);
        if (v) return v;
        const inl = this.inline(d, args, env);
        if (inl) return inl;
        return {
          ...this.miss(s.id, c.callee.name, `phrase ${s.id}(${d.params.map((p) => p.name.name).join(', ')}) "…" "…"`),
          ty: ret,
        };
      }
      if (BUILTINS[name]) return this.builtin(name, c, positional(c, sigNames(name), 1), env);
    }
    return this.miss('call', c, 'only named functions can be worded');
  }

  private builtin(name: string, c: A.Call, args0: (A.Expr | undefined)[], env: Env): Val {
    const args = builtinArgs(name, args0);
    const ret = builtinType(
      name,
      args.map((a) => (a ? this.typeOf(a, env) : undefined)),
    );
    if (name === 'within' && args[0]?.kind === 'Name') {
      const s = this.S.get(args[0].name);
      if (s?.kind === 'event') {
        ret.base = 'event';
        ret.events = [s.id];
      }
    }
    const v = this.viaPhrase(name, args, undefined, env, ret);
    if (v) return v;
    return {
      ...this.miss(name, c.callee, `phrase ${name}(${sigNames(name).join(', ')}) "…" "…"   # the builtin ${name}`),
      ty: ret,
    };
  }

  /** `not f(…)` for a function that reads as its body: the negation of the body. */
  private inlineNot(c: A.Call, env: Env): Text | undefined {
    const name = c.callee.kind === 'Name' ? c.callee.name : c.callee.kind === 'Member' ? c.callee.name.name : '';
    const s = env.has(name) ? undefined : this.S.get(name);
    if (s?.kind !== 'function' || this.book.has(s.id)) return undefined;
    const d = s.decl as A.FunctionDecl;
    const args = positional(
      c,
      d.params.map((p) => p.name.name),
      c.callee.kind === 'Member' ? 1 : 0,
    );
    return this.withInlined(d, args, env, (body, inner) => this.not(body, inner));
  }

  /** Read a one-expression function's body with its parameters bound to the arguments (undefined if it has none,
   *  or inlining is already deep). */
  private withInlined<R>(
    d: A.FunctionDecl,
    args: (A.Expr | undefined)[],
    env: Env,
    read: (body: A.Expr, inner: Env) => R,
  ): R | undefined {
    const only = d.body?.stmts.length === 1 ? d.body.stmts[0] : undefined;
    const body = d.expr ?? (only?.kind === 'Return' ? only.value : undefined);
    if (!body || this.inlineDepth > 6) return undefined;
    const inner = new Env(newBody({ you: false }));
    d.params.forEach((p, i) => {
      const a = args[i] ?? p.default;
      inner.bind(p.name.name, () => (a ? this.expr(a, env) : NONE));
    });
    this.inlineDepth++;
    try {
      return read(body, inner);
    } finally {
      this.inlineDepth--;
    }
  }

  /** A function without a phrase whose body is one expression reads as that expression, its parameters bound to
   *  the arguments. */
  private inline(d: A.FunctionDecl, args: (A.Expr | undefined)[], env: Env): Val | undefined {
    return this.withInlined(d, args, env, (body, inner) => {
      const v = this.expr(body, inner);
      const ty = d.returns ? fromTypeRef(d.returns) : v.ty;
      return { ...v, ty, ...(ty?.base === 'bool' && !ty.list ? { cond: true } : {}) };
    });
  }

  // ------------------------------------------------------------ operators

  private binary(e: A.Binary, env: Env): Val {
    switch (e.op) {
      case 'and':
      case 'or': {
        // Parts known in advance fold away: `false or x` is x, `true and x` is x.
        const k = this.konst(e, env);
        if (k !== undefined) return { zh: k ? '是' : '否', en: k ? 'true' : 'false', ty: BOOL, cond: true, konst: k };
        const unit = e.op === 'and';
        const xs = flatten(e, e.op).filter((x) => this.konst(x, env) !== unit);
        const ranges = e.op === 'and' ? this.ranges(xs, env) : new Map<number, Text | null>();
        const parts = xs.flatMap((x, i) => {
          const r = ranges.get(i);
          if (r === null) return [];
          if (r) return [r];
          const v = this.cond(x, env);
          return [isJunction(x, e.op) && xs.length > 1 ? paren(v) : v];
        });
        return { ...junction(parts, e.op), cond: true, ty: BOOL };
      }
      case '==':
      case '!=':
      case '<':
      case '<=':
      case '>':
      case '>=':
        return { ...this.compare(e, env), cond: true, ty: BOOL };
      case 'in':
        return { ...this.membership(e, env, false), cond: true, ty: BOOL };
      case 'is':
        return { ...this.binary(kindTest(e), env), cond: true, ty: BOOL };
    }
    const l = this.expr(e.left, env);
    const r = this.expr(e.right, env);
    if (l.ty?.list || r.ty?.list) {
      if (e.op === '+') return { ...series([l, r], 'and'), ty: l.ty?.list ? l.ty : r.ty };
      if (e.op === '-') {
        const u = unitOf(elem(l.ty));
        // Someone's cards but some: 你的除武器以外的牌 / your cards other than your weapon.
        const zo = /^([^的，、]{1,6})的([^的，、（]*牌)$/.exec(l.zh);
        const eo =
          /^the cards in (.+?)'s (hand and equipment area|hand)$/.exec(l.en) ??
          /^the cards in (your|their) (hand and equipment area|hand)$/.exec(l.en);
        if (zo && eo) {
          const rz = r.zh.startsWith(`${zo[1]}的`) ? r.zh.slice(zo[1]!.length + 1) : r.zh;
          const owner = { zh: zo[1]!, en: eo[1] === 'your' ? 'you' : eo[1] === 'their' ? 'they' : eo[1]! };
          const cards = eo[2] === 'hand' ? 'cards in hand' : 'cards';
          const noun = { zh: `除${rz}以外的${zo[2]}`, en: `${cards} other than ${r.en}` };
          return {
            zh: `${owner.zh}的${noun.zh}`,
            en: `${possessive(owner.en, eo[2] === 'hand' ? 'hand cards' : 'cards')} other than ${r.en}`,
            ty: l.ty,
            owned: { owner, noun },
          };
        }
        return { zh: `${l.zh}中除${r.zh}以外的${u.n}`, en: `${l.en} other than ${r.en}`, ty: l.ty };
      }
    }
    if (e.op === '-' && e.left.kind === 'Number' && e.left.value === 0)
      return { zh: `-${r.zh}`, en: `−${r.en}`, ty: INT };
    const wrap = (x: A.Expr, v: Val): Text =>
      x.kind === 'Binary' && ['+', '-'].includes(x.op) && (e.op === '*' || e.op === '/' || e.op === '%') ? paren(v) : v;
    const L = wrap(e.left, l);
    const R = wrap(e.right, r);
    switch (e.op) {
      case '+':
        return { zh: `${L.zh}+${R.zh}`, en: `${L.en} + ${R.en}`, ty: INT };
      case '-':
        return { zh: `${L.zh}-${R.zh}`, en: `${L.en} − ${R.en}`, ty: INT };
      case '*':
        return { zh: `${L.zh}×${R.zh}`, en: `${L.en} × ${R.en}`, ty: INT };
      case '/':
        return { zh: `${L.zh}除以${R.zh}（向下取整）`, en: `${L.en} divided by ${R.en} (rounded down)`, ty: INT };
      case '%':
        return { zh: `${L.zh}除以${R.zh}的余数`, en: `the remainder of ${L.en} divided by ${R.en}`, ty: INT };
      default:
        // Every operator of the language is worded above; an unworded one is reported, not rendered raw.
        return this.miss(e.op, e, 'operator');
    }
  }

  /** Conjuncts `x >= a` and `x <= b` read as one range (点数为2至9); with `c.suit == s` for the same card, as a
   *  card (判定牌为黑桃2至9). The map gives the merged wording at the first conjunct, null at the ones merged in. */
  private ranges(xs: A.Expr[], env: Env): Map<number, Text | null> {
    const out = new Map<number, Text | null>();
    const bound = (x: A.Expr, ops: string[]) =>
      x.kind === 'Binary' && ops.includes(x.op) && x.right.kind === 'Number' ? x : undefined;
    xs.forEach((x, i) => {
      const lo = bound(x, ['>=']);
      if (!lo || out.has(i)) return;
      const j = xs.findIndex(
        (y, k) => k !== i && !out.has(k) && bound(y, ['<=']) && source((y as A.Binary).left) === source(lo.left),
      );
      if (j < 0) return;
      const hi = xs[j] as A.Binary;
      const a = (lo.right as A.NumberLit).value;
      const b = (hi.right as A.NumberLit).value;
      // The suit of the same card: 黑桃2至9.
      const card = lo.left.kind === 'Member' && lo.left.name.name === 'rank' ? lo.left.object : undefined;
      const k = card
        ? xs.findIndex(
            (y, m) =>
              m !== i &&
              m !== j &&
              !out.has(m) &&
              y.kind === 'Binary' &&
              y.op === '==' &&
              y.left.kind === 'Member' &&
              y.left.name.name === 'suit' &&
              source(y.left.object) === source(card) &&
              y.right.kind === 'Name',
          )
        : -1;
      if (card && k >= 0) {
        const o = this.expr(card, env);
        const suit = this.expr((xs[k] as A.Binary).right, env);
        out.set(i, { zh: `${o.zh}为${suit.zh}${a}至${b}`, en: `${o.en} is a ${suit.en} from ${a} to ${b}` });
        out.set(k, null);
      } else {
        const l = this.expr(lo.left, env);
        out.set(i, { zh: `${l.zh}为${a}至${b}`, en: `${l.en} is from ${a} to ${b}` });
      }
      out.set(j, null);
    });
    return out;
  }

  compare(e: A.Binary, env: Env): Text {
    const [zhOp, enOp] = CMP[e.op]!;
    // `x == none`, `x != none`: whether there is one.
    const noneSide = e.right.kind === 'None' ? e.left : e.left.kind === 'None' ? e.right : undefined;
    if (noneSide && (e.op === '==' || e.op === '!=')) {
      const v = this.expr(noneSide, env);
      if (e.op === '==') return v.neg ?? { zh: `没有${v.zh}`, en: `${v.en} does not exist` };
      if (v.pos) return v.pos;
      // A value worded with `not` ({p}没有武器 / {p} has no weapon): its positive reads the same way.
      if (v.neg && /没有/.test(v.neg.zh) && / has no /.test(v.neg.en))
        return { zh: v.neg.zh.replace('没有', '有'), en: v.neg.en.replace(' has no ', ' has a ') };
      return { zh: `有${v.zh}`, en: `${v.en} exists` };
    }
    // `count(xs) > 0`: there is one; `== 0`: there is none; a player's zone: what they have.
    if (
      e.left.kind === 'Call' &&
      e.left.callee.kind === 'Name' &&
      e.left.callee.name === 'count' &&
      !env.has('count') &&
      e.left.args[0] &&
      e.right.kind === 'Number'
    ) {
      const c = this.countCompare(e.left.args[0].value, e.op, e.right.value, env);
      if (c) return c;
    }
    // `x == "a"` for what a player chose among options: they chose a.
    if (e.left.kind === 'Name' && (e.op === '==' || e.op === '!=')) {
      const x = env.lookup(e.left.name);
      if (x?.chosenBy) {
        const r = this.expr(e.right, env);
        return e.op === '=='
          ? { zh: `${x.chosenBy.zh}选择${r.zh}`, en: `${x.chosenBy.en} chooses ${r.en}` }
          : { zh: `${x.chosenBy.zh}未选择${r.zh}`, en: `${x.chosenBy.en} does not choose ${r.en}` };
      }
    }
    // `x == true` / `x == false`.
    const boolSide = e.right.kind === 'Bool' ? e.right : undefined;
    if (boolSide && (e.op === '==' || e.op === '!=')) {
      const positive = boolSide.value === (e.op === '==');
      return positive ? this.cond(e.left, env) : this.not(e.left, env);
    }
    const l0 = this.expr(e.left, env);
    const r0 = this.expr(e.right, env);
    // Zones compared are places (所在的区域为处理区).
    const l: Val = l0.place ? { ...l0, ...l0.place } : l0;
    const r: Val = r0.place ? { ...r0, ...r0.place } : r0;
    if (r.ty?.base === 'kind' && (e.op === '==' || e.op === '!=') && e.right.kind === 'Name') {
      return { zh: `${l.zh}${zhOp}${r.zh}`, en: `${l.en} ${enOp} a ${r.en}` };
    }
    // Where a card is: `zoneOf(c) == processing` reads 该牌在处理区中 / that card is in the processing area.
    if (
      e.left.kind === 'Call' &&
      e.left.callee.kind === 'Name' &&
      e.left.callee.name === 'zoneOf' &&
      !env.has('zoneOf') &&
      e.left.args[0] &&
      r0.place &&
      (e.op === '==' || e.op === '!=')
    ) {
      const c = this.expr(e.left.args[0].value, env);
      return e.op === '=='
        ? { zh: `${c.zh}在${r0.place.zh}中`, en: `${c.en} is in ${r0.place.en}` }
        : { zh: `${c.zh}不在${r0.place.zh}中`, en: `${c.en} is not in ${r0.place.en}` };
    }
    // A card's category is a noun of its own: `c.type == trick` reads 此牌为锦囊牌 / this card is a Trick; so is its
    // equipment slot with 牌 (`c.subtype == weapon`: 此牌为武器牌 / this card is a Weapon).
    if (
      e.left.kind === 'Member' &&
      e.right.kind === 'Name' &&
      (e.op === '==' || e.op === '!=') &&
      !env.has(e.right.name)
    ) {
      const m = this.S.get(e.right.name);
      const noun = /牌$/.test(r.zh) ? r.zh : e.left.name.name === 'subtype' ? `${r.zh}牌` : undefined;
      if (m?.kind === 'member' && noun && /^[A-Z+-]/.test(r.en)) {
        const o = this.expr(e.left.object, env);
        return { zh: `${o.zh}${zhOp}${noun}`, en: `${o.en} ${enOp} ${/^[AEIOU]/.test(r.en) ? 'an' : 'a'} ${r.en}` };
      }
    }
    // A boolean value compared: its own wording says it.
    if (l.cond && r.ty?.base === 'bool' && r.cond)
      return { zh: `${l.zh}与${r.zh}同时成立或同时不成立`, en: `${l.en} exactly when ${r.en}` };
    return { zh: `${l.zh}${zhOp}${r.zh}`, en: `${l.en} ${enOp} ${r.en}` };
  }

  /** `count(x) op n` in words: 你有手牌 / you have cards in hand, 有其他角色 / there are other players, X为空. */
  private countCompare(x: A.Expr, op: string, n: number, env: Env): Text | undefined {
    const some = (op === '>' && n === 0) || (op === '>=' && n === 1) || (op === '!=' && n === 0);
    const none = (op === '==' && n === 0) || (op === '<' && n === 1) || (op === '<=' && n === 0);
    // A zone of a player (or a shared zone): what is in it.
    const zs =
      x.kind === 'Call' && x.callee.kind === 'Name' && !env.has(x.callee.name) ? this.S.get(x.callee.name) : undefined;
    if (x.kind === 'Call' && zs?.kind === 'zone') {
      const name = this.names(zs, x);
      const per = (zs.decl as A.ZoneDecl).perPlayer;
      const o = per && x.args[0] ? this.expr(x.args[0].value, env) : undefined;
      const isHand = namesItsCards(name);
      const term = zoneTerm(name);
      // Cards named by the zone, in the plural ("stars"): had as such.
      const enCards = isHand && /s$/.test(name.en) ? lcFirst(name.en) : undefined;
      if (o) {
        const poss = o.you ? 'your' : 'their';
        const where = isHand
          ? t(`${o.zh}有${term}`, `in hand`)
          : t(`${o.zh}的${name.zh}里有牌`, `in ${poss} ${lcFirst(name.en)}`);
        const whereNo = isHand ? `${o.zh}没有${term}` : `${o.zh}的${name.zh}里没有牌`;
        if (some) return { zh: where.zh, en: enCards ? `${o.en} has ${enCards}` : `${o.en} has cards ${where.en}` };
        if (none)
          return { zh: whereNo, en: enCards ? `${o.en} has no ${enCards}` : `${o.en} has no cards ${where.en}` };
        const q: Record<string, string> = {
          '>=': 'at least',
          '>': 'more than',
          '<=': 'at most',
          '<': 'fewer than',
          '==': 'exactly',
        };
        if (q[op]) {
          const [zhOp] = CMP[op]!;
          const zhCount = isHand ? `${o.zh}的${term}数` : `${o.zh}的${name.zh}里的牌数`;
          const zhHas = op === '>=' ? '至少' : op === '<=' ? '至多' : op === '==' ? '恰好' : '';
          const zh = zhHas && isHand ? `${o.zh}${zhHas}有${n}张${term}` : `${zhCount}${zhOp}${n}`;
          return {
            zh,
            en: enCards
              ? `${o.en} has ${q[op]} ${n} ${n === 1 ? enCards.replace(/s$/, '') : enCards}`
              : `${o.en} has ${q[op]} ${n} card${n === 1 ? '' : 's'} ${where.en}`,
          };
        }
        return undefined;
      }
      const place = zoneVal(name, undefined).place!;
      if (some) return { zh: `${place.zh}中有牌`, en: `there are cards in ${place.en}` };
      if (none) return { zh: `${place.zh}中没有牌`, en: `${place.en} is empty` };
      return undefined;
    }
    const l = this.expr(x, env);
    // Someone's cards (你的除武器以外的牌): what they have.
    if (l.owned) {
      const { owner: o, noun } = l.owned;
      if (some) return { zh: `${o.zh}有${noun.zh}`, en: `${o.en} has ${noun.en}` };
      if (none) return { zh: `${o.zh}没有${noun.zh}`, en: `${o.en} has no ${noun.en}` };
      if (op === '>=')
        return { zh: `${o.zh}至少有${n}${unitOf(elem(l.ty)).m}${noun.zh}`, en: `${o.en} has at least ${n} ${noun.en}` };
    }
    if (op === '>=' && n > 1 && !l.demo) {
      const bare = /^(the|all) /.test(l.en) ? l.en.replace(/^(the|all) /, '') : undefined;
      return {
        zh: `${l.zh}至少有${n}${unitOf(elem(l.ty)).m}`,
        en: bare ? `there are at least ${n} ${bare}` : `at least ${n} of ${l.en} exist`,
      };
    }
    if (!some && !none) return undefined;
    if (l.demo)
      return some ? { zh: `${l.zh}不为空`, en: `${l.en} is not empty` } : { zh: `${l.zh}为空`, en: `${l.en} is empty` };
    const zh = l.zh.replace(/(^|的)所有角色$/, '$1角色');
    const bare = /^(the|all) /.test(l.en) ? l.en.replace(/^(the|all) /, '') : undefined;
    // Someone's cards: 你有红色牌 / 你没有红色牌.
    const owned = /^([^的，、]{1,4})的([^的]+)$/.exec(zh);
    if (owned)
      return some
        ? { zh: `${owned[1]}有${owned[2]}`, en: bare ? `there are ${bare}` : `there is at least one of ${l.en}` }
        : { zh: `${owned[1]}没有${owned[2]}`, en: bare ? `there are no ${bare}` : `there is none of ${l.en}` };
    if (some) return { zh: `有${zh}`, en: bare ? `there are ${bare}` : `there is at least one of ${l.en}` };
    return { zh: `没有${zh}`, en: bare ? `there are no ${bare}` : `there is none of ${l.en}` };
  }

  membership(e: A.Binary, env: Env, negated: boolean): Text {
    const x = this.expr(e.left, env);
    if (e.right.kind === 'List') {
      const items = e.right.items.map((i) => this.expr(i, env));
      const alt = series(items, 'or');
      return negated
        ? { zh: `${x.zh}不为${alt.zh}`, en: `${x.en} is neither ${series(items, 'or').en.replace(/ or /g, ' nor ')}` }
        : { zh: `${x.zh}为${alt.zh}`, en: `${x.en} is ${alt.en}` };
    }
    const l = this.expr(e.right, env);
    return negated
      ? { zh: `${x.zh}不在${l.zh}中`, en: `${x.en} is not among ${l.en}` }
      : { zh: `${x.zh}在${l.zh}中`, en: `${x.en} is among ${l.en}` };
  }

  private list(e: A.ListLit, env: Env): Val {
    if (e.items.length === 0) return { zh: '空', en: 'nothing', ty: listOf(ANY) };
    const items = e.items.map((i) => this.expr(i, env));
    const ty = listOf(items[0]!.ty);
    return { ...series(items, ty.base === 'kind' || ty.base === 'text' ? 'or' : 'and'), ty };
  }

  private where(e: A.Where, env: Env): Val {
    const l = this.expr(e.list, env);
    const ty = l.ty?.list ? l.ty : listOf(l.ty);
    const rel = this.withMark((mark) => {
      const inner = env.child();
      inner.bind('it', { zh: mark, en: mark, ty: elem(ty), demo: true });
      return relative(this.cond(e.cond, inner), true, mark);
    });
    const u = unitOf(elem(ty));
    // A list narrowed twice reads as one noun with both clauses (性别为男性且已受伤的其他角色); "all players" narrowed
    // are "the players …".
    const base: Text = l.qual?.base ?? (l.zh === '所有角色' ? { zh: '角色', en: 'the players' } : l);
    const rels = [...(l.qual?.rels ?? []), rel];
    let zh = qualify(base.zh, rels.map((r) => r.zh).join('且'), u.n);
    // A player is "who", not "that" (the living players who are wounded).
    const who = (x: string) =>
      u.en === 'player' ? x.replace(/^that (is|are|has|have|can|could|may|does|do)\b/, 'who $1') : x;
    let en = `${base.en} ${rels.map((r) => who(r.en)).join(' and ')}`;
    // "the cards in X that are a -1 horse" → "the -1 horses in X"; "… that are black" → "the black cards in X".
    const cat = rels.length === 1 ? /^that (?:is|are) an? ([-+\w][-+\w ]*)$/.exec(rels[0]!.en) : null;
    const cards = /^the cards (in .+)$/.exec(base.en);
    if (cards && cat && !/ (and|or|that|who|whose) /.test(cat[1]!)) en = `the ${pluralNoun(cat[1]!)} ${cards[1]}`;
    const colour = rels.length === 1 ? /^that (?:is|are) (red|black)$/.exec(rels[0]!.en) : null;
    if (cards && colour) en = `the ${colour[1]} cards ${cards[1]}`;
    const suited = rels.length === 1 ? /^whose suit is ([A-Z]\w*)$/.exec(rels[0]!.en) : null;
    if (cards && suited) en = `the ${suited[1]} cards ${cards[1]}`;
    // "whose suit is that card's suit" → "of the same suit as that card".
    en = en.replace(/\bwhose (suit|colour|rank) is (.+?)'s \1$/, 'of the same $1 as $2');
    // A kingdom or a gender qualifies the noun itself: 其他魏势力角色 / the other Wei players.
    const kz = /^(.*?)势力为([^且的]+)(?:且(.*))?的(其他)?角色$/.exec(zh);
    if (kz && base.zh.endsWith('角色')) zh = `${kz[1] || ''}${kz[3] ? kz[3] + '的' : ''}${kz[4] ?? ''}${kz[2]}势力角色`;
    const ke = /^the (other )?players whose (?:kingdom|gender) is (\w+)(?: and (.*))?$/.exec(en);
    if (ke) en = `the ${ke[1] ?? ''}${ke[2]} players${ke[3] ? ' ' + ke[3] : ''}`;
    return { zh, en, ty, qual: { base, rels } };
  }

  /** Whether an expression asks players or runs an event, action or block method (a statement in its own right). */
  isDoing(e: A.Expr): boolean {
    if (e.kind !== 'Call') return false;
    if (e.callee.kind === 'Name') {
      const s = this.S.get(e.callee.name);
      if (s?.kind === 'event' || s?.kind === 'action') return true;
      if (!s && (builtinEffect(e.callee.name) ?? 'pure') !== 'pure') return true;
      return false;
    }
    if (e.callee.kind === 'Member') return this.S.methodNames.get(e.callee.name.name) === true;
    return false;
  }

  /** The parameter list of a callee, for messages. */
  calleeKey(c: A.Call): Callee | undefined {
    return this.facts.calleeOf(c);
  }
}

// ---------------------------------------------------------------- helpers

/** en: marked long owners before "'s" read "the … of owner": "\uE001the source of the damage\uE002's hand" → "the
 *  hand of the source of the damage" (the noun marked \uE003…\uE004 when it is a placeholder's value). */
function ofOwners(s: string): string {
  let out = s.replace(/\uE001([^\uE001\uE002]*)\uE002's \uE003([^\uE003\uE004]*)\uE004/g, (_m, o: string, n: string) =>
    /^(the|a|an) /i.test(n) ? `${o}'s ${n}` : `the ${n} of ${o}`,
  );
  out = out.replace(/\uE001([^\uE001\uE002]*)\uE002's ([^\uE001]*)/g, (_m, o: string, rest: string) => {
    const n = possessedNoun(rest);
    return n ? `the ${n} of ${o}${rest.slice(n.length)}` : `${o}'s ${rest}`;
  });
  return out.replace(/[\uE001-\uE004]/g, '');
}

/** A number, or a letter standing for one. */
function isNumeral(s: string): boolean {
  return /^[-+]?(\d+|[A-Z]|[一两二三四五六七八九十]+)$/.test(s);
}

/** A builtin's arguments as they are worded: `chooseMany(p, xs, n, count(xs))` reads as if `max` were left out (the
 *  most is all of them). */
export function builtinArgs(name: string, args0: (A.Expr | undefined)[]): (A.Expr | undefined)[] {
  const norm = (x: A.Expr | undefined) =>
    x?.kind === 'Call' && x.callee.kind === 'Name' && x.callee.name === 'cards' && x.args[0]
      ? source(x.args[0].value)
      : x
        ? source(x)
        : '';
  const mx = args0[3];
  return name === 'chooseMany' &&
    mx?.kind === 'Call' &&
    mx.callee.kind === 'Name' &&
    mx.callee.name === 'count' &&
    mx.args[0] &&
    norm(mx.args[0].value) === norm(args0[1])
    ? args0.map((a, i) => (i === 3 ? undefined : a))
    : args0;
}

export function sigNames(name: string): string[] {
  return builtinParams(name).map((p) => p.name);
}

/** Whether a body without a declared return type returns a truth value (`return not countered`, `return false`). */
/** What calling an event, action, function or hook gives: its declared type, else a truth value when its body
 *  returns one, else anything. */
export function callableType(
  kind: 'event' | 'action' | 'function' | 'hook',
  d: A.EventDecl | A.ActionDecl | A.FunctionDecl | A.HookDecl,
): Ty {
  if (kind === 'hook') return fromTypeRef((d as A.HookDecl).returns);
  if ((d as A.FunctionDecl).returns) return fromTypeRef((d as A.FunctionDecl).returns);
  return returnsBool((d as A.ActionDecl).body) ? BOOL : ANY;
}

export function returnsBool(b: A.Block | undefined): boolean {
  if (!b) return false;
  let yes = false;
  const walk = (ss: A.Stmt[]) => {
    for (const s of ss) {
      if (s.kind === 'Return' && s.value) {
        const v = s.value;
        if (
          v.kind === 'Bool' ||
          (v.kind === 'Unary' && v.op === 'not') ||
          (v.kind === 'Binary' && ['and', 'or', '==', '!=', '<', '<=', '>', '>=', 'in'].includes(v.op))
        )
          yes = true;
      } else if (s.kind === 'If') {
        walk(s.then.stmts);
        if (s.else) walk(s.else.kind === 'If' ? [s.else] : s.else.stmts);
      } else if (s.kind === 'For' || s.kind === 'While' || s.kind === 'Repeat') walk(s.body.stmts);
    }
  };
  walk(b.stmts);
  return yes;
}

function hasBody(p: Phrase): boolean {
  return p.body;
}

function flatten(e: A.Expr, op: 'and' | 'or'): A.Expr[] {
  if (e.kind === 'Binary' && e.op === op) return [...flatten(e.left, op), ...flatten(e.right, op)];
  return [e];
}

function isJunction(x: A.Expr, parentOp: string): boolean {
  return x.kind === 'Binary' && (x.op === 'and' || x.op === 'or') && x.op !== parentOp;
}

function junction(parts: Text[], op: 'and' | 'or'): Text {
  return {
    zh: parts.map((p) => p.zh).join(op === 'and' ? '且' : '或'),
    en: parts.map((p) => p.en).join(op === 'and' ? ' and ' : ' or '),
  };
}

/** One item of a list: 一名角色 / 一张牌 / one of …. */
function one(v: Val, lang: 'zh' | 'en'): string {
  const u = unitOf(elem(v.ty));
  if (lang === 'zh') {
    if (u.m === '项') return `${v.zh}中的一项`;
    if (v.demo) return `${v.zh}中的一${u.m}`;
    if (v.ty?.base === 'kind') return `一张${v.zh}`;
    // Someone's cards: 你的一张手牌.
    const poss = !v.qual && v.ty?.base === 'card' ? /^([^的中，、]{1,6})的([^的中，、]{1,8})$/.exec(v.zh) : null;
    // (A relative clause is no owner: 一张可以救人的牌.)
    if (poss && !/^(可以|能|须)/.test(poss[1]!)) return `${poss[1]}的一${u.m}${poss[2]}`;
    return `一${u.m}${v.zh}`;
  }
  if (v.ty?.base === 'kind') return `a ${v.en}`;
  if (u.m === '项') return `one of ${v.en}`;
  // "the other players that are wounded" → "another player that is wounded"; "the cards in your hand" → "a card in
  // your hand".
  const m = /^the ((?:[a-z]+ )*?(?:[A-Z][a-z]+ )?)(players|cards)\b(.*)$/.exec(v.en);
  if (m && !v.demo && !/ and the /.test(m[3]!)) {
    const words = m[1]!.trim().split(' ').filter(Boolean);
    const other = words.includes('other');
    const rest = words.filter((w) => w !== 'other').join(' ');
    const head = other
      ? `another ${rest ? rest + ' ' : ''}`
      : `a${/^[aeiouAEIOU]/.test(rest) ? 'n' : ''} ${rest ? rest + ' ' : ''}`;
    const tail = m[3]!
      .replace(/ hand and equipment area\b/, ' hand or equipment area')
      .replace(/\b(that|who) are\b/g, '$1 is')
      .replace(/\b(that|who) have\b/g, '$1 has')
      .replace(/\band are\b/g, 'and is');
    return `${head}${m[2]!.slice(0, -1)}${tail}`;
  }
  return `one of ${v.en}`;
}

/** zh: qualify a noun with a relative clause: "其他角色" → "已受伤的其他角色", "你的手牌" → "你的红色的手牌",
 *  and a longer phrase → "……中红色的牌". */
export function qualify(noun: string, rel: string, unitNoun: string): string {
  if (rel === '') return noun;
  // "【杀】或【决斗】" already names the cards.
  if (noun === unitNoun && /】$/.test(rel) && /^【/.test(rel)) return rel;
  // "无属性的【杀】、【南蛮入侵】或【万箭齐发】" too: each item a card kind.
  if (noun === '牌' && rel.split(/、|或/).every((x) => /^(?:[^，；且的]*的)?【[^】]+】$/.test(x))) return rel;
  // A colour or a suit makes a plain noun: 红色牌, 黑色手牌, 方块牌.
  if (/牌$/.test(noun) && /^[^的]{1,4}$/.test(noun) && /^(红色|黑色)$/.test(rel)) return `${rel}${noun}`;
  // "花色为该牌的花色" → 与该牌花色相同的手牌.
  const same = /^(花色|颜色|点数)为(.+)的\1$/.exec(rel);
  if (same) return qualify(noun, `与${same[2]}${same[1]}相同`, unitNoun);
  const suit = /^花色为(黑桃|红桃|梅花|方块)$/.exec(rel);
  if (suit && /牌$/.test(noun) && /^[^的]{1,4}$/.test(noun)) return `${suit[1]}${noun}`;
  // "锦囊牌或延时锦囊牌" names the cards too.
  if (noun === '牌' && /^[^的，、且]*牌$/.test(rel) && !/有/.test(rel)) return rel;
  // "【杀】且包含你的所有手牌" → 包含你的所有手牌的【杀】.
  const kind = /^(【[^】]+】)且(.+)$/.exec(rel);
  const suitOf = kind && /^(?:花色为)?(黑桃|红桃|梅花|方块)牌?$/.exec(kind[2]!);
  if (noun === unitNoun && kind)
    return /^(红色|黑色)$/.test(kind[2]!)
      ? `${kind[2]}${kind[1]}`
      : suitOf
        ? `${suitOf[1]}${kind[1]}`
        : `${kind[2]}的${kind[1]}`;
  if (unitNoun === '') unitNoun = '项';
  const simple = /^[^的中，、]{1,8}$/.test(noun);
  if (simple) return `${rel}的${noun}`;
  const poss = /^([^的中，、]{1,6})的([^的中，、]{1,6})$/.exec(noun);
  if (poss && /^(红色|黑色)$/.test(rel) && /牌$/.test(poss[2]!)) return `${poss[1]}的${rel}${poss[2]}`;
  if (poss && suit && /牌$/.test(poss[2]!)) return `${poss[1]}的${suit[1]}${poss[2]}`;
  if (poss && poss[2] === '牌' && /^[^的，、且]*牌$/.test(rel)) return `${poss[1]}的${rel}`;
  if (poss) return `${poss[1]}的${rel}的${poss[2]}`;
  // "其装备区里的牌" narrowed to "进攻马牌": 其装备区里的进攻马牌.
  const zone = /^(.*)里的牌$/.exec(noun);
  if (zone && /^[^的，、且]*牌$/.test(rel)) return `${zone[1]}里的${rel}`;
  return `${noun}中${rel}的${unitNoun}`;
}

/** A canonical spelling of an expression (to compare two). */
export const source = printExpr;

/** `c is slash` reads as the card being that kind (此牌为【杀】 / this card is a Slash: a 火杀 is a 杀 too);
 *  `c is [slash, jink]` as being one of them. */
export function kindTest(e: A.Binary): A.Binary {
  return { ...e, op: e.right.kind === 'List' || e.right.kind !== 'Name' ? 'in' : '==' };
}
