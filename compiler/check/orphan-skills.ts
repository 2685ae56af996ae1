// SGS206: a skill nothing ever gives to anyone. A skill reaches a player only through something else in the
// program: a general's `skills`, a card kind's `skills` (equipment), another skill's `grants`, or a rule that
// names it as a value (`gainSkill(p, weaponLoan)`, `setSkills(p, [...])`), or a scenario seat (`seat a { skills:
// [x] }`: the author hands it out on purpose, to test it alone). Read from the lowered IR, so every expression
// counts whatever declaration holds it; what a scenario only expects does not count, nor a skill naming itself.
// Table rules (`rule … after skills`) belong to nobody and are skipped.
import { spanOf } from '../ast/source.ts';
import type * as A from '../ast/nodes.ts';
import { warning, type Diagnostic } from '../diagnostics.ts';
import type { Symbols } from '../lower/symbols.ts';
import type { ISkill, Program } from '../../runtime/ir.ts';

/** Every string an expression of `node` names as a literal value (`{ k: 'lit', v: 'id' }`), collected into `out`. */
function literals(node: unknown, out: Set<string>): void {
  if (Array.isArray(node)) {
    for (const x of node) literals(x, out);
    return;
  }
  if (!node || typeof node !== 'object') return;
  const o = node as Record<string, unknown>;
  if (o.k === 'lit') {
    if (typeof o.v === 'string') out.add(o.v);
    if (o.v === null || typeof o.v !== 'object') return; // a leaf: no fields to enumerate (a fifth of the nodes)
  }
  for (const k in o) {
    const v = o[k];
    if (v && typeof v === 'object') literals(v, out);
  }
}

/** The literals of one IR entity, kept by its object: lowering hands back the same object for a declaration an edit
 *  did not change (compiler/decl-cache.ts), so a re-check walks only what changed. */
const literalsOf = new WeakMap<object, Set<string>>();

function entityLiterals(node: unknown, out: Set<string>): void {
  if (!node || typeof node !== 'object') {
    literals(node, out);
    return;
  }
  let found = literalsOf.get(node);
  if (!found) {
    found = new Set();
    literals(node, found);
    literalsOf.set(node, found);
  }
  for (const x of found) out.add(x);
}

/** The skills some part of the program gives, grants or names (besides a skill naming itself). */
function givenSkills(parts: Partial<Program>[]): Set<string> {
  const given = new Set<string>();
  for (const p of parts) {
    for (const g of Object.values(p.generals ?? {})) for (const s of g.skills) given.add(s);
    for (const c of Object.values(p.cards ?? {})) for (const s of c.skills) given.add(s);
    for (const [key, value] of Object.entries(p)) {
      if (key === 'scenarios' || key === 'skills' || key === 'variants') continue;
      // Most parts are tables of entities by id: each entity walked once.
      if (value && typeof value === 'object' && !Array.isArray(value))
        for (const e of Object.values(value)) entityLiterals(e, given);
      else literals(value, given);
    }
    for (const sc of Object.values(p.scenarios ?? {}))
      for (const seat of sc.seats) for (const f of seat.fields) if (f.name === 'skills') literals(f.e, given);
    for (const sk of Object.values(p.skills ?? {}) as ISkill[]) {
      const named = new Set<string>();
      entityLiterals(sk, named);
      for (const g of sk.grants ?? []) if (!g.card) named.add(g.what);
      named.delete(sk.id);
      for (const n of named) given.add(n);
    }
  }
  return given;
}

/** The skills the program gives, kept across compiles as a count per name of the files giving it: lowering hands
 *  back the same parts for a file an edit did not change (compiler/lower/lower.ts), so a re-check walks only the
 *  files it changed. */
export class GivenSkills {
  private byFile = new Map<Partial<Program>, string[]>();
  private count = new Map<string, number>();

  /** The skills given by these files' parts (each file's parts as lowered, its variants among them). */
  update(fileParts: Partial<Program>[]): this {
    const now = new Set(fileParts);
    for (const [parts, names] of this.byFile)
      if (!now.has(parts)) {
        this.byFile.delete(parts);
        for (const n of names) this.count.set(n, this.count.get(n)! - 1);
      }
    for (const parts of now)
      if (!this.byFile.has(parts)) {
        const names = [...givenSkills([parts, ...(parts.variants ?? []).map((v) => v.parts)])];
        this.byFile.set(parts, names);
        for (const n of names) this.count.set(n, (this.count.get(n) ?? 0) + 1);
      }
    return this;
  }

  has(id: string): boolean {
    return (this.count.get(id) ?? 0) > 0;
  }
}

/** `given`: the skills the files' parts give (GivenSkills.update of the program's files). */
export function orphanSkillCheck(program: Program, S: Symbols, given: GivenSkills): Diagnostic[] {
  const parts: Partial<Program>[] = [program, ...program.variants.map((v) => v.parts)];
  const out: Diagnostic[] = [];
  const seen = new Set<string>();
  for (const p of parts)
    for (const sk of Object.values(p.skills ?? {}) as ISkill[]) {
      if (sk.table || given.has(sk.id) || seen.has(sk.id)) continue;
      seen.add(sk.id);
      const decl = S.kindList('skill').find((s) => s.id === sk.id)?.decl as A.SkillDecl | undefined;
      if (!decl) continue;
      out.push(
        warning(
          'SGS206',
          `skill ${sk.id} is given to nobody: list it in a general's skills (skills: ${sk.id}), in a card kind's, ` +
            'or grant it from a rule',
          spanOf(decl.names.id),
        ),
      );
    }
  return out;
}
