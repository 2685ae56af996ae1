// Skills and use limits: which skills a player has now (their own plus those granted by cards in `grants`
// zones), whether the rules switch one off (`skillEnabled`), and the counters behind `limit n per <event>`.
import type { Engine } from './engine.ts';
import { truthy } from './link.ts';
import {
  D_ALIVE,
  D_FILTERERS,
  D_GRANTORS,
  D_USES,
  GUARD_ENABLED,
  GUARD_GRANTS,
  sameItems,
  type Reads,
} from './reads.ts';
import { zoneKey, type CardObj, type PlayerObj, type Value } from './values.ts';
import type { ItemList, ListSeats, SeatLists } from './types.ts';

export type UseLimit = { count: number; per: string } | undefined;

/** The skills a player has now: their own, those granted by cards in `grants` zones (cached per epoch) and those
 *  granted by skills (`grants x to others where …`). Those conditions read the state, so with skills that grant, the
 *  list is a cached result (reads.ts), kept until a write to what deciding it read. */
export function skillsOf(g: Engine, p: PlayerObj): string[] {
  const r = g.reads;
  if (r !== null && r.rec !== null) r.dep(r.skillsId(p.seat));
  if (!grantsLive(g)) return baseSkillsOf(g, p);
  // Deciding grants consults the rules (conditions, skillEnabled), which may ask for skills again: those inner
  // questions see only players' own skills and their cards' (grants do not grant further).
  if (r !== null && r.rec !== null) r.guard(GUARD_GRANTS);
  if ((g.guards.mask & GUARD_GRANTS) !== 0) return baseSkillsOf(g, p);
  if (r === null) return withGrants(g, p);
  return r.cached(
    r.table(GRANTS),
    r.key1(p),
    g.guards.mask,
    g.frame,
    withGrants,
    g,
    p,
    undefined,
    undefined,
  ) as string[];
}

/** Whether skills that grant skills can give anybody a skill now: the program has some and a seat has one (its own
 *  or from its cards; living or not). Most tables have none, and then every seat's skills are its own and its
 *  cards', as in a program without them: the cheaper bookkeeping of that case applies (kept lists by skills stamp,
 *  a hook's contributions by the seat's skills that contribute to it). Known per epoch; read while recording, it
 *  depends on who has such a skill (D_GRANTORS, bumped when one comes or goes). */
export function grantsLive(g: Engine): boolean {
  if (g.L.grantors.length === 0) return false;
  const r = g.reads;
  if (r !== null && r.rec !== null) r.dep(D_GRANTORS);
  return anySeatHas(g, g.grants, g.L.grantors);
}

/** Whether a seat (living or not) has one of these skills, its own or from its cards: kept per skills epoch. */
function anySeatHas(g: Engine, kept: { epoch: number; live: boolean }, skills: readonly string[]): boolean {
  if (kept.epoch !== g.epoch) {
    kept.epoch = g.epoch;
    // Loops, not some() with closures: asked again at every change of the epoch (every equipment moved).
    let live = false;
    for (const q of g.state.players) {
      const own = baseSkillsOf(g, q);
      for (let i = 0; i < skills.length && !live; i++) live = own.includes(skills[i]!);
      if (live) break;
    }
    kept.live = live;
  }
  return kept.live;
}

/** Whether a card filter (红颜, 武神) may change how a card reads now: the program has skills with filters and a
 *  seat has one (its own or from its cards; living or not), or skills that grant are at the table (a granted skill
 *  may have a filter: then every card read looks at its holder's skills, as before this shortcut). Most tables have
 *  none, and then a card reads as printed, as in a program without filters (members.ts). Known per epoch; read
 *  while recording, it depends on who has such a skill (D_FILTERERS, bumped when one comes or goes). */
export function filtersLive(g: Engine): boolean {
  if (g.L.filterSkills.length === 0) return false;
  if (grantsLive(g)) return true;
  const r = g.reads;
  if (r !== null && r.rec !== null) r.dep(D_FILTERERS);
  return anySeatHas(g, g.filters, g.L.filterSkills);
}

