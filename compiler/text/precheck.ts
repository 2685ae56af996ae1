// The SGS310 pre-check: a walk over what `MissingWording.find` describes that proves, without wording anything,
// that no wording would be missing. It follows the renderer's dispatch (expr.ts, stmt.ts, skill.ts, section.ts,
// card.ts …) and as much of its typing as member phrases need, visiting a superset of what the renderer words, and
// gives up (false) at anything it does not model or cannot prove: the compile then words everything as before.
// Imprecision costs time, never a missed SGS310; every change to the renderer's lookups must be mirrored here
// (test/text-precheck.test.ts cross-checks the two).
import { fileOf } from '../ast/source.ts';
import type * as A from '../ast/nodes.ts';
import type { DeclCache } from '../decl-cache.ts';
import { viewAsZones, type Sym, type Symbols } from '../lower/symbols.ts';
import { BUILTINS } from '../../runtime/builtin-table.ts';
import { type Phrasebook, parseTemplate, slotNames, type Pattern, type Phrase } from './phrasebook.ts';
import { type Facts, positional } from './facts.ts';
import { Renderer, subExprsOnce, presupposed } from './stmt.ts';
import { Env, newBody } from './context.ts';
import { builtinArgs, callableType, kindTest, sigNames } from './expr.ts';
import {
  andOf,
  andParts,
  conjuncts,
  eventFieldTy,
  modifyShape,
  setAsTest,
  splitByKind,
  names as namesIn,
  namesThem,
  replaceField,
  windowChoice,
} from './skill.ts';
import { aiHint, phraseFor } from './card.ts';
import { sectionPhrase } from './section.ts';
import { variantValue } from './generate.ts';
import { ANY, BOOL, CARD, CARDS, INT, PLAYER, builtinType, elem, fromTypeRef, listOf, type Ty } from './types.ts';

/** Why the walk gave up: the first obligation it could not prove. */
class Unproven {
  constructor(public why: string) {}
}

function fail(why: string): never {
  throw new Unproven(why);
}

/** The types a value may have when the renderer words it (its `Val.ty`; undefined is `any`). */
type Tys = Ty[];

const TEXT: Ty = { base: 'text' };

function tyKey(t: Ty): string {
  return `${t.base}${t.list ? '[]' : ''}${t.events ? `:${t.events.join(',')}` : ''}`;
}

function union(...xs: Tys[]): Tys {
  if (xs.length === 1 && xs[0]!.length <= 1) return xs[0]!;
  const out = new Map<string, Ty>();
  for (const ts of xs) for (const t of ts) out.set(tyKey(t), t);
  return [...out.values()];
}

/** Whether a name's value reads as 你 (`Val.you`): yes, no, or not known here. */
type You = 'y' | 'n' | '?';

interface Binding {
  tys?: Tys;
  /** A value worded where it is read (`let` of a plain value, a parameter of an inlined function): walked again at
   *  each inlining depth it is read at, as the renderer may first read it there. */
  lazy?: () => Tys;
  byDepth?: Map<number, Tys>;
  you: You;
  busy?: boolean;
}

/** The names bound where the renderer binds them (`Env`), with their possible types. */
class Scope {
  // (Made when first needed: most scopes bind nothing.)
  private vars?: Map<string, Binding>;
  /** Names read by this scope's lazy values: binding one of them here later would change what they read. */
  private readByLazy?: Set<string>;
  constructor(private parent?: Scope) {}

  child(): Scope {
    return new Scope(this);
  }

  bind(name: string, tys: Tys, you: You = 'n'): void {
    this.guard(name);
    (this.vars ??= new Map()).set(name, { tys, you });
  }

  bindLazy(name: string, lazy: () => Tys, reads: Set<string>, you: You = '?', now?: Tys, depth = 0): void {
    this.guard(name);
    const byDepth = new Map<number, Tys>();
    if (now) byDepth.set(depth, now);
    (this.vars ??= new Map()).set(name, { lazy, byDepth, you });
    if (reads.size) {
      const r = (this.readByLazy ??= new Set());
      for (const n of reads) r.add(n);
    }
  }

  private guard(name: string): void {
    // The renderer's lazy values read their scope when first read, so a name bound in the same scope afterwards
    // (or bound twice) could change them: not modelled.
    if (this.vars?.has(name) || this.readByLazy?.has(name)) fail(`'${name}' bound again in one scope`);
  }

  find(name: string): Binding | undefined {
    return this.vars?.get(name) ?? this.parent?.find(name);
  }

  has(name: string): boolean {
    return this.find(name) !== undefined;
  }
}

/** What a described body's special names mean (context.ts `Body`). */
interface Body {
  you: boolean;
  eventKinds: string[];
  alias?: string;
  subject?: boolean; // `subject` is bound (a player)
  subjectField?: string;
  cardUser?: boolean;
  ownFields?: Map<string, string>;
  params?: A.Param[];
  callee?: string;
}

const PLAIN: Body = { you: false, eventKinds: [] };

/** The declarations `describeDecl` describes, and variant blocks of them (as missing.ts). */
const DESCRIBED = new Set<A.Decl['kind']>(['Card', 'Skill', 'General', 'Mode', 'Event', 'Variant']);

export interface PrecheckTrace {
  /** Every phrase key the walk looked up (test: it must cover every key the renderer looks up). */
  consulted?: Set<string>;
  /** Why the walk gave up, when it did. */
  why?: string;
  /** Per member read (`file:start:field`), the owner types the walk allowed for (test: the renderer's is one). */
  owners?: Map<string, Set<string>>;
}

/** How `trace.owners` names a member read. */
export function memberKey(e: A.Member): string {
  return `${fileOf(e)}:${e.pos}:${e.name.name}`;
}

/** How `trace.owners` names a type (undefined reads as `any`). */
export function ownerTyKey(t: Ty | undefined): string {
  return tyKey(t ?? ANY);
}

/** The proofs an earlier compile found (MissingWording keeps them), per declaration and per file. */
export interface Proven {
  decls: DeclCache<A.Decl, true>;
  files: DeclCache<A.Decl[], true>;
}

