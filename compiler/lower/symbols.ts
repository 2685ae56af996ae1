// The program-wide symbol table: every declaration of every file, by id (and by Chinese name as an alias).
import { fileOf, lineOf, locatedAs, spanOf } from '../ast/source.ts';
import type * as A from '../ast/nodes.ts';
import { sameLines } from '../kept-trees.ts';
import { error, type Diagnostic } from '../diagnostics.ts';
import { forEachStmt } from '../ast/walk.ts';
import { NameTable, numbering, type Numbering } from './name-table.ts';

export type SymKind =
  | 'enum'
  | 'member'
  | 'option'
  | 'zone'
  | 'property'
  | 'var'
  | 'card'
  | 'deck'
  | 'general'
  | 'skill'
  | 'event'
  | 'action'
  | 'function'
  | 'hook'
  | 'invariant'
  | 'mode'
  | 'scenario';

export interface Sym {
  kind: SymKind;
  id: string;
  decl: A.Decl | A.EnumMember;
  enumOf?: string; // for members
  pkg?: string;
}

/** What one declaration's lowering, checks or text read of the table: the names it looked up (found or not), the
 *  lists of a kind it went through, whether it asked for suggestions (every name). A later table that answers
 *  the same gives the same result for an unchanged declaration (compiler/decl-cache.ts). The other tables
 *  (windows, fields, tags …) are compared whole (`sameTables`). */
export class Reads {
  names = new Map<string, Sym | undefined>();
  /** A bit per name looked up (`nameBit`), so that checking an entry against a few changed names seldom touches
   *  the map: most entries read a handful of names, and going to each one's cold map was a tenth of a re-check. */
  mask = 0;
  /** The three below are the shared empty ones until something is read (most declarations read none of them, and
   *  a compile makes thousands of these): written only through `readKind`, `readExtra` and `share`. */
  kinds: ReadonlyMap<SymKind, Sym[]> = NO_KINDS;
  all = false;
  /** Reads of tables other than this one (a general's skills by id), as the caller names them. */
  extra: ReadonlyMap<string, unknown> = NO_EXTRA;
  /** The reads of results shared by several declarations, by reference (not copied into each). */
  shared: ReadonlySet<Reads> = NO_SHARED;
  /** Whether these reads hold across the table change numbered `verdictOf` (compiler/decl-cache.ts), answering
   *  other tables' reads with `verdictExtra`: shared reads are judged once per change, and a field here costs less
   *  than a lookup in a map per change (a re-check judges about a thousand). */
  verdictOf = -1;
  verdictExtra: unknown = undefined;
  verdict = false;

  readKind(kind: SymKind, list: Sym[]): void {
    if (this.kinds === NO_KINDS) this.kinds = new Map();
    (this.kinds as Map<SymKind, Sym[]>).set(kind, list);
  }
  readExtra(key: string, value: unknown): void {
    if (this.extra === NO_EXTRA) this.extra = new Map();
    (this.extra as Map<string, unknown>).set(key, value);
  }
  share(r: Reads): void {
    if (this.shared === NO_SHARED) this.shared = new Set();
    (this.shared as Set<Reads>).add(r);
  }
}
const NO_KINDS: ReadonlyMap<SymKind, Sym[]> = new Map();
const NO_EXTRA: ReadonlyMap<string, unknown> = new Map();
const NO_SHARED: ReadonlySet<Reads> = new Set();

/** One of 32 bits for a name, from its length and two of its characters (cheap, and the same in every compile). */
export function nameBit(name: string): number {
  return 1 << ((name.length * 7 + name.charCodeAt(0) * 3 + name.charCodeAt(name.length >> 1)) & 31);
}

/** The same answer of a lookup in two tables: a symbol of the same kind for the same declaration. */
export function sameSym(a: Sym | undefined, b: Sym | undefined): boolean {
  return (
    a === b ||
    (!!a && !!b && a.kind === b.kind && a.id === b.id && a.decl === b.decl && a.enumOf === b.enumOf && a.pkg === b.pkg)
  );
}

