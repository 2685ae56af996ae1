// AST → IR. Resolves every name (locals, event fields, globals, entities, builtins), turns named arguments into
// positions, checks where asking calls may stand, and reports each problem as a diagnostic instead of throwing.
import { fileOf, placeOf, spanOf } from '../ast/source.ts';
import type * as A from '../ast/nodes.ts';
import type * as I from '../../runtime/ir.ts';
import { error, type Diagnostic } from '../diagnostics.ts';
import { BUILTINS, builtinEffect, builtinParams } from '../../runtime/builtin-table.ts';
import { ENGINE_MEMBER_NAMES } from '../../runtime/engine-members.ts';
import { collect, viewAsZones, type Symbols } from './symbols.ts';
import type { DeclCache } from '../decl-cache.ts';
import { printExpr } from '../ast/print.ts';
import { givenBy } from '../check/orphan-skills.ts';

interface Cx {
  pure: boolean; // no state changes, no asking
  you: boolean;
  event: boolean; // `event` (and an alias) names a frame
  windows?: boolean; // `timing` may open a window here: an event (its body, cleanup), a trigger, a card's method
  subject: boolean;
  alias?: string;
  params?: Set<string>; // event fields readable by name
  seats?: Set<string>; // scenario seat names
  entityFirst?: boolean; // seat field values: entity names win over seat names
  what: string; // for messages: "function inRange", "trigger of jianxiong"
}

class Scope {
  /** This scope's names and their slots; made at the first name (most scopes of a compile declare none or one). */
  private names: Map<string, number> | undefined;
  /** The names of this scope that some expression looked up (a conversion's `them`). */
  private looked: Set<string> | undefined;
  constructor(
    public parent: Scope | null,
    public counter: { n: number },
  ) {}
  lookup(n: string): number | undefined {
    const i = this.names?.get(n);
    if (i !== undefined) {
      (this.looked ??= new Set()).add(n);
      return i;
    }
    return this.parent?.lookup(n);
  }
  declare(n: string): number {
    const i = this.counter.n++;
    (this.names ??= new Map()).set(n, i);
    return i;
  }
  /** Whether an expression looked up this scope's name n. */
  used(n: string): boolean {
    return this.looked?.has(n) ?? false;
  }
  /** This scope's own names. */
  own(): Iterable<string> {
    return this.names?.keys() ?? [];
  }
  child(): Scope {
    return new Scope(this, this.counter);
  }
}

export interface LowerResult {
  program: I.Program;
  symbols: Symbols;
}

/** What one top-level declaration adds to the program (only the parts it adds to), what it reported, and the skills
 *  it gives to someone (SGS206: check/orphan-skills.ts `givenBy`; repeats possible). */
export interface LoweredDecl {
  parts: Partial<I.Program>;
  diags: Diagnostic[];
  gives: string[];
}

export function lower(files: A.SourceFile[], diags: Diagnostic[]): LowerResult {
  const S = collect(files, diags);
  return { program: lowerProgram(files, S, diags), symbols: S };
}

/** The caches of lowering: per declaration, and per file (its declarations' parts together). */
export interface LowerCache {
  decls: DeclCache<A.Decl, LoweredDecl>;
  files: DeclCache<A.Decl[], LoweredDecl>;
  /** The program's tables made at the last compile, by key, with the files' parts they were made from. */
  tables: Map<string, { from: object[]; table: object }>;
}

/** The program of `files` with table `S`; with `cache`, a file or declaration whose lowering still holds is not
 *  lowered again (compiler/decl-cache.ts). */
export function lowerProgram(
  files: A.SourceFile[],
  S: Symbols,
  diags: Diagnostic[],
  cache?: LowerCache,
  fileUnits?: LoweredDecl[],
  keepScenarios = true,
): I.Program {
  const L = new Lowerer(S, keepScenarios);
  const lowerFile = (f: A.SourceFile): LoweredDecl => {
    const out: LoweredDecl = { parts: {}, diags: [], gives: [] };
    for (const d of f.decls) {
      // The wording of the texts: nothing of it reaches the program (and a phrasebook has hundreds of them).
      if (d.kind === 'Phrase') continue;
      addParts(out, cache ? cache.decls.run(d, S, () => L.unit(d)) : L.unit(d));
    }
    return out;
  };
  const lowered = files.map((f) => (cache ? cache.files.run(f.decls, S, () => lowerFile(f)) : lowerFile(f)));
  if (fileUnits) for (const u of lowered) fileUnits.push(u);
  const p = mergeFiles(lowered, diags, cache?.tables);
  // The default mode is the program's first: what a game, a scenario or a tool plays when it names none.
  const main = defaultModeOf(S);
  if (p.modes?.[main]) p.modes = { [main]: p.modes[main]!, ...p.modes };
  // Members other packages added (`extend enum`) follow the enum's own.
  for (const [id, ms] of S.enumExtensions) p.enums[id] = [...(p.enums[id] ?? []), ...ms.map((m) => m.names.id.name)];
  if (S.packageNames.size > 0)
    p.packages = Object.fromEntries(
      [...S.packageNames].map(([id, n]) => [id, { ...(n.zh ? { zh: n.zh.name } : {}), ...(n.en ? { en: n.en } : {}) }]),
    );
  return p;
}

/** The default mode: the one that says `default: true`, else the first declared (files are read in sorted order, so
 *  a mode added in a file sorted earlier would otherwise take its place). */
function defaultModeOf(S: Symbols): string {
  const modes = S.ofKind('mode');
  const marked = modes.find((m) =>
    (m.decl as A.ModeDecl).fields.some((f) => f.name.name === 'default' && f.value.kind === 'Bool' && f.value.value),
  );
  return (marked ?? modes[0])?.id ?? '';
}

/** The program from its files' parts, in file order (a later entry of the same id replaces an earlier one). With
 *  `tables`, a table whose files gave the same entries as at the last compile is the table made then (`sameParts`):
 *  a re-check builds only the tables an edit changed. Safe because nothing changes a program's tables once lowered
 *  (a variant's program is a copy: runtime/variants.ts); `enums` is always made anew, as lowerProgram adds to it. */
function mergeFiles(lowered: LoweredDecl[], diags: Diagnostic[], tables?: LowerCache['tables']): I.Program {
  const p = emptyProgram() as unknown as Record<string, unknown>;
  const from = new Map<string, object[]>();
  for (const u of lowered) {
    for (const x of u.diags) diags.push(x);
    for (const k in u.parts) {
      const part = u.parts[k as keyof I.Program]!;
      if (k === 'variants') (p.variants as I.Program['variants']).push(...(part as I.Program['variants']));
      else {
        // A key the empty program lacks takes its place in the program at its first file, as it would by adding.
        if (p[k] === undefined) p[k] = {};
        const list = from.get(k);
        if (list) list.push(part);
        else from.set(k, [part]);
      }
    }
  }
  for (const [k, parts] of from) {
    const was = k === 'enums' ? undefined : tables?.get(k);
    let table: object;
    if (was && sameParts(was.from, parts)) table = was.table;
    else {
      table = {};
      for (const part of parts) Object.assign(table, part);
    }
    p[k] = table;
    tables?.set(k, { from: parts, table });
  }
  return p as unknown as I.Program;
}

/** Whether every file gave a table the same entries as at the last compile. An edit inside a skill makes its
 *  file's part of every kind anew, most of them with the same entries (each declaration's kept), and building
 *  those tables again was a twentieth of the re-check. */
function sameParts(was: object[], parts: object[]): boolean {
  if (was.length !== parts.length) return false;
  for (let i = 0; i < parts.length; i++) if (was[i] !== parts[i] && !sameEntries(was[i]!, parts[i]!)) return false;
  return true;
}