/** Whether wording `files` is proven to miss no phrase (then `MissingWording.find` would return []). False when
 *  anything is unproven or not modelled, including a bug of this walk. */
export function wordingComplete(
  files: A.SourceFile[],
  S: Symbols,
  book: Phrasebook,
  facts: Facts,
  trace?: PrecheckTrace,
  proven?: Proven,
): boolean {
  try {
    const w = new Walker(S, book, facts, trace?.consulted);
    if (trace?.owners) w.owners = trace.owners;
    w.program(files, trace ? undefined : proven);
    return true;
  } catch (e) {
    if (trace) trace.why = e instanceof Unproven ? e.why : `precheck error: ${e instanceof Error ? e.message : e}`;
    return false;
  }
}

class Walker {
  private R: Renderer;
  private book: Phrasebook;
  private depth = 0;
  private skills = new Set<A.SkillDecl>();
  owners?: Map<string, Set<string>>;

  constructor(
    private S: Symbols,
    book: Phrasebook,
    private facts: Facts,
    consulted?: Set<string>,
  ) {
    // Lookups through the renderer's helpers (`windowChoice`, `phraseFor` …) are recorded too.
    if (consulted) {
      const rec = Object.create(book) as Phrasebook;
      rec.all = (k: string) => {
        consulted.add(k);
        return book.all(k);
      };
      rec.has = (k: string) => {
        consulted.add(k);
        return book.has(k);
      };
      this.book = rec;
    } else this.book = book;
    this.R = new Renderer(S, this.book, facts);
  }

  /** A pattern-free phrase of that shape (what `Phrasebook.find` with a matcher matching nothing finds). */
  private plain(key: string, parens: boolean): Phrase | undefined {
    return this.book.all(key).find((p) => (p.decl.params !== undefined) === parens && p.patterns.every((x) => !x));
  }

  private either(key: string): Phrase | undefined {
    return this.plain(key, true) ?? this.plain(key, false);
  }

  // ------------------------------------------------------------ the program (missing.ts `find`)

  /** With `proven`, a declaration proven by an earlier compile is not walked again while what it read holds (its
   *  names, through the table; the facts and the phrasebook, whose change clears the cache: missing.ts). A walk
   *  depends on nothing else: a skill a general names is read through its symbol, whose declaration is compared. */
  program(files: A.SourceFile[], proven?: Proven): void {
    // One walk for every declaration, told which by `current` (a function per declaration was most of what a
    // re-check allocated here, though most are proven and not walked). A walk walks no other declaration.
    let current: A.Decl | undefined;
    const walk = (): true => this.walk(current!);
    let file: A.SourceFile | undefined;
    const walkFile = (): true => {
      for (const d of file!.decls) {
        if (!DESCRIBED.has(d.kind)) continue;
        current = d;
        // Only a proof is kept: a walk that gives up throws, past the cache.
        if (proven) proven.decls.run(d, this.S, walk);
        else walk();
      }
      return true;
    };
    // A file's proof, then its declarations': a re-check looks at each unchanged file's reads once, not at each
    // of its declarations' (most of them cold by then).
    for (const f of files) {
      file = f;
      if (proven) proven.files.run(f.decls, this.S, walkFile);
      else walkFile();
    }
    for (const w of this.S.windows.keys()) this.window(w, 'n', () => false);
  }

  private walk(d: A.Decl): true {
    if (d.kind !== 'Variant') {
      this.decl(d);
      return true;
    }
    for (const x of d.decls) this.decl(x);
    // (Only the first block of a value words its label; every block's label is walked.)
    this.variantLabel(d);
    return true;
  }

  private decl(d: A.Decl): void {
    if (d.kind === 'Card') this.card(d);
    else if (d.kind === 'Skill') this.skill(d);
    else if (d.kind === 'General') this.general(d);
    else if (d.kind === 'Mode') this.mode(d);
    else if (d.kind === 'Event') this.event(d);
  }

  private names(sym: Sym): void {
    const n = (sym.decl as { names?: A.Names }).names;
    if (!n?.zh?.name || !n.en) fail(`names of ${sym.id}`);
  }

  private entity(sym: Sym): Tys {
    switch (sym.kind) {
      case 'member':
        this.names(sym);
        return [{ base: sym.enumOf ?? 'any' }];
      case 'card':
        this.names(sym);
        return [{ base: 'kind' }];
      case 'skill':
        this.names(sym);
        return [{ base: 'skill' }];
      case 'general':
        this.names(sym);
        return [{ base: 'general' }];
      case 'zone':
        this.names(sym);
        return [(sym.decl as A.ZoneDecl).perPlayer ? { base: 'zone' } : CARDS];
      case 'option':
        this.names(sym);
        return [(sym.decl as A.OptionDecl).members ? { base: sym.id } : BOOL];
      case 'var':
        if (!this.plain(sym.id, false)) fail(sym.id);
        return [fromTypeRef((sym.decl as A.VarDecl).type)];
      case 'event':
      case 'deck':
      case 'mode':
      case 'enum':
      case 'invariant':
        this.names(sym);
        return [ANY];
    }
    return fail(`${sym.kind} ${sym.id} as a value`);
  }

  private eventNoun(kinds: string[], b?: Body): Tys {
    for (const k of kinds) {
      if (!this.plain(k, false)) continue;
      if (b?.subjectField && b.subject) this.plain(`${k}.${b.subjectField}`, false);
      return [{ base: 'event', events: kinds }];
    }
    return fail(kinds[0] ?? 'event');
  }

  private memberLabel(owner: string, field: string): void {
    if (!this.either(`${owner}.${field}`)) fail(`${owner}.${field}`);
  }

  private variantLabel(d: A.VariantDecl): void {
    const value = variantValue(d);
    const opt = this.S.get(d.option.name);
    const mode = d.option.name === 'mode' ? this.S.get(value) : undefined;
    if (mode) this.entity(mode);
    else if (opt) {
      this.entity(opt);
      this.ex(d.value, new Scope(), PLAIN);
    }
    const inMode = d.mode ? this.S.get(d.mode) : undefined;
    if (inMode) this.entity(inMode);
  }

