// Events and timing windows. An event runs its body with its parameters as fields any trigger may change; `stop`
// ends it (its cleanup still runs). `timing name for subject` opens a window: the triggers of every player's
// skills are collected seat by seat from the current player, a player with several orders them, each condition is
// re-checked just before firing, and optional ones ask first.
import type { IExpr } from './ir.ts';
import { decide } from './decisions.ts';
import { request, requestSubject } from './request.ts';
import type { Engine } from './engine.ts';
import { RETURN, STOP, truthy, type Ctx, type Ex, type Sig } from './link.ts';
import {
  ALL_SEATS,
  hasSeat,
  seatsWithItems,
  grantsLive,
  keptForSkills,
  limitKey,
  markOnce,
  markUse,
  onceSpent,
  skillEnabled,
  usesLeft,
} from './skills.ts';
import type {
  Asking,
  EventDesc,
  EventRef,
  ItemList,
  ParamDefault,
  ResetTo,
  Run,
  TriggerRef,
  WindowRef,
} from './types.ts';
import { RuleError, type Frame, type PlayerObj, type Value } from './values.ts';
import { D_USES } from './reads.ts';
import { runBodySync } from './sync.ts';
import { runOf } from './variants.ts';

/** Events nested inside events; deeper means a trigger keeps re-raising. */
export const MAX_DEPTH = 120;

export function runEvent(g: Engine, name: string, args: Value[], at: string): Asking<Value> {
  return runEventRef(g, g.L.linker.eventRef(name), args, at);
}

/** What running the event needs, found once per linked program (its bodies linked or bound to compiled code). */
function eventDesc(g: Engine, name: string, at: string): EventDesc {
  const ev = g.program.events[name];
  if (!ev) throw new RuleError(`no event ${name}`, at);
  return {
    ev,
    make: g.L.eventFields.get(name),
    body: runOf(g.L, ev.body),
    cleanup: ev.cleanup ? runOf(g.L, ev.cleanup) : null,
    resets: resetsOf(g, g.L.resets.get(name)),
    limited: g.L.limitEvents.has(name),
    defaults: ev.params.map((p) => defaultOf(g, p.default)),
  };
}

/** A parameter's default, linked once: `[]` (most list parameters' default) makes a new empty list without running
 *  code, and a plain literal is its value. */
function defaultOf(g: Engine, def: IExpr | undefined): ParamDefault {
  if (!def) return { value: null, compute: null, empty: false };
  if (def.k === 'lit') return { value: def.v, compute: null, empty: false };
  if (def.k === 'list' && def.items.length === 0) return { value: null, compute: null, empty: true };
  return { value: null, compute: g.L.linker.expr(def), empty: false };
}

/** What an event resets, each with its default linked once (a plain literal taken as its value). */
function resetsOf(g: Engine, r: { props: string[]; vars: string[] } | undefined): EventDesc['resets'] {
  if (r === undefined) return undefined;
  const to = (id: string, def: IExpr): ResetTo =>
    def.k === 'lit' && (def.v === null || typeof def.v !== 'object')
      ? { id, value: def.v, compute: null, empty: false }
      : def.k === 'list' && def.items.length === 0
        ? { id, value: null, compute: null, empty: true }
        : { id, value: null, compute: g.L.linker.expr(def), empty: false };
  const props = r.props.map((id) => to(id, g.program.properties[id]!.default));
  const vars = r.vars.map((id) => to(id, g.program.vars[id]!.default));
  return { props, vars, computed: [...props, ...vars].some((t) => t.compute !== null) };
}

export function* runEventRef(g: Engine, ref: EventRef, args: Value[], at: string): Asking<Value> {
  const c = eventStart(g, ref, args, at);
  try {
    const body = ref.d!.body;
    eventBody(c, g.answering !== null ? runBodySync(body, c) : body.y ? yield* body.gen(c) : body.run(c));
    if (ref.d!.cleanup !== null) yield* eventCleanup(g, ref, c);
    eventEnd(g, c);
  } finally {
    eventLeave(g, c);
  }
  return c.ret;
}

// An event in steps, so that compiled code runs its body without a generator of the engine's around it (each step
// is what runEventRef does at that point): eventStart, the body (its signal to eventBody), eventCleanup if the
// event has one, eventEnd, and eventLeave however the body ends. The context of the body is the handle: its frame
// is the event's, whose parent is the frame that was current before.

