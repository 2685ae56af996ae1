// The pages of a mode's options that change its rules (/rules/variants/[option]/): which options have one, the
// declarations each value's variant adds or replaces, their generated texts, and the scenarios that set the option.
import type { VariantDecl } from '../../../compiler/ast/nodes.ts';
import { type DeclRef, type ScenarioInfo, decls, hasVariantPage, program, scenarios, variantValue } from './book.ts';
import { type Text, texts, variantTexts } from './texts.ts';

/** The options with a page, in declaration order. */
export function variantPages(): string[] {
  return Object.keys(program().options).filter(hasVariantPage);
}

/** The variants of `option`, one group per value (a value's declarations may be spread over several files). */
export function variantGroups(option: string): { v: VariantDecl; rs: DeclRef[] }[] {
  const byValue = new Map<string, { v: VariantDecl; rs: DeclRef[] }>();
  for (const r of decls()) {
    if (r.variant?.option.name !== option) continue;
    const k = variantValue(r.variant);
    const g = byValue.get(k) ?? { v: r.variant, rs: [] };
    g.rs.push(r);
    byValue.set(k, g);
  }
  return [...byValue.values()];
}

/** The generated text of a declaration inside a variant, where the generator writes one. */
export function variantRuleText(r: DeclRef): Text | undefined {
  const vt = variantTexts(r.variant!.option.name, variantValue(r.variant!));
  const id = r.decl.names.id.name;
  switch (r.decl.kind) {
    case 'Card':
      return vt.cards[id];
    case 'Skill':
      return vt.skills[id];
    case 'General':
      return vt.generals[id];
    case 'Event':
      return vt.events[id];
    case 'Mode':
      return vt.modes[id];
    default:
      return undefined;
  }
}

/** The scenarios that play with `option` set. */
export function scenariosOfOption(option: string): ScenarioInfo[] {
  return scenarios().filter((s) => s.decl.options.some((o) => o.name.name === option));
}

/** The parts of its mode's generated text that name `option` (the mode's procedures say what changes when it is
 *  chosen: "if Reincarnation is chosen, …"), each part in both languages. */
export function modeTextNaming(option: string): Text[] {
  const p = program();
  const mode = p.options[option]?.mode;
  const d = decls().find((r) => !r.variant && r.decl.kind === 'Option' && r.decl.names.id.name === option);
  const t = mode ? texts().modes[mode] : undefined;
  if (!t || !d) return [];
  const zh = t.zh.split('\n');
  const en = t.en.split('\n');
  const zhName = `「${d.decl.names.zh?.name ?? option}」`;
  const enName = `“${d.decl.names.en ?? option}”`;
  const out: Text[] = [];
  for (let i = 0; i < Math.max(zh.length, en.length); i++)
    if (zh[i]?.includes(zhName) || en[i]?.includes(enName)) out.push({ zh: zh[i] ?? '', en: en[i] ?? '' });
  return out;
}
