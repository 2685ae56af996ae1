// Skills → text: tags (锁定技 …), then one sentence per item — triggers ("{window}，若{cond}，你可以{effect}。"),
// actions offered by the rules (`active`), conversions (`viewAs`), modifiers of hooks (`modify`) and filters.
import { locatedAs } from '../ast/source.ts';
import type * as A from '../ast/nodes.ts';
import type { Renderer } from './stmt.ts';
import { simplify, subExprsOnce, presupposed } from './stmt.ts';
import { YOU, qualify, lcFirst } from './expr.ts';
import { Env, LETTERS, bodyOf, newBody, type Missing, type Val } from './context.ts';
import { Reads, viewAsZones } from '../lower/symbols.ts';
import {
  fixEnglish,
  join,
  nounWithClause,
  pluralNoun,
  pronouns,
  relative,
  series,
  t,
  isEmpty,
  type Text,
} from './lang.ts';
import { fromTypeRef, unitOf, type Ty } from './types.ts';
import type { Facts } from './facts.ts';
import { bestMatch, type Pattern, type Phrase } from './phrasebook.ts';

/** How a tag reads: the names its declaration gives (`tag locked 锁定技 "Locked skill"`); a tag without names says
 *  nothing (the armour's skills). */
function tagText(R: Renderer, name: string): Text | undefined {
  const d = R.S.tags.get(name);
  if (!d?.names.zh || !d.names.en) return undefined;
  return t(d.names.zh.name, `${d.names.en}.`);
}

/** A skill worded: its text, the wording it missed and what it read of the symbol table. */
interface Worded {
  text: Text;
  missing: Missing[];
  reads: Reads;
}
const skillCache = new WeakMap<object, Map<A.SkillDecl, Worded>>();

/** A skill's text, worded once per renderer or per group of renderers (`R.shared`): generals and cards repeat
 *  their skills. Wording it again is replaying what it missed and read, as wording it anew would have. */
export function skillText(R: Renderer, d: A.SkillDecl): Text {
  const owner = R.shared ?? R;
  let cache = skillCache.get(owner);
  if (!cache) skillCache.set(owner, (cache = new Map()));
  let x = cache.get(d);
  if (!x) {
    const missing = R.missing;
    const outer = R.S.reads;
    const reads = new Reads();
    R.missing = new Map();
    R.S.reads = reads;
    try {
      x = { text: wordSkill(R, d), missing: [...R.missing.values()], reads };
    } finally {
      R.missing = missing;
      R.S.reads = outer;
    }
    cache.set(d, x);
  }
  for (const m of x.missing) if (!R.missing.has(m.key)) R.missing.set(m.key, m);
  R.S.reads?.share(x.reads);
  return x.text;
}

function wordSkill(R: Renderer, d: A.SkillDecl): Text {
  const tags = d.tags.map((x) => tagText(R, x.name)).filter((x): x is Text => !!x);
  const head: Text = { zh: tags.map((x) => x.zh + '，').join(''), en: tags.map((x) => x.en + ' ').join('') };
  const items = grouped(d.items.map((it) => item(R, d, it))).map((x) => R.sentence(x));
  const body = join(items, '', ' ');
  // Role nouns named again read as pronouns here already, so a card or a general that shows the skill shows it so
  // (polish only: skipped by a renderer that only finds missing wording).
  const text = { zh: head.zh + body.zh, en: head.en + body.en };
  return R.findOnly ? text : pronouns(text, R.roleNouns());
}

/** An item worded in parts, so that neighbours sharing a part read as one sentence; `text` alone for an item
 *  that has no parts to share. */
interface Part {
  window?: Text;
  limit?: Text;
  cond?: Text;
  body: Text;
  optional?: boolean;
}

function item(R: Renderer, d: A.SkillDecl, it: A.SkillItem): Part {
  switch (it.kind) {
    case 'Trigger':
      return trigger(R, d, it);
    case 'Active':
      return active(R, d, it);
    case 'ViewAs':
      return { body: viewAs(R, it) };
    case 'Modify':
      return modify(R, it);
    case 'Filter':
      return { body: filter(R, it) };
    case 'Grant':
      return { body: grant(R, it) };
  }
}

const same = (a: Text | undefined, b: Text | undefined) =>
  (a?.zh ?? '') === (b?.zh ?? '') && (a?.en ?? '') === (b?.en ?? '');

/** The items' sentences: an item whose effect says nothing (its steps are bookkeeping the phrasebook words as
 *  nothing) is left out; neighbours with the same condition and no window read as one sentence (若你本回合天义拼点
 *  赢，你的攻击范围无限，使用【杀】的次数上限+1，且…); neighbours that do the same thing on the same condition in
 *  different windows name the windows together (你的弃牌阶段开始时或你死亡时，…). */
function grouped(parts: Part[]): Text[] {
  const out: Text[] = [];
  const live = parts.filter((p) => !isEmpty(p.body));
  for (let i = 0; i < live.length; ) {
    const p = live[i]!;
    let j = i + 1;
    if (!p.window && p.cond && !isEmpty(p.cond)) {
      while (j < live.length && !live[j]!.window && same(live[j]!.cond, p.cond) && !live[j]!.optional) j++;
      if (j > i + 1 && !p.optional) {
        out.push(
          compose({
            limit: t('', ''),
            cond: p.cond,
            body: together(live.slice(i, j).map((x) => x.body)),
            optional: false,
          }),
        );
        i = j;
        continue;
      }
      j = i + 1;
    }
    if (p.window) {
      while (
        j < live.length &&
        live[j]!.window &&
        same(live[j]!.limit, p.limit) &&
        same(live[j]!.cond, p.cond) &&
        same(live[j]!.body, p.body) &&
        !!live[j]!.optional === !!p.optional
      )
        j++;
      if (j > i + 1) {
        out.push(
          compose({
            ...p,
            window: series(
              live.slice(i, j).map((x) => x.window!),
              'or',
            ),
            limit: p.limit ?? t('', ''),
            optional: !!p.optional,
          }),
        );
        i = j;
        continue;
      }
    }
    out.push(p.window || p.cond ? compose({ ...p, limit: p.limit ?? t('', ''), optional: !!p.optional }) : p.body);
    i = j;
  }
  return out;
}

