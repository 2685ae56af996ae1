// SGS311: a text players read at the table — a log line's template, a question's prompt, the words a game ends
// with, a text offered as a choice — needs its wording in both languages, as a text phrase (`phrase "discard"
// "弃牌" "Discard"`), so that a Chinese table never shows English. What is shown is said once, in the builtin table
// (`shown` parameters of runtime/builtin-table.ts); a parameter of a rules action, function or event that is handed
// on, as it is, to a shown parameter is shown too (`askDiscard(p, n, prompt: "…")` asks with `chooseMany(…,
// prompt)`), and so is its default. A text in a list literal is taken for a choice (`["discard two hand cards",
// "lose 1 HP"]`, `opts += ["a hand card"]`): the rules' lists of texts are what they offer. A text that is an id
// (a general's, a zone's) is worded by its declaration.
import { spanOf } from '../ast/source.ts';
import type * as A from '../ast/nodes.ts';
import { BUILTINS } from '../../runtime/builtin-table.ts';
import { warning, type Diagnostic } from '../diagnostics.ts';
import type { Reads, Symbols } from '../lower/symbols.ts';
import { runShared, type DeclCache } from '../decl-cache.ts';
import { sameList } from '../text/same.ts';

type Callable = A.ActionDecl | A.FunctionDecl | A.EventDecl;

/** Nodes that hold no expression: half of the nodes walked, each a keyed read per field (a shape of its own). */
const LEAVES = new Set(['Ident', 'Name', 'Number', 'Text', 'Bool', 'None', 'Type', 'CardLit']);

/** Every call (and, with `list`, every list literal) in a declaration, found by walking all its nodes (bodies,
 *  conditions, defaults, methods). */
function forEachCall(node: unknown, f: (c: A.Call) => void, list?: (l: A.ListLit) => void): void {
  if (node === null || typeof node !== 'object') return;
  if (Array.isArray(node)) {
    for (const x of node) forEachCall(x, f, list);
    return;
  }
  const n = node as { kind?: string };
  if (n.kind !== undefined && LEAVES.has(n.kind)) return;
  if (n.kind === 'Call') f(node as A.Call);
  else if (n.kind === 'List' && list) list(node as A.ListLit);
  // for…in, not Object.entries: no array per node (every node of every declaration is walked).
  for (const k in node) {
    const v = (node as Record<string, unknown>)[k];
    if (v !== null && typeof v === 'object') forEachCall(v, f, list);
  }
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

/** Which parameters of a callable reach a shown parameter, and whether finding them met a call back into a
 *  callable still being looked at (`cut`: the answer then depends on where the look started). */
export interface Handed {
  shown: Set<string>;
  cut: boolean;
}

/** Kept between compiles (compiler/index.ts): a callable's answer holds while its tree and the names it and the
 *  callables it reaches looked up do. Only answers without a cut are reused: each is the same whichever callable
 *  a look starts from. */
export type ShownCache = DeclCache<Callable, Handed>;

const NOTHING: ReadonlySet<string> = new Set();

/** Which parameters of a rules action, function or event reach a shown parameter as they are, per symbol table:
 *  each callable looked at once, its answer kept for the next table when it can be (ShownCache). */
class ShownParams {
  /** Each callable's answer in this table, with what finding it read (handed to every check that reads it). */
  private found = new WeakMap<Callable, { value: Handed; reads: Reads | null }>();
  private open = new Set<Callable>();
  /** How many times a look met a callable still open (Handed.cut). */
  private cuts = 0;

  constructor(private kept: ShownCache | undefined) {}

  of(d: Callable, S: Symbols): ReadonlySet<string> {
    let f = this.found.get(d);
    if (f === undefined) {
      if (this.open.has(d)) {
        this.cuts++;
        return NOTHING; // a call to itself hands on nothing new
      }
      let fresh = false;
      const look = () => {
        fresh = true;
        return this.look(d, S);
      };
      f = runShared(this.kept, d, S, look);
      // A kept answer with a cut is found again: it held only for the look it was part of.
      if (!fresh && f.value.cut) f = runShared(undefined, d, S, () => this.look(d, S));
      this.found.set(d, f);
    } else if (f.reads !== null) S.reads?.share(f.reads);
    // An answer that leaned on a cut makes every answer that uses it lean on it too.
    if (f.value.cut) this.cuts++;
    return f.value.shown;
  }

  private look(d: Callable, S: Symbols): Handed {
    const before = this.cuts;
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
    return { shown, cut: this.cuts !== before };
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
