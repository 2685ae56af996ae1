// What a player may do of their own accord: the `active` items of their skills (offered as actions, run with
// `perform`), and the cards they may present as another kind through conversion (`viewAs`) items.
import type { ISkill } from './ir.ts';
import type { Engine } from './engine.ts';
import { matchesAny } from './kinds.ts';
import { RETURN, truthy } from './link.ts';
import { limitKey, markOnce, markUse, onceSpent, skillEnabled, skillsOf, usesLeft } from './skills.ts';
import type { Asking } from './types.ts';
import { D_VIRTUAL } from './reads.ts';
import { zoneCards } from './zones.ts';
import type { ActionRef, CardObj, PlayerObj, Value, VirtualCard } from './values.ts';
import { runBodySync } from './sync.ts';
import { runOf } from './variants.ts';

/** The active items p may take now: enabled, within their limits, their conditions true. */
export function actionsOf(g: Engine, p: PlayerObj): ActionRef[] {
  const out: ActionRef[] = [];
  for (const sid of skillsOf(g, p)) {
    const s = g.program.skills[sid];
    if (!s || s.actives.length === 0 || onceSpent(g, sid, p) || !skillEnabled(g, p, sid)) continue;
    for (let idx = 0; idx < s.actives.length; idx++) {
      const a = s.actives[idx]!;
      if (a.limit && !usesLeft(g, a.limit, activeKey(sid, idx, p))) continue;
      if (a.condExpr && !truthy(g.L.linker.expr(a.condExpr)(g.ctx(p, a.body.slots)))) continue;
      out.push({ t: 'a', skill: sid, idx, owner: p });
    }
  }
  return out;
}

/** The use-limit key of a skill's active item for a seat (skills.ts limitKey), made once per item and seat: the
 *  actions on offer are worked out at every decision of the play phase. */
function activeKey(skill: string, idx: number, p: PlayerObj): string {
  let byIdx = ACTIVE_KEYS.get(skill);
  if (byIdx === undefined) ACTIVE_KEYS.set(skill, (byIdx = []));
  const bySeat = (byIdx[idx] ??= []);
  return (bySeat[p.seat] ??= limitKey(skill, 'a', idx, p));
}
const ACTIVE_KEYS = new Map<string, string[][]>();

/** Take an action: count the use, log it, run its body; gives what it returns. */
export function* perform(g: Engine, a: ActionRef): Asking<Value> {
  const s = g.program.skills[a.skill]!;
  const act = s.actives[a.idx]!;
  markUse(g, act.limit, activeKey(a.skill, a.idx, a.owner));
  markOnce(g, a.skill, a.owner);
  g.logLine('event', '{0} {1}', [a.owner, a.skill]);
  const c = g.ctx(a.owner, act.body.slots);
  g.runningSkills.push({ skill: a.skill });
  try {
    const body = runOf(g.L, act.body);
    const sig = g.answering !== null ? runBodySync(body, c) : body.y ? yield* body.gen(c) : body.run(c);
    return sig === RETURN ? c.ret : null;
  } catch (e) {
    g.unwinding(e, a.skill);
    throw e;
  } finally {
    g.runningSkills.pop();
  }
}

/** The rules' hook `cannotConvert(user, card, kind)`, if they declare it: true keeps `card` out of every conversion of
 *  `user` into `kind` (the 双将 rules: a card a filter already changed is not converted again). */
const CANNOT_CONVERT = 'cannotConvert';

/** Every way player p can present cards as one of `kinds` (any kind: null) through conversion skills. */
export function conversionsOf(g: Engine, p: PlayerObj, kinds: string[] | null): VirtualCard[] {
  const out: VirtualCard[] = [];
  // The virtual cards made here are new objects, but a cached result keeps them: a write to one must drop it.
  const r = g.reads;
  if (r !== null && r.rec !== null) r.dep(D_VIRTUAL);
  // The rules may forbid a card to be converted into a kind: every candidate card is checked against their hook.
  const barred = g.program.hooks[CANNOT_CONVERT] !== undefined;
  for (const sid of skillsOf(g, p)) {
    const s: ISkill | undefined = g.program.skills[sid];
    if (!s || s.viewAs.length === 0 || !skillEnabled(g, p, sid)) continue;
    for (const va of s.viewAs) {
      if (kinds && !matchesAny(g.program.cards, va.kind, kinds)) continue;
      if (va.condExpr && !va.condPerSet && !truthy(g.L.linker.expr(va.condExpr)(g.ctx(p, 1)))) continue;
      const pool: CardObj[] = [];
      // The filter is pure and keeps nothing of its context: one context serves every card it looks at.
      const filter = va.filterExpr ? g.L.linker.expr(va.filterExpr) : null;
      const fx = filter !== null ? g.ctx(p, 1) : null;
      for (const z of va.zones)
        for (const c of zoneCards(g, g.zoneRef(z, p))) {
          if (filter !== null) {
            fx!.vars[0] = c;
            if (!truthy(filter(fx!))) continue;
          }
          if (barred && truthy(g.evalHook(CANNOT_CONVERT, [p, c, va.kind]))) continue;
          pool.push(c);
        }
      // A condition about the cards together (`them`) keeps the combinations it accepts (the cap counts those).
      const cond = va.condPerSet && va.condExpr ? g.L.linker.expr(va.condExpr) : null;
      const accept = cond
        ? (combo: CardObj[]) => {
            const cx = g.ctx(p, 1);
            cx.vars[0] = combo;
            return truthy(cond(cx));
          }
        : undefined;
      // (Those it rejects are not counted: every combination is looked at, and up to 1024 kept, so that no suit of
      // a large hand is cut off behind the pairs of another.)
      for (const combo of combinations(pool, va.count, accept ? 1024 : 64, accept))
        out.push({ t: 'v', kind: va.kind, subs: combo, via: sid, set: {} });
    }
  }
  return out;
}

/** The k-element subsets of xs in order that `accept` takes (all without it), at most `cap` of them. */
export function combinations<T>(xs: T[], k: number, cap: number, accept?: (combo: T[]) => boolean): T[][] {
  const out: T[][] = [];
  if (k <= 0) return out;
  if (k === 1) {
    // One card at a time (most conversions): the same subsets in the same order, without the recursion.
    for (let i = 0; i < xs.length && out.length < cap; i++) {
      const combo = [xs[i]!];
      if (!accept || accept(combo)) out.push(combo);
    }
    return out;
  }
  const rec = (start: number, acc: T[]) => {
    if (out.length >= cap) return;
    if (acc.length === k) {
      const combo = acc.slice();
      if (!accept || accept(combo)) out.push(combo);
      return;
    }
    for (let i = start; i < xs.length; i++) {
      acc.push(xs[i]!);
      rec(i + 1, acc);
      acc.pop();
    }
  };
  rec(0, []);
  return out;
}