  // ------------------------------------------------------------ entities

  private card(d: A.CardDecl): void {
    const sc = new Scope();
    for (const f of d.fields) {
      if (aiHint(f.name.name)) continue;
      this.ex(f.value, sc, PLAIN);
      if (f.value.kind === 'Bool') {
        if (f.value.value && !this.either(`card.${f.name.name}`)) fail(`card.${f.name.name}`);
        continue;
      }
      this.memberLabel('card', f.name.name);
    }
    const parent = d.parent ? this.S.get(d.parent.name) : undefined;
    if (parent?.kind === 'card') this.names(parent);
    if (d.skills.length) {
      for (const z of this.S.ofKind('zone')) if ((z.decl as A.ZoneDecl).grants) this.names(z);
      for (const s of d.skills) {
        const sym = this.S.get(s.name);
        if (sym?.kind !== 'skill') continue;
        this.skill(sym.decl as A.SkillDecl);
        this.names(sym);
      }
    }
    const own = new Map<string, string>();
    for (const f of d.fields) {
      const id = f.value.kind === 'Name' ? this.S.get(f.value.name)?.id : undefined;
      if (id) own.set(f.name.name, id);
    }
    for (const m of d.methods) if (!aiHint(m.name.name)) this.section('card', m, own);
    for (const a of this.facts.asks.byKind.get(d.names.id.name) ?? []) {
      if (!phraseFor(this.R, a)) fail(`card.${a.asker.id}`);
      const root = a.chain[a.chain.length - 1]?.body;
      const s = root && !root.callable ? this.S.get(root.id) : undefined;
      if (s) this.names(s);
    }
  }

  private general(d: A.GeneralDecl): void {
    for (const f of d.fields) {
      this.memberLabel('general', f.name.name);
      this.ex(f.value, new Scope(), PLAIN);
    }
    // Each skill's text is walked where the skill is declared (every declaration is): a general's text repeats it
    // word for word (general.ts), and walking it here again walked every skill of a general whose walk an edit of
    // one of them made again. Its names are walked for every skill symbol it lists: the renderer words those of
    // the skills it finds by id (general.ts `skillOf`), which have one each, so this asks no less; finding them by
    // id here built a map of every skill at each re-check that walked a general.
    for (const s of d.skills) {
      const sym = this.S.get(s.name);
      if (sym?.kind === 'skill') this.names(sym);
    }
  }

  private mode(d: A.ModeDecl): void {
    for (const f of d.fields) {
      this.memberLabel('mode', f.name.name);
      // A list of options is named (mode.ts `optionNames`); anything else is worded.
      const items = f.value.kind === 'List' ? f.value.items : [f.value];
      if (!items.every((x) => x.kind === 'Name' && this.S.get(x.name)?.kind === 'option'))
        this.ex(f.value, new Scope(), PLAIN);
    }
    for (const m of d.methods) this.section('mode', m);
  }

  private event(d: A.EventDecl): void {
    const id = d.names.id.name;
    const callee = `event:${id}`;
    // The fields read through their phrases (event.ts): required for every field, read or not.
    for (const p of d.params) if (!this.either(`${id}.${p.name.name}`)) fail(`${id}.${p.name.name}`);
    if (d.params.length) this.eventNoun([id]);
    const b: Body = { you: false, eventKinds: [id], callee, params: d.params };
    const scope = () => {
      const sc = new Scope();
      d.params.forEach((p, i) => sc.bind(p.name.name, [fromTypeRef(p.type, this.facts.kindsOfParam(callee, i))]));
      return sc;
    };
    this.stmts(d.body.stmts, scope(), b);
    if (d.cleanup) this.stmts(d.cleanup.stmts, scope(), b);
  }

  private section(owner: 'card' | 'mode', m: A.MethodDecl, ownFields?: Map<string, string>): void {
    const key = `${owner}.${m.name.name}`;
    const { ph, block, fixed } = sectionPhrase(this.R, owner, m);
    if (!ph) fail(key);
    const callee = `${owner === 'card' ? 'method' : 'mode'}:${m.name.name}`;
    this.book.all(key); // (the `as` of a `return`, stmt.ts `resultName`)
    const b: Body = {
      you: false,
      eventKinds: [],
      callee,
      params: m.params,
      ...(owner === 'card' ? { cardUser: true } : {}),
      ...(ownFields ? { ownFields } : {}),
    };
    const sc = new Scope();
    m.params.forEach((p, i) => {
      const kinds = this.facts.kindsOfParam(callee, i);
      const ty = fromTypeRef(p.type, kinds);
      const noun = ph.nouns[i];
      const v = fixed.get(i);
      if (v) {
        this.ex(v, new Scope(), PLAIN);
        sc.bind(p.name.name, [ty]);
      } else if (noun) sc.bind(p.name.name, [ty], noun.zh === '你' ? 'y' : 'n');
      else if (ty.base === 'event' && kinds.length) sc.bind(p.name.name, this.eventNoun(kinds));
      else fail(`${key}#${p.name.name}`);
    });
    if (m.expr) this.ex(m.expr, sc, b);
    else if (block) this.stmts(block.stmts, sc.child(), b);
  }

  // ------------------------------------------------------------ skills

  private skill(d: A.SkillDecl): void {
    if (this.skills.has(d)) return;
    this.skills.add(d);
    for (const it of d.items) {
      switch (it.kind) {
        case 'Trigger':
          this.trigger(d, it);
          break;
        case 'Active':
          this.active(d, it);
          break;
        case 'ViewAs':
          this.viewAs(it);
          break;
        case 'Modify':
          this.modify(it);
          break;
        case 'Filter':
          this.filter(it);
          break;
        case 'Grant':
          this.grant(it);
          break;
        default:
          fail(`skill item ${(it as { kind: string }).kind}`);
      }
    }
  }

