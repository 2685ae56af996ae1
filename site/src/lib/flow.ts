// The flow of a card's use, read from the compiled rules (the IR): the events it raises and the timing windows they
// open, in order, for one card kind. Nothing here names an event, a window or a card:
// - the use procedure is the event that calls a card method on one of its parameters (a card's `onUse`, `effect`…)
//   and that no other such event calls; it is walked with that parameter bound to the card;
// - conditions on the card (`card.type == equipment`, `card is nullification`) are decided from the kind's fields,
//   so each card gets its own path; other conditions keep both branches, marked `maybe`;
// - a method of the card that the use never reaches (a delayed trick's judgement) is followed from the procedure
//   that calls it ("later").
import type { IAction, IBody, IExpr, IStmt, Program } from '../../../runtime/index.ts';
import { kindField } from './card-svg.ts';

export interface FlowNode {
  k: 'window' | 'event' | 'action' | 'method';
  /** The window, event or action id; for a method, its name. */
  name: string;
  steps: FlowNode[];
  /** Under a condition the card does not decide. */
  maybe: boolean;
  /** Inside a loop (each target, each response). */
  each: boolean;
  /** An event not followed further: too deep, already running (a nullification's own use), or shown in full
   *  earlier in the flow. */
  folded?: 'deep' | 'again' | 'seen';
  /** The event's `cleanup` block (runs even when the event is stopped). */
  cleanup?: boolean;
}

export interface Flow {
  /** The use procedure's id. */
  use: string;
  steps: FlowNode[];
  /** Methods of the card the use does not reach, each followed from the procedure that calls it. */
  later: { method: string; opener: string; steps: FlowNode[] }[];
}

/** What the walk knows of a value: the card, or an event (its fields), or nothing. */
type Abs = { t: 'card' } | { t: 'ev'; f: Map<string, Abs | null> } | null;
const CARD: Abs = { t: 'card' };

interface Frame {
  params: Map<string, Abs | null>; // an event's fields
  locals: (Abs | null)[];
  self: Abs | null; // the running event
}

const MAX_EVENT_DEPTH = 3; // events nested deeper than this are named, not followed
const MAX_NODES = 400;

class Walker {
  private stack: string[] = [];
  private shown = new Set<string>(); // events already drawn in full
  private nodes = 0;
  reached = new Set<string>(); // the card's methods the walk expanded

  constructor(
    private p: Program,
    private kind: string,
    seen: string[] = [],
  ) {
    for (const e of seen) this.shown.add(e);
  }

  private methodOf(name: string) {
    for (let k: string | undefined = this.kind, n = 0; k && n < 20; k = this.p.cards[k]?.parent, n++) {
      const m = this.p.cards[k]?.methods[name];
      if (m) return m;
    }
    return undefined;
  }

  private isKind(target: string): boolean {
    for (let k: string | undefined = this.kind, n = 0; k && n < 20; k = this.p.cards[k]?.parent, n++)
      if (k === target) return true;
    return false;
  }

  private val(e: IExpr | undefined, fr: Frame): Abs | null {
    if (!e) return null;
    switch (e.k) {
      case 'param':
        return fr.params.get(e.name) ?? null;
      case 'local':
        return fr.locals[e.i] ?? null;
      case 'event':
        return fr.self;
      case 'member': {
        const o = this.val(e.o, fr);
        return o?.t === 'ev' ? (o.f.get(e.name) ?? null) : null;
      }
      default:
        return null;
    }
  }

  /** A constant the card decides: a literal, or a field of the card. */
  private constant(e: IExpr, fr: Frame): { v: unknown } | undefined {
    if (e.k === 'lit') return { v: e.v };
    if (e.k === 'member' && this.val(e.o, fr)?.t === 'card') return { v: kindField(this.p, this.kind, e.name) ?? null };
    return undefined;
  }