/** Effects on one condition in one sentence: 你的攻击范围无限，使用【杀】的次数上限+1，且使用【杀】可以… / your attack
 *  range is unlimited, you may use one more Slash per turn and may name … (a repeated "you" / 你 dropped). */
function together(bodies: Text[]): Text {
  const zh = bodies.map((b, i) => {
    const prev = bodies[i - 1]?.zh ?? '';
    return i > 0 && /^你(?!的)/.test(b.zh) && /^你/.test(prev) ? b.zh.slice(1) : b.zh;
  });
  const en = bodies.map((b, i) => {
    const prev = bodies[i - 1]?.en ?? '';
    return i > 0 && /^you [a-z]/.test(b.en) && /^you [a-z]/.test(prev) ? b.en.slice(4) : b.en;
  });
  const last = (xs: string[], sep: string, and: string) => xs.slice(0, -1).join(sep) + and + xs[xs.length - 1];
  return {
    zh: last(zh, '，', '，且'),
    en: last(en, ', ', en.length > 2 ? ', and ' : ' and '),
  };
}

/** `grants x to others where …`: 群势力的其他角色拥有〖x〗 / every other player whose … has x; a card kind reads
 *  as being equipped with it: 若你的装备区里没有防具牌，你视为装备着【八卦阵】. */
function grant(R: Renderer, it: A.GrantItem): Text {
  const env = new Env(newBody({ you: true }));
  const s = R.S.get(it.what.name);
  const what = s ? R.entity(s, it.what) : R.miss(it.what.name, it.what, 'a skill or a card kind');
  const isCard = s?.kind === 'card';
  const cond = it.cond;
  if (it.to === 'you') {
    const inner = env.child();
    inner.bind('it', { zh: '你', en: 'you', ty: { base: 'player' } });
    const zh = isCard ? `你视为装备着${what.zh}` : `你拥有${what.zh}`;
    const en = isCard ? `you count as equipped with ${what.en}` : `you have ${what.en}`;
    if (!cond) return { zh, en };
    const c = R.cond(simplify(cond), inner);
    return { zh: `若${c.zh}，${zh}`, en: `if ${c.en}, ${en}` };
  }
  let rel: Text = t('', '');
  if (cond) {
    rel = R.withMark((mark) => {
      const inner = env.child();
      inner.bind('it', { zh: mark, en: mark, ty: { base: 'player' }, demo: true });
      return relative(R.cond(simplify(cond), inner), false, mark);
    });
  }
  const who =
    it.to === 'others' ? { zh: '其他角色', en: 'every other player' } : { zh: '每名角色', en: 'every player' };
  return {
    zh: `${rel.zh ? rel.zh + '的' : ''}${who.zh}${isCard ? '视为装备着' : '拥有'}${what.zh}`,
    en: `${who.en}${rel.en ? ' ' + rel.en : ''} ${isCard ? 'counts as equipped with' : 'has'} ${what.en}`,
  };
}

// ---------------------------------------------------------------- helpers

/** "你可以" + the effect, dropping a repeated subject: 你可以摸一张牌 / you may draw a card. */
export function may(body: Text): Text {
  let zh: string;
  // An effect that is itself optional already says so (你可以将一张【闪】交给…).
  if (body.zh.startsWith('你可以')) zh = body.zh;
  else if (body.zh.startsWith('你') && !body.zh.startsWith('你的')) zh = `你可以${body.zh.slice(1)}`;
  else if (/^[^，、可]{1,8}可以/.test(body.zh)) zh = `你可以发动此技能：${body.zh}`;
  else if (/^(令|将|重复|依次|当|对|防止)/.test(body.zh)) zh = `你可以${body.zh}`;
  else if (body.zh.startsWith('若')) zh = `你可以发动此技能：${body.zh}`;
  else zh = `你可以令${body.zh}`;
  const b = fixEnglish(body.en);
  let en: string;
  if (/^you may /i.test(b)) en = b;
  else if (/^you /i.test(b)) en = `you may ${b.slice(4)}`;
  else if (/^repeat: /.test(b)) en = `you may repeat the following: ${b.slice(8)}`;
  else if (/^(let|repeat|add|remove|prevent|swap) /.test(b)) en = `you may ${b}`;
  else if (/^(.+?) (increases|decreases) by ([^,;]+)(.*)$/.test(b)) {
    // "the number of cards to draw increases by 1" → "you may increase the number of cards to draw by 1".
    en = b.replace(
      /^(.+?) (increases|decreases) by ([^,;]+)(.*)$/,
      (_m, x: string, v: string, n: string, rest: string) =>
        `you may ${v === 'increases' ? 'increase' : 'decrease'} ${lcFirst(x)} by ${n}${rest}`,
    );
  } else en = `you may use this skill: ${b}`;
  return { zh, en };
}

