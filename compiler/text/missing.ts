// The wording the phrasebook lacks (SGS310), found declaration by declaration so that a re-check describes only
// the declarations an edit can have changed: each declaration's missing wording is found with a renderer of its
// own (what an earlier declaration worded cannot hide a miss of a later one), and the program's is their union,
// each key at its first use, as describing the whole program in one go finds it (`describe`).
import type * as A from '../ast/nodes.ts';
import { Reads, sameTables, type Symbols } from '../lower/symbols.ts';
import { warning, type Diagnostic } from '../diagnostics.ts';
import { DeclCaches, stillHolds, type DeclCache } from '../decl-cache.ts';
import { Phrasebook } from './phrasebook.ts';
import { Facts, WalkCache, walkKey } from './facts.ts';
import { ASK_KINDS, AskIndex } from './asks.ts';
import { sameList } from './same.ts';
import { Renderer } from './stmt.ts';
import { type Proven, wordingComplete } from './precheck.ts';
import type { Missing } from './context.ts';
import {
  describeDecl,
  describeVariantDecls,
  describeWindow,
  emptyTexts,
  skillsOf,
  variantLabel,
  variantValue,
} from './generate.ts';

/** The declarations the facts are found from (compiler/text/facts.ts). */
const FACT_KINDS = new Set<A.Decl['kind']>([
  'Event',
  'Action',
  'Function',
  'Card',
  'CardMethod',
  'Mode',
  'Skill',
  'Variant',
]);

/** A file's declarations the facts and the ask index are found from, kept per list of declarations: an unchanged
 *  file keeps its list between compiles, and filtering every file's again was a tenth of a re-check. */
function toolsFrom(decls: A.Decl[]): { facts: A.Decl[]; asks: A.Decl[] } {
  let kept = TOOLS_FROM.get(decls);
  if (kept === undefined) {
    kept = { facts: decls.filter((d) => FACT_KINDS.has(d.kind)), asks: decls.filter((d) => ASK_KINDS.has(d.kind)) };
    TOOLS_FROM.set(decls, kept);
  }
  return kept;
}
const TOOLS_FROM = new WeakMap<A.Decl[], { facts: A.Decl[]; asks: A.Decl[] }>();

/** The declarations `describeDecl` describes, and variant blocks of them. */
const DESCRIBED = new Set<A.Decl['kind']>(['Card', 'Skill', 'General', 'Mode', 'Event', 'Variant']);

interface Built<T> {
  value: T;
  reads: Reads;
}

export class MissingWording {
  private units: DeclCache<A.Decl, Missing[]>;
  private files: DeclCache<A.Decl[], Missing[]>;
  private windows: DeclCache<A.Located, Missing[]>;
  /** The declarations the pre-check proved (precheck.ts): a re-check walks only what an edit can have changed. */
  private proven: Proven;
  /** What finding the facts found in each declaration (facts.ts): found again only in the declarations edited. */
  private walks: WalkCache;
  /** Test only: passed to every renderer (`ExprRenderer.onMember`). */
  onMember?: Renderer['onMember'];
  private last?: {
    S: Symbols;
    factsFrom: A.Decl[];
    facts: Built<Facts>;
    asksFrom: A.Decl[];
    asks: Built<AskIndex>;
    book: Built<Phrasebook>;
  };

  constructor(private caches = new DeclCaches()) {
    this.units = caches.cache();
    this.files = caches.cache();
    this.windows = caches.cache();
    this.proven = { decls: caches.cache(), files: caches.cache() };
    this.walks = new WalkCache(caches.cache());
  }

  clear(): void {
    this.last = undefined;
  }

