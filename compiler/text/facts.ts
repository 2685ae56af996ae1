// Facts the wording needs and the AST does not say directly, found once per program:
//  - which event opens each timing window (so `event.card` in a trigger on `damaged` reads as `damage.card`);
//  - which kind of event an `event`-typed parameter holds (`effect(e: event)` gets a `cardEffect`, whose `use`
//    field holds a `useCard`), from the arguments passed at every call site, to a fixpoint.
import type * as A from '../ast/nodes.ts';
import type { Symbols } from '../lower/symbols.ts';
import type { DeclCache } from '../decl-cache.ts';
import { AskIndex, positional } from './asks.ts';
import { sameList, sameMap } from './same.ts';
import { printExpr } from '../ast/print.ts';

export { positional };

export type Callee = string; // `event:damage`, `action:draw`, `function:f`, `method:effect`, `mode:afterDeath`

/** A body the rounds re-read (`Facts`): its parameters (name → paramKinds key) and the steps that can change
 *  something. */
type Scan = {
  callee: Callee;
  window?: string;
  eventHere: boolean; // an event or a trigger: `event` (or the trigger's alias) is an event of its contexts
  alias?: string;
  params: Map<string, string>;
  steps: Step[];
  fields: boolean; // some step reads an event's field (`e.f`)
  read: number; // the size of what it reads when it was last read (-1: never)
};
/** A `let` that may hold event kinds, or a call: of something other than an event (`context`: it runs in the
 *  caller's contexts; `passed` of them passed on so far) or with arguments that may hold event kinds. */
type Step = { let: string; value: A.Expr } | { callee: Callee; context: boolean; passed: number; args: Arg[] };
/** An argument that may hold event kinds, with its callee's paramKinds key. */
type Arg = { key: string; value: A.Expr };
type Timing = { callee: Callee; window: string; passed: number };
/** A body of the rules the facts are found from. */
type Body = {
  callee: Callee;
  params: A.Param[];
  body?: A.Block;
  expr?: A.Expr;
  event?: string;
  window?: string;
  alias?: string;
};
/** What one walk of a declaration's bodies found (`Facts.walk`). */
export type Walked = { scans: Scan[]; timings: Timing[]; subjects: [string, string | null][] };

/** Per top-level declaration, what walking its bodies found, kept while its declaration and what it read hold: the
 *  names it looked up (through the table) and the card and mode methods' parameters (`tag`). */
export class WalkCache {
  private last?: { methods: Map<string, A.Param[]>; modes: Map<string, A.Param[]>; tag: object };
  constructor(readonly decls: DeclCache<A.Decl, Walked>) {}

  /** The same object while the methods' parameters are the same ones. */
  tag(methods: Map<string, A.Param[]>, modes: Map<string, A.Param[]>): object {
    const l = this.last;
    const same = (a: A.Param[], b: A.Param[]) => a === b;
    if (l && sameMap(l.methods, methods, same) && sameMap(l.modes, modes, same)) return l.tag;
    this.last = { methods, modes, tag: {} };
    return this.last.tag;
  }
}

/** No event kinds (shared, never added to). */
const NO_KINDS: readonly string[] = [];

/** `within(e)`'s argument name: the expression is an event of kind e whenever that names an event. */
function withinEvent(e: A.Expr): string | undefined {
  return e.kind === 'Call' && e.callee.kind === 'Name' && e.callee.name === 'within' && e.args[0]?.value.kind === 'Name'
    ? e.args[0].value.name
    : undefined;
}

export class Facts {
  /** window → the events (or contexts) in which it opens, in declaration order. */
  windowEvents = new Map<string, string[]>();
  /** window → the field of its event that is its subject (`timing damaged for to` → to), when every event opening
   *  it says so with a field of its own. */
  windowSubjects = new Map<string, string | null>();
  /** `${callee}#${index}` → the event kinds that parameter holds. */
  paramKinds = new Map<string, Set<string>>();
  /** callable → the innermost events it runs inside. */
  contexts = new Map<Callee, Set<string>>();
  /** card method name → its parameters (from the first card kind declaring it). */
  methodParams = new Map<string, A.Param[]>();
  /** mode method name → its parameters. */
  modeParams = new Map<string, A.Param[]>();
  /** Where the rules ask a player for a card of some kind (compiler/text/asks.ts). */
  asks: AskIndex;