/** The cache table of skillsOf with grants (no function or hook can be named so: their names are identifiers). */
const GRANTS = ' grants';

function withGrants(g: Engine, p: PlayerObj): string[] {
  const r = g.reads;
  if (r !== null && r.rec !== null) r.dep(r.skillsId(p.seat));
  const base = baseSkillsOf(g, p);
  g.guards.enter(GUARD_GRANTS);
  try {
    const extra = grantedTo(g, p);
    if (extra.length === 0) return base;
    const all = base.slice();
    for (const s of extra) if (!base.includes(s)) all.push(s);
    return all;
  } finally {
    g.guards.leave(GUARD_GRANTS);
  }
}

/** The skills granted to p by living players' skills that grant (while enabled and their condition holds). */
function grantedTo(g: Engine, p: PlayerObj): string[] {
  const out: string[] = [];
  const r = g.reads;
  if (r !== null && r.rec !== null) r.dep(D_ALIVE);
  for (const q of g.state.players) {
    if (!q.alive) continue;
    if (r !== null && r.rec !== null) r.dep(r.skillsId(q.seat));
    const own = baseSkillsOf(g, q);
    for (const sid of g.L.grantors) {
      if (!own.includes(sid)) continue;
      const grants = g.program.skills[sid]!.grants!;
      let enabled: boolean | undefined;
      for (const gr of grants) {
        if (gr.to === 'you' ? q !== p : gr.to === 'others' ? q === p : false) continue;
        enabled ??= skillEnabled(g, q, sid);
        if (!enabled) break;
        if (gr.condExpr) {
          const c = g.ctx(q, gr.slots);
          c.vars[0] = p;
          if (!truthy(g.L.linker.expr(gr.condExpr)(c))) continue;
        }
        if (gr.card) out.push(...(g.program.cards[gr.what]?.skills ?? []));
        else out.push(gr.what);
      }
    }
  }
  return out;
}

/** A player's own skills plus those granted by cards in `grants` zones (cached per epoch). */
export function baseSkillsOf(g: Engine, p: PlayerObj): string[] {
  const hit = g.skillCache[p.seat];
  if (hit && hit.epoch === g.epoch) return hit.skills;
  let skills = p.skills;
  if (g.L.grantZones.length) {
    let extra: string[] | null = null;
    for (const z of g.L.grantZones) {
      for (const c of g.state.zones[zoneKey(z, p)] ?? []) {
        const given = cardSkills(g, c);
        if (given.length > 0) (extra ??= []).push(...given);
      }
    }
    if (extra !== null) skills = [...skills, ...extra];
  }
  // The entry is updated in place, and keeps its list when it came out the same: the epoch moves with every
  // equipment moved, and most moves change nobody's skills.
  if (hit === undefined) g.skillCache[p.seat] = { epoch: g.epoch, skills };
  else {
    hit.epoch = g.epoch;
    if (!sameItems(skills, hit.skills)) hit.skills = skills;
  }
  return hit === undefined ? skills : hit.skills;
}

/** The method a card kind may declare to grant skills that depend on the card (docs/language.md, card). */
const GRANTED = 'grantedSkills';

/** The skills a card gives its owner while it lies in a `grants` zone: its kind's `skills`, and what its kind's pure
 *  method `grantedSkills(c)` gives for it. That method depends on the card alone (its printed face), so it is asked
 *  once per card and kept. */
export function cardSkills(g: Engine, c: CardObj): readonly string[] {
  const kind = g.program.cards[c.kind];
  if (kind === undefined) return [];
  if (kind.methods[GRANTED] === undefined) return kind.skills;
  let own = g.cardSkillCache.get(c.id);
  if (own === undefined) {
    // Asked of the printed kind (a filter or a kind the card stands for does not change what it grants).
    const v = g.callPureMethod(c.kind, GRANTED, [c], '');
    const given = v === null ? [] : g.asList(v, '').map(String);
    own = [...kind.skills, ...given.filter((s) => !kind.skills.includes(s))];
    g.cardSkillCache.set(c.id, own);
  }
  return own;
}

