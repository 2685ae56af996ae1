// What one player may see: the state with other players' hidden zones and hidden properties masked.
import type { Game } from './game.ts';
import { toJSON, type Value } from './values.ts';

export interface PlayerView {
  seat: number | null;
  current: number;
  players: { seat: number; name: string; alive: boolean; skills: string[]; props: Record<string, unknown> }[];
  zones: Record<string, { count: number; cards?: { id: number; kind: string; suit: string; rank: number }[] }>;
  over: unknown;
}

/** The state as seen from `seat` (null = a spectator who sees only public information). */
export function viewFor(g: Game, seat: number | null): PlayerView {
  const prog = g.program;
  const s = g.state;
  const players = s.players.map((p) => {
    const props: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(p.v)) {
      const vis = prog.properties[k]?.visibility ?? 'public';
      const shown = vis === 'public' || (vis === 'owner' && p.seat === seat) || s.revealed[`${p.seat}:${k}`] === true;
      if (shown) props[k] = toJSON(v as Value);
    }
    return { seat: p.seat, name: p.name, alive: p.alive, skills: g.skillsOf(p).slice(), props };
  });
  const zones: PlayerView['zones'] = {};
  for (const [key, cards] of Object.entries(s.zones)) {
    const i = key.indexOf(':');
    const zid = i < 0 ? key : key.slice(0, i);
    const owner = i < 0 ? null : Number(key.slice(i + 1));
    const vis = prog.zones[zid]?.visibility ?? 'public';
    const shown = vis === 'public' || (vis === 'owner' && owner === seat);
    zones[key] = shown
      ? { count: cards.length, cards: cards.map((c) => ({ id: c.id, kind: c.kind, suit: c.suit, rank: c.rank })) }
      : { count: cards.length };
  }
  return {
    seat,
    current: s.current,
    players,
    zones,
    over: s.over ? { winners: toJSON(s.over.winners), text: s.over.text } : null,
  };
}

/** The whole state as plain JSON (references written as {$p}/{$c}). */
export function snapshot(g: Game): unknown {
  const s = g.state;
  return {
    seed: s.seed,
    rng: s.rng.slice(),
    mode: s.mode,
    options: s.options,
    current: s.current,
    players: s.players.map((p) => ({
      seat: p.seat,
      name: p.name,
      alive: p.alive,
      skills: p.skills.slice(),
      v: Object.fromEntries(Object.entries(p.v).map(([k, v]) => [k, toJSON(v)])),
    })),
    cards: s.cards.map((c) => ({ id: c.id, kind: c.kind, suit: c.suit, rank: c.rank, zone: c.zone })),
    zones: Object.fromEntries(Object.entries(s.zones).map(([k, cs]) => [k, cs.map((c) => c.id)])),
    globals: Object.fromEntries(Object.entries(s.globals).map(([k, v]) => [k, toJSON(v)])),
    uses: s.uses,
    revealed: s.revealed,
    over: s.over ? { winners: toJSON(s.over.winners), text: s.over.text } : null,
    error: s.error,
    decisions: s.decisions,
    answers: s.answers,
    hash: s.hash,
  };
}