function limitText(R: Renderer, l: A.Limit | undefined, d: A.SkillDecl): Text {
  if (!l) return t('', '');
  // A tag that gives the skill one use per game says so itself (限定技): the item's `limit 1 per game` repeats it.
  if (l.count === 1 && l.per.name === 'game' && d.tags.some((x) => R.S.tags.get(x.name)?.once)) return t('', '');
  const n = l.count;
  const times = {
    zh: `限${n === 1 ? '一' : n === 2 ? '两' : String(n)}次`,
    en: n === 1 ? 'once' : n === 2 ? 'twice' : `${n} times`,
  };
  if (l.per.name === 'game') return { zh: `每局游戏${times.zh}`, en: `${times.en} per game` };
  const s = R.S.get(l.per.name);
  const nm = s ? R.names(s, l.per) : R.miss(l.per.name, l.per, 'an event');
  return { zh: `每${nm.zh}${times.zh}`, en: `${times.en} per ${lcFirst(nm.en)}` };
}

export function conjuncts(e: A.Expr | undefined): A.Expr[] {
  if (!e) return [];
  const s = simplify(e);
  const out: A.Expr[] = [];
  const flat = (x: A.Expr) => {
    if (x.kind === 'Binary' && x.op === 'and') {
      flat(x.left);
      flat(x.right);
    } else out.push(x);
  };
  flat(s);
  return out;
}

export function andOf(xs: A.Expr[]): A.Expr | undefined {
  if (xs.length === 0) return undefined;
  return xs
    .slice(1)
    .reduce<A.Expr>((acc, x) => ({ kind: 'Binary', op: 'and', left: acc, right: x, ...locatedAs(acc) }), xs[0]!);
}

export function names(e: A.Expr, out: Set<string> = new Set()): Set<string> {
  switch (e.kind) {
    case 'Name':
      out.add(e.name);
      break;
    case 'Member':
      names(e.object, out);
      break;
    case 'Call':
      names(e.callee, out);
      e.args.forEach((a) => names(a.value, out));
      break;
    case 'Unary':
      names(e.operand, out);
      break;
    case 'Binary':
      names(e.left, out);
      names(e.right, out);
      break;
    case 'List':
      e.items.forEach((x) => names(x, out));
      break;
    case 'Where':
      names(e.list, out);
      names(e.cond, out);
      break;
  }
  return out;
}

function compose(parts: { window?: Text; limit: Text; cond?: Val | Text; body: Text; optional: boolean }): Text {
  const zh: string[] = [];
  const en: string[] = [];
  if (parts.window && !isEmpty(parts.window)) {
    zh.push(parts.window.zh);
    en.push(parts.window.en);
  }
  if (!isEmpty(parts.limit)) {
    zh.push(parts.limit.zh);
    en.push(parts.limit.en);
  }
  if (parts.cond && (parts.cond as Val).konst !== true && !isEmpty(parts.cond)) {
    zh.push(`若${parts.cond.zh}`);
    en.push(`if ${parts.cond.en}`);
  }
  const b = parts.optional ? may(parts.body) : parts.body;
  zh.push(b.zh);
  en.push(b.en);
  return { zh: zh.join('，'), en: en.join(', ') };
}

// ---------------------------------------------------------------- triggers

function trigger(R: Renderer, d: A.SkillDecl, it: A.TriggerItem): Part {
  const kinds = R.facts.windowEvents.get(it.window.name) ?? [];
  const subject: Val =
    it.subject === 'you'
      ? YOU
      : it.subject === 'anyone'
        ? { zh: '一名角色', en: 'a player', ty: { base: 'player' } }
        : { zh: '一名其他角色', en: 'another player', ty: { base: 'player' } };
  const body = bodyOf(it.body, {
    you: true,
    eventKinds: kinds,
    alias: it.alias?.name,
    callee: `trigger:${d.names.id.name}`,
    subject: it.subject === 'you' ? YOU : { zh: '该角色', en: 'that player', ty: { base: 'player' }, demo: true },
    subjectField: R.facts.windowSubjects.get(it.window.name) ?? undefined,
  });
  const env = new Env(body);
  const alias = it.alias?.name;
  const { all, best } = windowChoice(R, it);
  const fieldTy = (f: string) => eventFieldTy(R.facts, kinds, f);
  const window = R.window(
    it.window.name,
    subject,
    (f) => {
      const v = best?.fixed.get(f);
      if (v) return R.expr(v, env);
      const cs = best?.folded.get(f);
      if (!cs || !best) return undefined;
      const i = best.ph.params.indexOf(f);
      const noun = best.ph.nouns[i]!;
      const ty = fieldTy(f) ?? { base: 'card' };
      const local = `\u0000${f}`;
      const rel = R.withMark((mark) => {
        const inner = env.child();
        inner.bind(local, { zh: mark, en: mark, ty, demo: true });
        return relative(R.cond(andOf(cs.map((c) => replaceField(c, f, alias, local)))!, inner), false, mark);
      });
      return { zh: qualify(noun.zh, rel.zh, unitOf(ty).n), en: nounWithClause(noun.en, rel.en), ty };
    },
    it.window,
    env,
    best?.ph,
  );
  const cond = andOf(best ? best.rest : all);
  return {
    window,
    limit: limitText(R, it.limit, d),
    ...(cond ? { cond: R.cond(cond, env) } : {}),
    body: R.body(it.body, env),
    optional: it.optional,
  };
}