/** An event starts: its fields made, its resets, its frame made current; gives its body's context. */
export function eventStart(g: Engine, ref: EventRef, args: Value[], at: string): Ctx {
  const d = ref.d ?? (ref.d = eventDesc(g, ref.name, at));
  const ev = d.ev;
  const name = ev.id;
  const params = ev.params;
  // The arguments are the call's own list (every caller makes one for the call): the defaults are filled in it.
  const vals = args;
  const defaults = d.defaults;
  let dc: Ctx | null = null;
  for (let i = 0; i < params.length; i++) {
    if (vals[i] !== undefined) continue;
    const def = defaults[i]!;
    // A default that runs code does so in a context of its own (no event yet), made only when one is needed.
    vals[i] = def.empty ? [] : def.compute === null ? def.value : def.compute((dc ??= g.ctx(null, 0)));
  }
  const make = d.make;
  let data: Record<string, Value>;
  if (make !== undefined) data = make(vals);
  else {
    data = {};
    for (let i = 0; i < params.length; i++) data[params[i]!.name] = vals[i]!;
  }
  const frame: Frame = { t: 'e', id: name, data, stopped: false, parent: g.frame, key: 0 };
  if (d.limited || d.resets !== undefined) resetScoped(g, name, d.resets);
  g.tick();
  if (++g.depth > MAX_DEPTH) {
    g.depth = 0;
    g.runaway(`events nested more than ${MAX_DEPTH} deep (innermost: ${name})`);
  }
  g.frame = frame;
  g.mut++;
  for (let i = 0; i < g.observers.length; i++) g.observers[i]!(frame, 'start');
  const c = bodyCtx(g, d.body, ev.body.slots, frame);
  c.checkStop = true;
  return c;
}

/** The context an event's body (or cleanup) runs in: without a list of locals when its compiled form reads none
 *  from it (Run.v), as most of them (moving a card, a phase, a turn). */
function bodyCtx(g: Engine, body: Run, slots: number, frame: Frame): Ctx {
  if (body.v !== 0) return g.ctx(null, body.v ?? slots, frame);
  return { g, vars: NO_VARS, you: null, frame, subject: null, checkStop: false, ret: null };
}
/** The locals of a body that keeps none in its context: none may be written (frozen). */
const NO_VARS = Object.freeze([]) as unknown as Value[];

/** The event's body ended with this signal: its result is kept in c.ret (none unless it returned one). */
export function eventBody(c: Ctx, sig: Sig): void {
  if (sig !== RETURN) c.ret = null;
  if (sig === STOP) c.frame!.stopped = true;
}

/** The event's cleanup (an event that declares one). */
export function* eventCleanup(g: Engine, ref: EventRef, c: Ctx): Asking<void> {
  const cleanup = ref.d!.cleanup!;
  const cc = bodyCtx(g, cleanup, ref.d!.ev.cleanup!.slots, c.frame!);
  if (g.answering !== null) runBodySync(cleanup, cc);
  else if (cleanup.y) yield* cleanup.gen(cc);
  else cleanup.run(cc);
}

/** The event is over (its watchers are told). */
export function eventEnd(g: Engine, c: Ctx): void {
  for (let i = 0; i < g.observers.length; i++) g.observers[i]!(c.frame!, 'end');
}

/** The event's frame is left, however its body ended: the frame before it is current again. */
export function eventLeave(g: Engine, c: Ctx): void {
  g.frame = c.frame!.parent;
  g.mut++;
  if (g.depth > 0) g.depth--;
}

