import type * as A from '../ast/nodes.ts';
import type { Symbols } from '../lower/symbols.ts';
import type { CompileResult } from '../types.ts';
import { Phrasebook } from './phrasebook.ts';
import { Facts } from './facts.ts';
import { Renderer } from './stmt.ts';
import { Env, newBody } from './context.ts';
import { skillText } from './skill.ts';
import { cardText } from './card.ts';
import { generalText } from './general.ts';
import { modeText } from './mode.ts';
import { eventText } from './event.ts';
import type { Missing } from './context.ts';
import { pronouns, type Text } from './lang.ts';

export type { Text } from './lang.ts';

export interface EntityText extends Text {
  name: Text; // the entity's own names
  flavour?: string; // the author's short flavour line, if any
  /** The core procedures a card's text describes a part of (where the rules ask for the card: 求桃, the
   *  无懈可击 chain): a page links them. */
  refs?: string[];
}

export interface EntityTexts {
  cards: Record<string, EntityText>;
  skills: Record<string, EntityText>;
  generals: Record<string, EntityText>;
  modes: Record<string, EntityText>;
  events: Record<string, EntityText>;
}

export interface RuleTexts extends EntityTexts {
  /** Every timing window, worded for "a player". */
  windows: Record<string, Text>;
  /** Entities replaced when an option holds (`variant edition == firstEdition { … }`), described the same way;
   *  one entry per option value. */
  variants: { option: string; value: string; mode?: string; label: Text; texts: EntityTexts }[];
}

export function emptyTexts(): EntityTexts {
  return { cards: {}, skills: {}, generals: {}, modes: {}, events: {} };
}

type Described = { texts: RuleTexts; missing: Missing[] };
// The last description per symbol table: compile() describes the program to find missing wording, and callers
// that show the texts (sgs text, the site) then ask for them again. Shared: callers read the texts, never change them.
const described = new WeakMap<Symbols, { decls: A.Decl[][]; out: Described }>();

/** Describe every entity of `files`; also returns the wording that was missing. */
export function describe(files: A.SourceFile[], S: Symbols): Described {
  const hit = described.get(S);
  if (hit && hit.decls.length === files.length && hit.decls.every((d, i) => d === files[i]!.decls)) return hit.out;
  const out = describeAnew(files, S);
  described.set(S, { decls: files.map((f) => f.decls), out });
  return out;
}

/** A skill by id: the base declaration, else one only a variant declares (a general lists its skills' texts). */
export type SkillOf = (id: string) => A.SkillDecl | undefined;

export function skillsOf(files: A.SourceFile[]): SkillOf {
  // Found at the first lookup (describing a general; a re-check whose pre-check passes looks none up). Each file's
  // skills are kept with its declarations (an unchanged file keeps them): a re-check that words its edited
  // declarations does not go through every declaration of every file.
  let base: Map<string, A.SkillDecl> | undefined;
  const variantOnly = new Map<string, A.SkillDecl>();
  return (id) => {
    if (base === undefined) {
      base = new Map();
      const parts = files.map((f) => skillsIn(f.decls));
      for (const p of parts) for (const d of p.skills) base.set(d.names.id.name, d);
      for (const p of parts)
        for (const x of p.inVariants) if (!base.has(x.names.id.name)) variantOnly.set(x.names.id.name, x);
    }
    return base.get(id) ?? variantOnly.get(id);
  };
}

/** A file's skills and those of its variant blocks, in declaration order (kept per list of declarations). */
const skillsKept = new WeakMap<A.Decl[], { skills: A.SkillDecl[]; inVariants: A.SkillDecl[] }>();
function skillsIn(decls: A.Decl[]): { skills: A.SkillDecl[]; inVariants: A.SkillDecl[] } {
  let kept = skillsKept.get(decls);
  if (kept === undefined) {
    kept = { skills: [], inVariants: [] };
    for (const d of decls) {
      if (d.kind === 'Skill') kept.skills.push(d);
      else if (d.kind === 'Variant') for (const x of d.decls) if (x.kind === 'Skill') kept.inVariants.push(x);
    }
    skillsKept.set(decls, kept);
  }
  return kept;
}

const names = (n: A.Names): Text => ({ zh: n.zh?.name ?? '', en: n.en ?? '' });

/** Describe one declaration (not a variant) into `into`. */
export function describeDecl(R: Renderer, d: A.Decl, into: EntityTexts, skillOf: SkillOf): void {
  describeOne(R, d, into, skillOf);
  // Role nouns named again soon after read as pronouns (其 / they), once the whole text is known.
  const id = 'names' in d ? d.names.id.name : undefined;
  const k = ({ Card: 'cards', Skill: 'skills', General: 'generals', Mode: 'modes', Event: 'events' } as const)[
    d.kind as 'Card'
  ];
  const x = id && k ? into[k][id] : undefined;
  // Only polish (no wording is looked up): a renderer that only finds missing wording skips it.
  if (x && id && k && !R.findOnly) into[k][id] = { ...x, ...pronouns(x, R.roleNouns()) };
}