  constructor(
    /** Rebound to a later table when a re-check reuses these facts (compiler/text/missing.ts). */
    public S: Symbols,
    files: A.SourceFile[],
    /** Found from the same declarations before (compiler/text/missing.ts). */
    asks?: AskIndex,
    /** What walking each declaration found, kept across compiles (compiler/text/missing.ts). */
    cache?: WalkCache,
  ) {
    this.asks = asks ?? new AskIndex(S, files);
    const bodies: Body[] = [];
    // The bodies of each top-level declaration: bodies[from, to).
    const groups: { top: A.Decl; from: number; to: number }[] = [];
    for (const f of files)
      for (const d of f.decls) {
        const from = bodies.length;
        this.visitDecl(d, bodies);
        if (bodies.length > from) groups.push({ top: d, from, to: bodies.length });
      }

    // Contexts: an event runs in itself; anything else in the contexts of its callers. Each callable's contexts
    // also as a list in the same order, so that a call site can go on from the ones it has already passed on.
    const ctxList = new Map<Callee, string[]>();
    const addContext = (callee: Callee, k: string): boolean => {
      const set = this.contexts.get(callee) ?? new Set();
      if (set.has(k)) return false;
      set.add(k);
      this.contexts.set(callee, set);
      const list = ctxList.get(callee);
      list ? list.push(k) : ctxList.set(callee, [k]);
      return true;
    };
    for (const b of bodies) if (b.event) addContext(b.callee, b.event);

    // One walk of each body finds its timings and the steps the rounds below re-read (`walk`), kept per top-level
    // declaration across compiles with `cache`; the rounds' marks on what they found are set back.
    const timings: Timing[] = [];
    const scans: Scan[] = [];
    const tag = cache?.tag(this.methodParams, this.modeParams);
    for (const g of groups) {
      const walked = () => this.walk(bodies, g.from, g.to);
      const found = cache ? cache.decls.run(g.top, S, walked, tag) : walked();
      for (const sc of found.scans) {
        sc.read = -1;
        for (const st of sc.steps) if ('callee' in st) st.passed = 0;
        scans.push(sc);
      }
      for (const t of found.timings) {
        t.passed = 0;
        timings.push(t);
      }
      for (const [w, f] of found.subjects) {
        const prev = this.windowSubjects.get(w);
        this.windowSubjects.set(w, prev === undefined ? f : prev === f ? f : null);
      }
    }

    let added = 0; // kinds added to paramKinds so far
    const addParamKind = (key: string, k: string): boolean => {
      const set = this.paramKinds.get(key) ?? new Set();
      if (set.has(k)) return false;
      set.add(k);
      this.paramKinds.set(key, set);
      added++;
      return true;
    };
    const ctxOf = (b: Scan) => (b.window ? this.windowEvents.get(b.window) : ctxList.get(b.callee)) ?? NO_KINDS;

    // To a fixpoint. Contexts and window events only grow, by appending, so a call site (or a timing) passes on only
    // the part of its list it has not passed on yet (`passed`): the rest would add nothing. Every round but the last
    // adds to sets drawn from the program's event kinds, so the rounds end. (A cap of six rounds, just enough for
    // rules/, would have cut a longer chain of calls short without a word.)
    for (let changed = true; changed; ) {
      changed = false;
      for (const b of scans) {
        // A body reads its contexts, its parameters' kinds and, through `e.f`, event fields' kinds. These only grow:
        // when none grew since its last read (the sum of their sizes is the same), a read would add nothing.
        let size = ctxOf(b).length;
        for (const key of b.params.values()) size += this.paramKinds.get(key)?.size ?? 0;
        if (b.fields) size += added;
        if (size === b.read) continue;
        b.read = size;
        // This body's own contexts do not grow while it is read (a call of itself adds only what it has), nor do
        // a window's events (only the timings below add to them).
        const ctx = ctxOf(b);
        const locals = new Map<string, Set<string>>();
        for (const st of b.steps) {
          if ('let' in st) {
            // A copy: what `kinds` gives may be a set that grows later in this body.
            const ks = new Set(this.kinds(st.value, b, ctx, locals));
            if (ks.size) locals.set(st.let, ks);
            continue;
          }
          // The callee runs inside this body's contexts.
          if (st.context) {
            for (let j = st.passed; j < ctx.length; j++) if (addContext(st.callee, ctx[j]!)) changed = true;
            st.passed = ctx.length;
          }
          for (const a of st.args)
            for (const k of this.kinds(a.value, b, ctx, locals)) if (addParamKind(a.key, k)) changed = true;
        }
      }
      // Windows open in the contexts of the bodies that open them.
      for (const tm of timings) {
        const ev = tm.callee.startsWith('event:') ? [tm.callee.slice(6)] : (ctxList.get(tm.callee) ?? NO_KINDS);
        let list = this.windowEvents.get(tm.window);
        if (!list) this.windowEvents.set(tm.window, (list = []));
        for (let j = tm.passed; j < ev.length; j++)
          if (!list.includes(ev[j]!)) {
            list.push(ev[j]!);
            changed = true;
          }
        tm.passed = ev.length;
      }
    }
  }