  find(files: A.SourceFile[], S: Symbols): Missing[] {
    const { facts, book } = this.tools(files, S);
    // A walk that proves nothing would be missing spares wording every declaration (precheck.ts); with
    // SGS_TEXT_PRECHECK=verify both run, and a walk that passed where wording finds a miss is a bug of the walk.
    const mode = precheckMode();
    if (mode === 'off') return this.render(files, S, facts, book);
    const complete = wordingComplete(files, S, book, facts, undefined, this.proven);
    if (mode !== 'verify') return complete ? [] : this.render(files, S, facts, book);
    const found = this.render(files, S, facts, book);
    if (complete && found.length)
      throw new PrecheckDisagreement(
        `SGS310 pre-check passed but wording is missing: ${found.map((m) => m.key).join(', ')}`,
      );
    return found;
  }

  /** Word every declaration to find what the phrasebook lacks. */
  private render(files: A.SourceFile[], S: Symbols, facts: Facts, book: Phrasebook): Missing[] {
    const base = skillsOf(files);
    const skillOf = (id: string) => {
      const d = base(id);
      S.reads?.readExtra(id, d);
      return d;
    };
    const found = new Map<string, Missing>();
    const add = (ms: Missing[]) => {
      for (const m of ms) if (!found.has(m.key)) found.set(m.key, m);
    };
    const shared = {};
    const describing = (f: (R: Renderer) => void) => () => {
      const R = new Renderer(S, book, facts);
      R.shared = shared;
      R.findOnly = true;
      if (this.onMember) R.onMember = this.onMember;
      f(R);
      return [...R.missing.values()];
    };
    const labelled = new Set<string>();
    const describeFile = (f: A.SourceFile, firsts: boolean[]) => () => {
      const out = new Map<string, Missing>();
      let v = 0;
      for (const d of f.decls) {
        if (!DESCRIBED.has(d.kind)) continue;
        let run: () => Missing[];
        let tag: boolean | undefined;
        if (d.kind !== 'Variant') run = describing((R) => describeDecl(R, d, emptyTexts(), skillOf));
        else {
          const first = (tag = firsts[v++]!);
          run = describing((R) => {
            describeVariantDecls(R, d, emptyTexts(), skillOf);
            if (first) variantLabel(R, S, d);
          });
        }
        for (const m of this.units.run(d, S, run, tag, base)) if (!out.has(m.key)) out.set(m.key, m);
      }
      return [...out.values()];
    };
    for (const f of files) {
      // The first block of an option value words its label (`describe` puts the later ones under it).
      const firsts: boolean[] = [];
      for (const d of f.decls)
        if (d.kind === 'Variant') {
          const group = `${d.option.name}\u0000${variantValue(d)}\u0000${d.mode ?? ''}`;
          firsts.push(!labelled.has(group));
          labelled.add(group);
        }
      add(this.files.run(f.decls, S, describeFile(f, firsts), firsts.join(), base));
    }
    for (const [w, span] of S.windows)
      add(
        this.windows.run(
          span,
          S,
          describing((R) => describeWindow(R, w, span)),
          w,
        ),
      );
    return [...found.values()];
  }

  /** Whether the declarations the facts were found from differ only in skills whose bodies walk the same
   *  (facts.ts walkKey): the edit an author makes most, a number inside a skill, then keeps the facts without
   *  finding them again (a fifth of such a re-check). `facts` is rebound to the table `S` to walk them. */
  private sameWalks(facts: Facts, was: A.Decl[], now: A.Decl[], S: Symbols): boolean {
    if (was.length !== now.length) return false;
    facts.S = S;
    for (let i = 0; i < was.length; i++) {
      const a = was[i]!;
      const b = now[i]!;
      if (a === b) continue;
      if (a.kind !== 'Skill' || b.kind !== 'Skill') return false;
      if (walkKey(facts.walkedOf(a, this.walks)) !== walkKey(facts.walkedOf(b, this.walks))) return false;
    }
    return true;
  }