/** The items (triggers of a window, contributions to a hook) of the skills p has, in the list's order. Without
 *  skills that grant skills, a player's skills change only where reads.ts hears of it, so the list is kept per seat
 *  and list number in `store` until they change (reads.ts skillsStamp); checkReads makes it again and compares.
 *  `base`: filter by the seat's own and card-granted skills without noting a read of them (the caller notes a finer
 *  one). */
export function keptForSkills<T extends { skill: string }>(
  g: Engine,
  store: SeatLists<T>,
  list: ItemList<T>,
  p: PlayerObj,
  base = false,
): T[] {
  const items = list.items;
  const r = g.reads;
  if (r === null) return mineOf(items, skillsOf(g, p));
  // With skills that grant at the table, a seat's skills depend on the grants' conditions: the list is a cached
  // result of its own (one table per item list), kept until a write to what deciding the seat's skills read.
  if (grantsLive(g))
    return r.cached(
      r.table(items),
      r.key1(p),
      g.guards.mask,
      g.frame,
      mineNow,
      g,
      items,
      p,
      undefined,
    ) as unknown as T[];
  const stamp = r.skillsStamp(p.seat);
  const row = store[p.seat] ?? (store[p.seat] = []);
  const kept = row[list.no];
  if (kept !== undefined && kept.stamp === stamp && !r.check) return kept.items;
  const mine = mineOf(items, base ? baseSkillsOf(g, p) : skillsOf(g, p));
  if (kept === undefined) {
    row[list.no] = { stamp, items: mine };
    return mine;
  }
  const same = sameItems(mine, kept.items);
  if (kept.stamp === stamp && !same) throw new Error(`stale list ${list.no} of ${p.name}`);
  // Updated in place, the equal list kept: kept lists live long, and a copy of each would be work for the collector.
  kept.stamp = stamp;
  if (!same) kept.items = mine;
  return kept.items;
}

/** Every seat, as seatsWithItems gives seats (a table too large for a bit per seat is all of them). */
export const ALL_SEATS = -1;

/** The seats (living or not) that have one of the list's items, as keptForSkills lists them, a bit each (seat s:
 *  1 << s; 0: none), kept per list number in `kept` until anybody's skills change (Reads.allSkillsStamp);
 *  checkReads finds them again and compares. A window's or a hook's pass over the seats then skips those without an
 *  item. */
export function seatsWithItems<T extends { skill: string }>(
  g: Engine,
  r: Reads,
  kept: ListSeats,
  lists: SeatLists<T>,
  list: ItemList<T>,
  base: boolean,
): number {
  const stamp = r.allSkillsStamp();
  const known = kept[list.no];
  if (known !== undefined && known.stamp === stamp && !r.check) return known.seats;
  let seats = 0;
  for (const p of g.state.players)
    if (keptForSkills(g, lists, list, p, base).length > 0) seats |= p.seat < 31 ? 1 << p.seat : ALL_SEATS;
  if (known !== undefined && known.stamp === stamp && known.seats !== seats)
    throw new Error(`stale seats for list ${list.no}`);
  if (known === undefined) kept[list.no] = { stamp, seats };
  else {
    known.stamp = stamp;
    known.seats = seats;
  }
  return seats;
}

/** Whether the seat's bit is in `seats` (seatsWithItems). */
export function hasSeat(seats: number, seat: number): boolean {
  return seat >= 31 ? seats !== 0 : (seats & (1 << seat)) !== 0;
}

/** A seat's items, as a cached value (the cache compares them by identity: checkReads). */
function mineNow(g: Engine, items: readonly { skill: string }[], p: PlayerObj): Value {
  return mineOf(items, skillsOf(g, p)) as unknown as Value;
}

