// Member access: what `x.f` reads and `x.f = v` writes. The engine's own members are exactly the table in
// engine-members.ts (the accessor maps below are typed from it, so a missing or extra one is a type error); the
// rest come from the rules: player properties, card kind fields, event parameters, general fields, and calls
// (`x.f` means `f(x)` when the rules define a function or the engine a builtin f).
// Lookup order: a player's rules properties before the engine's members; a card's filters (武神) before anything;
// a virtual card's own settings first; an event's `stopped` and `kind` before its parameters, `parent` after them.
import type { IGeneral, ISkill, Program } from './ir.ts';
import { builtins } from './builtins.ts';
import type { Engine } from './engine.ts';
import type { ENGINE_MEMBERS, MemberOwner } from './engine-members.ts';
import { truthy } from './link.ts';
import { filtersLive, skillsOf } from './skills.ts';
import { holderOf } from './zones.ts';
import { D_ALIVE, D_FRAME, D_VIRTUAL, GUARD_FILTER, type Reads } from './reads.ts';
import {
  RuleError,
  label,
  same,
  type ActionRef,
  type CardObj,
  type Frame,
  type PlayerObj,
  type Value,
  type VirtualCard,
  type ZoneRef,
} from './values.ts';

type Accessor<T> = (x: T, g: Engine, at: string) => Value;
/** One accessor for each member the table gives this owner, no more and no fewer. */
type Accessors<O extends MemberOwner, T> = { readonly [K in keyof (typeof ENGINE_MEMBERS)[O]]: Accessor<T> };

/** A lookup map (a Map, so names such as `constructor` are never found on a prototype). */
const lookup = <T>(m: Record<string, Accessor<T>>): Map<string, Accessor<T>> => new Map(Object.entries(m));

const playerMembers: Accessors<'player', PlayerObj> = {
  alive: (p, g) => {
    const r = g.reads;
    if (r !== null && r.rec !== null) r.dep(D_ALIVE);
    return p.alive;
  },
  seat: (p) => p.seat,
  name: (p) => p.name,
  skills: (p, g) => skillsOf(g, p),
};

const cardMembers: Accessors<'card', CardObj> = {
  kind: (c) => c.as ?? c.kind,
  suit: (c) => c.suit,
  rank: (c) => c.rank,
  id: (c) => c.id,
};

/** A virtual card's suit or rank: its parts' common one, else none. */
const common =
  (name: 'suit' | 'rank'): Accessor<VirtualCard> =>
  (v, g, at) => {
    if (v.subs.length === 0) return null;
    const first = getMember(g, v.subs[0]!, name, at);
    return v.subs.every((s) => same(getMember(g, s, name, at), first)) ? first : null;
  };

const virtualCardMembers: Accessors<'virtualCard', VirtualCard> = {
  kind: (v) => v.kind,
  suit: common('suit'),
  rank: common('rank'),
  subcards: (v) => v.subs,
  via: (v) => v.via,
};

const eventMembers: Accessors<'event', Frame> = {
  stopped: (e) => e.stopped,
  kind: (e) => e.id,
  parent: (e) => e.parent,
};

const zoneMembers: Accessors<'zone', ZoneRef> = {
  owner: (z) => z.owner,
  // A copy: the zone's own array changes as cards move, and a value never changes (zones.ts asCards).
  cards: (z, g, at) => g.asList(z, at).slice(),
};

const actionMembers: Accessors<'action', ActionRef> = {
  skill: (a) => a.skill,
  owner: (a) => a.owner,
};

const generalMembers: Accessors<'general', IGeneral> = {
  skills: (gen) => gen.skills,
  package: (gen) => gen.package ?? '',
};

const skillMembers: Accessors<'skill', ISkill> = {
  tags: (s) => s.tags,
};

const PLAYER = lookup(playerMembers);
const CARD = lookup(cardMembers);
const VIRTUAL = lookup(virtualCardMembers);
const ZONE = lookup(zoneMembers);
const ACTION = lookup(actionMembers);
const GENERAL = lookup(generalMembers);
const SKILL = lookup(skillMembers);