  /** The event kinds an expression of body `b` may hold, `ctx` being the events it runs in: ctx's for `event` (or
   *  the trigger's alias), then a local's, then a parameter's. Not a copy: it may be `ctx`, a local's set or a
   *  parameter's set in paramKinds. */
  private kinds(e: A.Expr, b: Scan, ctx: readonly string[], locals: Map<string, Set<string>>): Iterable<string> {
    if (e.kind === 'Name') {
      const fromEvent = b.eventHere && (e.name === 'event' || e.name === b.alias) ? ctx : undefined;
      const local = locals.get(e.name);
      const key = b.params.get(e.name);
      const param = key ? this.paramKinds.get(key) : undefined;
      // Mostly one of the three, given as it is.
      if (!local && !param) return fromEvent ?? NO_KINDS;
      if (!fromEvent && !param) return local!;
      if (!fromEvent && !local) return param!;
      const out = new Set(fromEvent);
      for (const k of local ?? NO_KINDS) out.add(k);
      for (const k of param ?? NO_KINDS) out.add(k);
      return out;
    }
    if (e.kind === 'Member') {
      let out: Set<string> | undefined;
      for (const k of this.kinds(e.object, b, ctx, locals)) {
        const ps = this.paramsOf(`event:${k}`);
        const i = ps?.findIndex((p) => p.name.name === e.name.name) ?? -1;
        const field = i >= 0 ? this.paramKinds.get(`event:${k}#${i}`) : undefined;
        if (field) for (const x of field) (out ??= new Set()).add(x);
      }
      return out ?? NO_KINDS;
    }
    const ev = withinEvent(e);
    if (ev === undefined) return NO_KINDS;
    const s = this.S.get(ev);
    return s?.kind === 'event' ? [s.id] : NO_KINDS;
  }

  /** A declaration's bodies, onto `bodies`; a card's and a mode's methods' parameters noted on the way. */
  private visitDecl(d: A.Decl, bodies: Body[]): void {
    switch (d.kind) {
      case 'Event':
        bodies.push({ callee: `event:${d.names.id.name}`, params: d.params, body: d.body, event: d.names.id.name });
        if (d.cleanup)
          bodies.push({
            callee: `event:${d.names.id.name}`,
            params: d.params,
            body: d.cleanup,
            event: d.names.id.name,
          });
        break;
      case 'Action':
        bodies.push({ callee: `action:${d.names.id.name}`, params: d.params, body: d.body });
        break;
      case 'Function':
        bodies.push({ callee: `function:${d.names.id.name}`, params: d.params, body: d.body, expr: d.expr });
        break;
      case 'Card':
        methodBodies(d.methods, 'method', this.methodParams, bodies);
        break;
      case 'CardMethod':
        if (!this.methodParams.has(d.name.name)) this.methodParams.set(d.name.name, d.params);
        break;
      case 'Mode':
        methodBodies(d.methods, 'mode', this.modeParams, bodies);
        break;
      case 'Skill':
        for (const it of d.items) {
          if (it.kind === 'Trigger')
            bodies.push({
              callee: `trigger:${d.names.id.name}`,
              params: [],
              body: it.body,
              window: it.window.name,
              alias: it.alias?.name,
            });
          if (it.kind === 'Active') bodies.push({ callee: `active:${d.names.id.name}`, params: [], body: it.body });
        }
        break;
      case 'Variant':
        for (const x of d.decls) this.visitDecl(x, bodies);
        break;
    }
  }

  /** What walking one declaration's bodies finds, through `cache` (a re-check compares a skill's walk before and
   *  after an edit: compiler/text/missing.ts). Only for a declaration that notes no parameters (a skill). */
  walkedOf(d: A.Decl, cache: WalkCache): Walked {
    const bodies: Body[] = [];
    this.visitDecl(d, bodies);
    const tag = cache.tag(this.methodParams, this.modeParams);
    return cache.decls.run(d, this.S, () => this.walk(bodies, 0, bodies.length), tag);
  }

