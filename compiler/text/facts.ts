// Facts the wording needs and the AST does not say directly, found once per program:
//  - which event opens each timing window (so `event.card` in a trigger on `damaged` reads as `damage.card`);
//  - which kind of event an `event`-typed parameter holds (`effect(e: event)` gets a `cardEffect`, whose `use`
//    field holds a `useCard`), from the arguments passed at every call site, to a fixpoint.
import type * as A from '../ast/nodes.ts';
import type { Symbols } from '../lower/symbols.ts';
import { AskIndex, positional } from './asks.ts';

export { positional };

export type Callee = string; // `event:damage`, `action:draw`, `function:f`, `method:effect`, `mode:afterDeath`

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
  ) {
    this.asks = new AskIndex(S, files);
    const bodies: {
      callee: Callee;
      params: A.Param[];
      body?: A.Block;
      expr?: A.Expr;
      event?: string;
      window?: string;
      alias?: string;
    }[] = [];
    const visit = (d: A.Decl) => {
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
          for (const m of d.methods) {
            if (!this.methodParams.has(m.name.name)) this.methodParams.set(m.name.name, m.params);
            bodies.push({ callee: `method:${m.name.name}`, params: m.params, body: m.body, expr: m.expr });
          }
          break;
        case 'CardMethod':
          if (!this.methodParams.has(d.name.name)) this.methodParams.set(d.name.name, d.params);
          break;
        case 'Mode':
          for (const m of d.methods) {
            if (!this.modeParams.has(m.name.name)) this.modeParams.set(m.name.name, m.params);
            bodies.push({ callee: `mode:${m.name.name}`, params: m.params, body: m.body, expr: m.expr });
          }
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
          d.decls.forEach(visit);
          break;
      }
    };
    for (const f of files) f.decls.forEach(visit);

    // Contexts: an event runs in itself; anything else in the contexts of its callers.
    for (const b of bodies) if (b.event) this.addContext(b.callee, b.event);
    const timings: { callee: Callee; window: string }[] = [];
    for (const b of bodies)
      if (b.body)
        walkStmts(b.body, (s) => {
          if (s.kind === 'Timing') {
            timings.push({ callee: b.callee, window: s.name.name });
            const f =
              b.event &&
              s.subject.kind === 'Name' &&
              b.params.some((p) => p.name.name === (s.subject as A.NameRef).name)
                ? s.subject.name
                : null;
            const prev = this.windowSubjects.get(s.name.name);
            this.windowSubjects.set(s.name.name, prev === undefined ? f : prev === f ? f : null);
          }
        });

    // Each body's lets and calls in order, found once (the rounds below only re-read them).
    type Step = { let: A.LetStmt } | { callee: Callee; args: (A.Expr | undefined)[] };
    const steps = bodies.map((b) => {
      const out: Step[] = [];
      const onCall = (c: A.Call) => {
        const callee = this.calleeOf(c);
        if (!callee) return;
        const params = this.paramsOf(callee);
        const args = params
          ? positional(
              c,
              params.map((p) => p.name.name),
              callee.startsWith('method:') || c.callee.kind !== 'Member' ? 0 : 1,
            )
          : [];
        out.push({ callee, args });
      };
      if (b.expr) walkExpr(b.expr, onCall);
      if (b.body)
        walkStmts(
          b.body,
          (s) => {
            if (s.kind === 'Let') out.push({ let: s });
          },
          onCall,
        );
      return out;
    });

    for (let round = 0; round < 6; round++) {
      let changed = false;
      bodies.forEach((b, bi) => {
        const ctx = b.window ? (this.windowEvents.get(b.window) ?? []) : [...(this.contexts.get(b.callee) ?? [])];
        const locals = new Map<string, Set<string>>();
        const kindsOf = (e: A.Expr): Set<string> =>
          this.kindsOf(e, b.callee, b.params, ctx, locals, !!b.event || !!b.window, b.alias);
        for (const st of steps[bi]!) {
          if ('let' in st) {
            const ks = kindsOf(st.let.value);
            if (ks.size) locals.set(st.let.name.name, ks);
            continue;
          }
          // The callee runs inside this body's contexts.
          if (!st.callee.startsWith('event:')) for (const k of ctx) if (this.addContext(st.callee, k)) changed = true;
          st.args.forEach((a, i) => {
            if (!a) return;
            for (const k of kindsOf(a)) if (this.addParamKind(st.callee, i, k)) changed = true;
          });
        }
      });
      // Windows open in the contexts of the bodies that open them.
      for (const tm of timings) {
        const ev = tm.callee.startsWith('event:') ? [tm.callee.slice(6)] : [...(this.contexts.get(tm.callee) ?? [])];
        const list = this.windowEvents.get(tm.window) ?? [];
        for (const k of ev)
          if (!list.includes(k)) {
            list.push(k);
            changed = true;
          }
        this.windowEvents.set(tm.window, list);
      }
      if (!changed) break;
    }
  }

  private addContext(callee: Callee, k: string): boolean {
    const set = this.contexts.get(callee) ?? new Set();
    if (set.has(k)) return false;
    set.add(k);
    this.contexts.set(callee, set);
    return true;
  }

  private addParamKind(callee: Callee, i: number, k: string): boolean {
    const key = `${callee}#${i}`;
    const set = this.paramKinds.get(key) ?? new Set();
    if (set.has(k)) return false;
    set.add(k);
    this.paramKinds.set(key, set);
    return true;
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

  /** The event kinds an expression may hold. */
  kindsOf(
    e: A.Expr,
    callee: Callee,
    params: A.Param[],
    ctx: string[],
    locals: Map<string, Set<string>>,
    eventHere: boolean,
    alias?: string,
  ): Set<string> {
    const out = new Set<string>();
    if (e.kind === 'Name') {
      if ((e.name === 'event' || e.name === alias) && eventHere) ctx.forEach((k) => out.add(k));
      const l = locals.get(e.name);
      if (l) l.forEach((k) => out.add(k));
      const i = params.findIndex((p) => p.name.name === e.name);
      if (i >= 0) this.kindsOfParam(callee, i).forEach((k) => out.add(k));
    } else if (e.kind === 'Member') {
      for (const k of this.kindsOf(e.object, callee, params, ctx, locals, eventHere, alias)) {
        const ps = this.paramsOf(`event:${k}`);
        const i = ps?.findIndex((p) => p.name.name === e.name.name) ?? -1;
        if (i >= 0) this.kindsOfParam(`event:${k}`, i).forEach((x) => out.add(x));
      }
    } else if (
      e.kind === 'Call' &&
      e.callee.kind === 'Name' &&
      e.callee.name === 'within' &&
      e.args[0]?.value.kind === 'Name'
    ) {
      const s = this.S.get(e.args[0].value.name);
      if (s?.kind === 'event') out.add(s.id);
    }
    return out;
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
