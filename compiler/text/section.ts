// Sections: a card's or a mode's method described under the phrase that introduces it
// (`phrase card.effect(e) "效果：{body}" "Effect: {body}"`), its parameters named by the phrase's nouns.
import { locatedAs } from '../ast/source.ts';
import type * as A from '../ast/nodes.ts';
import type { Renderer } from './stmt.ts';
import { Env, bodyOf, type Val } from './context.ts';
import { join, nounWithClause, relative, sentence, t, type Text } from './lang.ts';
import { elem, fromTypeRef, unitOf } from './types.ts';
import { qualify } from './expr.ts';
import { simplify } from './stmt.ts';
import type { Phrase } from './phrasebook.ts';
import type * as AST from '../ast/nodes.ts';

/** The conjuncts of a condition (after dropping presupposed guards). */
function conjuncts(e: AST.Expr): AST.Expr[] {
  const out: AST.Expr[] = [];
  const flat = (x: AST.Expr) => {
    if (x.kind === 'Binary' && x.op === 'and') {
      flat(x.left);
      flat(x.right);
    } else out.push(x);
  };
  flat(simplify(e));
  return out;
}

function andOf(xs: AST.Expr[]): AST.Expr | undefined {
  if (xs.length === 0) return undefined;
  return xs
    .slice(1)
    .reduce<AST.Expr>((acc, x) => ({ kind: 'Binary', op: 'and', left: acc, right: x, ...locatedAs(acc) }), xs[0]!);
}

function disjuncts(e: AST.Expr): AST.Expr[] {
  if (e.kind === 'Binary' && e.op === 'or') return [...disjuncts(e.left), ...disjuncts(e.right)];
  return [e];
}

function orOf(xs: AST.Expr[]): AST.Expr | undefined {
  if (xs.length === 0) return undefined;
  return xs
    .slice(1)
    .reduce<AST.Expr>((acc, x) => ({ kind: 'Binary', op: 'or', left: acc, right: x, ...locatedAs(acc) }), xs[0]!);
}

/** Whether an expression reads the name `n`. */
function mentions(e: AST.Expr, n: string): boolean {
  switch (e.kind) {
    case 'Name':
      return e.name === n;
    case 'Member':
      return mentions(e.object, n);
    case 'Call':
      return mentions(e.callee, n) || e.args.some((a) => mentions(a.value, n));
    case 'Unary':
      return mentions(e.operand, n);
    case 'Binary':
      return mentions(e.left, n) || mentions(e.right, n);
    case 'List':
      return e.items.some((x) => mentions(x, n));
    case 'Where':
      return mentions(e.list, n) || mentions(e.cond, n);
  }
  return false;
}

/** `t != user` (either way round) where `user` reads as 你: the item is another player. */
function isOtherThan(c: AST.Expr, about: string, you: Set<string>): boolean {
  if (c.kind !== 'Binary' || c.op !== '!=' || c.left.kind !== 'Name' || c.right.kind !== 'Name') return false;
  return (c.left.name === about && you.has(c.right.name)) || (c.right.name === about && you.has(c.left.name));
}

export function hasBodySlot(text: Text): boolean {
  return text.zh.includes('{body}') || text.en.includes('{body}');
}

/** The phrase introducing method `m` on a card's or a mode's page, the block its `{body}` words and the
 *  parameters the phrase fixes: a body that is one `if p == v { … }` where a section phrase has the pattern v for p
 *  takes that phrase, the branch as the body. Read from the declarations and the phrasebook alone. */
export function sectionPhrase(
  R: Renderer,
  owner: 'card' | 'mode',
  m: A.MethodDecl,
): { ph: Phrase | undefined; block: A.Block | undefined; fixed: Map<number, A.Expr> } {
  const key = `${owner}.${m.name.name}`;
  let ph = R.book
    .all(key)
    .find((p) => p.decl.params !== undefined && hasBodySlot(p.text) && p.patterns.every((x) => !x));
  // A body that is one `if p == v { … }` where a section phrase has the pattern v for p: that phrase, and the
  // branch as the body (白银狮子: 此牌从你的装备区离开后，… rather than 若此牌离开的区域为装备区，…).
  let block = m.body;
  const only = m.body?.stmts.length === 1 ? m.body.stmts[0] : undefined;
  const fixed = new Map<number, A.Expr>();
  if (only?.kind === 'If' && !only.else && only.cond.kind === 'Binary' && only.cond.op === '==') {
    const { left, right } = only.cond;
    const i = left.kind === 'Name' ? m.params.findIndex((p) => p.name.name === left.name) : -1;
    const id = i >= 0 && right.kind === 'Name' ? R.S.get(right.name)?.id : undefined;
    const special = id
      ? R.book
          .all(key)
          .find(
            (p) =>
              p.decl.params !== undefined &&
              hasBodySlot(p.text) &&
              p.patterns[i]?.k === 'member' &&
              (p.patterns[i] as { id: string }).id === id,
          )
      : undefined;
    if (special) {
      ph = special;
      block = only.then;
      fixed.set(i, right);
    }
  }
  return { ph, block, fixed };
}