  /** One walk of bodies[from, to): each body's steps the rounds re-read, in order, only those that can change
   *  something (a `let` or an argument whose expression may hold event kinds: `mayHold`; a call of something other
   *  than an event, which runs inside this body's contexts; any other step gives nothing in every round, so leaving
   *  it out changes no result, order or symbol read), its timings, and each timing's subject field if any. */
  private walk(bodies: Body[], from: number, to: number): Walked {
    const timings: Timing[] = [];
    const scans: Scan[] = [];
    const subjects: [string, string | null][] = [];
    const paramsOf = new Map<Callee, A.Param[] | undefined>(); // each callee's, once (its symbol read the first time)
    for (let bi = from; bi < to; bi++) {
      const b = bodies[bi]!;
      const eventHere = !!b.event || !!b.window;
      const scan: Scan = {
        callee: b.callee,
        window: b.window,
        eventHere,
        alias: b.alias,
        params: new Map(),
        steps: [],
        fields: false,
        read: -1,
      };
      b.params.forEach((p, i) => {
        if (!scan.params.has(p.name.name)) scan.params.set(p.name.name, `${b.callee}#${i}`);
      });
      // The names that may hold kinds: `event` (or the trigger's alias), parameters, and lets seen so far that may.
      const names = new Set(scan.params.keys());
      if (eventHere) names.add('event');
      if (eventHere && b.alias) names.add(b.alias);
      const mayHold = (e: A.Expr): boolean =>
        e.kind === 'Name' ? names.has(e.name) : e.kind === 'Member' ? mayHold(e.object) : withinEvent(e) !== undefined;
      const onCall = (c: A.Call) => {
        const callee = this.calleeOf(c);
        if (!callee) return;
        if (!paramsOf.has(callee)) paramsOf.set(callee, this.paramsOf(callee));
        const params = paramsOf.get(callee);
        const args: Arg[] = [];
        if (params)
          positional(
            c,
            params.map((p) => p.name.name),
            callee.startsWith('method:') || c.callee.kind !== 'Member' ? 0 : 1,
          ).forEach((a, i) => {
            if (!a || !mayHold(a)) return;
            args.push({ key: `${callee}#${i}`, value: a });
            if (a.kind === 'Member') scan.fields = true;
          });
        const context = !callee.startsWith('event:');
        if (context || args.length) scan.steps.push({ callee, context, passed: 0, args });
      };
      const onStmt = (s: A.Stmt) => {
        if (s.kind === 'Let' && mayHold(s.value)) {
          scan.steps.push({ let: s.name.name, value: s.value });
          if (s.value.kind === 'Member') scan.fields = true;
          names.add(s.name.name);
        }
        if (s.kind === 'Timing') {
          timings.push({ callee: b.callee, window: s.name.name, passed: 0 });
          const f = b.event && s.subject.kind === 'Name' && scan.params.has(s.subject.name) ? s.subject.name : null;
          subjects.push([s.name.name, f]);
        }
      };
      if (b.expr) walkExpr(b.expr, onCall);
      if (b.body) walkStmts(b.body, onStmt, onCall);
      if (scan.steps.length) scans.push(scan);
    }
    return { scans, timings, subjects };
  }

  /** The same facts as `o`, found from the same trees: either serves as the other (a re-check after an edit inside
   *  a body keeps the last facts, and with them what was worded and proved with them). */
  sameAs(o: Facts): boolean {
    const sameSet = (a: Set<string>, b: Set<string>) => sameList([...a], [...b]);
    const same = <T>(a: T, b: T) => a === b;
    return (
      sameMap(this.windowEvents, o.windowEvents, (a, b) => sameList(a, b)) &&
      sameMap(this.windowSubjects, o.windowSubjects, same) &&
      sameMap(this.paramKinds, o.paramKinds, sameSet) &&
      sameMap(this.contexts, o.contexts, sameSet) &&
      sameMap(this.methodParams, o.methodParams, same) &&
      sameMap(this.modeParams, o.modeParams, same) &&
      this.asks.sameAs(o.asks)
    );
  }

  /** The event kinds an `event`-typed parameter holds. */
  kindsOfParam(callee: Callee, index: number): string[] {
    return [...(this.paramKinds.get(`${callee}#${index}`) ?? [])];
  }

  calleeOf(c: A.Call): Callee | undefined {
    if (c.callee.kind === 'Name') {
      const s = this.S.get(c.callee.name);
      if (s && (s.kind === 'event' || s.kind === 'action' || s.kind === 'function' || s.kind === 'hook'))
        return `${s.kind}:${s.id}`;
      return undefined;
    }
    if (c.callee.kind === 'Member') {
      const n = c.callee.name.name;
      if (this.S.methodNames.has(n)) return `method:${n}`;
      const s = this.S.get(n);
      if (s?.kind === 'function') return `function:${s.id}`;
    }
    return undefined;
  }