/** The items of these skills, in the items' order. Kept lists live long (skills seldom change), and most seats
 *  have no item of a given window or hook: those share one empty list. */
export function mineOf<T extends { skill: string }>(items: readonly T[], skills: readonly string[]): T[] {
  let out: T[] | null = null;
  for (const it of items) if (skills.includes(it.skill)) (out ??= []).push(it);
  return out ?? (NONE as unknown as T[]);
}
const NONE: readonly never[] = Object.freeze([]);

/** The rules may define `skillEnabled(owner, skill)`; without it every skill a player has is enabled. */
export function skillEnabled(g: Engine, p: PlayerObj, skill: string): boolean {
  if (g.L.enabled === undefined) return true;
  const r = g.reads;
  if (r !== null && r.rec !== null) r.guard(GUARD_ENABLED);
  if ((g.guards.mask & GUARD_ENABLED) !== 0) return true; // re-entrant (a hook consulted while deciding enabledness)
  // Cached until a write to what the rules' function read (an owner's role, the card use running…: reads.ts).
  if (r === null) return enabledNow(g, p, skill);
  const table = (g.enabledTable ??= r.table(ENABLED));
  return r.cached(table, r.key2(p, skill), g.guards.mask, g.frame, enabledNow, g, p, skill, undefined) === true;
}

/** The cache table of skillEnabled. */
const ENABLED = 'skillEnabled';

function enabledNow(g: Engine, p: PlayerObj, skill: string): boolean {
  g.guards.enter(GUARD_ENABLED);
  try {
    return truthy(g.callRefNow(g.L.enabled!, [p, skill], ''));
  } finally {
    g.guards.leave(GUARD_ENABLED);
  }
}

/** The counter key of one trigger (`t`) or active item (`a`) of a skill of a player. */
export function limitKey(skill: string, kind: 't' | 'a', idx: number, p: PlayerObj): string {
  return `${p.seat}:${skill}:${kind}${idx}`;
}

export function usesLeft(g: Engine, limit: UseLimit, key: string): boolean {
  if (!limit) return true;
  const r = g.reads;
  if (r !== null && r.rec !== null) r.dep(D_USES);
  return (g.state.uses[limit.per]?.[key] ?? 0) < limit.count;
}

export function markUse(g: Engine, limit: UseLimit, key: string): void {
  if (!limit) return;
  g.mut++; // which actions are offered depends on the counters
  g.reads?.bump(D_USES);
  const m = (g.state.uses[limit.per] ??= {});
  m[key] = (m[key] ?? 0) + 1;
}

/** Whether a skill with a single use (a tag's `once … records P`) is spent for p: P holds it. */
export function onceSpent(g: Engine, skill: string, p: PlayerObj): boolean {
  const prop = g.program.skills[skill]?.once;
  if (!prop) return false;
  const r = g.reads;
  if (r !== null && r.rec !== null) r.dep(r.propId(p, prop));
  const v = p.v[prop];
  return Array.isArray(v) && v.includes(skill);
}

/** The skill is used: its single use is taken, and every property its tags record uses in gets it (once; a new
 *  list: values are not shared). */
export function markOnce(g: Engine, skill: string, p: PlayerObj): void {
  const s = g.program.skills[skill];
  if (s?.once) record(g, p, s.once, skill, true);
  for (const prop of s?.records ?? []) record(g, p, prop, skill, false);
}

function record(g: Engine, p: PlayerObj, prop: string, skill: string, again: boolean): void {
  const v = p.v[prop];
  const list = Array.isArray(v) ? v : [];
  if (!again && list.includes(skill)) return;
  p.v[prop] = [...list, skill];
  g.mut++;
  g.reads?.bump(g.reads.propId(p, prop));
}

/** A player's skills may have changed: drop the cached skill lists (and memoised pure results). */
export function skillChanged(g: Engine): void {
  g.epoch++;
  g.mut++;
  g.reads?.bumpSkills(null);
}
