// One policy for a whole game that hands each request to the AI chosen for the asking seat's role. Every AI in the
// spec is created before the game starts (the heuristic one watches every event), and created only if used.
import { hintedValue, type PublicTable } from '../runtime/index.ts';
import type { Policy, PolicyFactory } from './policy.ts';
import { AIS, type AiName } from './registry.ts';
import { aiFor, type AiSpec } from './spec.ts';

/** Called after each answer with the AI that gave it and the time it took, in microseconds. */
export type AnswerTimer = (ai: AiName, micros: number) => void;

export function byRole(spec: AiSpec, timer?: AnswerTimer): PolicyFactory {
  const used = [...new Set<AiName>([spec.default, ...Object.values(spec.roles)])];
  return (table: PublicTable, seed: number): Policy => {
    // All AIs share the policy seed: each derives its own stream from it, apart from the game's RNG.
    const ais = new Map(used.map((name) => [name, AIS[name](table, seed)] as const));
    return {
      answer(seat) {
        // Its own role (the property `as role`): the seat sees it.
        const me = used.length > 1 ? seat.player(seat.seat) : null;
        const role = me ? hintedValue(table.program, me, 'role') : null;
        const name = aiFor(spec, typeof role === 'string' ? role : null);
        const ai = ais.get(name)!;
        if (!timer) return ai.answer(seat);
        const t0 = performance.now();
        const picks = ai.answer(seat);
        timer(name, (performance.now() - t0) * 1000);
        return picks;
      },
    };
  };
}