/** The type of field `f` of the first of these event kinds that has it. */
export function eventFieldTy(facts: Facts, kinds: string[], f: string): Ty | undefined {
  for (const k of kinds) {
    const ps = facts.paramsOf(`event:${k}`);
    const i = ps?.findIndex((p) => p.name.name === f) ?? -1;
    if (i >= 0) return fromTypeRef(ps![i]!.type, facts.kindsOfParam(`event:${k}`, i));
  }
  return undefined;
}

/** The phrase a trigger's window is worded with, and what its condition's conjuncts do there: fill a field
 *  (`fixed`), qualify a field's noun (`folded`) or stay a condition (`rest`); `all`: the conjuncts not presupposed
 *  by the body. Read from the declarations and the phrasebook alone. */
export function windowChoice(
  R: Renderer,
  it: A.TriggerItem,
): {
  all: A.Expr[];
  best: { ph: Phrase; fixed: Map<string, A.Expr>; folded: Map<string, A.Expr[]>; rest: A.Expr[] } | undefined;
} {
  const alias = it.alias?.name;
  // Conditions `event.f == x` fill the window's placeholder {f} ("你的弃牌阶段结束时"); conditions about `event.f`
  // alone qualify its noun ("你使用【杀】指定一名目标后"). The window's phrase with the most fields so filled wins;
  // without any, the one with the fewest parameters.
  const used = subExprsOnce(it.body);
  const all = conjuncts(it.cond).filter((c) => !presupposed(c, used));
  const phrases = R.book.all(`on ${it.window.name}`).filter((p) => p.decl.params !== undefined);
  let best: { ph: Phrase; fixed: Map<string, A.Expr>; folded: Map<string, A.Expr[]>; rest: A.Expr[] } | undefined;
  let bestScore = -Infinity;
  for (const ph of phrases) {
    if (ph.patterns[0] && !(ph.patterns[0].k === 'you' && it.subject === 'you')) continue;
    const fields = ph.params.slice(1);
    const fixed = new Map<string, A.Expr>();
    const folded = new Map<string, A.Expr[]>();
    const rest: A.Expr[] = [];
    for (const c of all) {
      const f = fieldEq(c, alias);
      if (f && fields.includes(f.field) && !fixed.has(f.field) && !folded.has(f.field)) {
        fixed.set(f.field, f.value);
        continue;
      }
      const only = onlyField(c, alias);
      const i = only ? ph.params.indexOf(only) : -1;
      // (A field whose noun says nothing — `nature "" ""` — is only ever filled.)
      if (only && i > 0 && ph.nouns[i] && ph.nouns[i]!.zh !== '' && !fixed.has(only)) {
        folded.set(only, [...(folded.get(only) ?? []), c]);
        continue;
      }
      rest.push(c);
    }
    const filled = fields.filter((f) => fixed.has(f) || folded.has(f)).length;
    // Every field filled: the more the better; otherwise the fewer parameters the better (nouns fill the rest).
    const score = (filled === fields.length ? 100 + filled : -ph.params.length) + (ph.patterns[0] ? 0.5 : 0);
    if (score > bestScore) {
      best = { ph, fixed, folded, rest };
      bestScore = score;
    }
  }
  return { all, best };
}

function isEventRef(x: A.Expr, alias: string | undefined): boolean {
  return x.kind === 'Member' && x.object.kind === 'Name' && (x.object.name === 'event' || x.object.name === alias);
}

/** The one field of the event a condition is about (`isSlash(event.card)`), if it reads no other field, no local
 *  and not `you`. */
function onlyField(c: A.Expr, alias: string | undefined): string | undefined {
  const fields = new Set<string>();
  let other = false;
  const ex = (e: A.Expr): void => {
    if (isEventRef(e, alias)) {
      fields.add((e as A.Member).name.name);
      return;
    }
    switch (e.kind) {
      case 'Name':
        if (e.name === 'event' || e.name === alias || e.name === 'you' || e.name === 'subject') other = true;
        break;
      case 'Member':
        ex(e.object);
        break;
      case 'Call':
        e.args.forEach((a) => ex(a.value));
        if (e.callee.kind === 'Member') ex(e.callee.object);
        break;
      case 'Unary':
        ex(e.operand);
        break;
      case 'Binary':
        ex(e.left);
        ex(e.right);
        break;
      case 'List':
        e.items.forEach(ex);
        break;
      case 'Where':
        ex(e.list);
        other = true;
        break;
    }
  };
  ex(c);
  return !other && fields.size === 1 ? [...fields][0] : undefined;
}

/** `c` with `event.f` replaced by the name `local`. */
export function replaceField(c: A.Expr, f: string, alias: string | undefined, local: string): A.Expr {
  const r = (e: A.Expr): A.Expr => {
    if (isEventRef(e, alias) && (e as A.Member).name.name === f)
      return { kind: 'Name', name: local, ...locatedAs(e) } as A.Expr;
    switch (e.kind) {
      case 'Member':
        return { ...e, object: r(e.object) };
      case 'Call':
        return {
          ...e,
          callee: e.callee.kind === 'Member' ? { ...e.callee, object: r(e.callee.object) } : e.callee,
          args: e.args.map((a) => ({ ...a, value: r(a.value) })),
        };
      case 'Unary':
        return { ...e, operand: r(e.operand) };
      case 'Binary':
        return { ...e, left: r(e.left), right: r(e.right) };
      case 'List':
        return { ...e, items: e.items.map(r) };
    }
    return e;
  };
  return r(c);
}

