// SGS311: a text players read at the table — a log line's template, a question's prompt, the words a game ends
// with, a text offered as a choice — needs its wording in both languages, as a text phrase (`phrase "discard"
// "弃牌" "Discard"`), so that a Chinese table never shows English. What is shown is said once, in the builtin table
// (`shown` parameters of runtime/builtin-table.ts); a parameter of a rules action, function or event that is handed
// on, as it is, to a shown parameter is shown too (`askDiscard(p, n, prompt: "…")` asks with `chooseMany(…,
// prompt)`), and so is its default. A text in a list literal is taken for a choice (`["discard two hand cards",
// "lose 1 HP"]`, `opts += ["a hand card"]`): the rules' lists of texts are what they offer. A text that is an id
// (a general's, a zone's) is worded by its declaration.
import { spanOf } from '../ast/source.ts';
import { forEachStmt, forEachSubExpr, stmtExprs } from '../ast/walk.ts';
import type * as A from '../ast/nodes.ts';
import { BUILTINS } from '../../runtime/builtin-table.ts';
import { warning, type Diagnostic } from '../diagnostics.ts';
import type { Reads, Symbols } from '../lower/symbols.ts';
import { runShared, type DeclCache } from '../decl-cache.ts';
import { sameList } from '../text/same.ts';

type Callable = A.ActionDecl | A.FunctionDecl | A.EventDecl;

/** Nodes that hold no expression: half of the nodes walked, each a keyed read per field (a shape of its own). */
const LEAVES = new Set(['Ident', 'Name', 'Number', 'Text', 'Bool', 'None', 'Type', 'CardLit']);
/** Expressions that hold others: walked by their kind (ast/walk.ts), in the order of their fields. */
const INNER = new Set(['Member', 'Call', 'Unary', 'Binary', 'List', 'Where']);

/** Every call (and, with `list`, every list literal) in a declaration, found by walking all its nodes (bodies,
 *  conditions, defaults, methods) in the order of their fields. What lies around blocks and expressions (a
 *  declaration's parts, items, methods, fields) is walked by its keys, so that a part a declaration gains is walked
 *  too; blocks and expressions, nearly every node, by their kinds: a keyed read per field of every node was ~2 % of
 *  a compile. test/shown-texts.test.ts compares the two walks. */
export function forEachCall(node: unknown, f: (c: A.Call) => void, list?: (l: A.ListLit) => void): void {
  if (node === null || typeof node !== 'object') return;
  if (Array.isArray(node)) {
    for (const x of node) forEachCall(x, f, list);
    return;
  }
  const kind = (node as { kind?: string }).kind;
  if (kind !== undefined) {
    if (LEAVES.has(kind)) return;
    if (INNER.has(kind)) {
      inExpr(node as A.Expr, f, list);
      return;
    }
    if (kind === 'Block') {
      forEachStmt(node as A.Block, (s) => {
        for (const e of stmtExprs(s)) inExpr(e, f, list);
      });
      return;
    }
  }
  // for…in, not Object.entries: no array per node.
  for (const k in node) {
    const v = (node as Record<string, unknown>)[k];
    if (v !== null && typeof v === 'object') forEachCall(v, f, list);
  }
}

function inExpr(e: A.Expr, f: (c: A.Call) => void, list?: (l: A.ListLit) => void): void {
  forEachSubExpr(e, (x) => {
    if (x.kind === 'Call') f(x);
    else if (x.kind === 'List' && list) list(x);
  });
}

