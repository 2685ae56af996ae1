// Skills → text: tags (锁定技 …), then one sentence per item — triggers ("{window}，若{cond}，你可以{effect}。"),
// actions offered by the rules (`active`), conversions (`viewAs`), modifiers of hooks (`modify`) and filters.
import type * as A from '../ast/nodes.ts';
import type { Renderer } from './stmt.ts';
import { simplify } from './stmt.ts';
import { YOU, qualify, lcFirst } from './expr.ts';
import { Env, bodyOf, newBody, type Val } from './context.ts';
import { fixEnglish, join, relative, sentence, t, isEmpty, type Text } from './lang.ts';
import { fromTypeRef, unitOf } from './types.ts';
import type { Phrase } from './phrasebook.ts';

const TAGS: Record<string, Text> = {
  locked: t('锁定技', 'Locked skill.'),
  lord: t('主公技', 'Lord skill.'),
  limited: t('限定技', 'Limited skill (once per game).'),
  wake: t('觉醒技', 'Awakening skill.'),
};

const skillCache = new WeakMap<Renderer, Map<A.SkillDecl, Text>>();

/** A skill's text (worded once per renderer: generals and cards repeat their skills). */
export function skillText(R: Renderer, d: A.SkillDecl): Text {
  let cache = skillCache.get(R);
  if (!cache) skillCache.set(R, (cache = new Map()));
  let x = cache.get(d);
  if (!x) cache.set(d, (x = wordSkill(R, d)));
  return x;
}

function wordSkill(R: Renderer, d: A.SkillDecl): Text {
  const tags = d.tags.map((x) => TAGS[x.name]).filter((x): x is Text => !!x);
  const head: Text = { zh: tags.map((x) => x.zh + '，').join(''), en: tags.map((x) => x.en + ' ').join('') };
  const items = d.items.map((it) => sentence(item(R, d, it)));
  const body = join(items, '', ' ');
  return { zh: head.zh + body.zh, en: head.en + body.en };
}

function item(R: Renderer, d: A.SkillDecl, it: A.SkillItem): Text {
  switch (it.kind) {
    case 'Trigger': return trigger(R, d, it);
    case 'Active': return active(R, d, it);
    case 'ViewAs': return viewAs(R, it);
    case 'Modify': return modify(R, it);
    case 'Filter': return filter(R, it);
  }
}

// ---------------------------------------------------------------- helpers

/** "你可以" + the effect, dropping a repeated subject: 你可以摸一张牌 / you may draw a card. */
export function may(body: Text): Text {
  let zh: string;
  if (body.zh.startsWith('你') && !body.zh.startsWith('你的')) zh = `你可以${body.zh.slice(1)}`;
  else if (/^(令|将|重复|依次|当|对)/.test(body.zh)) zh = `你可以${body.zh}`;
  else if (body.zh.startsWith('若')) zh = `你可以发动此技能：${body.zh}`;
  else zh = `你可以令${body.zh}`;
  const b = fixEnglish(body.en);
  let en: string;
  if (/^you /i.test(b)) en = `you may ${b.slice(4)}`;
  else if (/^(let|repeat|add|remove|prevent) /.test(b)) en = `you may ${b}`;
  else en = `you may use this skill: ${b}`;
  return { zh, en };
}

function limitText(R: Renderer, l: A.Limit | undefined): Text {
  if (!l) return t('', '');
  const n = l.count;
  const times = { zh: `限${n === 1 ? '一' : n === 2 ? '两' : String(n)}次`, en: n === 1 ? 'once' : n === 2 ? 'twice' : `${n} times` };
  if (l.per.name === 'game') return { zh: `每局游戏${times.zh}`, en: `${times.en} per game` };
  const s = R.S.get(l.per.name);
  const nm = s ? R.names(s, l.per.span) : R.miss(l.per.name, l.per.span, 'an event');
  return { zh: `每${nm.zh}${times.zh}`, en: `${times.en} per ${lcFirst(nm.en)}` };
}