/** `event.f == x` (or `x == event.f`): the field and the value. */
function fieldEq(c: A.Expr, alias: string | undefined): { field: string; value: A.Expr } | undefined {
  if (c.kind !== 'Binary') return undefined;
  // `x in event.f`: the field (a list) is asked for x (`jink in event.kinds` → 需要使用或打出【闪】时).
  if (c.op === 'in' && isEventRef(c.right, alias) && !isEventRef(c.left, alias) && c.left.kind === 'Name')
    return { field: (c.right as A.Member).name.name, value: c.left };
  if (c.op !== '==') return undefined;
  const isEv = (x: A.Expr) =>
    x.kind === 'Member' && x.object.kind === 'Name' && (x.object.name === 'event' || x.object.name === alias);
  if (isEv(c.left) && !isEv(c.right)) return { field: (c.left as A.Member).name.name, value: c.right };
  if (isEv(c.right) && !isEv(c.left)) return { field: (c.right as A.Member).name.name, value: c.left };
  return undefined;
}

// ---------------------------------------------------------------- actions, conversions

function active(R: Renderer, d: A.SkillDecl, it: A.ActiveItem): Part {
  const env = new Env(bodyOf(it.body, { you: true, callee: `active:${d.names.id.name}` }));
  const window = R.window('active', YOU, () => undefined, it, env);
  const used = subExprsOnce(it.body);
  const cond = andOf(conjuncts(it.cond).filter((c) => !presupposed(c, used)));
  return {
    window,
    limit: limitText(R, it.limit, d),
    ...(cond ? { cond: R.cond(cond, env) } : {}),
    body: R.body(it.body, env),
    optional: true,
  };
}

function viewAs(R: Renderer, it: A.ViewAsItem): Text {
  const env = new Env(newBody({ you: true }));
  const s = R.S.get(it.cardKind.name);
  const kind = s ? R.entity(s, it.cardKind) : R.miss(it.cardKind.name, it.cardKind, 'a card kind');
  const zoneIds = viewAsZones(it, R.S);
  const zones = zoneIds.map((z) => {
    const zs = R.S.get(z.name);
    return zs ? R.names(zs, z) : R.miss(z.name, z, 'a zone');
  });
  let rel: Text = t('', '');
  const filter = it.filter;
  if (filter) {
    rel = R.withMark((mark) => {
      const inner = env.child();
      inner.bind('it', { zh: mark, en: mark, ty: { base: 'card' }, demo: true });
      return relative(R.cond(simplify(filter), inner), false, mark);
    });
  }
  // The conjuncts of the condition about the cards together (`them`) qualify the cards (两张花色相同的手牌); the
  // others stay a condition (若…).
  const conjuncts = it.cond ? andParts(it.cond) : [];
  const together = conjuncts.filter((c) => namesThem(c));
  const rest = conjuncts.filter((c) => !namesThem(c));
  if (together.length) {
    const setRel = R.withMark((mark) => {
      const inner = env.child();
      inner.bind('them', { zh: mark, en: mark, ty: { base: 'card', list: true }, demo: true });
      return relative(R.cond(simplify(joinAnd(together)), inner), it.count > 1, mark);
    });
    rel = rel.zh ? { zh: `${rel.zh}且${setRel.zh}`, en: `${rel.en} and ${setRel.en}` } : setRel;
  }
  const n = it.count;
  // 牌 alone means a card in hand or in the equipment area; 手牌 a hand card (the zones marked `as hand` and `as
  // equipment`).
  const ids = zoneIds
    .map((z) => z.name)
    .sort()
    .join(',');
  const hand = R.S.zoneHinted('hand');
  const equipment = R.S.zoneHinted('equipment');
  const noun =
    hand !== undefined && equipment !== undefined && ids === [hand, equipment].sort().join(',')
      ? '牌'
      : hand !== undefined && ids === hand
        ? '手牌'
        : `${zones.map((z) => z.zh).join('或')}中的牌`;
  const num = n === 1 ? '一' : n === 2 ? '两' : String(n);
  // A card of a named kind: 手牌中的一张【杀】.
  const what =
    /^【[^】]+】$/.test(rel.zh) && noun !== '牌'
      ? `${noun.replace(/的牌$/, '')}中的${num}张${rel.zh}`
      : `${num}张${qualify(noun, rel.zh, '牌')}`;
  // A kind the rules never ask for (a trick such as 过河拆桥) is only used, never played in answer to something.
  const played = askedFor(R, it.cardKind.name);
  // A kind that may be recast instead of used (铁索连环): the converted card may be too (the core's `recastable`).
  const recast = s?.kind === 'card' && flagged(s.decl as A.CardDecl, 'recastable');
  const how: Text = played
    ? recast
      ? t('使用、打出或重铸', 'use, play or recast')
      : t('使用或打出', 'use or play')
    : recast
      ? t('使用或重铸', 'use or recast')
      : t('使用', 'use');
  const zh = `你可以将${what}当${kind.zh}${how.zh}`;
  const cards = n === 1 ? 'a card' : `${n} cards`;
  const from = `from your ${zones.map((z) => lcFirst(z.en)).join(' or ')}`;
  const folded = nounWithClause(cards, rel.en);
  const whatEn =
    folded === `${cards} ${rel.en}` || !rel.en ? `${cards} ${from}${rel.en ? ' ' + rel.en : ''}` : `${folded} ${from}`;
  const en = `you may ${how.en} ${whatEn} as ${/^[A-Z]/.test(kind.en) ? 'a ' : ''}${kind.en}`;
  if (!rest.length) return { zh, en };
  const c = R.cond(simplify(joinAnd(rest)), env);
  return { zh: `若${c.zh}，${zh}`, en: `if ${c.en}, ${en}` };
}