export function getMember(g: Engine, o: Value, name: string, at: string): Value {
  if (o === null) throw new RuleError(`cannot read .${name} of none`, at);
  if (typeof o === 'object' && !Array.isArray(o)) {
    const r = g.reads !== null && g.reads.rec !== null ? g.reads : null;
    switch (o.t) {
      case 'p': {
        if (g.L.propertySet.has(name)) {
          if (r !== null) r.dep(r.propId(o, name));
          const v = o.v[name];
          return v === undefined ? null : v;
        }
        const a = PLAYER.get(name);
        if (a) return a(o, g, at);
        break;
      }
      case 'c': {
        // A card's kind may change (the kind it stands for in a zone), and a filter reads where it lies.
        const live = filtersLive(g);
        if (r !== null) {
          if (live) {
            r.guard(GUARD_FILTER);
            r.dep(r.cardId(o.id));
          } else if (name !== 'suit' && name !== 'rank' && name !== 'id') r.dep(r.cardId(o.id));
        }
        const filters = live && !g.filtering;
        if (filters) {
          const f = filtered(g, o, name);
          if (f !== undefined) return f;
        }
        const a = CARD.get(name);
        if (a) return a(o, g, at);
        const effective = filters
          ? ((filtered(g, o, 'kind') as string | undefined) ?? o.as ?? o.kind)
          : (o.as ?? o.kind);
        const kf = g.program.cards[effective]?.fields[name];
        if (kf !== undefined) return kf as Value;
        if (g.L.fieldNames.has(name)) return null;
        break;
      }
      case 'v': {
        if (r !== null) r.dep(D_VIRTUAL);
        if (name in o.set) return o.set[name]!;
        const a = VIRTUAL.get(name);
        if (a) return a(o, g, at);
        const kf = g.program.cards[o.kind]?.fields[name];
        if (kf !== undefined) return kf as Value;
        if (g.L.fieldNames.has(name)) return null;
        break;
      }
      case 'e': {
        // An event reads as its parameters, except that `stopped` and `kind` are always the engine's.
        if (r !== null) r.dep(D_FRAME);
        if (name === 'stopped' || name === 'kind') return eventMembers[name](o, g, at);
        const v = o.data[name];
        if (v !== undefined) return v;
        if (name === 'parent') return eventMembers.parent(o, g, at);
        return null;
      }
      case 'z': {
        const a = ZONE.get(name);
        if (a) return a(o, g, at);
        break;
      }
      case 'a': {
        const a = ACTION.get(name);
        if (a) return a(o, g, at);
        break;
      }
    }
  } else if (typeof o === 'string') {
    // An id: a card kind (read like a card of that kind), a general or a skill.
    const ck = g.program.cards[o];
    if (ck) {
      if (name === 'kind') return o;
      const kf = ck.fields[name];
      if (kf !== undefined) return kf as Value;
      if (g.L.fieldNames.has(name)) return null;
    }
    const gen = g.program.generals[o];
    if (gen) {
      const a = GENERAL.get(name);
      if (a) return a(gen, g, at);
      const gf = gen.fields[name];
      if (gf !== undefined) return gf as Value;
    }
    const sk = g.program.skills[o];
    if (sk) {
      const a = SKILL.get(name);
      if (a) return a(sk, g, at);
    }
  }
  // Uniform call syntax: x.f means f(x) when the rules define a function f.
  if (g.program.functions[name]) return g.callFunction(name, [o], at);
  const b = builtins.call[name];
  if (b) return b(g, [o], at);
  throw new RuleError(`${label(o)} has no field ${name}`, at);
}

/** `x.name` for compiled code (runtime/aot): what getMember gives, with what depends only on the name decided
 *  once — whether it is a rules property of players, an engine member of players, a parameter of events (read and
 *  noted for a cached call that records, as getMember notes them). Other values take getMember's own path. `properties`: the
 *  linked program's player properties. Each kind of reader is a function literal of its own, so that V8 keeps
 *  what it learns of one apart from the others (closures of one literal share it). */