  private limit(l: A.Limit | undefined): void {
    if (!l || l.per.name === 'game') return;
    const s = this.S.get(l.per.name);
    if (!s) fail(l.per.name);
    this.names(s);
  }

  private trigger(d: A.SkillDecl, it: A.TriggerItem): void {
    const name = it.window.name;
    const kinds = this.facts.windowEvents.get(name) ?? [];
    const alias = it.alias?.name;
    const b: Body = {
      you: true,
      eventKinds: kinds,
      ...(alias ? { alias } : {}),
      callee: `trigger:${d.names.id.name}`,
      subject: true,
      ...(this.facts.windowSubjects.get(name) ? { subjectField: this.facts.windowSubjects.get(name)! } : {}),
    };
    const sc = new Scope();
    const { all, best } = windowChoice(this.R, it);
    this.window(
      name,
      it.subject === 'you' ? 'y' : 'n',
      (f) => {
        const v = best?.fixed.get(f);
        if (v) {
          this.ex(v, sc, b);
          return true;
        }
        const cs = best?.folded.get(f);
        if (!cs) return false;
        const local = `\u0000${f}`;
        const inner = sc.child();
        inner.bind(local, [eventFieldTy(this.facts, kinds, f) ?? CARD]);
        this.ex(andOf(cs.map((c) => replaceField(c, f, alias, local)))!, inner, b);
        return true;
      },
      best?.ph,
    );
    this.limit(it.limit);
    const cond = andOf(best ? best.rest : all);
    if (cond) this.ex(cond, sc, b);
    this.stmts(it.body.stmts, sc.child(), b);
  }

  private active(d: A.SkillDecl, it: A.ActiveItem): void {
    const b: Body = { you: true, eventKinds: [], callee: `active:${d.names.id.name}` };
    const sc = new Scope();
    this.window('active', 'y', () => false);
    this.limit(it.limit);
    const used = subExprsOnce(it.body);
    const cond = andOf(conjuncts(it.cond).filter((c) => !presupposed(c, used)));
    if (cond) this.ex(cond, sc, b);
    this.stmts(it.body.stmts, sc.child(), b);
  }

  private viewAs(it: A.ViewAsItem): void {
    const b: Body = { you: true, eventKinds: [] };
    const sc = new Scope();
    const s = this.S.get(it.cardKind.name);
    if (!s) fail(it.cardKind.name);
    this.entity(s);
    for (const z of viewAsZones(it, this.S)) {
      const zs = this.S.get(z.name);
      if (!zs) fail(z.name);
      this.names(zs);
    }
    if (it.filter) {
      const inner = sc.child();
      inner.bind('it', [CARD]);
      this.ex(it.filter, inner, b);
    }
    for (const c of it.cond ? andParts(it.cond) : []) {
      if (namesThem(c)) {
        const inner = sc.child();
        inner.bind('them', [CARDS]);
        this.ex(c, inner, b);
      } else this.ex(c, sc, b);
    }
  }

  private modify(it: A.ModifyItem): void {
    for (const x of splitByKind(this.R, it) ?? [it]) this.modifyOne(x);
  }

  private modifyOne(it: A.ModifyItem): void {
    const h = this.S.get(it.hook.name);
    if (h?.kind !== 'hook') fail(it.hook.name);
    const hook = h.decl as A.HookDecl;
    const { params, bound, about, rest, ph } = modifyShape(this.R, it, hook, new Env(newBody({ you: true })));
    if (!ph) fail(hook.names.id.name);
    const b: Body = { you: true, eventKinds: [] };
    // A parameter the condition binds reads as the value it is bound to (worded with nothing bound); any other as
    // its noun, of the hook parameter's type.
    const vals: Tys[] = params.map((_, i) => {
      const side = bound.get(i);
      return side ? this.ex(side, new Scope(), b) : [fromTypeRef(hook.params[i]?.type)];
    });
    for (const [i, cs] of about) {
      const inner = new Scope();
      inner.bind(params[i]!, vals[i]!);
      for (const c of cs) this.ex(c, inner, b);
    }
    const full = new Scope();
    params.forEach((p, i) => full.bind(p, vals[i]!, '?'));
    for (const c of rest) this.ex(c, full, b);
    for (const cs of about.values()) for (const c of cs) this.ex(c, full, b);
    this.ex(it.value, full, b);
  }

  private filter(it: A.FilterItem): void {
    const b: Body = { you: true, eventKinds: [] };
    const sc = new Scope();
    const inner = sc.child();
    inner.bind('it', [CARD]);
    for (const c of conjuncts(it.cond)) this.ex(c, inner, b);
    for (const f of it.sets) {
      this.memberLabel('card', f.name.name);
      this.ex(f.value, sc, b);
      // What the cards count as, worded as a condition on them (skill.ts `filter`).
      this.ex(setAsTest(f), inner, b);
    }
  }

  private grant(it: A.GrantItem): void {
    const s = this.S.get(it.what.name);
    if (!s) fail(it.what.name);
    this.entity(s);
    if (it.cond) {
      const inner = new Scope();
      inner.bind('it', [PLAYER], it.to === 'you' ? '?' : 'n');
      this.ex(it.cond, inner, { you: true, eventKinds: [] });
    }
  }

  // ------------------------------------------------------------ timing windows (stmt.ts `window`)

  /** `field(f)`: whether the trigger fills field f (and walks what fills it). */
  private window(name: string, you: You, field: (f: string) => boolean, chosen?: Phrase): void {
    const all = this.book.all(`on ${name}`);
    let cands: Phrase[];
    if (chosen) cands = [chosen];
    else {
      const fewest = Math.min(...all.map((p) => p.params.length));
      const fit = all.filter((p) => p.params.length === fewest && p.decl.params !== undefined);
      const sure = fit.some((p) => !p.patterns[0]) || (you === 'y' && fit.some((p) => p.patterns[0]?.k === 'you'));
      if (!sure) fail(`on ${name}`);
      cands = fit.filter((p) => !p.patterns[0] || (p.patterns[0].k === 'you' && you !== 'n'));
    }
    for (const ph of cands)
      for (const n of slotsOf(ph.text)) {
        const i = ph.params.indexOf(n);
        if (i <= 0) continue;
        if (field(n) || ph.nouns[i]) continue;
        const kinds = this.facts.windowEvents.get(name) ?? [];
        if (!kinds.some((k) => this.plain(`${k}.${n}`, false))) fail(`on ${name}`);
      }
  }