function describeOne(R: Renderer, d: A.Decl, into: EntityTexts, skillOf: SkillOf): void {
  switch (d.kind) {
    case 'Card': {
      const { refs, ...text } = cardText(R, d);
      into.cards[d.names.id.name] = {
        name: names(d.names),
        ...text,
        ...(d.flavour ? { flavour: d.flavour } : {}),
        ...(refs.length ? { refs } : {}),
      };
      break;
    }
    case 'Skill':
      into.skills[d.names.id.name] = {
        name: names(d.names),
        ...skillText(R, d),
        ...(d.flavour ? { flavour: d.flavour } : {}),
      };
      break;
    case 'General':
      into.generals[d.names.id.name] = {
        name: names(d.names),
        ...generalText(R, d, skillOf),
        ...(d.flavour ? { flavour: d.flavour } : {}),
      };
      break;
    case 'Mode':
      into.modes[d.names.id.name] = { name: names(d.names), ...modeText(R, d) };
      break;
    case 'Event':
      into.events[d.names.id.name] = { name: names(d.names), ...eventText(R, d) };
      break;
  }
}

/** The option value a variant block is for. */
export function variantValue(d: A.VariantDecl): string {
  return d.value.kind === 'Name'
    ? d.value.name
    : d.value.kind === 'Bool' || d.value.kind === 'Number'
      ? String(d.value.value)
      : '';
}

/** The declarations of a variant block, described into `into` (its own skills first for its generals). */
export function describeVariantDecls(R: Renderer, d: A.VariantDecl, into: EntityTexts, skillOf: SkillOf): void {
  const local = new Map<string, A.SkillDecl>();
  for (const x of d.decls) if (x.kind === 'Skill') local.set(x.names.id.name, x);
  for (const x of d.decls) describeDecl(R, x, into, (id) => local.get(id) ?? skillOf(id));
}

/** When a variant block's entities hold: "when the edition is the first edition", "in 1v1". */
export function variantLabel(R: Renderer, S: Symbols, d: A.VariantDecl): Text {
  const value = variantValue(d);
  const env = new Env(newBody());
  const opt = S.get(d.option.name);
  const mode = d.option.name === 'mode' ? S.get(value) : undefined;
  const label: Text = mode
    ? (() => {
        // What a mode owns (`variant mode == id`, or declared in the mode's body).
        const m = R.entity(mode, d.value);
        return { zh: `${m.zh}中`, en: `in ${m.en}` };
      })()
    : opt
      ? (() => {
          const o = R.entity(opt, d.option);
          const v = R.expr(d.value, env);
          return {
            zh: `${o.zh.replace(/^选用/, '')}为${v.zh}时`,
            en: `when ${o.en.replace(/ is chosen$/, '')} is ${v.en}`,
          };
        })()
      : { zh: '', en: '' };
  const inMode = d.mode ? S.get(d.mode) : undefined;
  if (inMode) {
    const m = R.entity(inMode, d);
    label.zh = `${m.zh}中，${label.zh}`;
    label.en = `in ${m.en}, ${label.en}`;
  }
  return label;
}

/** How every timing window is worded: for "a player". */
export function describeWindow(R: Renderer, w: string, at: A.Located, env = new Env(newBody())): Text {
  const generic = { zh: '一名角色', en: 'a player', ty: { base: 'player' } };
  return R.window(w, generic, () => undefined, at, env);
}

/** The texts of the entities some files declare (`only`: the playground's own file), worded with the whole program,
 *  without describing the rest of it; windows are left out. */
export function generateTextsOf(result: CompileResult, only: (file: string) => boolean): RuleTexts {
  if (!result.symbols) return { ...emptyTexts(), windows: {}, variants: [] };
  return describeAnew(result.files, result.symbols, only).texts;
}

function describeAnew(files: A.SourceFile[], S: Symbols, only?: (file: string) => boolean): Described {
  const R = new Renderer(S, new Phrasebook(S), new Facts(S, files));
  const texts: RuleTexts = { ...emptyTexts(), windows: {}, variants: [] };
  const skillOf = skillsOf(files);
  for (const f of files) {
    if (only && !only(f.file)) continue;
    for (const d of f.decls) {
      if (d.kind !== 'Variant') {
        describeDecl(R, d, texts, skillOf);
        continue;
      }
      const value = variantValue(d);
      // Variant blocks of the same option value (one per file) are described together.
      const same = texts.variants.find((v) => v.option === d.option.name && v.value === value && v.mode === d.mode);
      const into = same?.texts ?? emptyTexts();
      describeVariantDecls(R, d, into, skillOf);
      if (same) continue;
      const label = variantLabel(R, S, d);
      texts.variants.push({ option: d.option.name, value, ...(d.mode ? { mode: d.mode } : {}), label, texts: into });
    }
  }
  if (only) return { texts, missing: [] };
  const env = new Env(newBody());
  for (const [w, span] of S.windows) texts.windows[w] = describeWindow(R, w, span, env);
  return { texts, missing: [...R.missing.values()] };
}

/** The texts of a compiled program (empty when it did not get as far as name resolution). */
export function generateTexts(result: CompileResult): RuleTexts {
  if (!result.symbols) return { ...emptyTexts(), windows: {}, variants: [] };
  return describe(result.files, result.symbols).texts;
}