  /** Whether a condition holds for this card: true, false, or undefined when the card does not decide it. */
  private cond(e: IExpr, fr: Frame): boolean | undefined {
    switch (e.k) {
      case 'lit':
        return !!e.v;
      case 'un': {
        if (e.op !== 'not') return undefined;
        const v = this.cond(e.e, fr);
        return v === undefined ? undefined : !v;
      }
      case 'and':
      case 'or': {
        const l = this.cond(e.l, fr);
        const r = this.cond(e.r, fr);
        if (e.k === 'and') return l === false || r === false ? false : l && r ? true : undefined;
        return l === true || r === true ? true : l === false && r === false ? false : undefined;
      }
      case 'bin': {
        if (e.op === 'is' && this.val(e.l, fr)?.t === 'card') {
          const kinds =
            e.r.k === 'lit' ? [e.r.v] : e.r.k === 'list' ? e.r.items.map((x) => (x.k === 'lit' ? x.v : null)) : [];
          if (!kinds.length || kinds.some((x) => typeof x !== 'string')) return undefined;
          return kinds.some((k) => this.isKind(k as string));
        }
        if (e.op === '==' || e.op === '!=') {
          const l = this.constant(e.l, fr);
          const r = this.constant(e.r, fr);
          if (!l || !r) return undefined;
          return (l.v === r.v) === (e.op === '==');
        }
        return undefined;
      }
      default:
        return undefined;
    }
  }

  /** The steps of a body; `ended`: it surely returns or stops before its end. */
  block(
    stmts: IStmt[],
    fr: Frame,
    depth: number,
    maybe: boolean,
    each: boolean,
  ): { steps: FlowNode[]; ended: boolean } {
    const out: FlowNode[] = [];
    for (const s of stmts) {
      switch (s.k) {
        case 'timing':
          out.push({ k: 'window', name: s.name, steps: [], maybe, each });
          this.nodes++;
          break;
        case 'do': {
          const n = this.call(s.a, fr, depth, maybe, each);
          if (n) out.push(n);
          if (s.into?.k === 'local') fr.locals[s.into.i] = null;
          break;
        }
        case 'let':
          fr.locals[s.i] = this.val(s.e, fr);
          break;
        case 'set':
          // `card = asCounted(card)`: the card stays the card; a local takes what it is given.
          if (s.target.k === 'local' && s.op === '=') fr.locals[s.target.i] = this.val(s.e, fr);
          break;
        case 'if': {
          const c = this.cond(s.c, fr);
          if (c === true || c === false) {
            const r = this.block((c ? s.then : s.else) ?? [], fr, depth, maybe, each);
            out.push(...r.steps);
            if (r.ended) return { steps: merged(out), ended: true };
          } else {
            const a = this.block(s.then, fr, depth, true, each);
            const b = this.block(s.else ?? [], fr, depth, true, each);
            out.push(...a.steps, ...b.steps);
            if (a.ended && b.ended) return { steps: merged(out), ended: true };
          }
          break;
        }
        case 'for':
        case 'while':
        case 'repeat': {
          if (s.k === 'for') fr.locals[s.i] = null;
          // A return inside a loop may or may not come: what follows the loop still belongs to the flow.
          out.push(...this.block(s.body, fr, depth, maybe, true).steps);
          break;
        }
        case 'return': {
          if (s.a) {
            const n = this.call(s.a, fr, depth, maybe, each);
            if (n) out.push(n);
          }
          return { steps: merged(out), ended: true };
        }
        case 'stop':
          return { steps: merged(out), ended: true };
        default:
          break;
      }
    }
    return { steps: merged(out), ended: false };
  }