  // ------------------------------------------------------------ statements (stmt.ts)

  private stmts(ss: A.Stmt[], sc: Scope, b: Body): void {
    for (let i = 0; i < ss.length; i++) this.stmt(ss[i]!, ss, i, sc, b);
  }

  private block(bl: A.Block, sc: Scope, b: Body): void {
    this.stmts(bl.stmts, sc.child(), b);
  }

  /** A loop's body; a last `let a = ask(who)  if not a { break }` also words who on its own (然后who可以重复此流程,
   *  stmt.ts `process`), in the scope the body ends in. */
  private loop(bl: A.Block, sc: Scope, b: Body): void {
    const inner = sc.child();
    this.stmts(bl.stmts, inner, b);
    const l = bl.stmts[bl.stmts.length - 2];
    if (l?.kind === 'Let' && l.value.kind === 'Call' && l.value.args[0]) this.ex(l.value.args[0].value, inner, b);
  }

  /** A choice's chooser, worded on its own when the call's phrase does not name them (stmt.ts `choiceOf`, the
   *  `chosenBy` readings). */
  private doer(v: A.Expr, sc: Scope, b: Body): void {
    if (v.kind === 'Call' && v.args[0] && this.R.isDoing(v)) this.ex(v.args[0].value, sc, b);
  }

  private stmt(s: A.Stmt, ss: A.Stmt[], i: number, sc: Scope, b: Body): void {
    switch (s.kind) {
      case 'ExprStmt':
        this.ex(s.expr, sc, b);
        return;
      case 'Let': {
        const now = this.ex(s.value, sc, b);
        this.doer(s.value, sc, b);
        const x = s.name.name;
        // Read as "who chose what" (`chosenBy`, no type) when a choice among options follows; as a player when a
        // following `repeat` reassigns it (players taking turns, a cursor going round).
        const chooses = (e: A.Expr | undefined) =>
          e?.kind === 'Call' && e.callee.kind === 'Name' && e.callee.name === 'choose';
        const next = ss[i + 1];
        const chosen =
          chooses(s.value) ||
          (next?.kind === 'If' &&
            next.then.stmts.some(
              (y) => y.kind === 'Assign' && y.target.kind === 'Name' && y.target.name === x && chooses(y.value),
            ));
        const turns = ss.slice(i + 1).some((y) => y.kind === 'Repeat' && !y.count && assigns(y.body, x));
        const extra: Tys = [...(chosen ? [ANY] : []), ...(turns ? [PLAYER] : [])];
        const value = s.value;
        sc.bindLazy(x, () => union(this.ex(value, sc, b), extra), namesIn(value), '?', union(now, extra), this.depth);
        return;
      }
      case 'Assign':
        this.ex(s.target, sc, b);
        this.ex(s.value, sc, b);
        this.doer(s.value, sc, b);
        return;
      case 'If':
        this.ex(s.cond, sc, b);
        this.block(s.then, sc, b);
        if (s.else?.kind === 'If') this.stmt(s.else, [s.else], 0, sc, b);
        else if (s.else) this.block(s.else, sc, b);
        return;
      case 'For': {
        const l = this.ex(s.iterable, sc, b);
        // (`aliveFrom(p)` names p itself: 从p起.)
        const it = s.iterable;
        if (it.kind === 'Call' && it.callee.kind === 'Name' && it.callee.name === 'aliveFrom' && it.args[0])
          this.ex(it.args[0].value, sc, b);
        const inner = sc.child();
        inner.bind(s.name.name, l.map(elem));
        this.stmts(s.body.stmts, inner.child(), b);
        return;
      }
      case 'While':
        this.ex(s.cond, sc, b);
        this.loop(s.body, sc, b);
        return;
      case 'Repeat':
        if (s.count) this.ex(s.count, sc, b);
        this.loop(s.body, sc, b);
        return;
      case 'Break':
      case 'Continue':
        return;
      case 'Return':
        // What a procedure yields is named by its event's noun (stmt.ts `resultName`, `outcome`).
        if (b.eventKinds.length) {
          this.eventNoun(b.eventKinds, b);
          if (b.callee?.startsWith('event:')) this.book.all(b.callee.slice(6));
        }
        if (s.value) this.ex(s.value, sc, b);
        return;
      case 'Stop':
        if (s.target) this.ex(s.target, sc, b);
        else this.eventNoun(b.eventKinds, b);
        return;
      case 'Timing': {
        this.ex(s.subject, sc, b);
        const you: You = s.subject.kind === 'Name' && s.subject.name === 'you' && !sc.has('you') && b.you ? 'y' : '?';
        this.window(s.name.name, you, () => false);
        return;
      }
      default:
        // (A kind the language gains later: not modelled until this walk learns it.)
        fail(`statement ${(s as { kind: string }).kind}`);
    }
  }

  // ------------------------------------------------------------ expressions (expr.ts)