  paramsOf(callee: Callee): A.Param[] | undefined {
    const [kind, id] = callee.split(':') as [string, string];
    if (kind === 'method') return this.methodParams.get(id);
    if (kind === 'mode') return this.modeParams.get(id);
    const s = this.S.get(id);
    if (!s) return undefined;
    const d = s.decl as A.Decl;
    if (d.kind === 'Event' || d.kind === 'Action' || d.kind === 'Function' || d.kind === 'Hook') return d.params;
    return undefined;
  }
}

export function walkExpr(e: A.Expr, onCall: (c: A.Call) => void): void {
  switch (e.kind) {
    case 'Member':
      walkExpr(e.object, onCall);
      break;
    case 'Call':
      onCall(e);
      walkExpr(e.callee, onCall);
      e.args.forEach((a) => walkExpr(a.value, onCall));
      break;
    case 'Unary':
      walkExpr(e.operand, onCall);
      break;
    case 'Binary':
      walkExpr(e.left, onCall);
      walkExpr(e.right, onCall);
      break;
    case 'List':
      e.items.forEach((x) => walkExpr(x, onCall));
      break;
    case 'Where':
      walkExpr(e.list, onCall);
      walkExpr(e.cond, onCall);
      break;
  }
}

export function walkStmts(b: A.Block, onStmt: (s: A.Stmt) => void, onCall: (c: A.Call) => void = () => {}): void {
  for (const s of b.stmts) walkStmt(s, onStmt, onCall);
}

function walkStmt(s: A.Stmt, onStmt: (s: A.Stmt) => void, onCall: (c: A.Call) => void): void {
  onStmt(s);
  switch (s.kind) {
    case 'Let':
      walkExpr(s.value, onCall);
      break;
    case 'Assign':
      walkExpr(s.target, onCall);
      walkExpr(s.value, onCall);
      break;
    case 'If':
      walkExpr(s.cond, onCall);
      walkStmts(s.then, onStmt, onCall);
      if (s.else) s.else.kind === 'If' ? walkStmt(s.else, onStmt, onCall) : walkStmts(s.else, onStmt, onCall);
      break;
    case 'For':
      walkExpr(s.iterable, onCall);
      walkStmts(s.body, onStmt, onCall);
      break;
    case 'While':
      walkExpr(s.cond, onCall);
      walkStmts(s.body, onStmt, onCall);
      break;
    case 'Repeat':
      if (s.count) walkExpr(s.count, onCall);
      walkStmts(s.body, onStmt, onCall);
      break;
    case 'Return':
      if (s.value) walkExpr(s.value, onCall);
      break;
    case 'Stop':
      if (s.target) walkExpr(s.target, onCall);
      break;
    case 'Timing':
      walkExpr(s.subject, onCall);
      break;
    case 'ExprStmt':
      walkExpr(s.expr, onCall);
      break;
  }
}

/** Methods' bodies onto `bodies`, each as `prefix:name`; the first parameters seen for each name noted in `params`. */
function methodBodies(
  methods: readonly A.MethodDecl[],
  prefix: string,
  params: Map<string, A.Param[]>,
  bodies: Body[],
) {
  for (const m of methods) {
    if (!params.has(m.name.name)) params.set(m.name.name, m.params);
    bodies.push({ callee: `${prefix}:${m.name.name}`, params: m.params, body: m.body, expr: m.expr });
  }
}

/** What the facts can learn from a walk, as text: two walks with the same key add the same facts (a number edited
 *  inside a skill's body changes none of it). The rounds' marks (`read`, `passed`) are not part of it. */
export function walkKey(w: Walked): string {
  let k = '';
  for (const sc of w.scans) {
    k += `S${sc.callee}|${sc.window ?? ''}|${sc.eventHere}|${sc.alias ?? ''}|${sc.fields}|`;
    for (const [n, key] of sc.params) k += `${n}=${key},`;
    for (const st of sc.steps)
      k +=
        'let' in st
          ? `;L${st.let}=${printExpr(st.value)}`
          : `;C${st.callee}|${st.context}|${st.args.map((a) => `${a.key}=${printExpr(a.value)}`).join(',')}`;
  }
  for (const t of w.timings) k += `T${t.callee}>${t.window}`;
  for (const [window, field] of w.subjects) k += `J${window}=${field ?? ''}`;
  return k;
}