// A declaration's symbol, kept from one compile to the next while it says the same: an unchanged declaration keeps
// its tree (compiler/index.ts), so a re-check makes no new symbol for it, and comparing two tables (decl-cache.ts
// sameSym) finds most symbols the same by identity.
const symOfDecl = new WeakMap<A.Decl | A.EnumMember, Sym>();

function symOf(kind: SymKind, id: string, decl: A.Decl | A.EnumMember, pkg?: string, enumOf?: string): Sym {
  const s = symOfDecl.get(decl);
  if (s !== undefined && s.kind === kind && s.id === id && s.pkg === pkg && s.enumOf === enumOf) return s;
  const made: Sym = { kind, id, decl, enumOf, pkg };
  symOfDecl.set(decl, made);
  return made;
}

/** The number of a declaration's Chinese name in `of`, or -1 when it has none other than its id. */
function aliasNumber(of: Numbering, id: string, zh: string | undefined): number {
  return zh === undefined || zh === id ? -1 : of.idOf(zh);
}

export class Symbols {
  readonly byName = new NameTable<Sym>();
  /** Set while one declaration is processed (compiler/decl-cache.ts). */
  reads?: Reads;
  /** The symbols of each kind in declaration order, kept as they are added (an alias adds none). */
  private kindLists = new Map<SymKind, Sym[]>();
  windows = new Map<string, A.Located>(); // timing windows opened by some event: where one is opened
  eventParams = new Set<string>();
  cardFields = new Set<string>();
  generalFields = new Set<string>();
  methodNames = new Map<string, boolean>(); // card method name → some kind's version has a block body
  cardMethods = new Map<string, A.CardMethodDecl>(); // `method onLeave(…) { }`: card methods declared for any kind
  modeMethods = new Set<string>();
  /** Player properties live in their own namespace: they are only read as `p.name`. */
  properties = new Map<string, A.PropertyDecl>();
  /** The property that carries each hint (`property hp … as life`): one per hint, so a tool reading it finds one. */
  propertyHints = new Map<string, A.PropertyDecl>();
  /** The zone that carries each hint (`zone hand … as hand`), one per hint. */
  zoneHints = new Map<string, A.ZoneDecl>();

  /** The id of the zone that carries the hint (`as hand`: the default zone of a conversion), if one does. */
  zoneHinted(hint: string): string | undefined {
    return this.zoneHints.get(hint)?.names.id.name;
  }
  /** The wording of names for the generated texts (compiler/text), in declaration order. */
  phrases: A.PhraseDecl[] = [];
  /** Fields other packages add to an event (`extend event`), by event id, in declaration order. */
  eventExtensions = new Map<string, A.Param[]>();
  /** Members other packages add to an enum (`extend enum`), by enum id. */
  enumExtensions = new Map<string, A.EnumMember[]>();
  /** Skill tags (`tag locked 锁定技 "Locked skill" forbids may`): their own namespace, by id. */
  tags = new Map<string, A.TagDecl>();
  /** Packages' names (`package wind 风 "Wind"`), by package id: given once, on any of its files. */
  packageNames = new Map<string, A.Names>();
  /** The fields every general must have (`require general { … }`). */
  generalRequires: A.RequiredField[] = [];
  private extensions: (A.ExtendEventDecl | A.ExtendEnumDecl)[] = [];
  /** What each file added, in the files' order (collect): a file that is the same object in two tables added the
   *  same symbols to both, so comparing the tables looks only at the names the other files add (decl-cache.ts). */
  readonly parts: FilePart[] = [];
  /** The names members of enums extended elsewhere (`extend enum`) are added under (resolveExtensions). */
  readonly extendedNames: string[] = [];

  constructor(public diags: Diagnostic[]) {}

