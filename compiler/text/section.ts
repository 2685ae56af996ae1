// Sections: a card's or a mode's method described under the phrase that introduces it
// (`phrase card.effect(e) "效果：{body}" "Effect: {body}"`), its parameters named by the phrase's nouns.
import type * as A from '../ast/nodes.ts';
import type { Renderer } from './stmt.ts';
import { Env, bodyOf, type Val } from './context.ts';
import { join, relative, sentence, t, type Text } from './lang.ts';
import { fromTypeRef } from './types.ts';

export function hasBodySlot(text: Text): boolean {
  return text.zh.includes('{body}') || text.en.includes('{body}');
}

/** The text of method `m` of a card kind (`owner` = card) or a mode (`owner` = mode); `self` is how the owner reads. */
export function section(R: Renderer, owner: 'card' | 'mode', m: A.MethodDecl, self: Val): Text {
  const name = m.name.name;
  const key = `${owner}.${name}`;
  const ph = R.book.all(key).find((p) => p.decl.params !== undefined && hasBodySlot(p.text));
  const sig = m.params.map((p) => p.name.name).join(', ');
  if (!ph) return R.miss(key, m.name.span, `phrase ${key}(${sig}) "…{body}…" "…{body}…"   # how the ${owner} method ${name} is introduced`);
  const callee = `${owner === 'card' ? 'method' : 'mode'}:${name}`;
  const env = new Env(bodyOf(m.body, { you: false, callee, params: m.params }));
  // A parameter whose noun is empty ("" "") is the one the body describes: the body reads as a relative clause
  // about it ("可以指定{body}的角色为目标" → 不为你且在你攻击范围内的角色).
  return R.withMark((mark) => {
    let about = false;
    const vals: Val[] = m.params.map((p, i) => {
      const kinds = R.facts.kindsOfParam(callee, i);
      const ty = fromTypeRef(p.type, kinds);
      const noun = ph.nouns[i];
      if (noun && noun.zh === '' && noun.en === '') {
        about = true;
        return { zh: mark, en: mark, ty, demo: true };
      }
      if (noun) return { ...noun, ty, ...(noun.zh === '你' ? { you: true } : {}) };
      if (ty.base === 'event' && kinds.length) return R.eventNoun(kinds, p.name.span);
      return { ...R.miss(`${key}#${p.name.name}`, p.name.span, `give the parameter ${p.name.name} of the phrase for ${key} a noun: ${p.name.name} "…" "…"`), ty };
    });
    m.params.forEach((p, i) => env.bind(p.name.name, vals[i]!));
    let body: Text;
    if (m.expr) {
      const v = R.cond(m.expr, env);
      // A method that is simply `true`: the phrase's `as` wording says it without a condition.
      if (v.konst === true && ph.result) return R.fill(ph.result, (n) => (n === 'self' ? self : undefined));
      body = about ? relative(v, false, mark) : v;
    } else {
      const block = m.body ?? { kind: 'Block', stmts: [], span: m.span };
      // A mode's procedures are long: one sentence per step.
      body = owner === 'mode' ? join(R.block(block, env, true).map(sentence), '', ' ') : R.body(block, env);
      if (body.zh === '' || body.zh === '不再执行后续步骤') body = t('无事发生', 'nothing happens');
    }
    return R.fill(ph.text, (n) => {
      if (n === 'body') return body;
      if (n === 'self') return self;
      const i = ph.params.indexOf(n);
      return i >= 0 ? vals[i] : undefined;
    });
  });
}