/** An event of this kind starts: clear the use limits counted per it and reset what is declared `reset at` it. */
function resetScoped(g: Engine, eventName: string, r: EventDesc['resets']): void {
  const reads = g.reads;
  // A counter table or a value already as a reset leaves it is not written again: a write would drop every cached
  // result that read it (reads.ts), and most events of a kind start with nothing counted or changed since the last.
  const used = g.state.uses[eventName];
  if (used !== undefined && hasKeys(used)) {
    g.state.uses[eventName] = {};
    reads?.bump(D_USES);
  }
  if (!r) return;
  const c = r.computed ? g.ctx(null, 0) : null;
  // A value of a plain default (or an empty list: a list is a value, never changed in place) not written since this
  // kind of event last reset it is still that default: it is not read again (most events of a kind find every value
  // as the last one left it), nor is any seat's when no seat's was written.
  const since = reads === null ? 0 : (g.resetAt.get(eventName) ?? 0);
  for (const t of r.props) {
    const plain = t.compute === null && since > 0;
    const no = plain ? reads!.propIndex(t.id) : -1;
    if (plain && !reads!.propWrittenAfter(no, since)) continue;
    for (const pl of g.state.players) {
      if (plain && !reads!.writtenAfter(reads!.propAt(pl.seat, no), since)) continue;
      const v = resetValue(t, c);
      if (samePlain(v, pl.v[t.id] as Value)) continue;
      pl.v[t.id] = v;
      reads?.bump(reads.propId(pl, t.id));
    }
  }
  for (const t of r.vars) {
    if (t.compute === null && since > 0 && !reads!.writtenAfter(reads!.globalId(t.id), since)) continue;
    const v = resetValue(t, c);
    if (samePlain(v, g.state.globals[t.id] as Value)) continue;
    g.state.globals[t.id] = v;
    reads?.bump(reads.globalId(t.id));
  }
  if (reads !== null) g.resetAt.set(eventName, reads.writes);
}

/** What a reset writes: a new empty list, the plain default, or the default computed now (in `c`). */
function resetValue(t: ResetTo, c: Ctx | null): Value {
  return t.empty ? [] : t.compute === null ? t.value : t.compute(c!);
}

/** The same plain value: equal numbers, texts, truth values or none, or lists of them with the same items. A reset
 *  leaves such a value as it is (a list is a value: the rules make a new one rather than change one), so that the
 *  lists most events of a kind reset to empty again (skipped phases, skills used in a phase) are not written. */
function samePlain(a: Value, b: Value): boolean {
  if (a === b && (a === null || typeof a !== 'object')) return true;
  if (!Array.isArray(a) || !Array.isArray(b) || a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) {
    const x = a[i];
    if (x !== b[i] || (x !== null && typeof x === 'object')) return false;
  }
  return true;
}

function hasKeys(o: object): boolean {
  for (const _ in o) return true;
  return false;
}

/** Seats from the current player onwards. */
export function seatOrder(g: Engine): PlayerObj[] {
  const ps = g.state.players;
  const out: PlayerObj[] = [];
  for (let i = 0; i < ps.length; i++) out.push(ps[(g.state.current + i) % ps.length]!);
  return out;
}

/** The trigger's condition's code (null: it has none), found once: the reference is its linked program's. */
function conditionOf(g: Engine, it: TriggerRef): Ex | null {
  if (it.cond === undefined) it.cond = it.trig.condExpr ? g.L.linker.expr(it.trig.condExpr) : null;
  return it.cond;
}

function triggerCondition(g: Engine, it: TriggerRef, owner: PlayerObj, frame: Frame, subject: PlayerObj): boolean {
  const cond = conditionOf(g, it);
  return cond === null || truthy(cond(g.ctx(owner, it.trig.body.slots, frame, subject)));
}

/** The window's triggers of skills p has (kept per seat and window: skills.ts keptForSkills). */
function seatTriggers(g: Engine, list: ItemList<TriggerRef>, p: PlayerObj): TriggerRef[] {
  return keptForSkills(g, g.seatTriggers, list, p);
}

/** The seats with a skill with a trigger in this window (skills.ts seatsWithItems; 0: none). Most windows that some
 *  skill of the rules listens to have no such skill at a given table: the answer is kept per window until anybody's
 *  skills change, so that those windows cost one lookup instead of a pass over every seat, and the others look only
 *  at the seats that listen. With skills that grant skills, whether anyone listens is a cached result in the table
 *  of the window's items (which keeps each seat's list under the seat's key: skills.ts keptForSkills), under the
 *  key of no arguments, and every seat is looked at. */
function listeningSeats(g: Engine, list: ItemList<TriggerRef>): number {
  const r = g.reads;
  if (r === null) return ALL_SEATS;
  if (grantsLive(g)) {
    const any = r.cached(r.table(list.items), NO_ARGS_KEY, g.guards.mask, g.frame, listensNow, g, list, null, null);
    return any === true ? ALL_SEATS : 0;
  }
  return seatsWithItems(g, r, g.windowListeners, g.seatTriggers, list, false);
}

/** Reads.key([]): the key of a computation without arguments. */
const NO_ARGS_KEY = -1;

