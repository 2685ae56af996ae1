import type * as A from '../ast/nodes.ts';
import type { Renderer } from './stmt.ts';
import { memberLabel, skillText } from './skill.ts';
import { section } from './section.ts';
import { capitalize, join, series, type Text } from './lang.ts';
import type { Val } from './context.ts';
import { Env, newBody } from './context.ts';
import { bestMatch, type Pattern, type Phrase } from './phrasebook.ts';
import type { AskBody, CardAsk } from './asks.ts';
import { positional } from './asks.ts';

/** A card's text, and the procedures its sections describe a part of (the site links them). */
export interface CardText extends Text {
  refs: string[];
}

/** An AI hint (aiUse, aiTarget, … and methods so named) says how to play a card, not what it does: the rulebook
 *  leaves it out. */
export function aiHint(name: string): boolean {
  return /^ai[A-Z]/.test(name);
}

export function cardText(R: Renderer, d: A.CardDecl): CardText {
  const nm = { zh: d.names.zh?.name ?? '', en: d.names.en ?? '' };
  const self: Val = { zh: `【${nm.zh}】`, en: nm.en, ty: { base: 'card' } };
  const env = new Env(newBody());
  const parts: Text[] = [];
  for (const f of d.fields) {
    if (aiHint(f.name.name)) continue;
    const v = R.expr(f.value, env);
    if (v.ty?.base === 'bool' && f.value.kind === 'Bool') {
      // A flag: its member phrase says what it means for this card.
      if (!f.value.value) continue;
      const ph =
        R.book.find(`card.${f.name.name}`, () => false, true) ?? R.book.find(`card.${f.name.name}`, () => false, false);
      if (!ph) {
        parts.push(
          R.miss(
            `card.${f.name.name}`,
            f.name,
            `phrase card.${f.name.name}(c) "…" "…"   # the flag ${f.name.name} of a card`,
          ),
        );
        continue;
      }
      const p = ph.params[0];
      const text = R.fill(ph.text, (n) => (n === p ? { zh: '此牌', en: 'this card' } : undefined));
      parts.push(text);
      continue;
    }
    const label = memberLabel(R, 'card', f.name.name, f.name);
    parts.push({ zh: `${label.zh}：${v.zh}`, en: `${capitalize(label.en)}: ${v.en}` });
  }
  const lines: Text[] = [];
  // A kind of another kind (火杀 is a 杀): what it is, then only what it declares differently.
  const parent = d.parent ? R.S.get(d.parent.name) : undefined;
  if (d.parent && parent?.kind === 'card') {
    const pn = R.names(parent, d.parent);
    const differs = parts.length > 0 || d.methods.length > 0 || d.skills.length > 0;
    lines.push(
      R.sentence(
        differs
          ? {
              zh: `此牌为一种【${pn.zh}】，除以下所述外与【${pn.zh}】相同`,
              en: `A kind of ${pn.en}: the same as a ${pn.en} except as follows`,
            }
          : { zh: `此牌为一种【${pn.zh}】`, en: `A kind of ${pn.en}` },
      ),
    );
  }
  if (parts.length > 0 || !d.parent) lines.push(R.sentence(join(parts, '；', '; ')));
  if (d.skills.length) {
    const zones = [...R.S.ofKind('zone').filter((s) => (s.decl as A.ZoneDecl).grants)].map((s) => R.names(s, d));
    const where = series(zones, 'or');
    for (const s of d.skills) {
      const sym = R.S.get(s.name);
      if (sym?.kind !== 'skill') continue;
      const sd = sym.decl as A.SkillDecl;
      const txt = skillText(R, sd);
      const sn = R.names(sym, s);
      lines.push({
        zh: `此牌在${where.zh}中时，其拥有者拥有技能【${sn.zh}】：${txt.zh}`,
        en: `While this card is in an ${where.en.toLowerCase()}, its owner has the skill “${sn.en}”: ${txt.en}`,
      });
    }
  }
  // In its own methods the card's fields are known: `e.card.nature` of a 杀 is normal, and reads as such.
  const own = new Map<string, string>();
  for (const f of d.fields) {
    const id = f.value.kind === 'Name' ? R.S.get(f.value.name)?.id : undefined;
    if (id) own.set(f.name.name, id);
  }
  // A method named like an AI hint (aiPointless) says how to play the card, not what it does: left out too.
  for (const m of d.methods) if (!aiHint(m.name.name)) lines.push(R.sentence(section(R, 'card', m, self, own)));
  // Then where the rules ask for this kind outside the play phase (闪 in answer to a 杀, 桃 for the dying).
  const asked = askedSections(R, d, self);
  for (const x of asked) lines.push(R.sentence(x.text));
  return { ...join(lines, '\n', '\n'), refs: [...new Set(asked.map((x) => x.proc))] };
}

