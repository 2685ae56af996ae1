// What one game of a series hands to the next: the values of the `var` and `property` declarations marked
// `carried`, as plain data. Players are written as seats, so the next game's players stand in for them; the
// compiler refuses carried types that belong to one game (cards, zones, events), and a value of another shape
// found here at run time (types are not checked) is an error naming the declaration.
import type { Program } from './ir.ts';
import type { Carried, CarriedValue, State } from './types.ts';
import { RuleError, label, type PlayerObj, type Value } from './values.ts';

/** The carried values of a game as it stands (normally once it is over). */
export function carriedOf(program: Program, state: State): Carried {
  const globals: Record<string, CarriedValue> = {};
  for (const g of Object.values(program.vars)) if (g.carried) globals[g.id] = encode(state.globals[g.id] ?? null, g.id);
  const props = Object.values(program.properties).filter((p) => p.carried);
  const players = state.players.map((pl) => {
    const out: Record<string, CarriedValue> = {};
    for (const p of props) out[p.id] = encode(pl.v[p.id] ?? null, `${pl.name}.${p.id}`);
    return out;
  });
  return { globals, players };
}

/** Start a game from what the previous one left; anything the rules do not declare carried is a mismatch. */
export function applyCarried(program: Program, state: State, c: Carried): void {
  const n = state.players.length;
  if (c.players.length !== n)
    throw new RuleError(`the carried values are for ${c.players.length} seats, this game has ${n}`, '');
  for (const [id, v] of Object.entries(c.globals)) {
    if (!program.vars[id]?.carried) throw new RuleError(`'${id}' is not a carried var of these rules`, '');
    state.globals[id] = decode(v, state.players, id);
  }
  c.players.forEach((values, seat) => {
    const p = state.players[seat]!;
    for (const [id, v] of Object.entries(values)) {
      if (!program.properties[id]?.carried) throw new RuleError(`'${id}' is not a carried property of these rules`, '');
      p.v[id] = decode(v, state.players, `${p.name}.${id}`);
    }
  });
}

function encode(v: Value, what: string): CarriedValue {
  if (v === null || typeof v !== 'object') return v;
  if (Array.isArray(v)) return v.map((x) => encode(x, what));
  if (v.t === 'p') return { $p: v.seat };
  throw new RuleError(`${what} is carried to the next game but holds ${label(v)}, which belongs to this game`, '');
}

function decode(v: CarriedValue, players: PlayerObj[], what: string): Value {
  if (v === null || typeof v !== 'object') return v;
  if (Array.isArray(v)) return v.map((x) => decode(x, players, what));
  const p = players[v.$p];
  if (!p) throw new RuleError(`${what}: carried seat ${v.$p} is not a seat of this game`, '');
  return p;
}
