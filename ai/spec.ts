// Which AI plays which role, written `heuristic` (everyone) or `lord=heuristic,loyalist=heuristic,rebel=random`
// (roles left out play the default AI). Parsed here so that the CLI and the browser read it the same way.
import type { Program } from '../runtime/index.ts';
import { AIS, isAiName, type AiName } from './registry.ts';

export interface AiSpec {
  default: AiName; // plays every role not listed, and every seat before setup gives it a role
  roles: Record<string, AiName>;
}

export function uniformSpec(ai: AiName): AiSpec {
  return { default: ai, roles: {} };
}

/** Parse a spec; `roles` are the role names the rules know. Throws an Error with a one-line message. */
export function parseAiSpec(text: string, dflt: AiName, roles: readonly string[]): AiSpec {
  const spec: AiSpec = { default: dflt, roles: {} };
  const known = `AIs: ${Object.keys(AIS).join(', ')}`;
  for (const part of text.split(',').map((s) => s.trim())) {
    if (!part) throw new Error(`--ai has an empty entry in '${text}'`);
    const eq = part.indexOf('=');
    const name = eq < 0 ? part : part.slice(eq + 1);
    if (!isAiName(name)) throw new Error(`no AI named '${name}' (${known})`);
    if (eq < 0) {
      spec.default = name;
      continue;
    }
    const role = part.slice(0, eq);
    if (!roles.includes(role)) {
      throw new Error(
        roles.length
          ? `no role named '${role}' (roles: ${roles.join(', ')})`
          : `these rules give players no role, so '${part}' means nothing`,
      );
    }
    spec.roles[role] = name;
  }
  return spec;
}

/** The AI that answers for a seat holding `role` (null: no role yet). */
export function aiFor(spec: AiSpec, role: string | null): AiName {
  return (role !== null && spec.roles[role]) || spec.default;
}

/** A canonical text: one name when every role plays the same AI, else every role spelled out. */
export function formatAiSpec(spec: AiSpec, roles: readonly string[]): string {
  const each = roles.map((r) => aiFor(spec, r));
  if (each.every((a) => a === spec.default)) return spec.default;
  return roles.map((r, i) => `${r}=${each[i]}`).join(',');
}

/** The roles the rules know: the members of their `role` enum (the type of the player property `role`). */
export function rolesOf(program: Program): string[] {
  return program.enums.role ?? [];
}