/** The same ids in the same order, with the same values. */
function sameEntries(a: object, b: object): boolean {
  const x = a as Record<string, unknown>;
  const y = b as Record<string, unknown>;
  const ids = Object.keys(x);
  const now = Object.keys(y);
  if (ids.length !== now.length) return false;
  for (let i = 0; i < ids.length; i++) if (ids[i] !== now[i] || x[ids[i]!] !== y[ids[i]!]) return false;
  return true;
}

/** Add what a declaration (or a file) gave, in order: a later entry of the same id replaces an earlier one. */
function addParts(into: LoweredDecl, u: LoweredDecl): void {
  for (const x of u.diags) into.diags.push(x);
  for (const x of u.gives) into.gives.push(x);
  const parts = into.parts as Record<string, unknown>;
  for (const k in u.parts) {
    const key = k as keyof I.Program;
    if (key === 'variants') ((parts.variants ??= []) as I.Program['variants']).push(...u.parts.variants!);
    else Object.assign((parts[key] ??= {}) as object, u.parts[key]);
  }
}

class Lowerer {
  private diags: Diagnostic[] = [];
  /** `keepScenarios` false: a scenario is lowered for its diagnostics alone (CompileOptions.checkOnly), and the
   *  program keeps none. */
  constructor(
    private S: Symbols,
    private keepScenarios = true,
  ) {}

  private err(code: string, msg: string, at: A.Located): void {
    this.diags.push(error(code, msg, spanOf(at)));
  }

  /** The game's default mode (defaultModeOf): a scenario that names none plays it. */
  private defaultMode(): string {
    return defaultModeOf(this.S);
  }

  /** Lowering the declarations of a variant (`extend mode` stands only there). */
  private inVariant = false;

  /** Where declarations are lowered into; what each added is taken out (`taken`), the rest stays empty. */
  private scratch = emptyProgram();

  /** The strings the expressions of the declaration being lowered name as literal values (`{ k: 'lit', v: 'id' }`):
   *  SGS206 finds in them the skills a declaration gives, without walking the IR again. */
  private named: string[] = [];
  /** What the declarations of the unit being lowered give (`givenBy`). */
  private gives: string[] = [];

  /** A literal text or id, noted in `named`. */
  private nameLit(v: string): I.IExpr {
    this.named.push(v);
    return { k: 'lit', v };
  }

  unit(d: A.Decl): LoweredDecl {
    const diags: Diagnostic[] = [];
    const gives: string[] = [];
    this.diags = diags;
    this.gives = gives;
    if (d.kind === 'Variant') {
      const p: Partial<I.Program> = {};
      const parts = emptyProgram() as Partial<I.Program>;
      this.inVariant = true;
      for (const inner of d.decls) this.decl(inner, parts as I.Program);
      this.inVariant = false;
      const opt = this.S.get(d.option.name);
      if (d.option.name === 'mode') {
        // The game's mode chooses like an option whose values are the modes.
        if (d.value.kind !== 'Name' || this.S.get(d.value.name)?.kind !== 'mode')
          this.err(
            'SGS160',
            `variant mode needs a mode${d.value.kind === 'Name' ? `, '${d.value.name}' is not one${this.S.suggest(d.value.name, ['mode'])}` : ''}`,
            d.value,
          );
      } else if (opt?.kind !== 'option')
        this.err(
          'SGS160',
          `variant needs an option, '${d.option.name}' is not one${this.S.suggest(d.option.name, ['option'])}`,
          d.option,
        );
      const value = d.option.name === 'mode' ? (d.value.kind === 'Name' ? d.value.name : null) : this.constant(d.value);
      dropEmpty(parts);
      p.variants = [{ option: d.option.name, value, ...(d.mode ? { mode: d.mode } : {}), parts }];
      return { parts: p, diags, gives };
    }
    this.decl(d, this.scratch);
    return { parts: taken(this.scratch), diags, gives };
  }

  /** A constant: a literal, an enum member or an entity name. */
  private constant(e: A.Expr): unknown {
    switch (e.kind) {
      case 'Number':
      case 'Text':
      case 'Bool':
        return e.value;
      case 'None':
        return null;
      case 'Unary':
        if (e.op === '-' && e.operand.kind === 'Number') return -e.operand.value;
        break;
      case 'Name': {
        const s = this.S.get(e.name);
        if (s) return s.id;
        this.err('SGS101', `unknown name '${e.name}'${this.S.suggest(e.name)}`, e);
        return null;
      }
      case 'List':
        return e.items.map((x) => this.constant(x));
    }
    this.err('SGS105', 'this value must be a constant (a number, text, true/false, none or a name)', e);
    return null;
  }

  /** Lower one declaration into `p`, and note what it gives. */
  private decl(d: A.Decl, p: I.Program): void {
    this.named = [];
    this.lowerDecl(d, p);
    givenBy(d, p, this.named, this.gives);
    if (d.kind === 'Scenario' && !this.keepScenarios) p.scenarios = {};
  }