function conjuncts(e: A.Expr | undefined): A.Expr[] {
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

function andOf(xs: A.Expr[]): A.Expr | undefined {
  if (xs.length === 0) return undefined;
  return xs.slice(1).reduce<A.Expr>((acc, x) => ({ kind: 'Binary', op: 'and', left: acc, right: x, span: acc.span }), xs[0]!);
}

function names(e: A.Expr, out: Set<string> = new Set()): Set<string> {
  switch (e.kind) {
    case 'Name': out.add(e.name); break;
    case 'Member': names(e.object, out); break;
    case 'Call': names(e.callee, out); e.args.forEach((a) => names(a.value, out)); break;
    case 'Unary': names(e.operand, out); break;
    case 'Binary': names(e.left, out); names(e.right, out); break;
    case 'List': e.items.forEach((x) => names(x, out)); break;
    case 'Where': names(e.list, out); names(e.cond, out); break;
  }
  return out;
}

function compose(parts: { window?: Text; limit: Text; cond?: Val; body: Text; optional: boolean }): Text {
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
  if (parts.cond && parts.cond.konst !== true) {
    zh.push(`若${parts.cond.zh}`);
    en.push(`if ${parts.cond.en}`);
  }
  const b = parts.optional ? may(parts.body) : parts.body;
  zh.push(b.zh);
  en.push(b.en);
  return { zh: zh.join('，'), en: en.join(', ') };
}

// ---------------------------------------------------------------- triggers

function trigger(R: Renderer, d: A.SkillDecl, it: A.TriggerItem): Text {
  const kinds = R.facts.windowEvents.get(it.window.name) ?? [];
  const subject: Val = it.subject === 'you' ? YOU : it.subject === 'anyone' ? { zh: '一名角色', en: 'a player', ty: { base: 'player' } } : { zh: '一名其他角色', en: 'another player', ty: { base: 'player' } };
  const body = bodyOf(it.body, {
    you: true, eventKinds: kinds, alias: it.alias?.name, callee: `trigger:${d.names.id.name}`,
    subject: it.subject === 'you' ? YOU : { zh: '该角色', en: 'that player', ty: { base: 'player' }, demo: true },
  });
  const env = new Env(body);
  // Conditions `event.f == x` fill the window's placeholder {f}: "你的弃牌阶段结束时".
  const rest: A.Expr[] = [];
  const fixed = new Map<string, A.Expr>();
  const ph = R.book.all(`on ${it.window.name}`)[0];
  const fields = new Set(ph?.params.slice(1) ?? []);
  for (const c of conjuncts(it.cond)) {
    const f = fieldEq(c, it.alias?.name);
    if (f && fields.has(f.field) && !fixed.has(f.field)) fixed.set(f.field, f.value);
    else rest.push(c);
  }
  const window = R.window(it.window.name, subject, (f) => {
    const v = fixed.get(f);
    return v ? R.expr(v, env) : undefined;
  }, it.window.span, env);
  const cond = andOf(rest);
  return compose({
    window,
    limit: limitText(R, it.limit),
    ...(cond ? { cond: R.cond(cond, env) } : {}),
    body: R.body(it.body, env),
    optional: it.optional,
  });
}

/** `event.f == x` (or `x == event.f`): the field and the value. */
function fieldEq(c: A.Expr, alias: string | undefined): { field: string; value: A.Expr } | undefined {
  if (c.kind !== 'Binary' || c.op !== '==') return undefined;
  const isEv = (x: A.Expr) => x.kind === 'Member' && x.object.kind === 'Name' && (x.object.name === 'event' || x.object.name === alias);
  if (isEv(c.left) && !isEv(c.right)) return { field: (c.left as A.Member).name.name, value: c.right };
  if (isEv(c.right) && !isEv(c.left)) return { field: (c.right as A.Member).name.name, value: c.left };
  return undefined;
}

// ---------------------------------------------------------------- actions, conversions

function active(R: Renderer, d: A.SkillDecl, it: A.ActiveItem): Text {
  const env = new Env(bodyOf(it.body, { you: true, callee: `active:${d.names.id.name}` }));
  const window = R.window('active', YOU, () => undefined, it.span, env);
  return compose({
    window,
    limit: limitText(R, it.limit),
    ...(it.cond ? { cond: R.cond(simplify(it.cond), env) } : {}),
    body: R.body(it.body, env),
    optional: true,
  });
}

function viewAs(R: Renderer, it: A.ViewAsItem): Text {
  const env = new Env(newBody({ you: true }));
  const s = R.S.get(it.cardKind.name);
  const kind = s ? R.entity(s, it.cardKind.span) : R.miss(it.cardKind.name, it.cardKind.span, 'a card kind');
  const zones = (it.zones.length ? it.zones : [{ kind: 'Ident', name: 'hand', span: it.span } as A.Ident]).map((z) => {
    const zs = R.S.get(z.name);
    return zs ? R.names(zs, z.span) : R.miss(z.name, z.span, 'a zone');
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
  const n = it.count;
  const zh = `你可以将${zones.map((z) => z.zh).join('或')}中的${n === 1 ? '一' : n === 2 ? '两' : String(n)}张${qualify('牌', rel.zh, '牌')}当${kind.zh}使用或打出`;
  const cards = n === 1 ? 'a card' : `${n} cards`;
  const en = `you may use or play ${cards} from your ${zones.map((z) => lcFirst(z.en)).join(' or ')}${rel.en ? ' ' + rel.en : ''} as ${/^[A-Z]/.test(kind.en) ? 'a ' : ''}${kind.en}`;
  if (!it.cond) return { zh, en };
  const c = R.cond(simplify(it.cond), env);
  return { zh: `若${c.zh}，${zh}`, en: `if ${c.en}, ${en}` };
}

// ---------------------------------------------------------------- modifiers and filters

function modify(R: Renderer, it: A.ModifyItem): Text {
  const h = R.S.get(it.hook.name);
  const hook = h?.kind === 'hook' ? (h.decl as A.HookDecl) : undefined;
  if (!hook) return R.miss(it.hook.name, it.hook.span, 'a hook');
  const params = it.params.map((p) => p.name);
  const env = new Env(newBody({ you: true }));
  const bound = new Map<number, A.Expr>();
  const about = new Map<number, A.Expr[]>();
  const rest: A.Expr[] = [];
  for (const c of conjuncts(it.cond)) {
    const ns = names(c);
    const mine = params.filter((p) => ns.has(p));
    if (c.kind === 'Binary' && c.op === '==' && mine.length === 1) {
      const i = params.indexOf(mine[0]!);
      const side = c.left.kind === 'Name' && c.left.name === mine[0] ? c.right : c.right.kind === 'Name' && c.right.name === mine[0] ? c.left : undefined;
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
  const args: (A.Expr | undefined)[] = params.map((_, i) => bound.get(i));
  args.push(it.value);
  const match = R.matcher(args, env);
  let ph: Phrase | undefined;
  let score = -1;
  // A phrase with one parameter more than the hook words a contribution (its last parameter is the value); a
  // boolean hook may also use the phrase that words it as a condition.
  const n = hook.params.length;
  const withValue = R.book.all(hook.names.id.name).filter((p) => p.params.length === n + 1);
  const plain = R.book.all(hook.names.id.name).filter((p) => p.params.length === n && (hook.combine === 'any' || hook.combine === 'all'));
  for (const cand of withValue.length ? withValue : plain) {
    if (!cand.decl.params) continue;
    let ok = true;
    let sc = 0;
    cand.patterns.forEach((p, i) => {
      if (!p) return;
      if (match(i, p)) sc++;
      else ok = false;
    });
    if (ok && sc > score) {
      ph = cand;
      score = sc;
    }
  }
  if (!ph) return R.miss(hook.names.id.name, it.hook.span, `phrase ${hook.names.id.name}(${hook.params.map((p) => p.name.name).join(', ')}) "…{value}…" "…{value}…"   # the hook ${hook.names.id.name}`);
  const phrase = ph;
  const vals: Val[] = params.map((p, i) => {
    const b = bound.get(i);
    if (b) return R.expr(b, env);
    const ty = fromTypeRef(hook.params[i]?.type);
    const u = unitOf(ty);
    const noun: Text = phrase.nouns[i] ?? { zh: u.n, en: `a ${u.en}` };
    const cs = about.get(i);
    if (!cs) return { ...noun, ty, ...(noun.zh === '你' ? { you: true } : {}) };
    const rel = R.withMark((mark) => {
      const inner = env.child();
      inner.bind(p, { zh: mark, en: mark, ty, demo: true });
      return relative(R.cond(andOf(cs)!, inner), /s$/.test(noun.en), mark);
    });
    return { zh: qualify(noun.zh, rel.zh, u.n), en: `${noun.en} ${rel.en}`, ty };
  });
  params.forEach((p, i) => env.bind(p, vals[i]!));
  // In the contributed value a parameter reads as "其" / "that player".
  const valueEnv = env.child();
  params.forEach((p, i) => {
    if (!bound.has(i)) valueEnv.bind(p, vals[i]!.ty?.base === 'card' ? { ...t('该牌', 'that card'), ty: vals[i]!.ty } : { ...t('其', 'that player'), ty: vals[i]!.ty });
  });
  const value = R.expr(it.value, valueEnv);
  // A parameter the remaining condition is about reads as its noun there and as "其" / "that player" after it.
  const inRest = new Set<string>();
  for (const c of rest) for (const n of names(c)) inRest.add(n);
  const text = R.fill(phrase.text, (n) => {
    const i = phrase.params.indexOf(n);
    if (i >= 0 && i < params.length) {
      if (!bound.has(i) && inRest.has(params[i]!)) {
        const ty = vals[i]!.ty;
        return ty?.base === 'card' ? t('该牌', 'that card') : t('其', 'that player');
      }
      return vals[i];
    }
    if (n === 'value' || i === params.length) return value;
    return undefined;
  });
  const conds = [...rest];
  // A boolean hook contributes `true` when its condition holds; any other value is a further condition.
  if ((hook.combine === 'any' || hook.combine === 'all') && !(it.value.kind === 'Bool' && it.value.value)) conds.push(it.value);
  const cond = andOf(conds);
  if (!cond) return text;
  const c = R.cond(cond, env);
  return { zh: `若${c.zh}，${text.zh}`, en: `if ${c.en}, ${text.en}` };
}

/** A member's label without its owner: `card.suit(c) "{c}的花色"` → 花色 / suit. */
export function memberLabel(R: Renderer, owner: string, field: string, span: A.Span): Text {
  const ph = R.book.find(`${owner}.${field}`, () => false, true) ?? R.book.find(`${owner}.${field}`, () => false, false);
  if (!ph) return R.miss(`${owner}.${field}`, span, `phrase ${owner}.${field}(x) "{x}的…" "{x}'s …"   # the ${field} of a ${owner}`);
  const p = ph.params[0];
  const text = R.fill(ph.text, (n) => (n === p ? t('', '') : undefined));
  return { zh: text.zh.replace(/^的/, ''), en: text.en.replace(/^'s /, '').replace(/^of /, '') };
}

function filter(R: Renderer, it: A.FilterItem): Text {
  const env = new Env(newBody({ you: true }));
  const rel = R.withMark((mark) => {
    const inner = env.child();
    inner.bind('it', { zh: mark, en: mark, ty: { base: 'card' }, demo: true });
    return relative(R.cond(simplify(it.cond), inner), true, mark);
  });
  const sets = it.sets.map((f) => {
    const label = memberLabel(R, 'card', f.name.name, f.name.span);
    const v = R.expr(f.value, env);
    return { zh: `${label.zh}视为${v.zh}`, en: `count as having ${v.en} as their ${label.en}` };
  });
  return {
    zh: `你的${rel.zh ? rel.zh + '的' : ''}牌的${sets.map((s) => s.zh).join('、')}`,
    en: `your cards${rel.en ? ' ' + rel.en : ''} ${sets.map((s) => s.en).join(' and ')}`,
  };
}

