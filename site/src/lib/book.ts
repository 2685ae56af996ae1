// The rulebook's view of the compiled rules: declarations by name with their source excerpts, names in both
// languages, where each thing has its page, the timing windows in procedure order, and which scenarios belong
// to which card or general. Everything is derived from rules/ (AST + IR); nothing here is rule text.
import { spanOf } from '../../../compiler/ast/source.ts';
import { rules, type Lang } from './rules.ts';
import { lexer } from '../../../compiler/syntax/scan.ts';
import type {
  Decl,
  Expr,
  Stmt,
  Block,
  SourceFile,
  Names,
  ScenarioDecl,
  VariantDecl,
  MethodDecl,
  SkillItem,
  Span,
  Located,
} from '../../../compiler/ast/nodes.ts';
import type { IScenario, Program } from '../../../runtime/index.ts';
import { pinyinKeys } from './pinyin.ts';

export type { Lang };

// ---------------------------------------------------------------- names

export interface Name {
  zh?: string;
  en?: string;
}

let nameIndex: Map<string, Name> | undefined;

/** zh/en names of every named id: declarations, enum members, option values (first declaration wins). */
export function names(): Map<string, Name> {
  if (nameIndex) return nameIndex;
  const m = new Map<string, Name>();
  const add = (n: Names | undefined) => {
    if (!n || m.has(n.id.name)) return;
    if (n.zh || n.en) m.set(n.id.name, { zh: n.zh?.name, en: n.en });
  };
  const walk = (ds: Decl[]) => {
    for (const d of ds) {
      if (d.kind === 'Variant') {
        walk(d.decls);
        continue;
      }
      if (!named(d)) continue;
      add(d.names);
      if (d.kind === 'Enum') d.members.forEach((x) => add(x.names));
      if (d.kind === 'Option') d.members?.forEach((x) => add(x.names));
    }
  };
  for (const f of files()) walk(f.decls);
  nameIndex = m;
  return m;
}

/** The name of an id in a language: its own name, else the other language's, else the id. */
export function label(id: string, lang: Lang): string {
  const n = names().get(id);
  return (lang === 'zh' ? (n?.zh ?? n?.en) : (n?.en ?? n?.zh)) ?? id;
}

/** Both names, for headings: 奸雄 · Villainous Hero. */
export function bothNames(id: string, lang: Lang): { main: string; sub?: string } {
  const n = names().get(id);
  const main = label(id, lang);
  const other = lang === 'zh' ? n?.en : n?.zh;
  return { main, sub: other && other !== main ? other : undefined };
}

// ---------------------------------------------------------------- declarations

export function files(): SourceFile[] {
  return rules().result.files as SourceFile[];
}

export function program(): Program {
  return rules().program;
}

type Named = Exclude<
  Decl,
  | VariantDecl
  | { kind: 'Phrase' }
  | { kind: 'Var' }
  | { kind: 'ExtendEvent' }
  | { kind: 'ExtendEnum' }
  | { kind: 'ExtendMode' }
  | { kind: 'Require' }
  | { kind: 'CardMethod' }
>; // the declarations with names (id, 中文, English)

export interface DeclRef {
  decl: Named;
  file: string;
  variant?: VariantDecl; // set for declarations inside `variant option == value { … }`
}

let declList: DeclRef[] | undefined;

/** Every declaration in file order, variant members included (with their variant). */
export function decls(): DeclRef[] {
  if (declList) return declList;
  const out: DeclRef[] = [];
  for (const f of files()) {
    for (const d of f.decls) {
      if (d.kind === 'Variant') {
        for (const x of d.decls) if (named(x)) out.push({ decl: x, file: f.file, variant: d });
      } else if (named(d)) out.push({ decl: d, file: f.file });
    }
  }
  declList = out;
  return out;
}

function named(d: Decl): d is Named {
  return d.kind !== 'Variant' && 'names' in d && !!(d as { names?: unknown }).names;
}

