// Where the rules ask a player for a card of some kind: a question (`choose`/`chooseMany` with `asks:`) whose
// options are cards of kinds the rules name (`usableAs(who, [nullification])`, `rescueOptions` listing 桃, or a
// `kinds` parameter filled by the callers: the 杀's effect asks `answerCard(…, [jink], …)`, which asks `respond`).
// A card page describes these uses of its kind (闪 in answer to a 杀, 无懈可击 against a trick, 桃 for the dying)
// under the phrase that words the asking procedure for a card page (`phrase card.respond(…)`; compiler/text/card.ts).
import type * as A from '../ast/nodes.ts';
import type { Symbols } from '../lower/symbols.ts';
import { forEachStmt, forEachSubExpr, stmtExprs } from '../ast/walk.ts';
import { sameList, sameMap } from './same.ts';

/** A body of the rules that calls others: an event, action or function, or a card kind's method. */
export interface AskBody {
  key: string; // `event:respond`, `action:answerCard`, `function:usableAs`, `card:slash.effect`
  id: string; // the callable's id, or the card kind's
  callable: boolean; // an event, action or function (not a card's method)
  params: A.Param[];
  lets: Map<string, A.Expr>;
  exprs: A.Expr[]; // every expression the body holds, nested statements' included
}

export interface CallSite {
  body: AskBody; // the caller
  call: A.Call;
}

/** One way a card kind is asked for: `chain[0]` calls the asking body, `chain[1]` calls that caller, and so on up
 *  to the body that names the kind (a card's method, or the asking body itself when `chain` is empty). */
export interface CardAsk {
  kind: string;
  asker: AskBody;
  chain: CallSite[];
}

/** The declarations an AskIndex is found from (top-level ones: a variant's version of a procedure words the same
 *  ask). */
export const ASK_KINDS = new Set<A.Decl['kind']>(['Event', 'Action', 'Function', 'Card']);

export class AskIndex {
  private bodies = new Map<string, AskBody>();
  private sites = new Map<string, CallSite[]>();
  /** card kind → the ways it is asked for. */
  byKind = new Map<string, CardAsk[]>();

  constructor(
    private S: Symbols,
    files: A.SourceFile[],
  ) {
    const add = (key: string, id: string, callable: boolean, params: A.Param[], block?: A.Block, expr?: A.Expr) => {
      const lets = new Map<string, A.Expr>();
      const exprs: A.Expr[] = expr ? [expr] : [];
      forEachStmt(block, (s) => {
        if (s.kind === 'Let') lets.set(s.name.name, s.value);
        exprs.push(...stmtExprs(s));
      });
      this.bodies.set(key, { key, id, callable, params, lets, exprs });
    };
    // The base rules only: a variant's version of a procedure words the same ask.
    for (const f of files)
      for (const d of f.decls) {
        if (d.kind === 'Event' || d.kind === 'Action')
          add(`${d.kind.toLowerCase()}:${d.names.id.name}`, d.names.id.name, true, d.params, d.body);
        else if (d.kind === 'Function')
          add(`function:${d.names.id.name}`, d.names.id.name, true, d.params, d.body, d.expr);
        else if (d.kind === 'Card')
          for (const m of d.methods)
            add(`card:${d.names.id.name}.${m.name.name}`, d.names.id.name, false, m.params, m.body, m.expr);
      }
    // One walk finds the call sites and the questions; a question's kinds are followed once every call site is
    // known (`up` reads the callers).
    const questions: { body: AskBody; opts: A.Expr }[] = [];
    for (const b of this.bodies.values()) {
      const onExpr = (x: A.Expr) => {
        if (x.kind !== 'Call') return;
        const k = this.calleeKey(x);
        if (k) {
          const l = this.sites.get(k);
          l ? l.push({ body: b, call: x }) : this.sites.set(k, [{ body: b, call: x }]);
        }
        const opts = this.askedOptions(x);
        if (opts) questions.push({ body: b, opts });
      };
      for (const e of b.exprs) forEachSubExpr(e, onExpr);
    }
    for (const { body: b, opts } of questions) {
      const src = this.sources(opts, b, new Set());
      for (const k of src.kinds) this.push({ kind: k, asker: b, chain: [] });
      for (const i of src.params) for (const a of this.up(b, i, [], new Set([b.key]))) this.push({ ...a, asker: b });
    }
  }

  /** The same bodies, call sites and asks as `o`, over the same trees: either serves as the other. */
  sameAs(o: AskIndex): boolean {
    const sameBody = (a: AskBody, b: AskBody) =>
      a.key === b.key &&
      a.id === b.id &&
      a.callable === b.callable &&
      a.params === b.params &&
      sameList(a.exprs, b.exprs) &&
      sameMap(a.lets, b.lets, (x, y) => x === y);
    const sameSite = (a: CallSite, b: CallSite) => a.call === b.call && a.body.key === b.body.key;
    const sameAsk = (a: CardAsk, b: CardAsk) =>
      a.kind === b.kind && a.asker.key === b.asker.key && sameList(a.chain, b.chain, sameSite);
    return (
      sameMap(this.bodies, o.bodies, sameBody) &&
      sameMap(this.sites, o.sites, (a, b) => sameList(a, b, sameSite)) &&
      sameMap(this.byKind, o.byKind, (a, b) => sameList(a, b, sameAsk))
    );
  }