  private lowerDecl(d: A.Decl, p: I.Program): void {
    switch (d.kind) {
      case 'Enum':
        p.enums[d.names.id.name] = d.members.map((m) => m.names.id.name);
        break;
      case 'Option': {
        const values = d.members?.map((m) => m.names.id.name);
        if (values) p.enums[d.names.id.name] = values;
        const def = this.constant(d.default);
        if (values && !values.includes(def as string))
          this.err('SGS161', `the default of option ${d.names.id.name} must be one of ${values.join(', ')}`, d.default);
        p.options[d.names.id.name] = { id: d.names.id.name, default: def, values, ...(d.mode ? { mode: d.mode } : {}) };
        break;
      }
      case 'Zone':
        p.zones[d.names.id.name] = {
          id: d.names.id.name,
          perPlayer: d.perPlayer,
          visibility: d.visibility,
          grants: d.grants,
          ...(d.hint ? { hint: d.hint.name } : {}),
        };
        break;
      case 'Property':
        this.type(d.type);
        if (d.resetAt) this.eventRef(d.resetAt);
        if (d.carried) this.carriable(d.names.id, d.type, d.resetAt);
        p.properties[d.names.id.name] = {
          id: d.names.id.name,
          type: typeText(d.type),
          default: this.pureExpr(d.default, 'a property default'),
          visibility: d.visibility,
          resetAt: d.resetAt?.name,
          ...(d.carried ? { carried: true } : {}),
          ...(d.hint ? { hint: d.hint.name } : {}),
        };
        break;
      case 'Var':
        this.type(d.type);
        if (d.resetAt) this.eventRef(d.resetAt);
        if (d.carried) this.carriable(d.name, d.type, d.resetAt);
        p.vars[d.name.name] = {
          id: d.name.name,
          type: typeText(d.type),
          default: this.pureExpr(d.default, 'a variable default'),
          resetAt: d.resetAt?.name,
          ...(d.carried ? { carried: true } : {}),
        };
        break;
      case 'Card': {
        const fields: Record<string, unknown> = {};
        for (const f of d.fields) fields[f.name.name] = this.constant(f.value);
        for (const s of d.skills) this.expectSym(s, 'skill');
        const methods: Record<string, I.IMethod> = {};
        for (const m of d.methods) methods[m.name.name] = this.method(m, `card ${d.names.id.name}`, false, true);
        const parent = d.parent && this.expectSym(d.parent, 'card') ? this.S.get(d.parent.name)!.id : undefined;
        p.cards[d.names.id.name] = {
          id: d.names.id.name,
          zh: d.names.zh?.name,
          en: d.names.en,
          ...(parent ? { parent } : {}),
          fields,
          skills: d.skills.map((s) => s.name),
          methods,
        };
        break;
      }
      case 'Deck': {
        const cards: I.IDeck['cards'] = [];
        for (const e of d.entries) {
          if (!this.expectSym(e.cardKind, 'card')) continue;
          for (const f of e.faces) cards.push({ kind: this.S.get(e.cardKind.name)!.id, suit: f.suit, rank: f.rank });
        }
        p.decks[d.names.id.name] = { id: d.names.id.name, cards };
        break;
      }
      case 'General': {
        const pkg = this.S.get(d.names.id.name)?.pkg;
        const fields: Record<string, unknown> = {};
        for (const f of d.fields) fields[f.name.name] = this.constant(f.value);
        for (const s of d.skills) this.expectSym(s, 'skill');
        p.generals[d.names.id.name] = {
          id: d.names.id.name,
          zh: d.names.zh?.name,
          en: d.names.en,
          fields,
          skills: d.skills.map((s) => this.S.get(s.name)?.id ?? s.name),
          ...(pkg ? { package: pkg } : {}),
        };
        break;
      }
      case 'Skill':
        p.skills[d.names.id.name] = this.skill(d);
        break;
      case 'Event': {
        const scope = new Scope(null, { n: 0 });
        // Its own parameters, then the fields other packages added (`extend event`): all are fields of the event.
        const fields = [...d.params, ...(this.S.eventExtensions.get(d.names.id.name) ?? [])];
        const params = this.params(fields, scope, {
          pure: true,
          you: false,
          event: false,
          subject: false,
          what: 'a default',
        });
        const cx: Cx = {
          pure: false,
          you: false,
          event: true,
          windows: true,
          subject: false,
          params: new Set(fields.map((x) => x.name.name)),
          what: `event ${d.names.id.name}`,
        };
        // Event parameters are fields of the event (triggers may change them): they are read by name, not slot.
        const bodyScope = new Scope(null, { n: 0 });
        const stmts = this.block(d.body, bodyScope, cx);
        const body: I.IBody = { slots: bodyScope.counter.n, stmts };
        let cleanup: I.IBody | undefined;
        if (d.cleanup) {
          const cs = new Scope(null, { n: 0 });
          const cst = this.block(d.cleanup, cs, cx);
          cleanup = { slots: cs.counter.n, stmts: cst };
        }
        const hints = this.eventHints(d, fields);
        p.events[d.names.id.name] = { id: d.names.id.name, params, body, cleanup, ...(hints ? { hints } : {}) };
        break;
      }
      case 'Action': {
        const scope = new Scope(null, { n: 0 });
        const cx: Cx = { pure: false, you: false, event: false, subject: false, what: `action ${d.names.id.name}` };
        const params = this.params(d.params, scope, cx);
        const stmts = this.block(d.body, scope, cx);
        p.actions[d.names.id.name] = { id: d.names.id.name, params, body: { slots: scope.counter.n, stmts } };
        break;
      }
      case 'Function': {
        const scope = new Scope(null, { n: 0 });
        const cx: Cx = { pure: true, you: false, event: false, subject: false, what: `function ${d.names.id.name}` };
        const params = this.params(d.params, scope, cx);
        const fn: I.IFunction = { id: d.names.id.name, params, slots: 0 };
        if (d.expr) fn.expr = this.expr(d.expr, scope, cx);
        else if (d.body) fn.body = { slots: 0, stmts: this.block(d.body, scope, cx) };
        fn.slots = scope.counter.n;
        if (fn.body) fn.body.slots = fn.slots;
        p.functions[d.names.id.name] = fn;
        break;
      }
      case 'Hook': {
        const scope = new Scope(null, { n: 0 });
        const params = this.params(d.params, scope, {
          pure: true,
          you: false,
          event: false,
          subject: false,
          what: 'a hook',
        });
        p.hooks[d.names.id.name] = { id: d.names.id.name, params, combine: d.combine };
        break;
      }
      case 'Invariant': {
        const scope = new Scope(null, { n: 0 });
        const cx: Cx = { pure: true, you: false, event: false, subject: false, what: `invariant ${d.names.id.name}` };
        const params = this.params(d.params, scope, cx);
        if (
          d.params.length > 1 ||
          d.params.some((x) => x.type.name.name !== 'player' || x.type.list || x.type.optional)
        )
          this.err(
            'SGS250',
            `invariant ${d.names.id.name} takes no parameter (it holds for the game) or one player (it holds for each player)`,
            d.params[0] ?? d,
          );
        p.invariants[d.names.id.name] = {
          id: d.names.id.name,
          zh: d.names.zh?.name,
          en: d.names.en,
          params,
          expr: this.expr(d.expr, scope, cx),
          slots: scope.counter.n,
          at: placeOf(d),
        };
        break;
      }
      case 'Mode': {
        const fields = this.modeFields(d.names.id.name, d.fields, d);
        const methods: Record<string, I.IMethod> = {};
        for (const m of d.methods) methods[m.name.name] = this.method(m, `mode ${d.names.id.name}`, false);
        p.modes[d.names.id.name] = { id: d.names.id.name, fields, methods };
        break;
      }
      case 'ExtendMode': {
        const id = d.target.name;
        if (!this.inVariant) {
          this.err(
            'SGS163',
            `'extend mode ${id}' stands inside a variant: edit the mode itself to change it always`,
            d,
          );
          break;
        }
        if (this.S.get(id)?.kind !== 'mode') {
          this.err('SGS141', `'extend mode' needs a mode: '${id}' is not one${this.S.suggest(id, ['mode'])}`, d.target);
          break;
        }
        p.modes[id] = { id, fields: this.modeFields(id, d.fields, d), methods: {}, extends: true };
        break;
      }
      case 'Scenario':
        p.scenarios[d.names.id.name] = this.scenario(d);
        break;
      case 'Variant':
        this.err('SGS162', 'a variant cannot contain another variant', d);
        break;
    }
  }

  /** An event's hints (`aiHarm: from, to`): each names fields of the event, kept as their names (an AI reads them
   *  from the event as it sees it, so a hint can show nothing the seat may not see). */
  private eventHints(d: A.EventDecl, fields: A.Param[]): Record<string, string[]> | undefined {
    if (!d.fields?.length) return undefined;
    const known = new Set(fields.map((f) => f.name.name));
    // A Map, not an object: a hint may be called anything, `constructor` or `toString` too.
    const hints = new Map<string, string[]>();
    for (const f of d.fields) {
      const names: string[] = [];
      for (const v of f.value.kind === 'List' ? f.value.items : [f.value]) {
        if (v.kind === 'Name' && known.has(v.name)) names.push(v.name);
        else
          this.err(
            'SGS145',
            `a hint of event ${d.names.id.name} names its fields: ${v.kind === 'Name' ? `'${v.name}' is not one of them` : 'this is not a field name'} (${[...known].join(', ')})`,
            v,
          );
      }
      if (hints.has(f.name.name)) this.err('SGS145', `event ${d.names.id.name} gives the hint ${f.name.name} twice`, f);
      hints.set(f.name.name, names);
    }
    return Object.fromEntries(hints);
  }

