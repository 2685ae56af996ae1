// A light reading of value types, only as much as the wording needs: measure words (一名角色 / 一张牌), which
// member phrase `x.f` means (a player's property, a card's field, an event's field) and what an `event` holds.
import type * as A from '../ast/nodes.ts';
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

/** What the builtins return, from their argument types. */
export function builtinType(name: string, args: (Ty | undefined)[]): Ty {
  const a0 = args[0];
  switch (name) {
    case 'count':
    case 'indexOf':
    case 'max':
    case 'min':
    case 'sum':
    case 'abs':
    case 'randomInt':
    case 'seatDistance':
      return INT;
    case 'first':
    case 'last':
    case 'at':
    case 'random':
      return elem(a0);
    case 'reverse':
    case 'unique':
    case 'shuffled':
    case 'take':
    case 'drop':
      return a0 ?? ANY;
    case 'range':
      return { base: 'int', list: true };
    case 'text':
      return { base: 'text' };
    case 'cards':
    case 'top':
    case 'bottom':
    case 'physical':
    case 'conversions':
      return CARDS;
    case 'zoneOf':
      return { base: 'zone' };
    case 'ownerOf':
    case 'nextAlive':
    case 'current':
      return PLAYER;
    case 'virtual':
      return CARD;
    case 'kindOf':
      return { base: 'kind' };
    case 'players':
    case 'alive':
    case 'aliveFrom':
    case 'others':
      return PLAYERS;
    case 'skillsOf':
      return { base: 'skill', list: true };
    case 'generals':
      return { base: 'general', list: true };
    case 'actions':
      return { base: 'action', list: true };
    case 'choose':
      return elem(args[1]);
    case 'chooseMany':
      return listOf(args[1]);
    case 'ask':
    case 'hasMethod':
    case 'hasSkill':
    case 'hasTag':
    case 'revealed':
    case 'contains':
    case 'isVirtual':
    case 'isCard':
    case 'isPlayer':
    case 'isText':
    case 'isAction':
      return BOOL;
  }
  return ANY;
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