  add(kind: SymKind, names: A.Names, decl: A.Decl | A.EnumMember, pkg?: string, enumOf?: string): void {
    const id = names.id.name;
    if (!id) return;
    const zh = names.zh?.name;
    const of = this.byName.of;
    this.addSym(symOf(kind, id, decl, pkg, enumOf), kind, of.idOf(id), aliasNumber(of, id, zh), names);
  }

  /** Add a declaration's symbol under its id, and under its Chinese name unless that names another; the names as
   *  numbered in this table's numbering (name-table.ts), `zh` -1 when there is no other; `names` only for where a
   *  second declaration of the id is reported. */
  addSym(sym: Sym, kind: SymKind, id: number, zh: number, names: A.Names): void {
    const t = this.byName;
    const prev = t.at(id);
    if (prev) {
      this.diags.push(
        error(
          'SGS140',
          `'${sym.id}' is already declared as a ${prev.kind}; every name must be unique`,
          spanOf(names.id),
        ),
      );
      return;
    }
    t.add(id, sym);
    const list = this.kindLists.get(kind);
    if (list) list.push(sym);
    else this.kindLists.set(kind, [sym]);
    if (zh >= 0 && t.at(zh) === undefined) t.add(zh, sym);
  }

  get(name: string): Sym | undefined {
    const s = this.byName.get(name);
    // One lookup, not `has` then `set`: a name gives the same symbol all through a compile (the table is complete
    // before anything reads it), and setting a key again keeps its place.
    if (this.reads !== undefined) {
      this.reads.names.set(name, s);
      this.reads.mask |= nameBit(name);
    }
    return s;
  }

  /** The symbols of one kind, each once (a Chinese alias names the same symbol), in declaration order. */
  ofKind(kind: SymKind): Sym[] {
    const list = this.kindList(kind);
    this.reads?.readKind(kind, list);
    return list;
  }

  /** The kinds some symbol has. */
  kinds(): Iterable<SymKind> {
    return this.kindLists.keys();
  }

  /** `ofKind` without recording the read. */
  kindList(kind: SymKind): Sym[] {
    return this.kindLists.get(kind) ?? [];
  }

  /** An event's fields: its own parameters, then the fields packages added with `extend event`. */
  eventFields(id: string): A.Param[] {
    const d = this.get(id);
    const own = d?.kind === 'event' ? (d.decl as A.EventDecl).params : [];
    return [...own, ...(this.eventExtensions.get(d?.id ?? id) ?? [])];
  }

  /** Record an extension; `resolveExtensions` checks it once every declaration is known. */
  addExtension(d: A.ExtendEventDecl | A.ExtendEnumDecl): void {
    this.extensions.push(d);
  }

  resolveExtensions(pkgOf: Map<A.Decl, string | undefined>): void {
    for (const d of this.extensions) {
      const want = d.kind === 'ExtendEvent' ? 'event' : 'enum';
      const s = this.get(d.target.name);
      if (!s || s.kind !== want) {
        this.diags.push(
          error(
            'SGS141',
            `'extend ${want}' needs an ${want}: '${d.target.name}' is not one${this.suggest(d.target.name, [want])}`,
            spanOf(d.target),
          ),
        );
        continue;
      }
      if (d.kind === 'ExtendEnum') {
        const list = this.enumExtensions.get(s.id) ?? [];
        for (const m of d.members) {
          const before = this.byName.get(m.names.id.name);
          this.extendedNames.push(m.names.id.name);
          if (m.names.zh) this.extendedNames.push(m.names.zh.name);
          this.add('member', m.names, m, pkgOf.get(d), s.id);
          if (!before && this.byName.get(m.names.id.name)?.decl === m) list.push(m);
        }
        this.enumExtensions.set(s.id, list);
        continue;
      }
      const list = this.eventExtensions.get(s.id) ?? [];
      for (const p of d.params) {
        const n = p.name.name;
        if (this.eventFields(s.id).some((x) => x.name.name === n)) {
          this.diags.push(error('SGS142', `event ${s.id} already has a field '${n}'`, spanOf(p.name)));
          continue;
        }
        if (!p.default && !p.type.optional) {
          this.diags.push(
            error(
              'SGS143',
              `a field added to event ${s.id} needs a default ('${n}: … = value') or an optional type`,
              spanOf(p),
            ),
          );
          continue;
        }
        list.push(p);
        this.eventExtensions.set(s.id, list);
        this.eventParams.add(n);
      }
    }
  }

