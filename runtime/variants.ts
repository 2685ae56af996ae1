// Editions and variants: the program a game actually plays (the base program with the parts of every variant its
// options switch on merged over it), linked once and cached with the indexes the engine looks things up in.
import type { IBody, Program } from './ir.ts';
import { builtins } from './builtins.ts';
import { inheritKinds } from './kinds.ts';
import { Linker, type FnRef, type Run } from './link.ts';
import { RuleError, same, type Value } from './values.ts';
import { bindCompiled, compiledOf } from './aot/bind.ts';
import { playerValueLists } from './aot/objects.ts';
import type { CompiledModule } from './aot/support.ts';
import { CacheTally } from './reads.ts';
import type { EngineKind, HookItem, ItemList, ObjectMaker, MemberReaders, TriggerRef, WindowRef } from './types.ts';

/** A linked program: closures for its bodies and the indexes built from it. Shared by every game with the same
 *  program and active variants. */
export interface Linked {
  program: Program;
  /** Linked for the reference interpreter (GameOptions.reference): every call by name, no resolved path. */
  reference: boolean;
  /** The compiled code its roots run (GameOptions.engine 'compiled'), or none: closures only. */
  compiled: CompiledModule | undefined;
  linker: Linker;
  bodies: WeakMap<IBody, Run>;
  /** The timing windows some trigger listens to, by name (compiled code holds each one it opens: support.ts). */
  windows: Map<string, WindowRef>;
  /** `modify` contributions by hook, the hooks numbered. */
  hookIndex: Map<string, ItemList<HookItem>>;
  /** Skills that have filters (they change how cards read). */
  filterSkills: string[];
  /** The rules' `skillEnabled(owner, skill)`, which the engine asks before a skill acts (skills.ts); none: every
   *  skill a player has is enabled. */
  enabled: FnRef | undefined;
  /** Player properties the rules declare. */
  propertySet: Set<string>;
  /** Field names any card kind declares, in any edition: reading one a kind lacks gives none, not an error. */
  fieldNames: Set<string>;
  /** Per-player zones whose cards grant their skills (equipment). */
  grantZones: string[];
  /** Skills that grant skills (`grants x to …`): to players other than their owner, or to the owner. */
  grantors: string[];
  /** Table rules (owned by nobody) in declaration order: those that fire before every player's skills, and after. */
  tableRules: { before: string[]; after: string[] };
  /** Compiled code's maker of each event's fields, by event name (absent: runEvent sets them one by one). */
  eventFields: Map<string, ObjectMaker>;
  /** Compiled code's makers of a player's properties (absent: made from entries): all of them, in declaration order
   *  (the state's, game.ts), and the lists a reader sees (view.ts). */
  playerValues: { all: ObjectMaker | undefined; views: { names: string[]; make: ObjectMaker }[] };
  /** How often the games played so far reused each cache table's results (reads.ts CacheTally). */
  cacheTally: CacheTally;
  /** Properties, globals and use limits declared `reset at <event>`, by event kind. */
  resets: Map<string, { props: string[]; vars: string[] }>;
  /** The events a use limit is counted per (`limit 1 per turn`): their start clears those counters. */
  limitEvents: Set<string>;
}

/** The base program with the parts of every variant whose option has the variant's value merged over it. */
export function effectiveProgram(base: Program, options: Record<string, unknown>): { key: string; program: Program } {
  const active = activeVariants(base, options);
  return { key: variantsKey(active), program: programWith(base, active) };
}

/** The variants these options choose. */
function activeVariants(base: Program, options: Record<string, unknown>): Program['variants'] {
  return base.variants.filter(
    (v) => same(options[v.option] as Value, v.value as Value) && (v.mode === undefined || options.mode === v.mode),
  );
}

/** The variants chosen, as a key of the linked programs' cache ('' for none). */
function variantsKey(active: Program['variants']): string {
  return active.map((v) => `${v.mode ?? ''}:${v.option}=${String(v.value)}`).join(',');
}

/** The program with these variants' parts over the base's, card kinds with what they inherit. */
function programWith(base: Program, active: Program['variants']): Program {
  if (active.length === 0) return withInheritance(base);
  const p: Program = { ...base };
  for (const v of active) {
    for (const [k, part] of Object.entries(v.parts)) {
      if (k === 'modes') p.modes = withModes(p.modes, part as Program['modes']);
      else if (part && typeof part === 'object' && !Array.isArray(part)) {
        (p as unknown as Record<string, unknown>)[k] = {
          ...(p as unknown as Record<string, Record<string, unknown>>)[k],
          ...part,
        };
      }
    }
  }
  return withInheritance(p);
}

/** A variant's modes over the program's: a mode replaces the one of its id, an `extend mode` only its fields. */
function withModes(modes: Program['modes'], part: Program['modes']): Program['modes'] {
  const out = { ...modes };
  for (const [id, m] of Object.entries(part)) {
    const base = out[id];
    out[id] = m.extends && base ? { ...base, fields: { ...base.fields, ...m.fields } } : m;
  }
  return out;
}

/** The program with each card kind's inherited fields, skills and methods resolved (kinds.ts). */
function withInheritance(p: Program): Program {
  const cards = inheritKinds(p.cards);
  return cards === p.cards ? p : { ...p, cards };
}

const linkedCache = new WeakMap<Program, Map<string, Linked>>();