  private push(a: CardAsk): void {
    const l = this.byKind.get(a.kind) ?? [];
    l.push(a);
    this.byKind.set(a.kind, l);
  }

  body(key: string): AskBody | undefined {
    return this.bodies.get(key);
  }

  /** Where `key` is called. */
  callers(key: string): CallSite[] {
    return this.sites.get(key) ?? [];
  }

  calleeKey(c: A.Call): string | undefined {
    if (c.callee.kind !== 'Name') return undefined;
    const s = this.S.get(c.callee.name);
    if (s && (s.kind === 'event' || s.kind === 'action' || s.kind === 'function')) return `${s.kind}:${s.id}`;
    return undefined;
  }

  /** The options of a question that says what it asks (`choose(who, opts, …, asks: toCancel)`). */
  private askedOptions(x: A.Expr): A.Expr | undefined {
    if (x.kind !== 'Call' || x.callee.kind !== 'Name') return undefined;
    const n = x.callee.name;
    if ((n !== 'choose' && n !== 'chooseMany') || this.S.get(n)) return undefined;
    if (!x.args.some((a) => a.name?.name === 'asks')) return undefined;
    return x.args.filter((a) => !a.name)[1]?.value;
  }

  /** The card kinds an expression of `b` names, and the parameters of `b` it reads (their kinds come from the
   *  callers), through locals and the functions it calls. */
  sources(e: A.Expr, b: AskBody, seen: Set<string>): { kinds: Set<string>; params: Set<number> } {
    const out = { kinds: new Set<string>(), params: new Set<number>() };
    forEachSubExpr(e, (x) => {
      if (x.kind === 'Name') {
        const local = b.lets.get(x.name);
        if (local) {
          const k = `${b.key}#${x.name}`;
          if (seen.has(k)) return;
          seen.add(k);
          const s = this.sources(local, b, seen);
          s.kinds.forEach((v) => out.kinds.add(v));
          s.params.forEach((v) => out.params.add(v));
          return;
        }
        const i = b.params.findIndex((p) => p.name.name === x.name);
        if (i >= 0) {
          out.params.add(i);
          return;
        }
        const s = this.S.get(x.name);
        if (s?.kind === 'card') out.kinds.add(s.id);
        return;
      }
      if (x.kind !== 'Call') return;
      const k = this.calleeKey(x);
      const f = k?.startsWith('function:') ? this.bodies.get(k) : undefined;
      if (!f || seen.has(f.key)) return;
      // A function's own kinds, and those of the arguments it reads.
      seen.add(f.key);
      const args = positional(
        x,
        f.params.map((p) => p.name.name),
      );
      for (const fe of f.exprs) {
        const s = this.sources(fe, f, seen);
        s.kinds.forEach((v) => out.kinds.add(v));
        for (const i of s.params) {
          const a = args[i];
          if (!a) continue;
          const t = this.sources(a, b, seen);
          t.kinds.forEach((v) => out.kinds.add(v));
          t.params.forEach((v) => out.params.add(v));
        }
      }
      seen.delete(f.key);
    });
    return out;
  }

  /** The kinds parameter `i` of `b` receives, each with the chain of calls it came through. */
  private up(b: AskBody, i: number, chain: CallSite[], seen: Set<string>): { kind: string; chain: CallSite[] }[] {
    const out: { kind: string; chain: CallSite[] }[] = [];
    if (chain.length > 6) return out;
    for (const site of this.callers(b.key)) {
      const arg = positional(
        site.call,
        b.params.map((p) => p.name.name),
      )[i];
      if (!arg) continue;
      const here = [...chain, site];
      const s = this.sources(arg, site.body, new Set());
      for (const k of s.kinds) out.push({ kind: k, chain: here });
      if (seen.has(site.body.key)) continue;
      for (const j of s.params) out.push(...this.up(site.body, j, here, new Set([...seen, site.body.key])));
    }
    return out;
  }
}

/** Arguments by parameter position (named ones placed by name); `skip` leading parameters are filled by the
 *  object of `obj.f(…)`. */
export function positional(c: A.Call, names: string[], skip = 0): (A.Expr | undefined)[] {
  const out: (A.Expr | undefined)[] = new Array(names.length).fill(undefined);
  let pos = skip;
  for (const a of c.args) {
    if (a.name) {
      const i = names.indexOf(a.name.name);
      if (i >= 0) out[i] = a.value;
    } else if (pos < names.length) out[pos++] = a.value;
  }
  if (skip === 1 && c.callee.kind === 'Member') out[0] = c.callee.object;
  return out;
}
