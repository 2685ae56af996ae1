// What one player may see: the state with the cards they cannot see and hidden properties masked, and the log
// entries they may read (runtime/visibility.ts decides both).
import type { Game } from './game.ts';
import type { LogEntry } from './types.ts';
import { toJSON, type Value } from './values.ts';
import { canSee, logFor } from './visibility.ts';

/** A card as a reader sees it: its face, or only that a card lies there (`hidden`: no id, kind, suit or rank). */
export type ViewCard = { id: number; kind: string; suit: string; rank: number } | { hidden: true };

export interface PlayerView {
  seat: number | null;
  current: number;
  players: { seat: number; name: string; alive: boolean; skills: string[]; props: Record<string, unknown> }[];
  /** Every zone's count; its cards when the reader sees at least one of them (the others `hidden`). */
  zones: Record<string, { count: number; cards?: ViewCard[] }>;
  over: unknown;
  /** The log entries this reader may read, cards they cannot see written as "a card". */
  log: { k: LogEntry['k']; text: string }[];
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
    const seen = cards.map((c) => canSee(prog, c, seat));
    zones[key] = seen.some(Boolean)
      ? {
          count: cards.length,
          cards: cards.map((c, i) =>
            seen[i] ? { id: c.id, kind: c.kind, suit: c.suit, rank: c.rank } : { hidden: true as const },
          ),
        }
      : { count: cards.length };
  }
  return {
    seat,
    current: s.current,
    players,
    zones,
    over: s.over ? { winners: toJSON(s.over.winners), text: s.over.text } : null,
    log: logFor(s.log, seat),
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
    cards: s.cards.map((c) => ({
      id: c.id,
      kind: c.kind,
      suit: c.suit,
      rank: c.rank,
      zone: c.zone,
      ...(c.faceDown ? { faceDown: true } : {}),
      ...(c.seenBy ? { seenBy: c.seenBy.slice() } : {}),
      ...(c.open ? { open: true } : {}),
    })),
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