/** The linked program for these options, from the cache when a game with the same variants linked it before. */
export function linkProgram(
  base: Program,
  options: Record<string, unknown>,
  engine: EngineKind = 'resolved',
  readers?: MemberReaders,
): Linked {
  // The key first: a game of a program and variants linked before finds them without building the program again
  // (card kinds with what they inherit were made anew for every game).
  const active = activeVariants(base, options);
  const compiled = engine === 'compiled' ? compiledOf(base) : undefined;
  if (engine === 'compiled' && !compiled)
    throw new RuleError('no compiled code attached to this program (compiler/node/compiled.ts loadCompiled)', '');
  const reference = engine === 'reference';
  const key = `${variantsKey(active)}#${engine}`;
  let m = linkedCache.get(base);
  if (!m) linkedCache.set(base, (m = new Map()));
  const hit = m.get(key);
  if (hit && hit.compiled === compiled) return hit;
  const program = programWith(base, active);
  const windows = new Map<string, WindowRef>();
  let lists = 0;
  const hookIndex = new Map<string, ItemList<HookItem>>();
  const filterSkills: string[] = [];
  for (const s of Object.values(program.skills)) {
    s.triggers.forEach((t, idx) => {
      const ref: TriggerRef = { skill: s.id, idx, trig: t, keys: undefined, cond: undefined, body: undefined };
      let w = windows.get(t.window);
      if (w === undefined) windows.set(t.window, (w = { name: t.window, list: undefined, table: undefined }));
      if (s.table) (w.table ??= { before: [], after: [] })[s.table].push(ref);
      else (w.list ??= { no: lists++, items: [] }).items.push(ref);
    });
    s.modifies.forEach((mo, idx) => {
      let l = hookIndex.get(mo.hook);
      if (l === undefined) hookIndex.set(mo.hook, (l = { no: hookIndex.size, items: [] }));
      l.items.push({ skill: s.id, idx, mod: mo, cond: undefined, value: undefined });
    });
    if (s.filters.length) filterSkills.push(s.id);
  }
  const fieldNames = new Set<string>();
  for (const cards of [base.cards, ...base.variants.map((v) => v.parts.cards ?? {})]) {
    for (const c of Object.values(cards)) for (const f of Object.keys(c.fields)) fieldNames.add(f);
  }
  const linker = new Linker(program, builtins, reference);
  const eventFields = new Map<string, ObjectMaker>();
  const playerValues: Linked['playerValues'] = { all: undefined, views: [] };
  if (compiled) {
    const properties = new Set(Object.keys(program.properties));
    if (!readers) throw new RuleError('compiled code needs the member readers (Game passes them)', '');
    const member = (name: string) => readers(properties, name);
    const backend = bindCompiled(compiled, base, {
      linker,
      builtins,
      window: (w) => windows.get(w) ?? null,
      member,
      property: (name) => properties.has(name),
    });
    linker.useCompiled(backend);
    for (const ev of Object.values(program.events)) {
      const make = backend.makers.get(JSON.stringify(ev.params.map((p) => p.name)));
      if (make) eventFields.set(ev.id, make);
    }
    const lists = playerValueLists(program.properties);
    playerValues.all = backend.makers.get(JSON.stringify(lists.all));
    for (const names of [lists.own, lists.other]) {
      const make = backend.makers.get(JSON.stringify(names));
      if (make && !playerValues.views.some((v) => v.make === make)) playerValues.views.push({ names, make });
    }
  }
  const l: Linked = {
    program,
    reference,
    compiled,
    linker,
    bodies: new WeakMap(),
    windows,
    hookIndex,
    filterSkills,
    enabled: program.functions.skillEnabled ? linker.fnRef('skillEnabled') : undefined,
    propertySet: new Set(Object.keys(program.properties)),
    fieldNames,
    grantZones: Object.values(program.zones)
      .filter((z) => z.grants && z.perPlayer)
      .map((z) => z.id),
    grantors: Object.values(program.skills)
      .filter((s) => s.grants?.length && !s.table)
      .map((s) => s.id),
    tableRules: {
      before: Object.values(program.skills)
        .filter((s) => s.table === 'before')
        .map((s) => s.id),
      after: Object.values(program.skills)
        .filter((s) => s.table === 'after')
        .map((s) => s.id),
    },
    eventFields,
    playerValues,
    cacheTally: new CacheTally(),
    resets: resetIndex(program),
    limitEvents: new Set(
      Object.values(program.skills).flatMap((s) =>
        [...s.triggers, ...s.actives].flatMap((x) => (x.limit ? [x.limit.per] : [])),
      ),
    ),
  };
  m.set(key, l);
  return l;
}

function resetIndex(program: Program): Map<string, { props: string[]; vars: string[] }> {
  const m = new Map<string, { props: string[]; vars: string[] }>();
  const entry = (e: string) => {
    let x = m.get(e);
    if (!x) m.set(e, (x = { props: [], vars: [] }));
    return x;
  };
  for (const p of Object.values(program.properties)) if (p.resetAt) entry(p.resetAt).props.push(p.id);
  for (const g of Object.values(program.vars)) if (g.resetAt) entry(g.resetAt).vars.push(g.id);
  return m;
}

/** The closure for a body, linked on first use. */
export function runOf(L: Linked, b: IBody): Run {
  let r = L.bodies.get(b);
  if (!r) {
    r = L.linker.body(b);
    L.bodies.set(b, r);
  }
  return r;
}