/** The sections of a card page saying where the rules ask for its kind, each under the phrase that words the asking
 *  procedure for a card page (`phrase card.respond(who, kinds, true, …) "{by}对你生效时，…"`): the asking procedure's
 *  own, or that of a procedure calling it (`card.nullified` for the question `askNullification` asks). Asks reached
 *  the same way from several cards make one section, `{by}` naming those cards (【杀】或【万箭齐发】). */
function askedSections(R: Renderer, d: A.CardDecl, self: Val): { text: Text; proc: string }[] {
  const idx = R.facts.asks;
  const groups = new Map<Phrase, { proc: string; by: string[] }>();
  for (const a of idx.byKind.get(d.names.id.name) ?? []) {
    const root = a.chain[a.chain.length - 1]?.body;
    const found = phraseFor(R, a);
    if (!found) {
      const ps = a.asker.params.map((p) => p.name.name).join(', ');
      R.miss(
        `card.${a.asker.id}`,
        d.names.id,
        `phrase card.${a.asker.id}(${ps}) "…" "…"   # what a card page says of being asked for by ${a.asker.id}`,
      );
      continue;
    }
    const g = groups.get(found.ph) ?? { proc: found.proc, by: [] };
    if (root && !root.callable && !g.by.includes(root.id)) g.by.push(root.id);
    groups.set(found.ph, g);
  }
  return [...groups].map(([ph, g]) => {
    const cards = g.by.map((id) => {
      const s = R.S.get(id);
      const n = s ? R.names(s, d) : { zh: id, en: id };
      return { zh: `【${n.zh}】`, en: `${/^[AEIOU]/.test(n.en) ? 'an' : 'a'} ${n.en}` };
    });
    const by = series(cards, 'or');
    const text = R.fill(ph.text, (n) => {
      if (n === 'self') return self;
      if (n === 'by') return by;
      const i = ph.params.indexOf(n);
      return i >= 0 ? ph.nouns[i] : undefined;
    });
    return { text, proc: g.proc };
  });
}

/** The phrase wording ask `a` for a card page, and the procedure it words: that of the asking body, else of the
 *  bodies calling it, nearest first. Patterns match the arguments the calls pass (`use` is `true` for the 闪 a 杀
 *  asks for). */
export function phraseFor(R: Renderer, a: CardAsk): { ph: Phrase; proc: string } | undefined {
  const idx = R.facts.asks;
  // The bodies on the way up, each with the call into it (undefined above the chain: arguments unknown).
  const levels: { body: AskBody; k: number }[] = [{ body: a.asker, k: 0 }];
  a.chain.forEach((c, k) => {
    if (c.body.callable) levels.push({ body: c.body, k: k + 1 });
  });
  if (a.chain.length === 0) {
    // The kind is named where it is asked for: the callers of the asking body, breadth first.
    const seen = new Set([a.asker.key]);
    let front = [a.asker];
    for (let depth = 0; depth < 3 && front.length; depth++) {
      const next: AskBody[] = [];
      for (const b of front)
        for (const site of idx.callers(b.key))
          if (site.body.callable && !seen.has(site.body.key) && !site.body.key.startsWith('function:')) {
            seen.add(site.body.key);
            next.push(site.body);
            levels.push({ body: site.body, k: -1 });
          }
      front = next;
    }
  }
  // The argument at parameter i of the body at chain position k, followed up the chain while it is a parameter.
  const resolve = (e: A.Expr | undefined, k: number): A.Expr | undefined => {
    if (e?.kind !== 'Name') return e;
    const caller = a.chain[k - 1]?.body; // the body e is written in
    const j = caller?.params.findIndex((p) => p.name.name === e.name) ?? -1;
    if (j < 0 || !a.chain[k]) return e;
    return resolve(
      positional(
        a.chain[k]!.call,
        caller!.params.map((p) => p.name.name),
      )[j],
      k + 1,
    );
  };
  for (const { body, k } of levels) {
    const phs = R.book
      .all(`card.${body.id}`)
      .filter((p) => p.decl.params !== undefined && p.params.length === body.params.length);
    if (!phs.length) continue;
    const call = k >= 0 ? a.chain[k]?.call : undefined;
    const args = call
      ? positional(
          call,
          body.params.map((p) => p.name.name),
        ).map((e) => resolve(e, k + 1))
      : [];
    const ph = bestMatch(phs, (i, p) => argMatches(R, args[i], p));
    if (ph) return { ph, proc: body.id };
  }
  return undefined;
}

function argMatches(R: Renderer, e: A.Expr | undefined, p: Pattern): boolean {
  switch (p.k) {
    case 'bool':
      return e?.kind === 'Bool' && e.value === p.v;
    case 'none':
      return !e || e.kind === 'None';
    case 'num':
      return e?.kind === 'Number' && e.value === p.v;
    case 'member':
      return e?.kind === 'Name' && R.S.get(e.name)?.id === p.id;
    case 'you':
      return false;
  }
}