  /** Walk `e` as the renderer words it (as a value, a condition or its negation: they look up the same wording)
   *  and return the types its value may have. */
  private ex(e: A.Expr, sc: Scope, b: Body): Tys {
    switch (e.kind) {
      case 'Number':
        return [INT];
      case 'Bool':
        return [BOOL];
      case 'None':
        return [ANY];
      case 'Text':
        if (!this.plain(JSON.stringify(e.value), false)) fail(JSON.stringify(e.value));
        return [TEXT];
      case 'Name':
        return this.name(e, sc, b);
      case 'Member':
        return this.member(e, sc, b);
      case 'Call':
        return this.call(e, sc, b);
      case 'Unary':
        this.ex(e.operand, sc, b);
        return [e.op === 'not' ? BOOL : INT];
      case 'Binary':
        return this.binary(e, sc, b);
      case 'List': {
        if (e.items.length === 0) return [listOf(ANY)];
        const first = this.ex(e.items[0]!, sc, b);
        for (const x of e.items.slice(1)) this.ex(x, sc, b);
        return first.map(listOf);
      }
      case 'CardLit': {
        const s = this.S.get(e.cardKind.name);
        if (!s) fail(e.cardKind.name);
        this.entity(s);
        return [CARD];
      }
      case 'Where': {
        const tys = this.ex(e.list, sc, b).map((t) => (t.list ? t : listOf(t)));
        const inner = sc.child();
        inner.bind('it', tys.map(elem));
        this.ex(e.cond, inner, b);
        return tys;
      }
      default:
        return fail(`expression ${(e as { kind: string }).kind}`);
    }
  }

  private lookup(name: string, sc: Scope): Tys | undefined {
    const v = sc.find(name);
    if (!v) return undefined;
    if (v.tys) return v.tys;
    let t = v.byDepth!.get(this.depth);
    if (!t) {
      if (v.busy) fail(`'${name}' reads itself`);
      v.busy = true;
      try {
        t = v.lazy!();
      } finally {
        v.busy = false;
      }
      v.byDepth!.set(this.depth, t);
    }
    return t;
  }

  private name(e: A.NameRef, sc: Scope, b: Body): Tys {
    const v = this.lookup(e.name, sc);
    if (v) return v;
    if (e.name === 'you' && b.you) return [PLAYER];
    if ((e.name === 'event' || e.name === b.alias) && b.eventKinds.length) return this.eventNoun(b.eventKinds, b);
    if (e.name === 'subject' && b.subject) return [PLAYER];
    const s = this.S.get(e.name);
    if (s) return this.entity(s);
    return fail(e.name);
  }

  private member(e: A.Member, sc: Scope, b: Body): Tys {
    const f = e.name.name;
    const os = this.ex(e.object, sc, b);
    if (this.owners) {
      const k = memberKey(e);
      const set = this.owners.get(k) ?? new Set();
      for (const o of os) set.add(tyKey(o));
      this.owners.set(k, set);
    }
    // In a trigger the field of the event that is the window's subject reads as the subject.
    if (
      b.subjectField === f &&
      b.subject &&
      e.object.kind === 'Name' &&
      (e.object.name === 'event' || e.object.name === b.alias) &&
      !sc.has(e.object.name)
    )
      return [PLAYER];
    return union(...os.map((o) => this.memberOfOnce(f, o, b)));
  }

  private members = new Map<string, Tys>();

  /** `memberOf`, once per field, owner type and reading of `user` (it depends on nothing else). */
  private memberOfOnce(f: string, o: Ty, b: Body): Tys {
    const k = `${f}|${tyKey(o)}|${!!b.cardUser}`;
    let v = this.members.get(k);
    if (!v) this.members.set(k, (v = this.memberOf(f, o, b)));
    return v;
  }

  /** `x.f` for an `x` of type `o` (expr.ts `member`). */
  private memberOf(f: string, o: Ty, b: Body): Tys {
    if (b.cardUser && f === 'user' && o.base === 'event') return [PLAYER];
    const evs = o.base === 'event' ? (o.events ?? []) : [];
    for (const k of evs) {
      const ps = this.facts.paramsOf(`event:${k}`);
      const i = ps?.findIndex((p) => p.name.name === f) ?? -1;
      const ph = this.either(`${k}.${f}`);
      if (i < 0 && !ph) continue;
      if (!ph) fail(`${k}.${f}`);
      return [i >= 0 ? fromTypeRef(ps![i]!.type, this.facts.kindsOfParam(`event:${k}`, i)) : ANY];
    }
    if (o.base === 'event' && evs.length === 0)
      for (const s of this.S.ofKind('event')) {
        const ps = (s.decl as A.EventDecl).params;
        const i = ps.findIndex((p) => p.name.name === f);
        if (i >= 0 && this.either(`${s.id}.${f}`)) return [fromTypeRef(ps[i]!.type)];
      }
    const prop = this.S.properties.get(f);
    if (prop && !this.book.has(`player.${f}`)) {
      if (!prop.names.zh?.name || !prop.names.en) fail(`names of ${f}`);
      const ty = fromTypeRef(prop.type);
      return [ty.base === 'bool' && !ty.list ? BOOL : ty];
    }
    for (const owner of this.R.owners(o)) if (this.either(`${owner}.${f}`)) return [this.R.memberType(owner, f)];
    return fail(`${this.R.ownerOf(f, o)}.${f}`);
  }

  private call(c: A.Call, sc: Scope, b: Body): Tys {
    if (c.callee.kind === 'Name') {
      const name = c.callee.name;
      const s = sc.has(name) ? undefined : this.S.get(name);
      if (s?.kind === 'zone') {
        this.names(s);
        if (c.args[0]) this.ex(c.args[0].value, sc, b);
        return [CARDS];
      }
      if (s && (s.kind === 'event' || s.kind === 'action' || s.kind === 'function' || s.kind === 'hook')) {
        const d = s.decl as A.EventDecl | A.ActionDecl | A.FunctionDecl | A.HookDecl;
        const args = positional(
          c,
          d.params.map((p) => p.name.name),
        );
        return this.callable(s, d, args, callableType(s.kind, d), sc, b);
      }
      if (!s && BUILTINS[name]) return this.builtin(name, positional(c, sigNames(name)), sc, b);
      return fail(name);
    }
    if (c.callee.kind === 'Member') {
      const name = c.callee.name.name;
      if (this.S.methodNames.has(name)) {
        const decls = this.facts.methodParams.get(name);
        const args = positional(
          c,
          (decls ?? []).map((p) => p.name.name),
        );
        this.ex(c.callee.object, sc, b);
        if (this.viaPhrase(`card.${name}`, args, decls, sc, b) !== 'yes') fail(`card.${name}`);
        return [ANY];
      }
      const s = this.S.get(name);
      if (s?.kind === 'function') {
        const d = s.decl as A.FunctionDecl;
        const args = positional(
          c,
          d.params.map((p) => p.name.name),
          1,
        );
        return this.callable(s, d, args, fromTypeRef(d.returns), sc, b);
      }
      if (BUILTINS[name]) return this.builtin(name, positional(c, sigNames(name), 1), sc, b);
    }
    return fail('call');
  }