function listensNow(g: Engine, list: ItemList<TriggerRef>): boolean {
  for (const p of g.state.players) if (keptForSkills(g, g.seatTriggers, list, p).length > 0) return true;
  return false;
}

/** The use-limit key of a trigger for a seat (skills.ts limitKey), made once per trigger and seat. */
function keyOf(it: TriggerRef, p: PlayerObj): string {
  const keys = (it.keys ??= []);
  return (keys[p.seat] ??= limitKey(it.skill, 't', it.idx, p));
}

const NO_TRIGGERS: readonly TriggerRef[] = [];

/** The triggers of p's skills that may fire now in this window (not fired yet, within limits, enabled, true). */
function candidates(
  g: Engine,
  list: ItemList<TriggerRef>,
  p: PlayerObj,
  subject: PlayerObj,
  frame: Frame,
  done: Set<string> | null,
): readonly TriggerRef[] {
  // Players out of play take part in no window (a death window opens while the dying player is still in).
  if (!p.alive) return NO_TRIGGERS;
  const mine = seatTriggers(g, list, p);
  let out: TriggerRef[] | null = null;
  for (let i = 0; i < mine.length; i++) {
    const it = mine[i]!; // an index, not for…of: see hooks.ts contribute
    const t = it.trig;
    if (t.subject === 'you' ? subject !== p : t.subject === 'other' ? subject === p : false) continue;
    const key = keyOf(it, p);
    if (done?.has(key)) continue;
    if (!usesLeft(g, t.limit, key)) continue;
    if (onceSpent(g, it.skill, p)) continue;
    if (!skillEnabled(g, p, it.skill)) continue;
    if (!triggerCondition(g, it, p, frame, subject)) continue;
    (out ??= []).push(it);
  }
  return out ?? NO_TRIGGERS;
}

/** Open a timing window by name (one no trigger listens to opens nothing). */
export function* openWindow(g: Engine, window: string, subject: PlayerObj, frame: Frame): Asking<void> {
  const w = g.L.windows.get(window);
  if (w !== undefined) yield* openWindowAt(g, w, subject, frame);
}

/** Open a timing window: collect triggers seat by seat from the current player, let each player order
 *  their own, re-check every condition just before firing. */
function* openWindowAt(g: Engine, w: WindowRef, subject: PlayerObj, frame: Frame): Asking<void> {
  const table = w.table;
  if (table?.before.length) yield* tableRules(g, table.before, subject, frame);
  const seats = seatsRun(g, w, subject, frame);
  if (seats !== null) yield* seats;
  if (table?.after.length) yield* tableRules(g, table.after, subject, frame);
}

/** What opening the window does: null when nothing fires in it (every seat's triggers checked now, without making
 *  a generator), else the generator that fires what does (openWindow). Most windows a game opens fire nothing.
 *  Compiled code holds the window's reference (support.ts `window`): no lookup by name. */
export function windowAt(g: Engine, w: WindowRef, subject: PlayerObj, frame: Frame): Asking<void> | null {
  if (w.table !== undefined) return openWindowAt(g, w, subject, frame);
  return seatsRun(g, w, subject, frame);
}

/** The seats' part of a window: null when no seat has a trigger to fire now, else the generator that fires them
 *  (playersSkills), seat by seat from the current one. */
function seatsRun(g: Engine, w: WindowRef, subject: PlayerObj, frame: Frame): Asking<void> | null {
  const list = w.list;
  if (list === undefined) return null;
  const seats = listeningSeats(g, list);
  if (seats === 0) return null;
  const from = g.state.current;
  const first = nextFiring(g, list, subject, frame, from, 0, null, seats);
  return first === null ? null : playersSkills(g, list, w.name, subject, frame, from, first, seats);
}

/** The table's rules in a window: in declaration order, each trigger once, its condition checked just before it
 *  fires; nobody is asked to order them or whether to use them. */