  /** A mode's fields as constants; the decks, invariants and score property they name must exist. */
  private modeFields(mode: string, given: A.Field[], at: A.Located): Record<string, unknown> {
    const fields: Record<string, unknown> = {};
    for (const f of given)
      fields[f.name.name] = f.name.name === 'score' ? this.scoreField(mode, f) : this.constant(f.value);
    if (fields.decks !== undefined) {
      const decks = Array.isArray(fields.decks) ? fields.decks : [fields.decks];
      for (const dk of decks)
        if (this.S.get(String(dk))?.kind !== 'deck')
          this.err('SGS106', `mode ${mode}: '${String(dk)}' is not a deck`, at);
    }
    this.fieldNames(mode, given, fields, 'waives', 'invariant', at);
    this.fieldNames(mode, given, fields, 'alsoTakes', 'option', at);
    return fields;
  }

  /** The names a mode field lists (`waives`, `alsoTakes`) must be of `kind` (a name not declared at all is already
   *  SGS101, and lowers to null). */
  private fieldNames(
    mode: string,
    given: A.Field[],
    fields: Record<string, unknown>,
    field: string,
    kind: 'invariant' | 'option',
    at: A.Located,
  ): void {
    const v = fields[field];
    if (v === undefined) return;
    for (const x of Array.isArray(v) ? v : [v])
      if (x !== null && this.S.get(String(x))?.kind !== kind)
        this.err(
          'SGS106',
          `mode ${mode}: '${String(x)}' is not an ${kind}${this.S.suggest(String(x), [kind])}`,
          given.find((f) => f.name.name === field) ?? at,
        );
  }

  /** A mode's `score`: the carried whole-number player property that keeps a seat's score over a series (a
   *  property has no global name, so it is looked up among the properties). */
  private scoreField(mode: string, f: A.Field): string | null {
    const name = f.value.kind === 'Name' ? f.value.name : undefined;
    const d = name === undefined ? undefined : this.S.properties.get(name);
    if (name && d?.carried && typeText(d.type) === 'int') return name;
    const which =
      name === undefined ? '' : `: '${name}' is not one${this.S.suggest(name, [], this.S.properties.keys())}`;
    this.err('SGS106', `mode ${mode}: its score must name a carried int property${which}`, f.value);
    return null;
  }

  /** The right side of `c is k`: a card kind, or a list of them (a name that is some other entity is an error). */
  private kindOperand(e: A.Expr, r: I.IExpr): void {
    const items = e.kind === 'List' ? e.items : [e];
    const lowered = r.k === 'list' ? r.items : [r];
    items.forEach((x, i) => {
      const v = lowered[i];
      if (x.kind !== 'Name' || v?.k !== 'lit' || typeof v.v !== 'string') return;
      const s = this.S.get(x.name);
      if (s && s.kind !== 'card')
        this.err('SGS106', `'${x.name}' is not a card kind: write \`c is kind\`${this.S.suggest(x.name, ['card'])}`, x);
    });
  }

  private expectSym(id: A.Ident, kind: 'skill' | 'card' | 'general' | 'event' | 'zone'): boolean {
    const s = this.S.get(id.name);
    if (!s || s.kind !== kind) {
      this.err(
        kind === 'skill' ? 'SGS107' : 'SGS106',
        `'${id.name}' is not a ${kind}${this.S.suggest(id.name, [kind])}`,
        id,
      );
      return false;
    }
    return true;
  }

  private eventRef(id: A.Ident): void {
    if (id.name === 'game') return;
    const s = this.S.get(id.name);
    if (s?.kind !== 'event')
      this.err(
        'SGS108',
        `'${id.name}' is not an event (limits and resets are counted per event, or per game)${this.S.suggest(id.name, ['event'])}`,
        id,
      );
  }

  private type(t: A.TypeRef): void {
    const n = t.name.name;
    const builtin = [
      'int',
      'bool',
      'text',
      'player',
      'card',
      'kind',
      'skill',
      'zone',
      'event',
      'any',
      'general',
      'action',
    ];
    if (builtin.includes(n)) return;
    const s = this.S.get(n);
    if (!s || (s.kind !== 'enum' && s.kind !== 'option'))
      this.err('SGS109', `unknown type '${n}'${this.S.suggest(n, ['enum'], builtin)}`, t.name);
  }

  /** A `carried` declaration outlives its game: its type must be plain data the next game can read (numbers,
   *  flags, text, names, players as seats, lists of those), and it cannot also be forgotten at every `reset at`. */
  private carriable(id: A.Ident, t: A.TypeRef, resetAt: A.Ident | undefined): void {
    const n = t.name.name;
    const kind = this.S.get(n)?.kind;
    // An unknown type is SGS109 already; enum and option values are names, carried as they are.
    if (UNCARRIABLE_TYPES.includes(n) && kind !== 'enum' && kind !== 'option')
      this.err(
        'SGS164',
        `'${id.name}' cannot be carried to the next game: a value of type ${n} belongs to its game (carry numbers, flags, text, names, enum values, players, or lists of them)`,
        t,
      );
    if (resetAt)
      this.err(
        'SGS165',
        `'${id.name}' is carried to the next game and also reset at every ${resetAt.name}: choose one`,
        resetAt,
      );
  }

  private params(ps: A.Param[], scope: Scope, cx: Cx): I.IParam[] {
    return ps.map((p) => {
      this.type(p.type);
      scope.declare(p.name.name);
      return {
        name: p.name.name,
        optional: p.type.optional || !!p.default,
        default: p.default ? this.expr(p.default, new Scope(null, { n: 0 }), { ...cx, pure: true }) : undefined,
      };
    });
  }

  private method(m: A.MethodDecl, owner: string, you: boolean, windows = false): I.IMethod {
    const scope = new Scope(null, { n: 0 });
    const cx: Cx = { pure: !m.body, you, event: false, windows, subject: false, what: `${owner}.${m.name.name}` };
    const params = this.params(m.params, scope, cx);
    const out: I.IMethod = { params, slots: 0, at: placeOf(m) };
    if (m.expr) out.expr = this.expr(m.expr, scope, cx);
    if (m.body) out.body = { slots: 0, stmts: this.block(m.body, scope, cx) };
    out.slots = scope.counter.n;
    if (out.body) out.body.slots = out.slots;
    return out;
  }

  /** The property recording a skill's one use, from the first of its tags that says `once … records P`; and the
   *  properties its other tags record its uses in (`records P` without `once`). */
  private once(d: A.SkillDecl): { once?: string; records?: string[] } {
    let once: string | undefined;
    const records: string[] = [];
    for (const t of d.tags) {
      const tag = this.S.tags.get(t.name);
      if (!tag?.records) continue;
      if (tag.once) once ??= tag.records.name;
      else if (!records.includes(tag.records.name)) records.push(tag.records.name);
    }
    return { ...(once ? { once } : {}), ...(records.length ? { records } : {}) };
  }

  private limit(l: A.Limit | undefined): I.ITrigger['limit'] {
    if (!l) return undefined;
    this.eventRef(l.per);
    return { count: l.count, per: l.per.name };
  }