/** Whether a card kind sets a flag field (`recastable: true`). */
function flagged(d: A.CardDecl, field: string): boolean {
  return d.fields.some((f) => f.name.name === field && f.value.kind === 'Bool' && f.value.value);
}

/** Whether the rules ask a player for a card of kind `id` (or of a kind it is a kind of) outside their own use of
 *  it: 闪 against a 杀, 无懈可击 against a trick, 桃 for the dying, 杀 in a 决斗. */
function askedFor(R: Renderer, id: string): boolean {
  const seen = new Set<string>();
  for (let k: string | undefined = id; k && !seen.has(k); ) {
    seen.add(k);
    if ((R.facts.asks.byKind.get(k) ?? []).length > 0) return true;
    const s = R.S.get(k);
    k = s?.kind === 'card' ? (s.decl as A.CardDecl).parent?.name : undefined;
  }
  return false;
}

/** The conjuncts of `a and b and …`. */
export function andParts(e: A.Expr): A.Expr[] {
  return e.kind === 'Binary' && e.op === 'and' ? [...andParts(e.left), ...andParts(e.right)] : [e];
}

function joinAnd(es: A.Expr[]): A.Expr {
  return es.reduce((l, r) => ({ kind: 'Binary', op: 'and', left: l, right: r, ...locatedAs(l) }) as A.Expr);
}

/** Whether an expression names `them` (a conversion's cards together). */
export function namesThem(e: A.Expr): boolean {
  let found = false;
  const walk = (x: unknown): void => {
    if (found || !x || typeof x !== 'object') return;
    const o = x as Record<string, unknown>;
    if (o.kind === 'Name' && o.name === 'them') {
      found = true;
      return;
    }
    for (const v of Object.values(o)) {
      if (Array.isArray(v)) v.forEach(walk);
      else if (v && typeof v === 'object') walk(v);
    }
  };
  walk(e);
  return found;
}

// ---------------------------------------------------------------- modifiers and filters

/** `p is k` or `p == k` for a card kind `k`: the kind it tests, if any. */
function kindTestOf(c: A.Expr, p: string): A.NameRef | undefined {
  if (c.kind !== 'Binary' || (c.op !== 'is' && c.op !== '==')) return undefined;
  if (c.left.kind === 'Name' && c.left.name === p && c.right.kind === 'Name') return c.right;
  return undefined;
}

/** `card is slash or card is duel` where a phrase words one of the kinds on its own (a pattern): the modifier once
 *  per kind, each worded as a sentence of its own (你使用的【杀】需两张【闪】才能抵消；与你进行【决斗】的角色……); else
 *  undefined. */
export function splitByKind(R: Renderer, it: A.ModifyItem): A.ModifyItem[] | undefined {
  const params0 = it.params.map((p) => p.name);
  const cs = conjuncts(it.cond);
  for (const c of cs) {
    const alts = disjuncts(c);
    const p = params0.find((x) => alts.every((a) => kindTestOf(a, x)));
    if (!p || alts.length < 2) continue;
    const i = params0.indexOf(p);
    const own = R.book.all(it.hook.name).some((ph) => {
      const pat = ph.patterns[i];
      return pat?.k === 'member' && alts.some((a) => R.S.get(kindTestOf(a, p)!.name)?.id === pat.id);
    });
    if (own) return alts.map((a) => ({ ...it, cond: andOf(cs.map((x) => (x === c ? a : x))) }));
  }
  return undefined;
}

function modify(R: Renderer, it: A.ModifyItem): Part {
  const split = splitByKind(R, it);
  if (!split) return modifyOne(R, it);
  return {
    body: join(
      split.map((x) => sayCond(modifyOne(R, x))),
      '；',
      '; ',
    ),
  };
}

function disjuncts(e: A.Expr): A.Expr[] {
  if (e.kind === 'Binary' && e.op === 'or') return [...disjuncts(e.left), ...disjuncts(e.right)];
  return [e];
}

/** A modifier's text as one clause: 若…，… */
function sayCond(p: Part): Text {
  return p.cond ? { zh: `若${p.cond.zh}，${p.body.zh}`, en: `if ${p.cond.en}, ${p.body.en}` } : p.body;
}

/** How a modifier is worded before anything is: its parameters, those its condition binds (`from == you`) or
 *  says something of alone, the rest of the condition, the arguments its phrase is matched with, and that phrase.
 *  Read from the declarations and the phrasebook alone (`env` binds nothing yet). */