  /** Names close to `name` (edit distance ≤ 2), for "did you mean" hints. */
  suggest(name: string, kinds?: SymKind[], extra: Iterable<string> = []): string {
    if (this.reads) this.reads.all = true;
    let best: string | null = null;
    let bestD = 3;
    const consider = (cand: string) => {
      const d = distance(name, cand);
      if (d < bestD) {
        bestD = d;
        best = cand;
      }
    };
    this.byName.forEach((s, n) => {
      if (!kinds || kinds.includes(s.kind)) consider(n);
    });
    for (const n of extra) consider(n);
    return best ? ` — did you mean '${best}'?` : '';
  }
}

/** The zones a conversion takes its cards from: when it names none, the zone the rules mark `as hand` (none if no
 *  zone is: SGS147). */
export function viewAsZones(it: A.ViewAsItem, S: Symbols): A.Ident[] {
  if (it.zones.length) return it.zones;
  const hand = S.zoneHinted('hand');
  return hand === undefined ? [] : [{ kind: 'Ident', name: hand, ...locatedAs(it) } as A.Ident];
}

/** The program-wide parts of two tables are the same (what declarations read besides looking names up). */
export function sameTables(a: Symbols, b: Symbols): boolean {
  // (Iterators side by side, no array of entries: a re-check compares these tables at every compile.)
  const sameSet = <T>(x: Set<T>, y: Set<T>) => {
    if (x.size !== y.size) return false;
    for (const v of x) if (!y.has(v)) return false;
    return true;
  };
  const sameMap = <V>(x: Map<string, V>, y: Map<string, V>, eq: (u: V, v: V) => boolean = (u, v) => u === v) => {
    if (x.size !== y.size) return false;
    const xk = x.keys();
    const xv = x.values();
    const yk = y.keys();
    const yv = y.values();
    for (let i = 0; i < x.size; i++)
      if (xk.next().value !== yk.next().value || !eq(xv.next().value as V, yv.next().value as V)) return false;
    return true;
  };
  const sameList = <T>(x: readonly T[], y: readonly T[]) => x.length === y.length && x.every((v, i) => v === y[i]);
  const samePlace = (x: A.Located, y: A.Located) =>
    x === y || (x.pos === y.pos && x.end === y.end && fileOf(x) === fileOf(y) && sameLines(x, y));
  return (
    sameMap(a.windows, b.windows, samePlace) &&
    sameSet(a.eventParams, b.eventParams) &&
    sameSet(a.cardFields, b.cardFields) &&
    sameSet(a.generalFields, b.generalFields) &&
    sameMap(a.methodNames, b.methodNames) &&
    sameMap(a.cardMethods, b.cardMethods) &&
    sameSet(a.modeMethods, b.modeMethods) &&
    sameMap(a.properties, b.properties) &&
    sameMap(a.zoneHints, b.zoneHints) &&
    sameList(a.phrases, b.phrases) &&
    sameMap(a.eventExtensions, b.eventExtensions, sameList) &&
    sameMap(a.enumExtensions, b.enumExtensions, sameList) &&
    sameMap(a.tags, b.tags) &&
    sameList(a.generalRequires, b.generalRequires)
  );
}

export function distance(a: string, b: string): number {
  if (Math.abs(a.length - b.length) > 2) return 9;
  const dp = Array.from({ length: a.length + 1 }, (_, i) => [i, ...new Array(b.length).fill(0)] as number[]);
  for (let j = 1; j <= b.length; j++) dp[0]![j] = j;
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      dp[i]![j] = Math.min(
        dp[i - 1]![j]! + 1,
        dp[i]![j - 1]! + 1,
        dp[i - 1]![j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1),
      );
    }
  }
  return dp[a.length]![b.length]!;
}