  /** An event, action, hook or function called: through its phrase, else (a function) read as its body. */
  private callable(
    s: Sym,
    d: A.EventDecl | A.ActionDecl | A.FunctionDecl | A.HookDecl,
    args: (A.Expr | undefined)[],
    ret: Ty,
    sc: Scope,
    b: Body,
  ): Tys {
    if (s.kind === 'function') this.book.has(s.id); // (`konst`, `inlineNot`)
    const via = this.viaPhrase(s.id, args, d.params, sc, b);
    if (via === 'yes') return [ret];
    const inl = s.kind === 'function' ? this.inline(d as A.FunctionDecl, args, sc, b) : undefined;
    if (!inl) return fail(s.id);
    return via === 'maybe' ? union([ret], inl) : inl;
  }

  private inline(d: A.FunctionDecl, args: (A.Expr | undefined)[], sc: Scope, b: Body): Tys | undefined {
    const only = d.body?.stmts.length === 1 ? d.body.stmts[0] : undefined;
    const body = d.expr ?? (only?.kind === 'Return' ? only.value : undefined);
    if (!body || this.depth > 6) return undefined;
    const inner = new Scope();
    d.params.forEach((p, i) => {
      const a = args[i] ?? p.default;
      inner.bindLazy(p.name.name, () => (a ? this.ex(a, sc, b) : [ANY]), new Set());
    });
    this.depth++;
    try {
      const v = this.ex(body, inner, { you: false, eventKinds: [] });
      return d.returns ? [fromTypeRef(d.returns)] : v;
    } finally {
      this.depth--;
    }
  }

  private builtin(name: string, args0: (A.Expr | undefined)[], sc: Scope, b: Body): Tys {
    const args = builtinArgs(name, args0);
    // Its type from its arguments' (expr.ts `typeOf`), for every combination they may have.
    let out = combine(
      args.map((a) => (a ? this.typeOf(a, sc, b) : [undefined])),
      name,
    );
    if (name === 'within' && args[0]?.kind === 'Name' && this.S.get(args[0].name)?.kind === 'event') {
      const id = this.S.get(args[0].name)!.id;
      out = out.map((t) => ({ ...t, base: 'event', events: [id] }));
    }
    if (this.viaPhrase(name, args, undefined, sc, b) !== 'yes') fail(name);
    return union(out);
  }

  /** A call through a phrase of `key` (expr.ts `viaPhrase`): 'yes' when some phrase surely matches, 'maybe' when
   *  one may, 'no' when none can. The arguments any matching phrase words are walked. */
  private viaPhrase(
    key: string,
    args: (A.Expr | undefined)[],
    decls: A.Param[] | undefined,
    sc: Scope,
    b: Body,
    body = false,
  ): 'yes' | 'maybe' | 'no' {
    const full = args.map((a, i) => a ?? decls?.[i]?.default);
    let sure = false;
    let may = false;
    let walked = 0; // (a bit per argument: walked once whatever phrase words it)
    for (const ph of this.book.all(key)) {
      if (ph.decl.params === undefined || ph.params.length !== args.length || ph.body !== body) continue;
      let m: You = 'y';
      for (let i = 0; i < ph.patterns.length && m !== 'n'; i++) {
        const p = ph.patterns[i];
        if (!p) continue;
        const x = this.matches(full[i], args[i], p, sc, b);
        if (x !== 'y') m = x;
      }
      if (m === 'n') continue;
      may = true;
      if (m === 'y') sure = true;
      for (const tpl of [ph.text, ph.negative, ph.result])
        if (tpl)
          for (const n of slotsOf(tpl)) {
            const i = ph.params.indexOf(n);
            if (i < 0 || walked & (1 << i)) continue;
            if (i > 30) fail(`${key}: too many parameters`);
            walked |= 1 << i;
            if (full[i]) this.ex(full[i]!, sc, b);
          }
    }
    return sure ? 'yes' : may ? 'maybe' : 'no';
  }

  /** expr.ts `matcher`: whether argument `a` (given as `given`) matches pattern `p`. */
  private matches(a: A.Expr | undefined, given: A.Expr | undefined, p: Pattern, sc: Scope, b: Body): You {
    if (p.k === 'none' && given === undefined) return 'y';
    const yes = (x: boolean): You => (x ? 'y' : 'n');
    switch (p.k) {
      case 'you':
        if (a?.kind !== 'Name') return 'n';
        // (Reading the name words a lazy value: expr.ts `isYou` looks it up.)
        if (sc.has(a.name)) {
          this.lookup(a.name, sc);
          return sc.find(a.name)!.you;
        }
        return yes(a.name === 'you' && b.you);
      case 'bool':
        return yes(a?.kind === 'Bool' && a.value === p.v);
      case 'none':
        return yes(a === undefined || a.kind === 'None');
      case 'num':
        return yes(a?.kind === 'Number' && a.value === p.v);
      case 'member':
        if (a?.kind === 'Member' && this.isOwnCard(a.object, b)) return yes(b.ownFields?.get(a.name.name) === p.id);
        return yes(a?.kind === 'Name' && !sc.has(a.name) && this.S.get(a.name)?.id === p.id);
    }
  }

  private isOwnCard(o: A.Expr, b: Body): boolean {
    if (!b.ownFields) return false;
    if (o.kind === 'Member') return o.name.name === 'card';
    return o.kind === 'Name' && !!b.params?.some((p) => p.name.name === o.name && p.type.name.name === 'card');
  }