/** The parameter names of a call's target, and the ones shown; null when the call shows nothing. */
function shownOf(
  c: A.Call,
  S: Symbols,
  memo: ShownParams,
): { names: string[]; shown: ReadonlySet<string>; skip: number } | null {
  const callee = c.callee;
  const name = callee.kind === 'Name' ? callee.name : callee.kind === 'Member' ? callee.name.name : undefined;
  if (name === undefined) return null;
  const s = S.get(name);
  if (s && (s.kind === 'action' || s.kind === 'function' || s.kind === 'event')) {
    const d = s.decl as Callable;
    const shown = memo.of(d, S);
    return shown.size
      ? { names: d.params.map((p) => p.name.name), shown, skip: callee.kind === 'Member' ? 1 : 0 }
      : null;
  }
  const spec = s ? undefined : BUILTINS[name];
  if (!spec?.shown) return null;
  const names = spec.params.map((p) => p.split(':')[0]!.replace('?', ''));
  return { names, shown: new Set(spec.shown), skip: callee.kind === 'Member' ? 1 : 0 };
}

/** The argument given for each shown parameter of a call. */
function shownArgs(c: A.Call, target: { names: string[]; shown: ReadonlySet<string>; skip: number }): A.Expr[] {
  const out: A.Expr[] = [];
  let pos = target.skip;
  for (const a of c.args) {
    const param = a.name ? a.name.name : target.names[pos++];
    if (param !== undefined && target.shown.has(param)) out.push(a.value);
  }
  return out;
}

/** Which parameters of a callable reach a shown parameter, and whether finding them leaned on an answer not yet
 *  final (`cut`: a callable still being looked at, inside a cycle of calls). */
export interface Handed {
  shown: Set<string>;
  cut: boolean;
}

/** Kept between compiles (compiler/index.ts): a callable's answer holds while its tree and the names it and the
 *  callables it reaches looked up do. Only final answers are reused (`cut` false): a cycle's are put in once the
 *  looks agree, with what the whole cycle read. */
export type ShownCache = DeclCache<Callable, Handed>;

const NOTHING: ReadonlySet<string> = new Set();

/** Which parameters of a rules action, function or event reach a shown parameter as they are, per symbol table:
 *  each callable looked at once, its answer kept for the next table when it can be (ShownCache). Inside a cycle of
 *  calls (A calls B, B calls A) the answers are a fixed point: the look that began the cycle is made again, each
 *  callable of it starting from what the last round found, until no answer grows. Then an answer is the same
 *  whichever callable a look began at (the least one that agrees with every call), and so in any order of checks. */
class ShownParams {
  /** Each callable's final answer in this table, with what finding it read (handed to every check that reads it). */
  private found = new WeakMap<Callable, { value: Handed; reads: Reads | null }>();
  private open = new Set<Callable>();
  /** Inside a cycle: each callable's answer so far, and the ones looked at in this round. */
  private guess = new Map<Callable, Set<string>>();
  private round = new Set<Callable>();
  private grew = false;
  /** How many times a look leaned on an answer not final (Handed.cut). */
  private leans = 0;

  constructor(private kept: ShownCache | undefined) {}

  of(d: Callable, S: Symbols): ReadonlySet<string> {
    const f = this.found.get(d);
    if (f !== undefined) {
      if (f.reads !== null) S.reads?.share(f.reads);
      return f.value.shown;
    }
    if (this.open.has(d) || this.round.has(d)) {
      this.leans++;
      return this.guess.get(d) ?? NOTHING;
    }
    const first = this.open.size === 0;
    let fresh = false;
    let r = runShared(this.kept, d, S, () => {
      fresh = true;
      return this.look(d, S);
    });
    // A kept answer that leaned is looked for again: it held only for the round it was part of.
    if (!fresh && r.value.cut) r = runShared(undefined, d, S, () => this.look(d, S));
    if (!r.value.cut) {
      this.found.set(d, r);
      return r.value.shown;
    }
    this.suppose(d, r.value.shown);
    // (A look inside the cycle's: that look leaned too, through this one's count.)
    if (!first) return r.value.shown;
    // The look that began the cycle: rounds until no answer grows.
    while (this.grew) {
      this.grew = false;
      this.round.clear();
      r = runShared(undefined, d, S, () => this.look(d, S));
      this.suppose(d, r.value.shown);
    }
    // Each answer of the cycle is final, found from what the last round read: everything the first callable
    // reaches, so everything each of the others reaches.
    for (const [x, shown] of this.guess) {
      const done = { value: { shown, cut: false }, reads: r.reads };
      this.found.set(x, done);
      if (r.reads !== null) this.kept?.put(x, S, done.value, r.reads);
    }
    this.guess.clear();
    this.round.clear();
    return this.found.get(d)!.value.shown;
  }