/** What collecting one declaration does to the table, with what it reads of the declaration's tree read once. */
type Op = (S: Symbols, diags: Diagnostic[], pkgOf: Map<A.Decl, string | undefined>) => void;

/** Collect every declaration (including those inside variants) into the table. A file's part is kept with its
 *  tree (`opsOf`): a re-check collects every file again, and reading the trees of the files an edit left alone
 *  (out of the processor's caches by then) was most of what it cost, ~1.3 ms a re-check against ~0.2 ms for
 *  filling the table itself. */
export function collect(files: A.SourceFile[], diags: Diagnostic[]): Symbols {
  // The parts first: the table's array then has room for every name they number (name-table.ts).
  const parts = files.map(opsOf);
  const S = new Symbols(diags);
  const pkgOf = new Map<A.Decl, string | undefined>();
  for (const part of parts) {
    S.parts.push(part);
    for (const op of part.ops) op(S, diags, pkgOf);
  }
  for (const f of files) {
    const n = f.packageNames;
    if (!n || !f.package?.name) continue;
    const had = S.packageNames.get(f.package.name);
    if (had && (had.zh?.name !== n.zh?.name || had.en !== n.en))
      diags.push(
        error(
          'SGS144',
          `package ${f.package.name} is named twice: give its names on one of its files only (${fileOf(had)}:${lineOf(had)})`,
          spanOf(n),
        ),
      );
    else if (!had) S.packageNames.set(f.package.name, n);
  }
  // Second pass: variant-only declarations become known names too.
  for (const part of parts) {
    for (const { id, property, ops } of part.variantOps) {
      if (id && !S.get(id) && !(property && S.properties.has(id))) for (const op of ops) op(S, diags, pkgOf);
    }
  }
  S.resolveExtensions(pkgOf);
  return S;
}

/** A file's part of collecting: its operations in declaration order, those of its variant blocks' declarations
 *  (for the second pass), and every name and kind of symbol its declarations may add (those of its variant blocks
 *  too). Made once per parsed file: collecting again only runs the operations. */
export interface FilePart {
  readonly ops: readonly Op[];
  /** The declarations of its variant blocks, each with the name it declares and its operations (the second pass). */
  readonly variantOps: readonly { id: string; property: boolean; ops: readonly Op[] }[];
  readonly names: readonly string[];
  readonly kinds: ReadonlySet<SymKind>;
}
const fileOps = new WeakMap<A.SourceFile, FilePart>();
function opsOf(f: A.SourceFile): FilePart {
  let kept = fileOps.get(f);
  if (kept === undefined) {
    const pkg = f.package?.name;
    const ops: Op[] = [];
    const variantOps: FilePart['variantOps'][number][] = [];
    const names: string[] = [];
    const kinds = new Set<SymKind>();
    const take = (d: A.Decl): DeclPart => {
      const part = declPart(d, pkg);
      for (const n of part.names) names.push(n);
      for (const k of part.kinds) kinds.add(k);
      return part;
    };
    for (const d of f.decls) {
      for (const op of take(d).ops) ops.push(op);
      if (d.kind === 'Variant')
        for (const inner of d.decls) {
          const id =
            inner.kind === 'Var'
              ? inner.name.name
              : 'names' in inner
                ? (inner as { names: A.Names }).names.id.name
                : '';
          variantOps.push({ id, property: inner.kind === 'Property', ops: take(inner).ops });
        }
    }
    fileOps.set(f, (kept = { ops, variantOps, names, kinds }));
  }
  return kept;
}

/** What collecting one declaration does (declOps), with the names and kinds of the symbols it adds; kept per
 *  declaration and package: an edited file keeps most of its declarations' trees (compiler/index.ts), and making
 *  their operations again was a fifth of what a re-check allocated. */