  private call(a: IAction, fr: Frame, depth: number, maybe: boolean, each: boolean): FlowNode | null {
    if (a.k === 'ask') return null;
    const args = a.args.map((x) => this.val(x, fr));
    if (a.k === 'methodCall') {
      const m = this.methodOf(a.name);
      // The card's own method: on the card itself, or on its kind with the card among the arguments.
      if (!m?.body || (this.val(a.o, fr)?.t !== 'card' && !args.some((x) => x?.t === 'card'))) return null;
      if (this.stack.includes(`method:${a.name}`)) return null;
      this.reached.add(a.name);
      const node: FlowNode = { k: 'method', name: a.name, steps: [], maybe, each };
      this.stack.push(`method:${a.name}`);
      node.steps = this.body(m.body, { params: new Map(), locals: args, self: fr.self }, depth, false, false).steps;
      this.stack.pop();
      return node;
    }
    const decl = a.k === 'event' ? this.p.events[a.name] : this.p.actions[a.name];
    if (!decl) return null;
    const node: FlowNode = { k: a.k, name: a.name, steps: [], maybe, each };
    this.nodes++;
    const key = `${a.k}:${a.name}`;
    if (this.stack.includes(key)) {
      if (a.k === 'action') return null;
      node.folded = 'again';
      return node;
    }
    const d = a.k === 'event' ? depth + 1 : depth;
    if (a.k === 'event' && (d > MAX_EVENT_DEPTH || this.nodes > MAX_NODES)) {
      node.folded = 'deep';
      return node;
    }
    if (a.k === 'event' && this.shown.has(a.name)) {
      node.folded = 'seen';
      return node;
    }
    if (a.k === 'event') this.shown.add(a.name);
    this.stack.push(key);
    if (a.k === 'event') {
      const f = new Map<string, Abs | null>();
      decl.params.forEach((p, i) => f.set(p.name, args[i] ?? null));
      const self: Abs = { t: 'ev', f };
      node.steps = this.body(decl.body, { params: f, locals: [], self }, d, false, false).steps;
      const cleanup = this.p.events[a.name]?.cleanup;
      if (cleanup) {
        const c = this.body(cleanup, { params: f, locals: [], self }, d, false, false).steps;
        for (const x of c) x.cleanup = true;
        node.steps.push(...c);
      }
    } else {
      node.steps = this.body(
        decl.body,
        { params: new Map(), locals: args.slice(), self: fr.self },
        d,
        false,
        false,
      ).steps;
    }
    this.stack.pop();
    // An action that raises nothing is not a step of the flow.
    if (a.k === 'action' && node.steps.length === 0) return null;
    return node;
  }

  body(b: IBody, fr: Frame, depth: number, maybe: boolean, each: boolean) {
    return this.block(b.stmts, fr, depth, maybe, each);
  }

  /** Walk an event with some of its parameters bound to the card. */
  event(id: string, cardParams: string[]): FlowNode[] {
    const e = this.p.events[id]!;
    const f = new Map<string, Abs | null>();
    for (const p of e.params) f.set(p.name, cardParams.includes(p.name) ? CARD : null);
    const self: Abs = { t: 'ev', f };
    this.stack.push(`event:${id}`);
    const steps = this.body(e.body, { params: f, locals: [], self }, 0, false, false).steps;
    if (e.cleanup) {
      const c = this.body(e.cleanup, { params: f, locals: [], self }, 0, false, false).steps;
      for (const x of c) x.cleanup = true;
      steps.push(...c);
    }
    this.stack.pop();
    return steps;
  }
}

/** A node's shape without its flags: two branches that raise the same things are one step. */
const shape = (n: FlowNode): string => `${n.k}:${n.name}:${n.folded ?? ''}(${n.steps.map(shape).join(',')})`;
const shapeOrSeen = (n: FlowNode): string => (n.k === 'event' ? `${n.k}:${n.name}` : shape(n));

/** Consecutive steps of the same shape merged (`if no targets { effect } for each target { effect }` is one step,
 *  repeated); the second of a pair is often the same event folded as already seen. */
function merged(steps: FlowNode[]): FlowNode[] {
  const out: FlowNode[] = [];
  for (const s of steps) {
    const last = out[out.length - 1];
    if (last && shapeOrSeen(last) === shapeOrSeen(s) && (shape(last) === shape(s) || s.folded === 'seen')) {
      last.maybe &&= s.maybe;
      last.each ||= s.each;
    } else out.push(s);
  }
  return out;
}

