// The members the engine itself gives each kind of value, with their types in the rules language's type syntax.
// Everything else a rule reads with `x.f` is declared by the rules (properties, card fields, event parameters,
// general fields) or is a call of a function or builtin (`c.isRed` means `isRed(c)`).
// One table, read by lowering (which names exist), the text generator (what a member is and how it reads),
// the phrase checks and the engine's member access (runtime/members.ts implements exactly these).

/** A type as written in the rules: `int`, `player`, `[card]`… (see docs/language.md, Types and values). */
export type TypeName = string;

export const ENGINE_MEMBERS = {
  player: { alive: 'bool', seat: 'int', name: 'text', skills: '[skill]' },
  /** A physical card. A card's kind fields (`c.range`) come from its kind's declaration. */
  card: { kind: 'kind', suit: 'suit', rank: 'int', id: 'int' },
  /** A virtual card (a conversion or `virtual(kind, cards)`); `suit` and `rank` are its parts' common ones. */
  virtualCard: { kind: 'kind', suit: 'suit', rank: 'int', subcards: '[card]', via: 'skill' },
  /** A running or finished event; its parameters are read by name as well. */
  event: { stopped: 'bool', kind: 'text', parent: 'event' },
  zone: { owner: 'player', cards: '[card]' },
  action: { skill: 'skill', owner: 'player' },
  /** `package`: the package whose files declare the general (a variant keeps the package of what it replaces). */
  general: { skills: '[skill]', package: 'text' },
  skill: { tags: '[text]' },
} as const satisfies Record<string, Record<string, TypeName>>;

export type MemberOwner = keyof typeof ENGINE_MEMBERS;

/** Every engine-provided member name, of any owner. */
export const ENGINE_MEMBER_NAMES: ReadonlySet<string> = new Set(
  Object.values(ENGINE_MEMBERS).flatMap((m) => Object.keys(m)),
);

/** The type of an engine member on a given owner, or undefined when that owner has no such member. */
export function engineMemberType(owner: string, name: string): TypeName | undefined {
  const m = (ENGINE_MEMBERS as Record<string, Record<string, TypeName>>)[owner];
  return m?.[name];
}

/** The owners that have a member of this name (`owner` → zone, action). */
export function ownersOf(name: string): MemberOwner[] {
  return (Object.keys(ENGINE_MEMBERS) as MemberOwner[]).filter((o) => name in ENGINE_MEMBERS[o]);
}
