// A light reading of value types, only as much as the wording needs: measure words (一名角色 / 一张牌), which
// member phrase `x.f` means (a player's property, a card's field, an event's field) and what an `event` holds.
import type * as A from '../ast/nodes.ts';
import { BUILTINS, builtinParams } from '../../runtime/builtin-table.ts';
import { ENGINE_MEMBERS, type MemberOwner } from '../../runtime/engine-members.ts';

export interface Ty {
  base: string; // player, card, kind, int, bool, text, zone, general, skill, event, any, or an enum / option id
  list?: boolean;
  events?: string[]; // for base 'event': the event kinds it may be
}

export const ANY: Ty = { base: 'any' };
export const INT: Ty = { base: 'int' };
export const BOOL: Ty = { base: 'bool' };
export const PLAYER: Ty = { base: 'player' };
export const CARD: Ty = { base: 'card' };
export const CARDS: Ty = { base: 'card', list: true };
export const PLAYERS: Ty = { base: 'player', list: true };

export function elem(t: Ty | undefined): Ty {
  return t ? { ...t, list: false } : ANY;
}
export function listOf(t: Ty | undefined): Ty {
  return { ...(t ?? ANY), list: true };
}

export function fromTypeRef(r: A.TypeRef | undefined, events?: string[]): Ty {
  if (!r) return ANY;
  const base = r.name.name || 'any';
  return { base, ...(r.list ? { list: true } : {}), ...(base === 'event' && events?.length ? { events } : {}) };
}

/** What a builtin returns, from its declared result (runtime/builtin-table.ts) and its argument types. */
export function builtinType(name: string, args: (Ty | undefined)[]): Ty {
  const spec = BUILTINS[name];
  if (!spec) return ANY;
  const params = builtinParams(name).map((p) => p.name);
  const arg = (p: string) => args[params.indexOf(p)];
  const r = spec.returns;
  let m = /^\[item of (\w+)\]$/.exec(r);
  if (m) return listOf(arg(m[1]!));
  m = /^item of (\w+)$/.exec(r);
  if (m) return elem(arg(m[1]!));
  if (params.includes(r)) return arg(r) ?? ANY;
  return tyOf(r);
}

/** The measure word and noun for one item of a list of this type (zh), and the English noun. */
export function unitOf(t: Ty | undefined): { m: string; n: string; en: string; ens: string } {
  switch (t?.base) {
    case 'player':
      return { m: '名', n: '角色', en: 'player', ens: 'players' };
    case 'card':
      return { m: '张', n: '牌', en: 'card', ens: 'cards' };
    case 'kind':
      return { m: '种', n: '牌名', en: 'card name', ens: 'card names' };
    case 'general':
      return { m: '名', n: '武将', en: 'general', ens: 'generals' };
    case 'skill':
      return { m: '个', n: '技能', en: 'skill', ens: 'skills' };
  }
  return { m: '项', n: '', en: 'item', ens: 'items' };
}

/** A type as the rules write it (`int`, `[card]`) as a Ty. */
export function tyOf(typeName: string): Ty {
  return typeName.startsWith('[') ? { base: typeName.slice(1, -1), list: true } : { base: typeName };
}

/** How the text generator groups the engine's member owners: a `card` is a physical or a virtual card. */
const TEXT_OWNERS: Record<string, MemberOwner[]> = {
  player: ['player'],
  card: ['card', 'virtualCard'],
  event: ['event'],
  zone: ['zone'],
  action: ['action'],
  general: ['general'],
  skill: ['skill'],
};

/** Whether the texts know this owner of engine members (`player`, `card`, `zone`…). */
export function isEngineOwner(owner: string): boolean {
  return owner in TEXT_OWNERS;
}

/** The engine-provided members of an owner as the texts name owners (runtime/engine-members.ts). */
export function engineMembers(owner: string): string[] {
  return [...new Set((TEXT_OWNERS[owner] ?? []).flatMap((o) => Object.keys(ENGINE_MEMBERS[o])))];
}

/** The owners (as the texts name them) that have an engine member of this name, in table order. */
export function engineOwnersOf(member: string): string[] {
  return Object.keys(TEXT_OWNERS).filter((o) => engineMembers(o).includes(member));
}

/** The type of an engine member on an owner, if the engine provides it. */
export function engineMemberTy(owner: string, member: string): Ty | undefined {
  for (const o of TEXT_OWNERS[owner] ?? []) {
    const t = (ENGINE_MEMBERS[o] as Record<string, string>)[member];
    if (t) return tyOf(t);
  }
  return undefined;
}