  private skill(d: A.SkillDecl): I.ISkill {
    const id = d.names.id.name;
    const sk: I.ISkill = {
      id,
      zh: d.names.zh?.name,
      en: d.names.en,
      tags: d.tags.map((t) => t.name),
      ...this.once(d),
      ...(d.fields?.length
        ? { fields: Object.fromEntries(d.fields.map((f) => [f.name.name, this.constant(f.value)])) }
        : {}),
      triggers: [],
      actives: [],
      viewAs: [],
      modifies: [],
      filters: [],
      ...(d.table ? { table: d.table } : {}),
    };
    // A table rule has no owner: `you` has no meaning in it (SGS117), its triggers watch anyone and ask nobody.
    const own = !d.table;
    for (const it of d.items) {
      if (!own && it.kind !== 'Trigger' && it.kind !== 'Modify')
        this.err('SGS123', 'a table rule holds only triggers (`on`) and modifiers (`modify`)', it);
      switch (it.kind) {
        case 'Trigger': {
          if (!this.S.windows.has(it.window.name)) {
            this.err(
              'SGS120',
              `no event opens a timing window named '${it.window.name}'${this.S.suggest(it.window.name, [], this.S.windows.keys())}`,
              it.window,
            );
          }
          if (!own && (it.subject !== 'anyone' || it.optional)) {
            this.err(
              'SGS123',
              `a table rule belongs to nobody: its triggers say (anyone) and never \`may\``,
              it.window,
            );
          }
          const scope = new Scope(null, { n: 0 });
          const cx: Cx = {
            pure: false,
            you: own,
            event: true,
            windows: true,
            subject: true,
            alias: it.alias?.name,
            what: `a trigger of ${id}`,
          };
          const condExpr = it.cond ? this.expr(it.cond, scope, { ...cx, pure: true }) : undefined;
          const stmts = this.block(it.body, scope, cx);
          sk.triggers.push({
            window: it.window.name,
            subject: it.subject,
            optional: it.optional,
            limit: this.limit(it.limit),
            condExpr,
            body: { slots: scope.counter.n, stmts },
            at: placeOf(it),
          });
          break;
        }
        case 'Active': {
          const scope = new Scope(null, { n: 0 });
          const cx: Cx = { pure: false, you: true, event: false, subject: false, what: `the action of ${id}` };
          const condExpr = it.cond ? this.expr(it.cond, scope, { ...cx, pure: true }) : undefined;
          const stmts = this.block(it.body, scope, cx);
          sk.actives.push({
            limit: this.limit(it.limit),
            condExpr,
            body: { slots: scope.counter.n, stmts },
            at: placeOf(it),
          });
          break;
        }
        case 'ViewAs': {
          this.expectSym(it.cardKind, 'card');
          for (const z of it.zones) {
            const s = this.S.get(z.name);
            if (s?.kind !== 'zone')
              this.err('SGS106', `'${z.name}' is not a zone${this.S.suggest(z.name, ['zone'])}`, z);
          }
          if (it.count < 1) this.err('SGS163', 'a conversion uses at least one card', it);
          const scope = new Scope(null, { n: 0 });
          scope.declare('it');
          const cx: Cx = { pure: true, you: true, event: false, subject: false, what: `the conversion of ${id}` };
          // The condition may name `them`, the cards of one combination (a list, slot 0): it is then checked for
          // each combination (乱击: two cards of the same suit), otherwise once.
          const setScope = new Scope(null, { n: 0 });
          setScope.declare('them');
          const condExpr = it.cond ? this.expr(it.cond, setScope, cx) : undefined;
          if (!it.zones.length && this.S.zoneHinted('hand') === undefined)
            this.err(
              'SGS147',
              `the conversion names no zone to take its cards from (\`in zone\`), and no zone is marked \`as hand\` to take them from instead`,
              it,
            );
          sk.viewAs.push({
            kind: this.S.get(it.cardKind.name)?.id ?? it.cardKind.name,
            count: it.count,
            zones: viewAsZones(it, this.S).map((z) => z.name),
            filterExpr: it.filter ? this.expr(it.filter, scope, cx) : undefined,
            condExpr,
            ...(setScope.used('them') ? { condPerSet: true } : {}),
            at: placeOf(it),
          });
          break;
        }
        case 'Modify': {
          const h = this.S.get(it.hook.name);
          if (h?.kind !== 'hook') {
            this.err('SGS121', `'${it.hook.name}' is not a hook${this.S.suggest(it.hook.name, ['hook'])}`, it.hook);
          } else {
            const n = (h.decl as A.HookDecl).params.length;
            if (n !== it.params.length)
              this.err(
                'SGS122',
                `hook ${it.hook.name} has ${n} parameter(s), this modifier names ${it.params.length}`,
                it.hook,
              );
          }
          const scope = new Scope(null, { n: 0 });
          for (const p of it.params) scope.declare(p.name);
          const cx: Cx = { pure: true, you: own, event: false, subject: false, what: `a modifier of ${id}` };
          const valueExpr = this.expr(it.value, scope, cx);
          const condExpr = it.cond ? this.expr(it.cond, scope, cx) : undefined;
          sk.modifies.push({
            hook: it.hook.name,
            params: it.params.length,
            valueExpr,
            condExpr,
            slots: scope.counter.n,
            at: placeOf(it),
          });
          break;
        }
        case 'Grant': {
          const s = this.S.get(it.what.name);
          if (s?.kind !== 'skill' && s?.kind !== 'card')
            this.err(
              'SGS124',
              `'${it.what.name}' is neither a skill nor a card kind${this.S.suggest(it.what.name, ['skill', 'card'])}`,
              it.what,
            );
          const scope = new Scope(null, { n: 0 });
          scope.declare('it');
          const cx: Cx = { pure: true, you: true, event: false, subject: false, what: `a grant of ${id}` };
          const condExpr = it.cond ? this.expr(it.cond, scope, cx) : undefined;
          (sk.grants ??= []).push({
            what: s?.id ?? it.what.name,
            card: s?.kind === 'card',
            to: it.to,
            condExpr,
            slots: scope.counter.n,
            at: placeOf(it),
          });
          break;
        }
        case 'Filter': {
          const scope = new Scope(null, { n: 0 });
          scope.declare('it');
          const cx: Cx = { pure: true, you: true, event: false, subject: false, what: `the filter of ${id}` };
          sk.filters.push({
            condExpr: this.expr(it.cond, scope, cx),
            sets: it.sets.map((f) => ({ field: f.name.name, e: this.expr(f.value, scope, cx) })),
            at: placeOf(it),
          });
          break;
        }
      }
    }
    return sk;
  }