  private binary(e: A.Binary, sc: Scope, b: Body): Tys {
    switch (e.op) {
      case 'and':
      case 'or':
      case '==':
      case '!=':
      case '<':
      case '<=':
      case '>':
      case '>=':
      case 'in': {
        // `x == none` words x alone; every other comparison, membership or junction words both sides (or less).
        const noneSide = e.right.kind === 'None' ? e.left : e.left.kind === 'None' ? e.right : undefined;
        if (noneSide && (e.op === '==' || e.op === '!=')) this.ex(noneSide, sc, b);
        else {
          this.ex(e.left, sc, b);
          this.ex(e.right, sc, b);
          // `count(xs) > 0` and `zoneOf(c) == z` word xs / c on their own (expr.ts `countCompare`, `compare`).
          const l = e.left;
          if (l.kind === 'Call' && l.callee.kind === 'Name' && /^(count|zoneOf)$/.test(l.callee.name) && l.args[0])
            this.ex(l.args[0].value, sc, b);
        }
        return [BOOL];
      }
      case 'is':
        this.binary(kindTest(e), sc, b);
        return [BOOL];
    }
    const ls = this.ex(e.left, sc, b);
    const rs = this.ex(e.right, sc, b);
    const out: Tys = [];
    for (const l of ls)
      for (const r of rs) {
        if ((l.list || r.list) && e.op === '+') out.push(l.list ? l : r);
        else if ((l.list || r.list) && e.op === '-') out.push(l);
        else out.push(INT);
      }
    return union(out);
  }

  // ------------------------------------------------------------ types without wording (expr.ts `typeOf`)

  private typeOf(e: A.Expr, sc: Scope, b: Body): Tys {
    switch (e.kind) {
      case 'Number':
        return [INT];
      case 'Bool':
        return [BOOL];
      case 'Text':
        return [TEXT];
      case 'List':
        return e.items[0] ? this.typeOf(e.items[0], sc, b).map(listOf) : [listOf(ANY)];
      case 'Where':
        return this.typeOf(e.list, sc, b);
      case 'Name': {
        const v = this.lookup(e.name, sc);
        if (v) return v;
        if (e.name === 'you' && b.you) return [PLAYER];
        const s = this.S.get(e.name);
        if (s?.kind === 'card') return [{ base: 'kind' }];
        if (s?.kind === 'zone') return [CARDS];
        if (s?.kind === 'member') return [{ base: s.enumOf ?? 'any' }];
        if (s?.kind === 'var') return [fromTypeRef((s.decl as A.VarDecl).type)];
        return [ANY];
      }
      case 'Call': {
        if (e.callee.kind === 'Name') {
          const s = this.S.get(e.callee.name);
          if (s?.kind === 'zone') return [CARDS];
          if (s && (s.kind === 'function' || s.kind === 'hook' || s.kind === 'event' || s.kind === 'action'))
            return [fromTypeRef((s.decl as A.FunctionDecl).returns)];
          if (BUILTINS[e.callee.name]) {
            return union(
              combine(
                e.args.map((a) => this.typeOf(a.value, sc, b)),
                e.callee.name,
              ),
            );
          }
        }
        return [ANY];
      }
      case 'Binary':
        if (e.op === '+' || e.op === '-') return union(this.typeOf(e.left, sc, b).map((l) => (l.list ? l : INT)));
        if (e.op === '*' || e.op === '/' || e.op === '%') return [INT];
        return [BOOL];
      case 'Unary':
        return [e.op === 'not' ? BOOL : INT];
      case 'Member': {
        const f = e.name.name;
        const os: Tys =
          e.object.kind === 'Name' && (e.object.name === 'event' || e.object.name === b.alias) && b.eventKinds.length
            ? [{ base: 'event', events: b.eventKinds }]
            : this.typeOf(e.object, sc, b);
        return union(
          os.map((o) => {
            for (const k of o.base === 'event' ? (o.events ?? []) : []) {
              const ps = this.facts.paramsOf(`event:${k}`);
              const i = ps?.findIndex((p) => p.name.name === f) ?? -1;
              if (i >= 0) return fromTypeRef(ps![i]!.type, this.facts.kindsOfParam(`event:${k}`, i));
            }
            const prop = this.S.properties.get(f);
            if (prop) return fromTypeRef(prop.type);
            return this.R.memberType(this.R.ownerOf(f, o), f);
          }),
        );
      }
    }
    return [ANY];
  }
}

const slotCache = new WeakMap<object, string[]>();

/** The placeholders of a text in either language. */
function slotsOf(t: { zh: string; en: string }): string[] {
  const hit = slotCache.get(t);
  if (hit) return hit;
  const out: string[] = [];
  for (const s of [t.zh, t.en]) {
    const pieces = parseTemplate(s);
    if (typeof pieces !== 'string') out.push(...slotNames(pieces));
  }
  slotCache.set(t, out);
  return out;
}

/** `builtinType` for every combination of the types its arguments may have. */
function combine(args: (Ty | undefined)[][], name: string): Tys {
  if (args.every((ts) => ts.length === 1))
    return [
      builtinType(
        name,
        args.map((ts) => ts[0]),
      ),
    ];
  let combos: (Ty | undefined)[][] = [[]];
  for (const ts of args) {
    combos = combos.flatMap((cs) => ts.map((t) => [...cs, t]));
    if (combos.length > 64) fail(`types of ${name}'s arguments`);
  }
  return combos.map((ts) => builtinType(name, ts));
}

/** Whether a block assigns the local `x` (at any depth). */
function assigns(bl: A.Block, x: string): boolean {
  let found = false;
  const walk = (ss: A.Stmt[]) => {
    for (const s of ss) {
      if (s.kind === 'Assign' && s.target.kind === 'Name' && s.target.name === x) found = true;
      if (s.kind === 'If') {
        walk(s.then.stmts);
        if (s.else) walk(s.else.kind === 'If' ? [s.else] : s.else.stmts);
      } else if (s.kind === 'For' || s.kind === 'While' || s.kind === 'Repeat') walk(s.body.stmts);
    }
  };
  walk(bl.stmts);
  return found;
}