/** The text of method `m` of a card kind (`owner` = card) or a mode (`owner` = mode); `self` is how the owner reads. */
export function section(
  R: Renderer,
  owner: 'card' | 'mode',
  m: A.MethodDecl,
  self: Val,
  ownFields?: Map<string, string>,
): Text {
  const name = m.name.name;
  const key = `${owner}.${name}`;
  const { ph, block: block0, fixed } = sectionPhrase(R, owner, m);
  let block = block0;
  const sig = m.params.map((p) => p.name.name).join(', ');
  if (!ph)
    return R.miss(
      key,
      m.name,
      `phrase ${key}(${sig}) "…{body}…" "…{body}…"   # how the ${owner} method ${name} is introduced`,
    );
  const callee = `${owner === 'card' ? 'method' : 'mode'}:${name}`;
  const env = new Env(
    bodyOf(m.body, {
      you: false,
      callee,
      params: m.params,
      ...(owner === 'card' ? { cardUser: true } : {}),
      ...(ownFields ? { ownFields } : {}),
    }),
  );
  // A parameter whose noun is empty ("" "") is the one the body describes: the body reads as a relative clause
  // about it ("可以指定{body}的角色为目标" → 不为你且在你攻击范围内的角色).
  return R.withMark((mark) => {
    let about = false;
    const vals: Val[] = m.params.map((p, i) => {
      const kinds = R.facts.kindsOfParam(callee, i);
      const ty = fromTypeRef(p.type, kinds);
      const noun = ph.nouns[i];
      const v = fixed.get(i);
      if (v) return { ...R.expr(v, new Env(bodyOf(undefined, {}))), ty };
      if (noun && noun.zh === '' && noun.en === '') {
        about = true;
        return { zh: mark, en: mark, ty, demo: true };
      }
      if (noun) return { ...noun, ty, ...(noun.zh === '你' ? { you: true } : {}) };
      if (ty.base === 'event' && kinds.length) return R.eventNoun(kinds, p.name);
      return {
        ...R.miss(
          `${key}#${p.name.name}`,
          p.name,
          `give the parameter ${p.name.name} of the phrase for ${key} a noun: ${p.name.name} "…" "…"`,
        ),
        ty,
      };
    });
    m.params.forEach((p, i) => env.bind(p.name.name, vals[i]!));
    let body: Text;
    let note: Text | undefined;
    let lifted: { q: AST.Expr; k: AST.Expr } | undefined;
    if (m.expr && about) {
      // The body describes the parameter: {body} is its noun qualified by the body (不为你且在你攻击范围内 →
      // 你攻击范围内的其他角色 / another player that is within your attack range).
      const i = vals.findIndex((v) => v.zh === mark);
      const aboutName = m.params[i]!.name.name;
      const youNames = new Set(m.params.filter((_, j) => vals[j]!.you).map((p) => p.name.name));
      const all = conjuncts(m.expr);
      const parts0 = all.filter((c) => !isOtherThan(c, aboutName, youNames));
      const other = parts0.length < all.length;
      const u = unitOf(elem(vals[i]!.ty));
      const noun = other ? t(`其他${u.n}`, `another ${u.en}`) : t(u.n, `a ${u.en}`);
      // `Q or K` where K does not depend on the item: Q qualifies the item, K lifts it (a note after the text).
      const parts: AST.Expr[] = [];
      for (const c of parts0) {
        const alts = disjuncts(c);
        const q = alts.filter((x) => mentions(x, aboutName));
        const k = alts.filter((x) => !mentions(x, aboutName));
        if (alts.length > 1 && q.length && k.length && !note) {
          parts.push(orOf(q)!);
          lifted = { q: orOf(q)!, k: orOf(k)! };
        } else parts.push(c);
      }
      const cond = andOf(parts);
      const v = cond ? R.cond(cond, env) : undefined;
      if (!v || v.konst === true) body = noun;
      else {
        const rel = relative(v, false, mark);
        body = { zh: qualify(noun.zh, rel.zh, u.n), en: nounWithClause(noun.en, rel.en) };
      }
      if (lifted) {
        const k = R.cond(lifted.k, env);
        const q = relative(R.cond(lifted.q, env), false, mark);
        const neg = /^不/.test(q.zh);
        const en = /^that (?:is|are) not (.+)$/.exec(q.en)
          ? `it may also be ${/^that (?:is|are) not (.+)$/.exec(q.en)![1]}`
          : /^that (?:is|are) (.+)$/.exec(q.en)
            ? `it need not be ${/^that (?:is|are) (.+)$/.exec(q.en)![1]}`
            : `“${q.en.replace(/^such that /, '')}” does not apply`;
        note = {
          zh: neg ? `（若${k.zh}，则也可以${q.zh.slice(1)}）` : `（若${k.zh}，则无须${q.zh}）`,
          en: ` (if ${k.en}, ${en})`,
        };
      }
    } else if (m.expr) {
      // A method that gives a value of a known type other than a truth value (the skills a card grants) reads as
      // that value; any other reads as a condition.
      const x = R.expr(m.expr, env);
      const valued = !x.cond && x.ty !== undefined && x.ty.base !== 'bool' && x.ty.base !== 'any';
      const v = valued ? x : R.cond(m.expr, env);
      // A method that is simply `true`: the phrase's `as` wording says it without a condition.
      if (v.konst === true && ph.result) return R.fill(ph.result, (n) => (n === 'self' ? self : undefined));
      body = v;
    } else {
      block ??= { kind: 'Block', stmts: [], ...locatedAs(m) };
      // A mode's procedures are long: one sentence per step.
      body = owner === 'mode' ? join(R.block(block, env, true).map(sentence), '', ' ') : R.body(block, env);
      if (body.zh === '' || body.zh === '不再执行后续步骤') body = t('无事发生', 'nothing happens');
    }
    const out = R.fill(ph.text, (n) => {
      if (n === 'body') return body;
      if (n === 'self') return self;
      const i = ph.params.indexOf(n);
      return i >= 0 ? vals[i] : undefined;
    });
    return note ? { zh: out.zh + note.zh, en: out.en + note.en } : out;
  });
}