  private scenario(d: A.ScenarioDecl): I.IScenario {
    const id = d.names.id.name;
    const seats = new Set(d.seats.map((s) => s.name.name));
    const what = `scenario ${id}`;
    // Contexts written out rather than spread from one another: a spread here cost more than the rest of a seat.
    const cx: Cx = { pure: true, you: false, event: false, subject: false, seats, entityFirst: false, what };
    const fieldCx: Cx = { pure: true, you: false, event: false, subject: false, seats, entityFirst: true, what };
    const modeName = d.mode?.name ?? this.defaultMode();
    if (d.mode) {
      const m = this.S.get(d.mode.name);
      if (m?.kind !== 'mode')
        this.err('SGS106', `'${d.mode.name}' is not a mode${this.S.suggest(d.mode.name, ['mode'])}`, d.mode);
    }
    const options: Record<string, unknown> = {};
    for (const o of d.options) {
      const s = this.S.get(o.name.name);
      if (s?.kind !== 'option')
        this.err('SGS160', `'${o.name.name}' is not an option${this.S.suggest(o.name.name, ['option'])}`, o.name);
      options[o.name.name] = this.constant(o.value);
    }
    // Its locals after the 16 slots a scenario's expressions are evaluated with (Game.evaluate).
    const scope = new Scope(null, { n: 16 });
    const vars = d.vars.map((v) => {
      const sym = this.S.get(v.name.name);
      if (sym?.kind !== 'var')
        this.err(
          'SGS172',
          `a scenario's var sets a global variable; '${v.name.name}' is not one${this.S.suggest(v.name.name, ['var'])}`,
          v.name,
        );
      // A seat named like an entity (`caocao`) is the seat for a player variable, the entity for any other.
      const decl = sym?.kind === 'var' ? (sym.decl as A.VarDecl) : undefined;
      const ofPlayers = decl?.type.name.name === 'player';
      return { name: v.name.name, e: this.expr(v.value, scope, ofPlayers ? cx : fieldCx) };
    });
    const seatOut = d.seats.map((s) => ({
      name: s.name.name,
      at: placeOf(s),
      fields: s.fields.map((f) => {
        const sym = this.S.get(f.name.name);
        const isZone = sym?.kind === 'zone';
        const ok = f.name.name === 'skills' || f.name.name === 'alive' || isZone || this.S.properties.has(f.name.name);
        if (!ok)
          this.err(
            'SGS170',
            `a seat sets properties and zones; '${f.name.name}' is neither${this.S.suggest(f.name.name, ['zone'], this.S.properties.keys())}`,
            f.name,
          );
        return { name: isZone ? sym!.id : f.name.name, e: this.expr(f.value, scope, fieldCx) };
      }),
    }));
    const seatCheck = (p: A.Ident) => {
      if (!seats.has(p.name))
        this.err('SGS171', `'${p.name}' is not a seat of this scenario (seats: ${[...seats].join(', ')})`, p);
    };
    // `start setup`: the mode's own setup deals the game (a draft, the roles) instead of seating the seats.
    const bySetup = d.start?.player.name === 'setup' && !seats.has('setup');
    if (d.start && !bySetup) seatCheck(d.start.player);
    if (bySetup && d.start?.from)
      this.err('SGS171', `'start setup' runs the mode's setup and its play from the start: no phase`, d.start.from);
    // A pick names an option: `pass`, a label (`yes`, an option's text), or a value (a card, a seat, an entity).
    const pick = (pk: A.Expr): I.IPick => {
      if (pk.kind === 'Name') {
        if (pk.name === 'pass') return { k: 'pass' };
        if (!seats.has(pk.name) && !this.S.get(pk.name)) return { k: 'name', name: pk.name };
      }
      return { k: 'expr', e: this.expr(pk, scope, cx) };
    };
    const steps: I.IStep[] = [];
    for (const st of d.steps) {
      switch (st.kind) {
        case 'Answer':
          seatCheck(st.player);
          steps.push({ k: 'answer', player: st.player.name, at: placeOf(st), picks: st.picks.map(pick) });
          break;
        case 'ExpectOffer':
          steps.push({
            k: 'expectOffer',
            negated: st.negated,
            picks: st.picks.map(pick),
            text: this.keepScenarios ? st.picks.map(printExpr).join(', ') : '',
            at: placeOf(st),
          });
          break;
        case 'Expect':
          steps.push({
            k: 'expect',
            e: this.expr(st.cond, scope, cx),
            // What a failing expectation says: only for a scenario that is kept, to run.
            text: this.keepScenarios ? printExpr(st.cond) : '',
            at: placeOf(st),
          });
          break;
        case 'ExpectLog':
          if (st.player) seatCheck(st.player);
          steps.push({
            k: 'expectLog',
            text: st.text,
            ...(st.negated ? { negated: true } : {}),
            ...(st.player ? { player: st.player.name } : {}),
            at: placeOf(st),
          });
          break;
        case 'ExpectAsk':
          seatCheck(st.player);
          steps.push({ k: 'expectAsk', player: st.player.name, at: placeOf(st) });
          break;
        case 'ExpectEnd':
          steps.push({ k: 'expectEnd', at: placeOf(st) });
          break;
      }
    }
    return {
      id,
      zh: d.names.zh?.name,
      en: d.names.en,
      mode: modeName,
      options,
      ...(vars.length ? { vars } : {}),
      seats: seatOut,
      deck: d.deck.map((e) => this.expr(e, scope, cx)),
      start: bySetup
        ? { player: '', setup: true }
        : d.start
          ? { player: d.start.player.name, from: d.start.from?.name }
          : undefined,
      steps,
      at: placeOf(d),
      file: fileOf(d),
    };
  }

  // ------------------------------------------------------------------ statements

  private block(b: A.Block, scope: Scope, cx: Cx): I.IStmt[] {
    const out: I.IStmt[] = [];
    const inner = scope.child();
    for (const s of b.stmts) {
      const r = this.stmt(s, inner, cx);
      if (r) out.push(r);
    }
    return out;
  }

  private stmt(s: A.Stmt, scope: Scope, cx: Cx): I.IStmt | null {
    switch (s.kind) {
      case 'Let': {
        const act = this.asAction(s.value, scope, cx);
        const i = scope.declare(s.name.name);
        if (act) return { k: 'do', a: act, into: { k: 'local', i } };
        return { k: 'let', i, e: this.expr(s.value, scope, cx) };
      }
      case 'Assign': {
        const target = this.target(s.target, scope, cx);
        if (cx.pure && target && target.k !== 'local')
          this.err(
            'SGS111',
            `${cx.what} may not change the game (it is pure); only its own variables can be assigned`,
            s,
          );
        if (s.op === '=') {
          const act = this.asAction(s.value, scope, cx);
          if (act && target) return { k: 'do', a: act, into: target };
        }
        const e = this.expr(s.value, scope, cx);
        return target ? { k: 'set', target, op: s.op, e, at: placeOf(s) } : null;
      }
      case 'ExprStmt': {
        const act = this.asAction(s.expr, scope, cx);
        if (act) return { k: 'do', a: act };
        if (s.expr.kind !== 'Call')
          this.err('SGS112', 'this expression does nothing: a statement must call something or assign', s);
        return { k: 'expr', e: this.expr(s.expr, scope, cx, true) };
      }
      case 'If': {
        const c = this.expr(s.cond, scope, cx);
        const then = this.block(s.then, scope, cx);
        let els: I.IStmt[] | undefined;
        if (s.else)
          els =
            s.else.kind === 'If'
              ? [this.stmt(s.else, scope.child(), cx)!].filter(Boolean)
              : this.block(s.else, scope, cx);
        return { k: 'if', c, then, else: els };
      }
      case 'For': {
        const e = this.expr(s.iterable, scope, cx);
        const inner = scope.child();
        const i = inner.declare(s.name.name);
        return { k: 'for', i, e, body: this.block(s.body, inner, cx), at: placeOf(s) };
      }
      case 'While':
        return { k: 'while', c: this.expr(s.cond, scope, cx), body: this.block(s.body, scope, cx) };
      case 'Repeat':
        return {
          k: 'repeat',
          n: s.count ? this.expr(s.count, scope, cx) : undefined,
          body: this.block(s.body, scope, cx),
        };
      case 'Return': {
        if (!s.value) return { k: 'return' };
        const act = this.asAction(s.value, scope, cx);
        if (act) return { k: 'return', a: act };
        return { k: 'return', e: this.expr(s.value, scope, cx) };
      }
      case 'Break':
        return { k: 'break' };
      case 'Continue':
        return { k: 'continue' };
      case 'Stop':
        if (cx.pure) this.err('SGS111', `${cx.what} may not stop events (it is pure)`, s);
        if (!s.target && !cx.event)
          this.err('SGS113', '`stop` without an event only works inside an event or a trigger', s);
        return { k: 'stop', e: s.target ? this.expr(s.target, scope, cx) : undefined, at: placeOf(s) };
      case 'Timing':
        if (cx.pure) this.err('SGS111', `${cx.what} may not open timing windows (it is pure)`, s);
        else if (!cx.windows)
          this.err(
            'SGS114',
            `${cx.what} cannot open a timing window: a window belongs to an event, so only an event (its body or cleanup), a trigger or a card's method may say 'timing' (declare an event for this window)`,
            s,
          );
        return { k: 'timing', name: s.name.name, subject: this.expr(s.subject, scope, cx), at: placeOf(s) };
    }
  }