export function modifyShape(R: Renderer, it: A.ModifyItem, hook: A.HookDecl, env: Env) {
  const params = it.params.map((p) => p.name);
  const bound = new Map<number, A.Expr>();
  const about = new Map<number, A.Expr[]>();
  const rest: A.Expr[] = [];
  for (const c of conjuncts(it.cond)) {
    const ns = names(c);
    const mine = params.filter((p) => ns.has(p));
    if (c.kind === 'Binary' && c.op === '==' && mine.length === 1) {
      const i = params.indexOf(mine[0]!);
      const side =
        c.left.kind === 'Name' && c.left.name === mine[0]
          ? c.right
          : c.right.kind === 'Name' && c.right.name === mine[0]
            ? c.left
            : undefined;
      if (side && !bound.has(i)) {
        bound.set(i, side);
        continue;
      }
    }
    if (mine.length === 1) {
      const i = params.indexOf(mine[0]!);
      about.set(i, [...(about.get(i) ?? []), c]);
      continue;
    }
    rest.push(c);
  }
  // The phrase: patterns are matched against the bound values and the contributed value.
  // A kind test on a parameter (`card is slash`) lets a phrase's pattern for that kind match; the noun still reads
  // from the condition.
  const args: (A.Expr | undefined)[] = params.map(
    (p, i) => bound.get(i) ?? (about.get(i)?.length === 1 ? kindTestOf(about.get(i)![0]!, p) : undefined),
  );
  args.push(it.value);
  // `none` matches a parameter the modifier leaves open: bound to nothing and named by no condition (天义's
  // "you cannot use a Slash" leaves the target open; 武圣's condition on the target keeps it).
  const mentioned = new Set(rest.flatMap((c) => [...names(c)]));
  const open = (i: number) => !bound.has(i) && !about.has(i) && !mentioned.has(params[i]!);
  const matchArgs = R.matcher(args, env);
  const match = (i: number, p: Pattern) => (p.k === 'none' && i < params.length ? open(i) : matchArgs(i, p));
  // A phrase with one parameter more than the hook words a contribution (its last parameter is the value); a
  // boolean hook may also use the phrase that words it as a condition.
  const n = hook.params.length;
  const withValue = R.book.all(hook.names.id.name).filter((p) => p.params.length === n + 1);
  const plain = R.book
    .all(hook.names.id.name)
    .filter((p) => p.params.length === n && (hook.combine === 'any' || hook.combine === 'all'));
  const ph = bestMatch(
    (withValue.length ? withValue : plain).filter((cand) => cand.decl.params),
    match,
  );
  return { params, bound, about, rest, args, ph };
}

function modifyOne(R: Renderer, it: A.ModifyItem): Part {
  const h = R.S.get(it.hook.name);
  const hook = h?.kind === 'hook' ? (h.decl as A.HookDecl) : undefined;
  if (!hook) return { body: R.miss(it.hook.name, it.hook, 'a hook') };
  const env = new Env(newBody({ you: true }));
  const { params, bound, about, rest, args, ph } = modifyShape(R, it, hook, env);
  if (!ph)
    return {
      body: R.miss(
        hook.names.id.name,
        it.hook,
        `phrase ${hook.names.id.name}(${hook.params.map((p) => p.name.name).join(', ')}) "…{value}…" "…{value}…"   # the hook ${hook.names.id.name}`,
      ),
    };
  const phrase = ph;
  const vals: Val[] = params.map((p, i) => {
    const b = bound.get(i);
    if (b) return R.expr(b, env);
    const ty = fromTypeRef(hook.params[i]?.type);
    const u = unitOf(ty);
    const noun: Text = phrase.nouns[i] ?? { zh: u.n, en: `a ${u.en}` };
    // "其他角色" already says "not you".
    const cs = about
      .get(i)
      ?.filter(
        (c) =>
          !(
            /^其他/.test(noun.zh) &&
            c.kind === 'Binary' &&
            c.op === '!=' &&
            [c.left, c.right].some((x) => x.kind === 'Name' && x.name === 'you')
          ),
      );
    if (!cs?.length) return { ...noun, ty, ...(noun.zh === '你' ? { you: true } : {}) };
    const rel = R.withMark((mark) => {
      const inner = env.child();
      inner.bind(p, { zh: mark, en: mark, ty, demo: true });
      return relative(R.cond(andOf(cs)!, inner), /s$/.test(noun.en), mark);
    });
    return { zh: qualify(noun.zh, rel.zh, u.n), en: nounWithClause(noun.en, rel.en), ty };
  });
  params.forEach((p, i) => env.bind(p, vals[i]!));
  // A parameter the phrase does not name (nor the rest of the condition, which reads its noun): what the condition
  // says of it (beyond what its noun says) stays a condition.
  const named = new Set(rest.flatMap((c) => [...names(c)]));
  params.forEach((p, i) => {
    const name = phrase.params[i];
    const used = !!name && (phrase.text.zh.includes(`{${name}`) || phrase.text.en.includes(`{${name}`));
    if (used || bound.has(i) || named.has(p)) return;
    const noun = phrase.nouns[i];
    for (const c of about.get(i) ?? []) {
      const implied =
        (noun &&
          /^其他/.test(noun.zh) &&
          c.kind === 'Binary' &&
          c.op === '!=' &&
          [c.left, c.right].some((x) => x.kind === 'Name' && x.name === 'you')) ||
        (kindTestOf(c, p) && args[i] === kindTestOf(c, p));
      if (!implied) rest.push(c);
    }
  });
  // In the contributed value a parameter reads as "其" / "that player".
  const valueEnv = env.child();
  params.forEach((p, i) => {
    if (!bound.has(i))
      valueEnv.bind(
        p,
        vals[i]!.ty?.base === 'card'
          ? { ...t('该牌', 'that card'), ty: vals[i]!.ty }
          : { ...t('其', 'that player'), ty: vals[i]!.ty },
      );
  });
  const value = R.expr(it.value, valueEnv);
  // A parameter the remaining condition is about reads as its noun there and as "其" / "that player" after it.
  const inRest = new Set<string>();
  for (const c of rest) for (const n of names(c)) inRest.add(n);
  const text = R.fill(
    phrase.text,
    (n) => {
      const i = phrase.params.indexOf(n);
      if (i >= 0 && i < params.length) {
        if (!bound.has(i) && inRest.has(params[i]!)) {
          const ty = vals[i]!.ty;
          // A card of a kind the condition tests reads as that kind: 该【杀】 / that Slash.
          if (args[i] && ty?.base === 'card' && /^【[^】]+】$/.test(vals[i]!.zh))
            return t(`该${vals[i]!.zh}`, vals[i]!.en.replace(/^an? /, 'that '));
          return ty?.base === 'card' ? t('该牌', 'that card') : t('其', 'that player');
        }
        return vals[i];
      }
      if (n === 'value' || i === params.length) return value;
      return undefined;
    },
    undefined,
    () => LETTERS[env.body.letters++ % LETTERS.length]!,
  );
  const conds = [...rest];
  // A boolean hook contributes `true` when its condition holds; any other value is a further condition.
  if ((hook.combine === 'any' || hook.combine === 'all') && !(it.value.kind === 'Bool' && it.value.value))
    conds.push(it.value);
  const cond = andOf(conds);
  if (!cond) return { body: text };
  return { cond: R.cond(cond, env), body: text };
}