/** Every statement of a body, nested ones included. */
export function* stmtsOf(stmts: IStmt[]): Generator<IStmt> {
  for (const s of stmts) {
    yield s;
    if (s.k === 'if') {
      yield* stmtsOf(s.then);
      if (s.else) yield* stmtsOf(s.else);
    } else if (s.k === 'for' || s.k === 'while' || s.k === 'repeat') yield* stmtsOf(s.body);
  }
}

function actionOf(s: IStmt): IAction | undefined {
  return s.k === 'do' ? s.a : s.k === 'return' ? s.a : undefined;
}

/** Every card method name some card kind declares. */
function cardMethods(p: Program): Set<string> {
  const out = new Set<string>();
  for (const c of Object.values(p.cards)) for (const m of Object.keys(c.methods)) out.add(m);
  return out;
}

/** The use procedure: the event that calls a card method on one of its parameters and that no other such event
 *  calls; with the parameters that hold the card. */
export function useProcedure(p: Program): { id: string; cardParams: string[] } | undefined {
  const methods = cardMethods(p);
  const found = new Map<string, Set<string>>();
  for (const e of Object.values(p.events)) {
    for (const s of stmtsOf([...e.body.stmts, ...(e.cleanup?.stmts ?? [])])) {
      const a = actionOf(s);
      if (a?.k === 'methodCall' && methods.has(a.name) && a.o.k === 'param') {
        const set = found.get(e.id) ?? new Set<string>();
        set.add(a.o.name);
        found.set(e.id, set);
      }
    }
  }
  const called = new Set<string>();
  for (const id of found.keys()) {
    const e = p.events[id]!;
    for (const s of stmtsOf(e.body.stmts)) {
      const a = actionOf(s);
      if (a?.k === 'event' && a.name !== id && found.has(a.name)) called.add(a.name);
    }
  }
  const roots = [...found.keys()].filter((id) => !called.has(id));
  const id = roots[0];
  return id ? { id, cardParams: [...found.get(id)!] } : undefined;
}

/** The flow of using a card of `kind`. `cardArg(method)`: the positions of the method's parameters that hold the
 *  card (from its declared types), to follow a method the use does not reach from the event that calls it. */
export function cardFlow(p: Program, kind: string, cardArgs: (method: string) => number[]): Flow | undefined {
  const use = useProcedure(p);
  if (!use) return undefined;
  const w = new Walker(p, kind);
  const steps = w.event(use.id, use.cardParams);
  const later: Flow['later'] = [];
  const own = new Set<string>();
  for (let k: string | undefined = kind, n = 0; k && n < 20; k = p.cards[k]?.parent, n++)
    for (const [m, def] of Object.entries(p.cards[k]?.methods ?? {})) if (def.body) own.add(m);
  for (const m of own) {
    if (w.reached.has(m)) continue;
    // The event that calls this method, with its parameter passed where the method takes the card.
    const at = cardArgs(m);
    for (const e of Object.values(p.events)) {
      let params: string[] | undefined;
      for (const s of stmtsOf(e.body.stmts)) {
        const a = actionOf(s);
        if (a?.k !== 'methodCall' || a.name !== m) continue;
        params = at.map((i) => a.args[i]).flatMap((x) => (x?.k === 'param' ? [x.name] : []));
      }
      if (!params?.length) continue;
      if (later.some((l) => l.opener === e.id)) break; // one walk of an event shows all the methods it calls
      later.push({ method: m, opener: e.id, steps: new Walker(p, kind, [use.id]).event(e.id, params) });
      break;
    }
  }
  return { use: use.id, steps, later };
}

/** Every window of a flow, in order (for tests and summaries). */
export function flowWindows(steps: FlowNode[]): string[] {
  return steps.flatMap((s) => (s.k === 'window' ? [s.name] : flowWindows(s.steps)));
}
