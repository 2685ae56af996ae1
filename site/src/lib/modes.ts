// What a mode's page shows that only running it can tell: who sits where once it has dealt the table (its roles
// and the sides the rules' `sideOf` puts them on), found by playing its setup with random answers in the engine.
import { Game, hintedValue, modeTakesOption } from '../../../runtime/index.ts';
import { AIS } from '../../../ai/registry.ts';
import { answerOf, policyFor } from '../../../ai/policy.ts';
import { program, scenarios, type ScenarioInfo } from './book.ts';

export interface SeatAtTable {
  seat: number;
  role: string | null;
  side: string | null;
}

/** The seats of a game of `mode` for `players` (seed 1), in turn order, once every seat has a role (or after the
 *  first turn has begun, for a mode that deals none). */
export function seating(mode: string, players: number): SeatAtTable[] {
  const p = program();
  let g: Game;
  try {
    g = new Game(p, { mode, players, seed: 1, keepLog: false });
    g.start();
  } catch {
    return [];
  }
  const ai = policyFor(AIS.random, g, 1);
  const dealt = () => g.state.players.every((q) => hintedValue(p, q, 'role') != null);
  for (let i = 0; i < 400 && g.pending && !g.over && !dealt(); i++) {
    const a = answerOf(ai, g);
    if (!a || !g.answer(a).ok) break;
  }
  const sideOf = (role: unknown): string | null => {
    if (typeof role !== 'string' || !p.functions.sideOf) return null;
    try {
      const s = g.callFunction('sideOf', [role], '');
      return typeof s === 'string' ? s : null;
    } catch {
      return null;
    }
  };
  return g.state.players.map((q, seat) => {
    const role = hintedValue(p, q, 'role');
    return { seat, role: typeof role === 'string' ? role : null, side: sideOf(role) };
  });
}

/** The player counts a mode allows. */
export function playerCounts(mode: string): { min: number; max: number } {
  const f = program().modes[mode]?.fields ?? {};
  const min = Number(f.minPlayers ?? 2);
  return { min, max: Number(f.maxPlayers ?? min) };
}

/** The scenarios played in a mode. */
export function scenariosOfMode(mode: string): ScenarioInfo[] {
  return scenarios().filter((s) => s.ir.mode === mode);
}

/** The options a mode owns, then those of other modes it takes too (its field alsoTakes). */
export function optionsOfMode(mode: string): string[] {
  const p = program();
  const mine = Object.values(p.options).filter((o) => o.mode === mode);
  const taken = Object.values(p.options).filter(
    (o) => o.mode !== undefined && o.mode !== mode && modeTakesOption(p, mode, o.id),
  );
  return [...mine, ...taken].map((o) => o.id);
}

/** The modes with a page of their own under /rules/modes/: every mode but the identity game's topic page. */
export function modePages(): string[] {
  return Object.keys(program().modes).filter((m) => m !== 'identity');
}