/** A member's label without its owner: `card.suit(c) "{c}的花色"` → 花色 / suit. */
export function memberLabel(R: Renderer, owner: string, field: string, at: A.Located): Text {
  const ph =
    R.book.find(`${owner}.${field}`, () => false, true) ?? R.book.find(`${owner}.${field}`, () => false, false);
  if (!ph)
    return R.miss(
      `${owner}.${field}`,
      at,
      `phrase ${owner}.${field}(x) "{x}的…" "{x}'s …"   # the ${field} of a ${owner}`,
    );
  const p = ph.params[0];
  const text = R.fill(ph.text, (n) => (n === p ? t('', '') : undefined));
  return { zh: text.zh.replace(/^的/, ''), en: text.en.replace(/^'s /, '').replace(/^of /, '') };
}

/** `filter where … set f = v`: 你的红桃手牌均视为【杀】（基本牌） / the Heart cards in your hand count as Slashes (basic
 *  cards); 你的黑桃牌均视为红桃牌 / your Spade cards count as Heart cards. A zone the condition names is where the
 *  cards are; the rest of it qualifies them; a kind is what they count as, any other field a noun of its own (the
 *  cards whose f is v). */
/** What a filter's `f: v` makes its cards count as, as a condition on them: `it.f == v`. */
export function setAsTest(f: A.Field): A.Expr {
  return {
    kind: 'Binary',
    op: '==',
    left: { kind: 'Member', object: { kind: 'Name', name: 'it', ...locatedAs(f) }, name: f.name, ...locatedAs(f) },
    right: f.value,
    ...locatedAs(f),
  } as A.Expr;
}

function filter(R: Renderer, it: A.FilterItem): Text {
  const env = new Env(newBody({ you: true }));
  const parts = conjuncts(it.cond);
  const zoneTest = (c: A.Expr) =>
    c.kind === 'Binary' &&
    c.op === '==' &&
    c.left.kind === 'Call' &&
    c.left.callee.kind === 'Name' &&
    c.left.callee.name === 'zoneOf' &&
    c.left.args[0]?.value.kind === 'Name' &&
    c.left.args[0].value.name === 'it' &&
    c.right.kind === 'Name' &&
    R.S.get(c.right.name)?.kind === 'zone'
      ? c.right.name
      : undefined;
  const zones = parts.map(zoneTest).filter((z): z is string => !!z);
  const rest = parts.filter((c) => !zoneTest(c));
  const zone = zones.length === 1 ? zones[0] : undefined;
  const cardsWhere = (cond: A.Expr | undefined, zh: string): Text => {
    if (!cond) return { zh, en: 'cards' };
    const rel = R.withMark((mark) => {
      const inner = env.child();
      inner.bind('it', { zh: mark, en: mark, ty: { base: 'card' }, demo: true });
      return relative(R.cond(simplify(cond), inner), true, mark);
    });
    return { zh: qualify(zh, rel.zh, '牌'), en: nounWithClause('cards', rel.en) };
  };
  // With the zone folded in (手牌 / in your hand) when it is the hand; any other zone stays in the condition.
  const inHand = zone !== undefined && zone === R.S.zoneHinted('hand') && zones.length === parts.length - rest.length;
  const own = cardsWhere(andOf(inHand ? rest : parts), inHand ? '手牌' : '牌');
  const subject: Text = inHand
    ? { zh: `你的${own.zh}`, en: `the ${own.en} in your hand` }
    : { zh: `你的${own.zh}`, en: `your ${own.en}` };
  const kinds: Text[] = [];
  const others: Text[] = [];
  for (const f of it.sets) {
    const label = memberLabel(R, 'card', f.name.name, f.name);
    if (!label.zh) {
      const v = R.expr(f.value, env);
      kinds.push({ zh: v.zh, en: pluralNoun(v.en) });
      continue;
    }
    const noun = cardsWhere(setAsTest(f), '牌');
    // "cards that are a Basic card" → "basic cards" (a category reads as a common noun).
    const cat = /^cards that (?:is|are) an? ([A-Z][a-z]+ card)$/.exec(noun.en);
    others.push({ zh: noun.zh, en: cat ? pluralNoun(lcFirst(cat[1]!)) : noun.en });
  }
  const what: Text = kinds.length
    ? {
        zh: `${kinds.map((k) => k.zh).join('或')}${others.length ? `（${others.map((o) => o.zh).join('，')}）` : ''}`,
        en: `${kinds.map((k) => k.en).join(' or ')}${others.length ? ` (${others.map((o) => o.en).join(', ')})` : ''}`,
      }
    : { zh: others.map((o) => o.zh).join('且'), en: others.map((o) => o.en).join(' and ') };
  return { zh: `${subject.zh}均视为${what.zh}`, en: `${subject.en} count as ${what.en}` };
}