  private target(t: A.Expr, scope: Scope, cx: Cx): I.ITarget | null {
    if (t.kind === 'Name') {
      const i = scope.lookup(t.name);
      if (i !== undefined) return { k: 'local', i };
      if (cx.params?.has(t.name)) return { k: 'param', name: t.name };
      const s = this.S.get(t.name);
      if (s?.kind === 'var') return { k: 'global', name: s.id };
      this.err('SGS104', `cannot assign to '${t.name}': it is not a variable${this.S.suggest(t.name, ['var'])}`, t);
      return null;
    }
    if (t.kind === 'Member') {
      this.memberName(t.name);
      return { k: 'member', o: this.expr(t.object, scope, cx), name: t.name.name, at: placeOf(t) };
    }
    this.err('SGS104', 'only variables and fields (x.f) can be assigned', t);
    return null;
  }

  /** If `e` is a call that asks players or runs an event/action/block method, lower it as an action. */
  private asAction(e: A.Expr, scope: Scope, cx: Cx): I.IAction | null {
    if (e.kind !== 'Call') return null;
    const kind = this.callKind(e);
    if (kind === null) return null;
    if (cx.pure) {
      this.err(
        'SGS111',
        `${cx.what} is pure: it cannot ${kind === 'ask' ? 'ask players' : `run ${describeCallee(e)}`}`,
        e,
      );
    }
    const a = placeOf(e);
    if (e.callee.kind === 'Member') {
      return {
        k: 'methodCall',
        o: this.expr(e.callee.object, scope, cx),
        name: e.callee.name.name,
        args: e.args.map((x) => this.expr(x.value, scope, cx)),
        at: a,
      };
    }
    const name = (e.callee as A.NameRef).name;
    if (kind === 'ask') return { k: 'ask', fn: name, args: this.builtinArgs(name, e, scope, cx), at: a };
    const sym = this.S.get(name)!;
    const params = sym.kind === 'event' ? this.S.eventFields(sym.id) : (sym.decl as A.ActionDecl).params;
    const args = this.namedArgs(paramSlots(params), e, scope, cx, `${sym.kind} ${sym.id}`);
    return { k: sym.kind === 'event' ? 'event' : 'action', name: sym.id, args, at: a };
  }

  private callKind(e: A.Call): 'event' | 'action' | 'method' | 'ask' | null {
    if (e.callee.kind === 'Name') {
      const n = e.callee.name;
      const s = this.S.get(n);
      if (s?.kind === 'event') return 'event';
      if (s?.kind === 'action') return 'action';
      if (!s && builtinEffect(n) === 'asks') return 'ask';
      return null;
    }
    if (e.callee.kind === 'Member') {
      const n = e.callee.name.name;
      if (this.S.methodNames.get(n) === true) return 'method';
    }
    return null;
  }

  // ------------------------------------------------------------------ expressions

  private pureExpr(e: A.Expr, what: string): I.IExpr {
    return this.expr(e, new Scope(null, { n: 0 }), { pure: true, you: false, event: false, subject: false, what });
  }

  private expr(e: A.Expr, scope: Scope, cx: Cx, statement = false): I.IExpr {
    switch (e.kind) {
      case 'Number':
      case 'Bool':
        return { k: 'lit', v: e.value };
      case 'Text':
        return this.nameLit(e.value);
      case 'None':
        return { k: 'lit', v: null };
      case 'Name':
        return this.name(e, scope, cx);
      case 'Member':
        this.memberName(e.name);
        return { k: 'member', o: this.expr(e.object, scope, cx), name: e.name.name, at: placeOf(e) };
      case 'Call':
        return this.call(e, scope, cx, statement);
      case 'Unary':
        return { k: 'un', op: e.op === 'not' ? 'not' : 'neg', e: this.expr(e.operand, scope, cx) };
      case 'Binary': {
        const l = this.expr(e.left, scope, cx),
          r = this.expr(e.right, scope, cx);
        if (e.op === 'and' || e.op === 'or') return { k: e.op, l, r };
        if (e.op === 'is') this.kindOperand(e.right, r);
        return { k: 'bin', op: e.op, l, r, at: placeOf(e) };
      }
      case 'List':
        return { k: 'list', items: e.items.map((x) => this.expr(x, scope, cx)) };
      case 'CardLit': {
        const s = this.S.get(e.cardKind.name);
        if (s?.kind !== 'card')
          this.err(
            'SGS150',
            `'${e.cardKind.name}' is not a card kind${this.S.suggest(e.cardKind.name, ['card'])}`,
            e.cardKind,
          );
        return { k: 'cardlit', kind: s?.id ?? e.cardKind.name, suit: e.suit, rank: e.rank, at: placeOf(e) };
      }
      case 'Where': {
        const list = this.expr(e.list, scope, cx);
        const inner = scope.child();
        const slot = inner.declare('it');
        return { k: 'where', list, slot, cond: this.expr(e.cond, inner, cx), at: placeOf(e) };
      }
    }
  }

  private name(e: A.NameRef, scope: Scope, cx: Cx): I.IExpr {
    const n = e.name;
    const local = scope.lookup(n);
    if (local !== undefined) return { k: 'local', i: local };
    if (cx.params?.has(n)) return { k: 'param', name: n };
    if (n === 'you' && cx.you) return { k: 'you' };
    if ((n === 'event' || n === cx.alias) && cx.event) return { k: 'event' };
    if (n === 'subject' && cx.subject) return { k: 'subject' };
    if (cx.seats?.has(n) && !(cx.entityFirst && this.S.get(n))) return { k: 'global', name: `$${n}` };
    const s = this.S.get(n);
    if (s) {
      switch (s.kind) {
        case 'var':
          return { k: 'global', name: s.id };
        case 'option':
          return { k: 'option', name: s.id };
        case 'zone': {
          // A per-player zone named alone is its id (compare with zoneOf(card)); hand(p) is p's zone.
          const z = s.decl as A.ZoneDecl;
          if (z.perPlayer) return this.nameLit(s.id);
          return { k: 'zone', zone: s.id };
        }
        case 'event':
          return this.nameLit(s.id); // an event kind, e.g. within(useCard)
        case 'function':
        case 'hook':
        case 'action':
          this.err('SGS116', `${s.kind} ${s.id} must be called: ${s.id}(…)`, e);
          return { k: 'lit', v: null };
        default:
          return this.nameLit(s.id);
      }
    }
    // A skill tag (its own namespace) named alone is its id: hasTag(s, t).
    if (this.S.tags.has(n)) return this.nameLit(n);
    if (n === 'you' || n === 'event' || n === 'subject') {
      this.err('SGS117', `'${n}' has no meaning in ${cx.what}`, e);
      return { k: 'lit', v: null };
    }
    this.err('SGS101', `unknown name '${n}'${this.S.suggest(n, undefined, scope.own())}`, e);
    return { k: 'lit', v: null };
  }

  private memberName(id: A.Ident): void {
    const n = id.name;
    if (
      ENGINE_MEMBER_NAMES.has(n) ||
      this.S.cardFields.has(n) ||
      this.S.generalFields.has(n) ||
      this.S.eventParams.has(n) ||
      BUILTINS[n]
    )
      return;
    const s = this.S.get(n);
    if (this.S.properties.has(n) || (s && s.kind === 'function')) return;
    if (this.S.methodNames.has(n)) return;
    this.err(
      'SGS130',
      `no property, field or function named '${n}'${this.S.suggest(n, ['function'], [...this.S.properties.keys(), ...this.S.cardFields, ...this.S.eventParams, ...ENGINE_MEMBER_NAMES])}`,
      id,
    );
  }

