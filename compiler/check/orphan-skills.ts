// SGS206: a skill nothing ever gives to anyone. A skill reaches a player only through something else in the
// program: a general's `skills`, a card kind's `skills` (equipment), another skill's `grants`, or a rule that
// names it as a value (`gainSkill(p, weaponLoan)`, `setSkills(p, [...])`), or a scenario seat (`seat a { skills:
// [x] }`: the author hands it out on purpose, to test it alone). Read from what lowering noted of each declaration
// (the literal values its expressions name), so every expression counts whatever declaration holds it; what a
// scenario only expects does not count, nor a skill naming itself.
// Table rules (`rule … after skills`) belong to nobody and are skipped.
import { spanOf } from '../ast/source.ts';
import type * as A from '../ast/nodes.ts';
import { warning, type Diagnostic } from '../diagnostics.ts';
import type { Symbols } from '../lower/symbols.ts';
import type { ISkill, Program } from '../../runtime/ir.ts';

/** Every string an expression of `node` names as a literal value (`{ k: 'lit', v: 'id' }`), added to `out`. */
function literals(node: unknown, out: string[]): void {
  if (Array.isArray(node)) {
    for (const x of node) literals(x, out);
    return;
  }
  if (!node || typeof node !== 'object') return;
  const o = node as Record<string, unknown>;
  if (o.k === 'lit') {
    if (typeof o.v === 'string') out.push(o.v);
    if (o.v === null || typeof o.v !== 'object') return; // a leaf: no fields to enumerate
  }
  for (const k in o) {
    const v = o[k];
    if (v && typeof v === 'object') literals(v, out);
  }
}

/** The skills declaration `d` gives, added to `out`: called by lowering once `d` is lowered into `p`, with `named`,
 *  the strings its expressions named as literal values, in order (so the IR is not walked again). A skill naming
 *  itself does not count; nor does what a scenario only expects: only its seats' `skills`. */
export function givenBy(d: A.Decl, p: Program, named: string[], out: string[]): void {
  switch (d.kind) {
    case 'Scenario': {
      const sc = p.scenarios[d.names.id.name];
      if (sc) for (const seat of sc.seats) for (const f of seat.fields) if (f.name === 'skills') literals(f.e, out);
      return;
    }
    case 'Skill': {
      const id = d.names.id.name;
      for (const n of named) if (n !== id) out.push(n);
      for (const g of p.skills[id]?.grants ?? []) if (!g.card && g.what !== id) out.push(g.what);
      return;
    }
    case 'General':
      for (const s of p.generals[d.names.id.name]?.skills ?? []) out.push(s);
      break;
    case 'Card':
      for (const s of p.cards[d.names.id.name]?.skills ?? []) out.push(s);
      break;
  }
  for (const n of named) out.push(n);
}

/** The skills the program gives, kept across compiles as a count per name of the files giving it: lowering hands
 *  back the same parts for a file an edit did not change (compiler/lower/lower.ts), so a re-check counts again only
 *  the files it changed. */
export class GivenSkills {
  private byFile = new Map<object, string[]>();
  private count = new Map<string, number>();

  /** The skills given by these files (each file's lowering, its variants in it). */
  update(files: { parts: object; gives: string[] }[]): this {
    const now = new Map(files.map((f) => [f.parts, f.gives]));
    for (const [parts, names] of this.byFile)
      if (!now.has(parts)) {
        this.byFile.delete(parts);
        for (const n of names) this.count.set(n, this.count.get(n)! - 1);
      }
    for (const [parts, gives] of now)
      if (!this.byFile.has(parts)) {
        const names = [...new Set(gives)];
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