  /** What a callable's look in this round found, added to its answer so far. */
  private suppose(d: Callable, shown: ReadonlySet<string>): void {
    this.round.add(d);
    const had = this.guess.get(d);
    if (had === undefined) {
      this.guess.set(d, new Set(shown));
      this.grew = true;
      return;
    }
    for (const p of shown)
      if (!had.has(p)) {
        had.add(p);
        this.grew = true;
      }
  }

  private look(d: Callable, S: Symbols): Handed {
    const before = this.leans;
    this.open.add(d);
    const params = new Set(d.params.map((p) => p.name.name));
    const shown = new Set<string>();
    try {
      forEachCall(d, (c) => {
        const target = shownOf(c, S, this);
        if (!target) return;
        for (const v of shownArgs(c, target)) if (v.kind === 'Name' && params.has(v.name)) shown.add(v.name);
      });
    } finally {
      this.open.delete(d);
    }
    return { shown, cut: this.leans !== before };
  }
}

/** What one symbol table knows: the shown parameters and the texts its phrases word. */
const perTable = new WeakMap<Symbols, { shown: ShownParams; worded: Set<string> }>();

/** The texts the last table's phrases word: a re-check's table most often has the very same phrases (the
 *  declarations kept), and a set of a thousand texts made again for it was a fortieth of a re-check. */
let lastWorded: { phrases: readonly A.PhraseDecl[]; worded: Set<string> } | undefined;

function wordedBy(phrases: readonly A.PhraseDecl[]): Set<string> {
  if (lastWorded && sameList(lastWorded.phrases, phrases)) return lastWorded.worded;
  const worded = new Set<string>();
  for (const p of phrases) if (p.target.kind === 'Text') worded.add(p.target.value);
  lastWorded = { phrases: [...phrases], worded };
  return worded;
}

function tableOf(S: Symbols, kept: ShownCache | undefined): { shown: ShownParams; worded: Set<string> } {
  let t = perTable.get(S);
  if (!t) perTable.set(S, (t = { shown: new ShownParams(kept), worded: wordedBy(S.phrases) }));
  return t;
}

/** The declaration's shown texts that no text phrase words. */
export function shownTextCheck(d: A.Decl, S: Symbols, out: Diagnostic[], kept?: ShownCache): void {
  if (d.kind === 'Phrase' || d.kind === 'Scenario' || d.kind === 'Variant') return;
  const { shown: shownParams, worded: known } = tableOf(S, kept);
  const warned = new Set<string>(); // once per declaration
  const need = (e: A.Expr | undefined) => {
    if (e?.kind !== 'Text' || known.has(e.value) || warned.has(e.value)) return;
    if (S.get(e.value)) return; // an id (`["caocao", "liubei"]`): worded by its own declaration's names
    warned.add(e.value);
    out.push(
      warning(
        'SGS311',
        `players read ${JSON.stringify(e.value)} at the table: word it in both languages, phrase ${JSON.stringify(e.value)} "中文" "English"`,
        spanOf(e),
      ),
    );
  };
  forEachCall(
    d,
    (c) => {
      const target = shownOf(c, S, shownParams);
      if (target) for (const v of shownArgs(c, target)) need(v);
    },
    (l) => {
      for (const x of l.items) need(x);
    },
  );
  if (d.kind === 'Action' || d.kind === 'Function' || d.kind === 'Event') {
    const shown = shownParams.of(d, S);
    for (const p of d.params) if (shown.has(p.name.name)) need(p.default);
  }
}