  private call(e: A.Call, scope: Scope, cx: Cx, statement: boolean): I.IExpr {
    const a = placeOf(e);
    const kind = this.callKind(e);
    if (kind !== null) {
      this.err(
        'SGS110',
        `${describeCallee(e)} ${kind === 'ask' ? 'asks a player' : 'runs an event or action'}; use it as a statement, in 'let x = …', 'x = …' or 'return …'`,
        e,
      );
      return { k: 'lit', v: null };
    }
    if (e.callee.kind === 'Member') {
      const name = e.callee.name.name;
      const obj = this.expr(e.callee.object, scope, cx);
      if (this.S.methodNames.has(name))
        return { k: 'method', o: obj, name, args: e.args.map((x) => this.expr(x.value, scope, cx)), at: a };
      const s = this.S.get(name);
      if (s?.kind === 'function') {
        const params = (s.decl as A.FunctionDecl).params;
        const rest = this.namedArgs(paramSlots(params.slice(1)), e, scope, cx, `function ${name}`);
        return { k: 'fn', name: s.id, args: [obj, ...rest], at: a };
      }
      if (BUILTINS[name]) {
        this.purity(name, cx, e, statement);
        const sig = builtinParams(name).slice(1);
        return { k: 'call', fn: name, args: [obj, ...this.namedArgs(sig, e, scope, cx, name)], at: a };
      }
      this.err(
        'SGS103',
        `no method or function named '${name}'${this.S.suggest(name, ['function'], [...this.S.methodNames.keys(), ...Object.keys(BUILTINS)])}`,
        e.callee.name,
      );
      return { k: 'lit', v: null };
    }
    if (e.callee.kind !== 'Name') {
      this.err('SGS102', 'only named functions can be called', e.callee);
      return { k: 'lit', v: null };
    }
    const name = e.callee.name;
    const s = this.S.get(name);
    if (s) {
      switch (s.kind) {
        case 'function': {
          const params = (s.decl as A.FunctionDecl).params;
          return {
            k: 'fn',
            name: s.id,
            args: this.namedArgs(paramSlots(params), e, scope, cx, `function ${s.id}`),
            at: a,
          };
        }
        case 'hook': {
          const params = (s.decl as A.HookDecl).params;
          return {
            k: 'hook',
            name: s.id,
            args: this.namedArgs(paramSlots(params), e, scope, cx, `hook ${s.id}`),
            at: a,
          };
        }
        case 'zone': {
          const z = s.decl as A.ZoneDecl;
          if (!z.perPlayer) {
            this.err('SGS115', `zone ${s.id} is shared: write ${s.id} without (…)`, e);
            return { k: 'zone', zone: s.id };
          }
          if (e.args.length !== 1) this.err('SGS118', `zone ${s.id}(player) takes exactly one player`, e);
          return {
            k: 'zone',
            zone: s.id,
            owner: e.args[0] ? this.expr(e.args[0].value, scope, cx) : { k: 'lit', v: null },
          };
        }
        default:
          this.err('SGS102', `${s.kind} ${s.id} cannot be called`, e.callee);
          return { k: 'lit', v: null };
      }
    }
    if (BUILTINS[name]) {
      this.purity(name, cx, e, statement);
      const sig = builtinParams(name);
      return { k: 'call', fn: name, args: this.namedArgs(sig, e, scope, cx, name), at: a };
    }
    this.err(
      'SGS102',
      `unknown function '${name}'${this.S.suggest(name, ['function', 'event', 'action', 'hook'], Object.keys(BUILTINS))}`,
      e.callee,
    );
    return { k: 'lit', v: null };
  }

  private purity(name: string, cx: Cx, at: A.Located, _statement: boolean): void {
    if (cx.pure && builtinEffect(name) === 'changes')
      this.err('SGS111', `${cx.what} is pure: it cannot call ${name}, which changes the game`, at);
  }

  private builtinArgs(name: string, e: A.Call, scope: Scope, cx: Cx): I.IExpr[] {
    const sig = builtinParams(name);
    return this.namedArgs(sig, e, scope, cx, name);
  }

  /** Positional then named arguments → one argument per parameter (missing optional ones become none). */
  private namedArgs(
    params: { name: string; optional: boolean }[],
    e: A.Call,
    scope: Scope,
    cx: Cx,
    what: string,
  ): I.IExpr[] {
    const out: (I.IExpr | undefined)[] = new Array(params.length).fill(undefined);
    let pos = 0;
    for (const arg of e.args) {
      let idx: number;
      if (arg.name) {
        idx = params.findIndex((p) => p.name === arg.name!.name);
        if (idx < 0) {
          this.err(
            'SGS119',
            `${what} has no parameter named '${arg.name.name}' (parameters: ${params.map((p) => p.name).join(', ') || 'none'})`,
            arg.name,
          );
          continue;
        }
      } else {
        idx = pos++;
        if (idx >= params.length) {
          this.err('SGS119', `${what} takes ${params.length} argument(s), got more`, arg);
          continue;
        }
      }
      if (out[idx]) this.err('SGS119', `${what}: parameter '${params[idx]!.name}' is given twice`, arg);
      out[idx] = this.expr(arg.value, scope, cx);
    }
    params.forEach((p, i) => {
      if (!out[i] && !p.optional) this.err('SGS119', `${what} needs a value for '${p.name}'`, e);
    });
    // Trailing missing arguments are left out so the callee's defaults apply.
    let n = out.length;
    while (n > 0 && out[n - 1] === undefined) n--;
    return out.slice(0, n).map((x) => x ?? { k: 'default' });
  }
}

function describeCallee(e: A.Call): string {
  if (e.callee.kind === 'Name') return `'${e.callee.name}'`;
  if (e.callee.kind === 'Member') return `'.${e.callee.name.name}(…)'`;
  return 'this call';
}

/** A type as the rules write it (`int`, `[card]`, `player?`), for the IR. */
/** Types whose values live in one game only (its cards, zones, running events, actions; `any` may hold them). */
const UNCARRIABLE_TYPES = ['card', 'zone', 'event', 'action', 'any'];

function typeText(t: A.TypeRef): string {
  return `${t.list ? '[' : ''}${t.name.name}${t.list ? ']' : ''}${t.optional ? '?' : ''}`;
}

/** The record parts of `p` something was added to, replaced in `p` by empty ones. */
function taken(p: I.Program): Partial<I.Program> {
  const out: Record<string, unknown> = {};
  const from = p as unknown as Record<string, Record<string, unknown>>;
  for (const k in from) {
    if (k === 'variants') continue;
    for (const _ in from[k]) {
      out[k] = from[k];
      from[k] = {};
      break;
    }
  }
  return out as Partial<I.Program>;
}

/** Leave out the record parts nothing was added to. */
function dropEmpty(parts: Partial<I.Program>): void {
  for (const k of Object.keys(parts) as (keyof I.Program)[]) {
    const v = parts[k];
    if (v && typeof v === 'object' && !Array.isArray(v) && Object.keys(v).length === 0) delete parts[k];
  }
}

export function emptyProgram(): I.Program {
  return {
    enums: {},
    options: {},
    zones: {},
    properties: {},
    vars: {},
    cards: {},
    decks: {},
    generals: {},
    skills: {},
    events: {},
    actions: {},
    functions: {},
    hooks: {},
    invariants: {},
    modes: {},
    scenarios: {},
    variants: [],
  };
}

/** Declared parameters as named-argument slots: a parameter with a default or an optional type may be left out. */
function paramSlots(params: A.Param[]): { name: string; optional: boolean }[] {
  return params.map((p) => ({ name: p.name.name, optional: !!p.default || p.type.optional }));
}