/** The base (non-variant) declaration of a name, optionally of one kind. */
export function decl(name: string, kind?: Decl['kind']): DeclRef | undefined {
  return decls().find((r) => !r.variant && r.decl.names.id.name === name && (!kind || r.decl.kind === kind));
}

/** Variant declarations replacing `name` (e.g. the first edition's 借刀杀人). */
export function variantsOf(name: string, kind?: Decl['kind']): DeclRef[] {
  return decls().filter((r) => r.variant && r.decl.names.id.name === name && (!kind || r.decl.kind === kind));
}

/** Where an option is described: its own page when it has variants of a mode, else the options page. */
export function optionUrl(id: string, lang: Lang): string {
  return hasVariantPage(id) ? `/${lang}/rules/variants/${id}/` : `/${lang}/rules/options/#${id}`;
}

/** Whether option `id` has a page of its own under /rules/variants/: a mode's option that some variant depends on. */
export function hasVariantPage(id: string): boolean {
  return program().options[id]?.mode !== undefined && decls().some((r) => r.variant?.option.name === id);
}

/** The value a variant applies at: `firstEdition` in `variant edition == firstEdition`. */
export function variantValue(v: VariantDecl): string {
  return v.value.kind === 'Name'
    ? v.value.name
    : v.value.kind === 'Bool' || v.value.kind === 'Number'
      ? String(v.value.value)
      : '';
}

export function variantLabel(v: VariantDecl, lang: Lang): string {
  const value = variantValue(v);
  return value ? label(value, lang) : label(v.option.name, lang);
}

// ---------------------------------------------------------------- source excerpts

export interface Excerpt {
  file: string;
  line: number;
  code: string;
  id: string;
}

function sourceText(file: string): string {
  return rules().sources.find((s) => s.file === file)?.text ?? '';
}

