import type * as A from '../ast/nodes.ts';
import type { Renderer } from './stmt.ts';
import { Env, bodyOf } from './context.ts';
import { join, sentence, type Text } from './lang.ts';
import { fromTypeRef } from './types.ts';

export function eventText(R: Renderer, d: A.EventDecl): Text {
  const id = d.names.id.name;
  const callee = `event:${id}`;
  const mk = (b: A.Block) => {
    const env = new Env(bodyOf(b, { you: false, eventKinds: [id], callee, params: d.params }));
    // The parameters are the event's fields: they read through their phrases (`damage.to` …).
    d.params.forEach((p, i) => {
      env.bind(p.name.name, () => {
        const ty = fromTypeRef(p.type, R.facts.kindsOfParam(callee, i));
        const ph =
          R.book.find(`${id}.${p.name.name}`, () => false, false) ??
          R.book.find(`${id}.${p.name.name}`, () => false, true);
        if (!ph)
          return {
            ...R.miss(
              `${id}.${p.name.name}`,
              p.name,
              `phrase ${id}.${p.name.name} "…" "…"   # the field ${p.name.name} of the event ${id}`,
            ),
            ty,
          };
        const self = R.eventNoun([id], p.name);
        const text = R.fill(ph.text, (n) => (n === ph.params[0] ? self : undefined));
        return {
          ...text,
          ty,
          ...(ty.base === 'bool' && !ty.list ? { cond: true } : {}),
          ...(ph.negative ? { neg: R.fill(ph.negative, (n) => (n === ph.params[0] ? self : undefined)) } : {}),
        };
      });
    });
    return env;
  };
  const steps = R.stmts(d.body.stmts, mk(d.body), true).map(sentence);
  const lines: Text[] = [join(steps, '', ' ')];
  if (d.cleanup) {
    const c = join(R.stmts(d.cleanup.stmts, mk(d.cleanup), true).map(sentence), '', ' ');
    if (c.zh) lines.push({ zh: `最后（无论是否被防止）：${c.zh}`, en: `Finally (even if it was prevented): ${c.en}` });
  }
  return join(lines, '\n', '\n');
}