export function memberReader(
  properties: ReadonlySet<string>,
  name: string,
): (g: Engine, o: Value, at: string) => Value {
  if (name === 'alive' && !properties.has(name)) return readAlive;
  const property = properties.has(name);
  const engine = property ? undefined : PLAYER.get(name);
  const field = name !== 'stopped' && name !== 'kind' && name !== 'parent';
  const cardMember = CARD.get(name);
  const virtualMember = VIRTUAL.get(name);
  const zoneMember = ZONE.get(name);
  const printed = name === 'suit' || name === 'rank' || name === 'id';
  // The property's number in the reads of the game last read (looked up again only when another game reads).
  let readsOf: Reads | null = null;
  let propNo = -1;
  // The card kinds' values of this field in the program last read (made again when a game of another reads).
  let kindsOf: Program | null = null;
  let byKind = new Map<string, Value>();
  return (g, o, at) => {
    // While a cached call records what it reads (reads.ts), each read is noted as getMember notes it.
    const r = g.reads;
    const rec = r !== null && r.rec !== null;
    if (o !== null && typeof o === 'object' && !Array.isArray(o)) {
      if (o.t === 'p') {
        if (property) {
          if (rec) {
            if (r !== readsOf) {
              readsOf = r;
              propNo = r.propIndex(name);
            }
            r.dep(r.propAt(o.seat, propNo));
          }
          const v = o.v[name];
          return v === undefined ? null : v;
        }
        if (engine) return engine(o, g, at);
      } else if (o.t === 'e' && field) {
        if (rec) r.dep(D_FRAME);
        const v = o.data[name];
        return v === undefined ? null : v;
      } else if (o.t === 'c' && !filtersLive(g)) {
        // getMember's card branch where no filter applies (what it gives, the same dependency noted).
        if (rec && !printed) r.dep(r.cardId(o.id));
        if (cardMember) return cardMember(o, g, at);
        if (g.program !== kindsOf) {
          kindsOf = g.program;
          byKind = fieldByKind(kindsOf, name);
        }
        const kf = byKind.get(o.as ?? o.kind);
        if (kf !== undefined) return kf;
        if (g.L.fieldNames.has(name)) return null;
      } else if (o.t === 'v') {
        // getMember's virtual card branch (what it gives, the same dependency noted): conversions offer one per
        // card at every decision, and their fields are read to see whether each is usable.
        if (rec) r.dep(D_VIRTUAL);
        if (name in o.set) return o.set[name]!;
        if (virtualMember) return virtualMember(o, g, at);
        if (g.program !== kindsOf) {
          kindsOf = g.program;
          byKind = fieldByKind(kindsOf, name);
        }
        const kf = byKind.get(o.kind);
        if (kf !== undefined) return kf;
        if (g.L.fieldNames.has(name)) return null;
      } else if (o.t === 'z' && zoneMember) return zoneMember(o, g, at);
    }
    return getMember(g, o, name, at);
  };
}

/** `p.alive` (the engine member read most: `where it.alive`), for memberReader. */
function readAlive(g: Engine, o: Value, at: string): Value {
  if (o !== null && typeof o === 'object' && !Array.isArray(o) && o.t === 'p') {
    const r = g.reads;
    if (r !== null && r.rec !== null) r.dep(D_ALIVE);
    return o.alive;
  }
  return getMember(g, o, 'alive', at);
}

/** Each card kind's value of a field it declares, by kind. */
function fieldByKind(program: Program, name: string): Map<string, Value> {
  const m = new Map<string, Value>();
  for (const [kind, ck] of Object.entries(program.cards)) {
    const v = ck.fields[name];
    if (v !== undefined) m.set(kind, v as Value);
  }
  return m;
}

export function setMember(g: Engine, o: Value, name: string, v: Value, at: string): void {
  g.mut++;
  const r = g.reads;
  if (o && typeof o === 'object' && !Array.isArray(o)) {
    if (o.t === 'p') {
      if (g.L.propertySet.has(name)) {
        o.v[name] = v;
        r?.bump(r.propId(o, name));
        return;
      }
      if (name === 'alive') {
        // The one engine member the rules may set.
        o.alive = truthy(v);
        g.epoch++;
        r?.bump(D_ALIVE);
        return;
      }
    } else if (o.t === 'e') {
      o.data[name] = v;
      r?.bump(D_FRAME);
      return;
    } else if (o.t === 'v') {
      o.set[name] = v;
      r?.bump(D_VIRTUAL);
      return;
    }
  }
  throw new RuleError(`cannot set ${name} on ${label(o)}`, at);
}

/** What a filter of the skills of the card's owner (or of the player a shared zone holds it for: their judge card,
 *  the card they are using) makes the card's `name` read as, if any filter applies. */
function filtered(g: Engine, card: CardObj, name: string): Value | undefined {
  const owner = holderOf(g, card);
  if (!owner) return undefined;
  const skills = skillsOf(g, owner);
  for (const sid of g.L.filterSkills) {
    if (!skills.includes(sid)) continue;
    for (const f of g.program.skills[sid]!.filters) {
      const set = f.sets.find((s) => s.field === name);
      if (!set) continue;
      g.filtering = true;
      g.guards.enter(GUARD_FILTER);
      try {
        const c = g.ctx(owner, 1);
        c.vars[0] = card;
        if (truthy(g.L.linker.expr(f.condExpr)(c))) return g.L.linker.expr(set.e)(c);
      } finally {
        g.filtering = false;
        g.guards.leave(GUARD_FILTER);
      }
    }
  }
  return undefined;
}