  /** The phrasebook and the facts, kept from the last compile when what they were built from is the same. */
  private tools(files: A.SourceFile[], S: Symbols): { facts: Facts; book: Phrasebook } {
    const factsFrom: A.Decl[] = [];
    const asksFrom: A.Decl[] = [];
    for (const f of files) {
      const kept = toolsFrom(f.decls);
      for (const d of kept.facts) factsFrom.push(d);
      for (const d of kept.asks) asksFrom.push(d);
    }
    const last = this.last;
    // Same tables when the caches kept their entries from that compile (`DeclCaches.begin`).
    const tables = !!last && (this.caches.change?.from === last.S || sameTables(last.S, S));
    const keepFacts =
      tables &&
      stillHolds(last.facts.reads, last.S, S, this.caches.change) &&
      (sameList(last.factsFrom, factsFrom) || this.sameWalks(last.facts.value, last.factsFrom, factsFrom, S));
    const keepBook = tables && stillHolds(last.book.reads, last.S, S, this.caches.change);
    // Where the rules ask for card kinds is found from procedures and cards only: an edit of a skill keeps it.
    const keepAsks =
      tables && sameList(last.asksFrom, asksFrom) && stillHolds(last.asks.reads, last.S, S, this.caches.change);
    const asks = keepAsks ? last.asks : built(S, () => new AskIndex(S, files));
    let facts = keepFacts
      ? last.facts
      : built(S, () => {
          S.reads?.share(asks.reads);
          return new Facts(S, files, asks.value, this.walks);
        });
    // Facts found again that came out the same (most edits inside a body change none): the last ones kept, with the
    // reads of this finding, so that what was described and proved with them still holds.
    const sameFacts = !keepFacts && tables && last.facts.value.sameAs(facts.value);
    if (sameFacts) facts = { value: last.facts.value, reads: facts.reads };
    const book = keepBook ? last.book : built(S, () => new Phrasebook(S));
    facts.value.S = S;
    // Declarations described with other facts or wording must be described again.
    if (!(keepFacts || sameFacts) || !keepBook) {
      this.units.clear();
      this.files.clear();
      this.windows.clear();
      this.proven.decls.clear();
      this.proven.files.clear();
    }
    this.last = { S, factsFrom, facts, asksFrom, asks, book };
    return { facts: facts.value, book: book.value };
  }
}

/** The pre-check passed a program wording finds a miss in (`SGS_TEXT_PRECHECK=verify` only): not turned into a
 *  warning like other generator bugs, so that a test run with the switch fails. */
class PrecheckDisagreement extends Error {}

/** `SGS_TEXT_PRECHECK`: `off` (always word everything), `verify` (walk and word, and compare), else on. */
function precheckMode(): 'on' | 'off' | 'verify' {
  const v = typeof process !== 'undefined' ? process.env?.SGS_TEXT_PRECHECK : undefined;
  return v === 'off' || v === 'verify' ? v : 'on';
}

function built<T>(S: Symbols, f: () => T): Built<T> {
  const outer = S.reads;
  const reads = new Reads();
  S.reads = reads;
  try {
    return { value: f(), reads };
  } finally {
    S.reads = outer;
  }
}

/** SGS310: wording the phrasebook lacks, once per missing phrase, at its first use. */
export function textDiagnostics(files: A.SourceFile[], S: Symbols, wording = new MissingWording()): Diagnostic[] {
  try {
    return wording
      .find(files, S)
      .map((m) => warning('SGS310', `the rules text needs wording for '${m.key}': ${m.hint}`, m.span));
  } catch (e) {
    if (e instanceof PrecheckDisagreement) throw e;
    // A bug of the generator must not stop the rules from compiling: say so, as a warning.
    wording.clear();
    const at = { file: files[0]?.file ?? '', start: 0, end: 0, line: 1, col: 1 };
    return [
      warning(
        'SGS310',
        `the rules text could not be generated (a bug in compiler/text: please report it): ${e instanceof Error ? e.message : String(e)}`,
        at,
      ),
    ];
  }
}