function* tableRules(g: Engine, items: TriggerRef[], subject: PlayerObj, frame: Frame): Asking<void> {
  for (const it of items) {
    if (frame.stopped || g.state.over) return;
    const t = it.trig;
    // The counter's key is made only for a rule with a limit: most have none, and this runs at every window.
    const key = t.limit ? `table:${it.skill}:t${it.idx}` : '';
    if (!usesLeft(g, t.limit, key)) continue;
    const cond = conditionOf(g, it);
    if (cond !== null && !truthy(cond(g.ctx(null, t.body.slots, frame, subject)))) continue;
    markUse(g, t.limit, key);
    g.tick();
    g.logLine('event', 'rule {0}', [it.skill]);
    const c = g.ctx(null, t.body.slots, frame, subject);
    const saved = g.frame;
    g.runningSkills.push({ skill: it.skill, window: t.window });
    try {
      const body = (it.body ??= runOf(g.L, t.body));
      if (g.answering !== null) runBodySync(body, c);
      else if (body.y) yield* body.gen(c);
      else body.run(c);
    } finally {
      g.frame = saved;
      g.runningSkills.pop();
    }
  }
}

/** The next seat with triggers to fire, from the `i`-th seat after `from` (the seat that was current when the
 *  window opened) on, and those triggers; null when none is left, or the event was stopped or the game ended. */
function nextFiring(
  g: Engine,
  list: ItemList<TriggerRef>,
  subject: PlayerObj,
  frame: Frame,
  from: number,
  i: number,
  done: Set<string> | null,
  seats: number,
): { i: number; cands: readonly TriggerRef[] } | null {
  const ps = g.state.players;
  for (; i < ps.length; i++) {
    if (frame.stopped || g.state.over) return null;
    const p = ps[(from + i) % ps.length]!;
    if (!hasSeat(seats, p.seat)) continue;
    const cands = candidates(g, list, p, subject, frame, done);
    if (cands.length > 0) return { i, cands };
  }
  return null;
}

/** The seats' triggers, seat by seat from `from`: a seat fires what it can (ordering several) and is asked again
 *  until nothing of its is left, then the next seat. `first`: what nextFiring found when the window opened. */
function* playersSkills(
  g: Engine,
  list: ItemList<TriggerRef>,
  window: string,
  subject: PlayerObj,
  frame: Frame,
  from: number,
  first: { i: number; cands: readonly TriggerRef[] },
  listening: number,
): Asking<void> {
  const ps = g.state.players;
  let done: Set<string> | null = null;
  // The seats that listen, found again once somebody's skills changed (a trigger that fired may have done it).
  const r = g.reads;
  let seats = listening;
  let stamp = r === null ? 0 : r.allSkillsStamp();
  for (let next: typeof first | null = first; next !== null; ) {
    const p = ps[(from + next.i) % ps.length]!;
    const cands = next.cands;
    let pick = cands[0]!;
    if (cands.length > 1) {
      const ans = yield* decide(
        g,
        request(
          p.seat,
          `order:${window}`,
          cands.map((x) => ({ label: x.skill, value: x.skill })),
          1,
          1,
          requestSubject(undefined, undefined, undefined, window),
        ),
      );
      pick = cands[ans[0]!]!;
    }
    const key = keyOf(pick, p);
    (done ??= new Set()).add(key);
    yield* fireTrigger(g, pick, key, p, subject, frame);
    if (r !== null && r.allSkillsStamp() !== stamp) {
      stamp = r.allSkillsStamp();
      seats = listeningSeats(g, list);
    }
    next = nextFiring(g, list, subject, frame, from, next.i, done, seats);
  }
}

function* fireTrigger(
  g: Engine,
  it: TriggerRef,
  key: string,
  owner: PlayerObj,
  subject: PlayerObj,
  frame: Frame,
): Asking<void> {
  const { skill, trig: t } = it;
  if (t.optional) {
    const ans = yield* decide(
      g,
      request(
        owner.seat,
        `use:${skill}`,
        [
          { label: 'yes', value: true },
          { label: 'no', value: false },
        ],
        1,
        1,
        requestSubject(undefined, undefined, skill, t.window),
      ),
    );
    if (ans[0] !== 0) return;
  }
  markUse(g, t.limit, key);
  markOnce(g, skill, owner);
  g.tick();
  g.logLine('event', '{0} {1}', [owner, skill]);
  const c = g.ctx(owner, t.body.slots, frame, subject);
  const saved = g.frame;
  g.runningSkills.push({ skill, window: t.window });
  try {
    const body = (it.body ??= runOf(g.L, t.body));
    if (g.answering !== null) runBodySync(body, c);
    else if (body.y) yield* body.gen(c);
    else body.run(c);
  } catch (e) {
    g.unwinding(e, skill);
    throw e;
  } finally {
    g.frame = saved;
    g.runningSkills.pop();
  }
}