/** A node's source with the comment lines right above it (its documentation), dedented. */
export function excerpt(node: Located, withComments = true): Excerpt {
  const span = spanOf(node);
  const text = sourceText(span.file);
  let start = text.lastIndexOf('\n', span.start - 1) + 1;
  let line = span.line;
  if (withComments) {
    for (;;) {
      if (start === 0) break;
      const prevStart = text.lastIndexOf('\n', start - 2) + 1;
      const prev = text.slice(prevStart, start - 1);
      if (!/^\s*#/.test(prev)) break;
      start = prevStart;
      line--;
    }
  }
  const lines = text.slice(start, span.end).split('\n');
  const indent = Math.min(...lines.filter((l) => l.trim()).map((l) => /^\s*/.exec(l)![0].length));
  const code = lines.map((l) => l.slice(indent)).join('\n');
  return { file: span.file, line, code, id: '' };
}

// ---------------------------------------------------------------- pages: where each thing is described

/** Rule topics: the core procedures, each on its own page. `main` names the declarations the page is about;
 *  `related` adds the other declarations of the same files, shown below them. */
export interface Topic {
  id: string;
  zh: string;
  en: string;
  main: string[];
  related: boolean;
  /** The sidebar group it is listed in: the core procedures, or the modes and editions. */
  part: 'procedures' | 'modes';
}

export const topics: Topic[] = [
  {
    id: 'turn',
    zh: '回合与阶段',
    en: 'The turn and its phases',
    main: ['turn', 'runPhase'],
    related: true,
    part: 'procedures',
  },
  {
    id: 'use',
    zh: '使用与打出',
    en: 'Using and responding to cards',
    main: ['useCard', 'cardEffect', 'respond', 'nullified'],
    related: true,
    part: 'procedures',
  },
  {
    id: 'damage',
    zh: '伤害、濒死与死亡',
    en: 'Damage, dying and death',
    main: ['damage', 'recover', 'loseHp', 'dying', 'offerRescue', 'die'],
    related: true,
    part: 'procedures',
  },
  { id: 'judge', zh: '判定', en: 'Judgement', main: ['judge', 'replaceJudgeCard'], related: true, part: 'procedures' },
  {
    id: 'moves',
    zh: '牌的移动',
    en: 'Moving cards',
    main: ['moveCards', 'draw', 'discard', 'gain', 'give'],
    related: true,
    part: 'procedures',
  },
  {
    id: 'distance',
    zh: '距离与攻击范围',
    en: 'Distance and attack range',
    main: ['distance', 'attackRange', 'inRange', 'seatDistance'],
    related: false,
    part: 'procedures',
  },
  // Every table rule (a skill nobody owns: 铁索连环's conduction, 酒 in a 杀), computed from the rules.
  { id: 'table', zh: '牌桌规则', en: 'Table rules', main: [], related: false, part: 'procedures' },
  { id: 'identity', zh: '身份局', en: 'The identity mode', main: [], related: false, part: 'modes' },
  { id: 'options', zh: '版本与选项', en: 'Editions and options', main: [], related: false, part: 'modes' },
];

export function topicTitle(t: Topic, lang: Lang): string {
  return lang === 'zh' ? t.zh : t.en;
}

/** The declarations a topic page shows: its main ones, then the others of their files (no enums, zones…). */
export function topicDecls(t: Topic): { main: DeclRef[]; related: DeclRef[] } {
  if (t.id === 'table') return { main: tableRules(), related: [] };
  const main = t.main.map((n) => decl(n)).filter((x): x is DeclRef => !!x && isProcedure(x));
  if (!t.related) return { main, related: [] };
  const filesOf = new Set(main.map((m) => m.file));
  const taken = new Set(main.map((m) => m.decl.names.id.name));
  const related = decls().filter(
    (r) => !r.variant && filesOf.has(r.file) && !taken.has(r.decl.names.id.name) && isProcedure(r),
  );
  return { main, related };
}

/** The table rules (`rule … before/after skills { … }`), in file order. */
export function tableRules(): DeclRef[] {
  return decls().filter((r) => !r.variant && r.decl.kind === 'Skill' && !!r.decl.table);
}

/** The table rules whose source names a card kind, directly or in a function or procedure of the rule's own file
 *  that it calls (酒's rule names 酒 in the function that says who it saves): shown on that card's page. */
export function tableRulesAbout(kind: string): DeclRef[] {
  return tableRules().filter((r) => {
    const local = new Map(
      decls()
        .filter((x) => !x.variant && x.file === r.file)
        .map((x) => [x.decl.names.id.name, x]),
    );
    const seen = new Set<string>();
    const names = (x: unknown): boolean => {
      if (Array.isArray(x)) return x.some(names);
      if (!x || typeof x !== 'object') return false;
      const o = x as { kind?: unknown; name?: unknown };
      if (o.kind === 'Name' && typeof o.name === 'string') {
        if (o.name === kind) return true;
        const d = local.get(o.name);
        if (d && (d.decl.kind === 'Function' || d.decl.kind === 'Action') && !seen.has(o.name)) {
          seen.add(o.name);
          if (names(d.decl)) return true;
        }
      }
      return Object.entries(x).some(([, v]) => names(v));
    };
    return r.decl.kind === 'Skill' && names(r.decl.items);
  });
}

function isProcedure(r: DeclRef): boolean {
  return (
    ['Event', 'Action', 'Function', 'Hook', 'Option'].includes(r.decl.kind) ||
    (r.decl.kind === 'Skill' && !!r.decl.table)
  );
}

let topicOf: Map<string, string> | undefined;

/** Which topic page shows a declaration. */
export function topicFor(name: string): string | undefined {
  if (!topicOf) {
    topicOf = new Map();
    for (const t of topics) {
      const { main, related } = topicDecls(t);
      for (const r of [...main, ...related])
        if (!topicOf.has(r.decl.names.id.name)) topicOf.set(r.decl.names.id.name, t.id);
    }
    for (const h of decls())
      if (h.decl.kind === 'Hook' && !topicOf.has(h.decl.names.id.name)) topicOf.set(h.decl.names.id.name, 'distance');
    for (const o of decls())
      if (o.decl.kind === 'Option' && !topicOf.has(o.decl.names.id.name)) topicOf.set(o.decl.names.id.name, 'options');
    for (const n of ['roleCounts', 'checkVictory', 'chooseGenerals', 'takeGeneral', 'lordBonus'])
      if (decl(n)) topicOf.set(n, 'identity');
  }
  return topicOf.get(name);
}

/** The generals and cards that have a skill. */
export function ownersOfSkill(skill: string): { generals: string[]; cards: string[] } {
  const p = program();
  const generals = new Set<string>();
  const cards = new Set<string>();
  for (const g of Object.values(p.generals)) if (g.skills.includes(skill)) generals.add(g.id);
  for (const c of Object.values(p.cards)) if (c.skills.includes(skill)) cards.add(c.id);
  for (const v of p.variants) {
    for (const g of Object.values(v.parts.generals ?? {})) if (g.skills.includes(skill)) generals.add(g.id);
    for (const c of Object.values(v.parts.cards ?? {})) if (c.skills.includes(skill)) cards.add(c.id);
  }
  return { generals: [...generals], cards: [...cards] };
}

/** The URL of the page (and anchor) describing an id, or undefined. */
export function urlOf(id: string, lang: Lang): string | undefined {
  const p = program();
  if (p.cards[id]) return `/${lang}/cards/${id}/`;
  if (p.generals[id]) return `/${lang}/generals/${id}/`;
  if (p.skills[id] || variantsOf(id, 'Skill').length) {
    const o = ownersOfSkill(id);
    // A skill only a variant declares is shown in the page's "other editions" part.
    const anchor = p.skills[id] ? `skill-${id}` : `variant-skill-${id}`;
    if (o.generals[0]) return `/${lang}/generals/${o.generals[0]}/#${anchor}`;
    if (o.cards[0]) return `/${lang}/cards/${o.cards[0]}/#${anchor}`;
    const v = variantsOf(id, 'Skill')[0];
    if (v) return `/${lang}/rules/options/#${id}`;
  }
  if (hasVariantPage(id)) return `/${lang}/rules/variants/${id}/`;
  if (p.scenarios[id]) return `/${lang}/scenarios/${id}/`;
  if (p.modes[id]) return id === 'identity' ? `/${lang}/rules/identity/` : `/${lang}/rules/modes/${id}/`;
  const t = topicFor(id);
  if (t) return `/${lang}/rules/${t}/#${id}`;
  return undefined;
}

// ---------------------------------------------------------------- timing windows

export interface Opening {
  window: string;
  opener: string;
  openerKind: string;
  subject: string;
  span: Span;
}

let windowList: { name: string; openings: Opening[] }[] | undefined;

/** Every timing window the rules open, in the order a game meets them: a walk of the procedures from the mode's
 *  setup and play, following calls (and method calls to every card method of that name), then whatever else. */
export function windows(): { name: string; openings: Opening[] }[] {
  if (windowList) return windowList;
  const order: string[] = [];
  const byName = new Map<string, Opening[]>();
  const visited = new Set<unknown>();
  const base = decls().filter((r) => !r.variant);
  const callable = new Map<string, DeclRef>();
  for (const r of base)
    if (['Event', 'Action', 'Function'].includes(r.decl.kind)) callable.set(r.decl.names.id.name, r);
  const methods = new Map<string, { m: MethodDecl; owner: string }[]>();
  for (const r of base) {
    if (r.decl.kind === 'Card' || r.decl.kind === 'Mode') {
      for (const m of r.decl.methods) {
        const l = methods.get(m.name.name) ?? [];
        l.push({ m, owner: `${r.decl.names.id.name}.${m.name.name}` });
        methods.set(m.name.name, l);
      }
    }
  }
  const text = (s: Span) => sourceText(s.file).slice(s.start, s.end);

  const visitCallable = (name: string) => {
    const r = callable.get(name);
    if (!r || visited.has(r.decl)) return;
    visited.add(r.decl);
    const d = r.decl;
    if (d.kind === 'Event' || d.kind === 'Action') {
      block(d.body, name, d.kind);
      if (d.kind === 'Event' && d.cleanup) block(d.cleanup, name, d.kind);
    } else if (d.kind === 'Function') {
      if (d.body) block(d.body, name, d.kind);
      if (d.expr) expr(d.expr, name, d.kind);
    }
  };
  const visitMethods = (mname: string) => {
    for (const { m, owner } of methods.get(mname) ?? []) {
      if (visited.has(m)) continue;
      visited.add(m);
      if (m.body) block(m.body, owner, 'Method');
      if (m.expr) expr(m.expr, owner, 'Method');
    }
  };
  const block = (b: Block, opener: string, kind: string) => {
    for (const s of b.stmts) stmt(s, opener, kind);
  };
  const stmt = (s: Stmt, opener: string, kind: string): void => {
    switch (s.kind) {
      case 'Timing': {
        const o: Opening = {
          window: s.name.name,
          opener,
          openerKind: kind,
          subject: text(spanOf(s.subject)),
          span: spanOf(s),
        };
        if (!byName.has(o.window)) {
          byName.set(o.window, []);
          order.push(o.window);
        }
        byName.get(o.window)!.push(o);
        return;
      }
      case 'Let':
        expr(s.value, opener, kind);
        return;
      case 'Assign':
        expr(s.target, opener, kind);
        expr(s.value, opener, kind);
        return;
      case 'If':
        expr(s.cond, opener, kind);
        block(s.then, opener, kind);
        if (s.else) {
          if (s.else.kind === 'Block') block(s.else, opener, kind);
          else stmt(s.else, opener, kind);
        }
        return;
      case 'For':
        expr(s.iterable, opener, kind);
        block(s.body, opener, kind);
        return;
      case 'While':
        expr(s.cond, opener, kind);
        block(s.body, opener, kind);
        return;
      case 'Repeat':
        if (s.count) expr(s.count, opener, kind);
        block(s.body, opener, kind);
        return;
      case 'Return':
        if (s.value) expr(s.value, opener, kind);
        return;
      case 'Stop':
        if (s.target) expr(s.target, opener, kind);
        return;
      case 'ExprStmt':
        expr(s.expr, opener, kind);
        return;
      default:
        return;
    }
  };
  const expr = (e: Expr, opener: string, kind: string): void => {
    switch (e.kind) {
      case 'Call': {
        e.args.forEach((a) => expr(a.value, opener, kind));
        if (e.callee.kind === 'Name') {
          if (e.callee.name === 'callMode' && e.args[0]?.value.kind === 'Text') visitMethods(e.args[0].value.value);
          else visitCallable(e.callee.name);
        } else if (e.callee.kind === 'Member') {
          expr(e.callee.object, opener, kind);
          visitMethods(e.callee.name.name);
        }
        return;
      }
      case 'Member':
        expr(e.object, opener, kind);
        return;
      case 'Unary':
        expr(e.operand, opener, kind);
        return;
      case 'Binary':
        expr(e.left, opener, kind);
        expr(e.right, opener, kind);
        return;
      case 'List':
        e.items.forEach((x) => expr(x, opener, kind));
        return;
      case 'Where':
        expr(e.list, opener, kind);
        expr(e.cond, opener, kind);
        return;
      default:
        return;
    }
  };
  // The game loop first (`play`: turns, phases, cards), then the rest of the mode (setup, after a death…).
  const modes = base.filter((r) => r.decl.kind === 'Mode');
  visitMethods('play');
  for (const r of modes) if (r.decl.kind === 'Mode') for (const m of r.decl.methods) visitMethods(m.name.name);
  // Whatever a game does not reach from the mode: every other procedure, card method and skill, in file order.
  for (const r of base) {
    const d = r.decl;
    if (d.kind === 'Event' || d.kind === 'Action' || d.kind === 'Function') visitCallable(d.names.id.name);
    else if (d.kind === 'Card' || d.kind === 'Mode') d.methods.forEach((m) => visitMethods(m.name.name));
    else if (d.kind === 'Skill') d.items.forEach((it) => skillItem(it, d.names.id.name));
  }
  function skillItem(it: SkillItem, owner: string) {
    if (it.kind === 'Trigger' || it.kind === 'Active') block(it.body, owner, 'Skill');
  }
  windowList = order.map((name) => ({ name, openings: byName.get(name)! }));
  return windowList;
}

export interface Hooker {
  skill: string;
  subject: string;
  optional: boolean;
  variant?: string;
  generals: string[];
  cards: string[];
  span?: Span;
}

/** The skills with a trigger on a window (base rules and variants), with who has them. */
export function triggersOn(window: string): Hooker[] {
  const out: Hooker[] = [];
  for (const r of decls()) {
    if (r.decl.kind !== 'Skill') continue;
    for (const it of r.decl.items) {
      if (it.kind !== 'Trigger' || it.window.name !== window) continue;
      const o = ownersOfSkill(r.decl.names.id.name);
      out.push({
        skill: r.decl.names.id.name,
        subject: it.subject,
        optional: it.optional,
        variant: r.variant
          ? `${r.variant.option.name}=${r.variant.value.kind === 'Name' ? r.variant.value.name : ''}`
          : undefined,
        generals: o.generals,
        cards: o.cards,
        span: spanOf(it),
      });
    }
  }
  return out;
}

/** The skills that contribute to a hook with `modify`. */
export function modifiersOf(hook: string): { skill: string; variant: boolean; generals: string[]; cards: string[] }[] {
  const out: { skill: string; variant: boolean; generals: string[]; cards: string[] }[] = [];
  for (const r of decls()) {
    if (r.decl.kind !== 'Skill') continue;
    if (!r.decl.items.some((it) => it.kind === 'Modify' && it.hook.name === hook)) continue;
    const o = ownersOfSkill(r.decl.names.id.name);
    out.push({ skill: r.decl.names.id.name, variant: !!r.variant, ...o });
  }
  return out;
}

// ---------------------------------------------------------------- scenarios

export interface ScenarioInfo {
  id: string;
  ir: IScenario;
  decl: ScenarioDecl;
  file: string;
  source: string;
  idents: Set<string>;
  cardKinds: Set<string>; // kinds of the card literals it sets up or plays
  played: Set<string>; // kinds of the cards its script uses or plays (answers naming a card)
  edition?: string; // option values it runs with, e.g. firstEdition
}

let scenarioList: ScenarioInfo[] | undefined;

export function scenarios(): ScenarioInfo[] {
  if (scenarioList) return scenarioList;
  const p = program();
  const out: ScenarioInfo[] = [];
  for (const f of files()) {
    for (const d of f.decls) {
      if (d.kind !== 'Scenario') continue;
      const ir = p.scenarios[d.names.id.name];
      if (!ir || ir.file !== f.file) continue;
      const source = sourceText(f.file).slice(d.pos, d.end);
      const idents = new Set<string>();
      const cardKinds = new Set<string>();
      const toks = lexer.tokenize(source).tokens;
      toks.forEach((t, i) => {
        if (/^[\p{L}_]/u.test(t.image)) idents.add(t.image);
        if (t.tokenType.name === 'CardFace' && i > 0) cardKinds.add(toks[i - 1]!.image);
      });
      const played = new Set<string>();
      for (const st of d.steps)
        if (st.kind === 'Answer') for (const pk of st.picks) if (pk.kind === 'CardLit') played.add(pk.cardKind.name);
      const opts = d.options.map((o) => (o.value.kind === 'Name' ? o.value.name : '')).filter(Boolean);
      out.push({
        id: ir.id,
        ir,
        decl: d,
        file: f.file,
        source,
        idents,
        cardKinds,
        played,
        edition: opts.join(', ') || undefined,
      });
    }
  }
  scenarioList = out;
  return out;
}

export function scenarioTitle(s: ScenarioInfo, lang: Lang): string {
  return (lang === 'zh' ? (s.ir.zh ?? s.ir.en) : (s.ir.en ?? s.ir.zh)) ?? s.id;
}

const startsWithId = (sid: string, id: string) =>
  sid.startsWith(id) && (sid.length === id.length || /[A-Z0-9_]/.test(sid[id.length]!));

/** Scenarios about a card kind, most relevant first: named after it, then those whose script uses or plays it
 *  (the fewer other cards played, the more it is about this one), then those that only set it up or name it.
 *  `tier`: 0 named after it, 1 plays it, 2 only mentions it. */
export function scenariosForCard(id: string): (ScenarioInfo & { tier: number })[] {
  const scored = scenarios()
    .filter((s) => startsWithId(s.id, id) || s.idents.has(id))
    .map((s) => {
      const tier = startsWithId(s.id, id) ? 0 : s.played.has(id) ? 1 : 2;
      return { s: { ...s, tier }, score: tier * 100 + s.played.size * 5 + s.cardKinds.size + (s.edition ? 50 : 0) };
    });
  return stableSort(scored).map((x) => x.s);
}

/** Scenarios about a general: those of the file named after it, then those about its skills. */
export function scenariosForGeneral(id: string): ScenarioInfo[] {
  const p = program();
  const skills = new Set<string>(p.generals[id]?.skills ?? []);
  for (const v of p.variants) for (const s of v.parts.generals?.[id]?.skills ?? []) skills.add(s);
  const zh = [...skills].map((s) => names().get(s)?.zh).filter((x): x is string => !!x && x.length >= 2);
  const base = (f: string) => f.replace(/^.*\//, '').replace(/\.sgs$/, '');
  const scored = scenarios()
    .map((s) => {
      if (base(s.file) === id) return { s, score: 0 };
      const hit =
        [...skills].some((k) => startsWithId(s.id, k) || s.idents.has(k)) || zh.some((z) => s.source.includes(z));
      return hit ? { s, score: 10 } : undefined;
    })
    .filter((x): x is { s: ScenarioInfo; score: number } => !!x);
  return stableSort(scored).map((x) => x.s);
}

function stableSort<T extends { score: number }>(xs: T[]): T[] {
  return xs
    .map((x, i) => ({ x, i }))
    .sort((a, b) => a.x.score - b.x.score || a.i - b.i)
    .map((y) => y.x);
}

/** The packages that declare generals, in the order the rulebook lists them: a package after the packages it
 *  imports (standard before the expansions), then by the pinyin of its Chinese name (风 before 火). */
export function generalPackages(): string[] {
  const p = program();
  const used = [...new Set(Object.values(p.generals).map((g) => g.package ?? ''))];
  const imports = new Map<string, Set<string>>();
  for (const f of files()) {
    const id = f.package?.name;
    if (!id) continue;
    const set = imports.get(id) ?? new Set<string>();
    for (const i of f.imports) if (i.name !== id) set.add(i.name);
    imports.set(id, set);
  }
  // How deep a package sits under what it imports (cycles are cut).
  const depth = (id: string, seen: Set<string> = new Set()): number => {
    if (seen.has(id)) return 0;
    seen.add(id);
    let d = 0;
    for (const i of imports.get(id) ?? []) d = Math.max(d, 1 + depth(i, seen));
    seen.delete(id);
    return d;
  };
  const key = (id: string) => pinyinKeys(p.packages?.[id]?.zh)[0] ?? id;
  return used.sort((a, b) => depth(a) - depth(b) || key(a).localeCompare(key(b)));
}

/** A package's name in a language (its id when the rules give none). */
export function packageName(id: string, lang: Lang): string {
  const n = program().packages?.[id];
  return (lang === 'zh' ? n?.zh : n?.en) ?? n?.zh ?? n?.en ?? id;
}

/** The anchor of a kingdom's list on the generals page (per package when there are several). */
export function kingdomAnchor(pkg: string | undefined, kingdom: string): string {
  return generalPackages().length > 1 ? `${pkg ?? ''}-${kingdom}` : kingdom;
}