interface DeclPart {
  pkg: string | undefined;
  ops: readonly Op[];
  names: readonly string[];
  kinds: readonly SymKind[];
}
const declParts = new WeakMap<A.Decl, DeclPart>();
function declPart(d: A.Decl, pkg: string | undefined): DeclPart {
  // A phrase's part is one step, cheaper made again than kept (a third of the declarations are phrases).
  if (d.kind === 'Phrase') return { pkg, ops: declOps(d, pkg), names: NONE, kinds: NONE };
  let part = declParts.get(d);
  if (part === undefined || part.pkg !== pkg) {
    const named: Named = { names: [], kinds: [] };
    const ops = declOps(d, pkg, named);
    // A declaration that adds no symbol (a property, a tag, a requirement) shares the empty lists.
    const none = named.names.length === 0;
    part = { pkg, ops, names: none ? NONE : named.names, kinds: none ? NONE : named.kinds };
    declParts.set(d, part);
  }
  return part;
}

/** The names and kinds (each once) of the symbols some declarations add (declOps). */
interface Named {
  names: string[];
  kinds: SymKind[];
}
const NONE: readonly never[] = [];

/** What collecting the declaration `d` (of package `pkg`) does to the table. */
function declOps(d: A.Decl, pkg: string | undefined, named?: Named): Op[] {
  const ops: Op[] = [];
  const add = (kind: SymKind, names: A.Names, decl: A.Decl | A.EnumMember, enumOf?: string) => {
    const id = names.id.name;
    if (!id) return;
    const sym = symOf(kind, id, decl, pkg, enumOf);
    const zh = names.zh?.name;
    if (named !== undefined) {
      named.names.push(id);
      if (zh !== undefined) named.names.push(zh);
      if (!named.kinds.includes(kind)) named.kinds.push(kind);
    }
    // The numbers of the names, kept with the operation (found again if the numbering was replaced).
    let of = numbering();
    let idNo = of.idOf(id);
    let zhNo = aliasNumber(of, id, zh);
    ops.push((S) => {
      if (S.byName.of !== of) {
        of = S.byName.of;
        idNo = of.idOf(id);
        zhNo = aliasNumber(of, id, zh);
      }
      S.addSym(sym, kind, idNo, zhNo, names);
    });
  };
  const names = (list: readonly { name: A.Ident }[], into: (S: Symbols) => Set<string>) => {
    const ns = list.map((x) => x.name.name);
    if (ns.length) ops.push((S) => ns.forEach((n) => into(S).add(n)));
  };
  const method = (name: string, acts: boolean) =>
    ops.push((S) => S.methodNames.set(name, (S.methodNames.get(name) ?? false) || acts));
  const timings = (b: A.Block) => {
    const found = timingsIn(b).map((n) => [n.name, n] as const);
    if (found.length) ops.push((S) => found.forEach(([n, at]) => S.windows.has(n) || S.windows.set(n, at)));
  };
  switch (d.kind) {
    case 'Enum':
      add('enum', d.names, d);
      for (const m of d.members) add('member', m.names, m, d.names.id.name);
      break;
    case 'Option':
      add('option', d.names, d);
      for (const m of d.members ?? []) add('member', m.names, m, d.names.id.name);
      break;
    case 'Zone':
      add('zone', d.names, d);
      hinted(ops, (S) => S.zoneHints, d, 'zone');
      break;
    case 'Property': {
      const id = d.names.id.name;
      ops.push((S, diags) => {
        if (S.properties.has(id)) diags.push(error('SGS140', `property '${id}' is declared twice`, spanOf(d.names.id)));
        S.properties.set(id, d);
      });
      hinted(ops, (S) => S.propertyHints, d, 'property');
      break;
    }
    case 'Var':
      add('var', { id: d.name, ...locatedAs(d) }, d);
      break;
    case 'Card':
      add('card', d.names, d);
      names(d.fields, (S) => S.cardFields);
      for (const m of d.methods) {
        method(m.name.name, !!m.body);
        if (m.body) timings(m.body);
      }
      break;
    case 'Deck':
      add('deck', d.names, d);
      break;
    case 'General':
      add('general', d.names, d);
      names(d.fields, (S) => S.generalFields);
      break;
    case 'Skill':
      add('skill', d.names, d);
      for (const it of d.items) if (it.kind === 'Trigger' || it.kind === 'Active') timings(it.body);
      break;
    case 'Event':
      add('event', d.names, d);
      names(d.params, (S) => S.eventParams);
      timings(d.body);
      break;
    case 'Action':
      add('action', d.names, d);
      timings(d.body);
      break;
    case 'Function':
      add('function', d.names, d);
      break;
    case 'Hook':
      add('hook', d.names, d);
      break;
    case 'Invariant':
      add('invariant', d.names, d);
      break;
    case 'Mode':
      add('mode', d.names, d);
      for (const m of d.methods) {
        const name = m.name.name;
        ops.push((S) => S.modeMethods.add(name));
        if (m.body) timings(m.body);
      }
      break;
    case 'Scenario':
      add('scenario', d.names, d);
      break;
    case 'Phrase':
      ops.push((S) => S.phrases.push(d));
      break;
    case 'ExtendEvent':
    case 'ExtendEnum':
      ops.push((S, _diags, pkgOf) => {
        S.addExtension(d);
        pkgOf.set(d, pkg);
      });
      break;
    case 'Tag': {
      const id = d.names.id.name;
      ops.push((S, diags) => {
        if (S.tags.has(id)) diags.push(error('SGS140', `tag '${id}' is declared twice`, spanOf(d.names.id)));
        else S.tags.set(id, d);
      });
      break;
    }
    case 'Require':
      for (const f of d.fields) {
        const name = f.name.name;
        ops.push((S, diags) => {
          if (S.generalRequires.some((x) => x.name.name === name))
            diags.push(error('SGS140', `general field '${name}' is required twice`, spanOf(f.name)));
          else S.generalRequires.push(f);
          S.generalFields.add(name);
        });
      }
      break;
    case 'CardMethod': {
      const name = d.name.name;
      ops.push((S) => S.cardMethods.set(name, d));
      method(name, d.acts);
      break;
    }
    case 'Variant':
      // Variant declarations replace same-named ones: register those not declared elsewhere.
      for (const inner of d.decls) {
        if (inner.kind === 'Card') {
          names(inner.fields, (S) => S.cardFields);
          for (const m of inner.methods) method(m.name.name, !!m.body);
        }
        if (inner.kind === 'Event') timings(inner.body);
      }
      break;
  }
  return ops;
}

/** A declaration's hint (`as life`), kept by hint: one declaration of each kind carries it (SGS146). */
function hinted<D extends A.PropertyDecl | A.ZoneDecl>(
  ops: Op[],
  byHint: (S: Symbols) => Map<string, D>,
  d: D,
  what: string,
): void {
  if (!d.hint) return;
  const hint = d.hint.name;
  ops.push((S, diags) => {
    const had = byHint(S).get(hint);
    if (had && had !== d)
      diags.push(
        error(
          'SGS146',
          `the hint ${hint} is already given to ${what} ${had.names.id.name}: a tool reads it from one ${what}`,
          spanOf(d.hint!),
        ),
      );
    else byHint(S).set(hint, d);
  });
}

// The timings of a block, found once per block: an unchanged declaration keeps its trees across compiles.
const timingsOf = new WeakMap<A.Block, A.Ident[]>();

function timingsIn(b: A.Block): A.Ident[] {
  let names = timingsOf.get(b);
  if (!names) {
    const found: A.Ident[] = [];
    forEachStmt(b, (s) => {
      if (s.kind === 'Timing') found.push(s.name);
    });
    timingsOf.set(b, (names = found));
  }
  return names;
}
