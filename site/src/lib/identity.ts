// Tables computed by running the rules' own functions in the engine (no numbers copied by hand): the identity
// mode's role counts per number of players, under every value of the options the function reads.
import { Game } from '../../../runtime/index.ts';
import { program } from './book.ts';

/** Option ids an IR node reads (`{k:'option'}` anywhere inside). */
export function optionsRead(node: unknown, out = new Set<string>()): Set<string> {
  if (Array.isArray(node)) node.forEach((x) => optionsRead(x, out));
  else if (node && typeof node === 'object') {
    const o = node as Record<string, unknown>;
    if (o.k === 'option' && typeof o.name === 'string') out.add(o.name);
    for (const v of Object.values(o)) optionsRead(v, out);
  }
  return out;
}

export interface RoleRow {
  players: number;
  variants: { counts: number[]; when: Record<string, unknown> }[];
}

/** roleCounts(n) for every n the mode allows, under each combination of the options it reads. Rows where the
 *  options change the answer list one entry per answer, with the option values that give it. */
export function roleTable(mode: string, fn = 'roleCounts'): RoleRow[] {
  const p = program();
  const m = p.modes[mode];
  const f = p.functions[fn];
  if (!m || !f) return [];
  const min = Number(m.fields.minPlayers ?? 2),
    max = Number(m.fields.maxPlayers ?? min);
  const opts = [...optionsRead(f)].filter((o) => p.options[o]?.values);
  let combos: Record<string, unknown>[] = [{}];
  for (const o of opts) combos = combos.flatMap((c) => p.options[o]!.values!.map((v) => ({ ...c, [o]: v })));
  const games = combos.map((c) => ({ c, g: new Game(p, { mode, players: min, options: c }) }));
  const rows: RoleRow[] = [];
  for (let n = min; n <= max; n++) {
    const answers = games.map(({ c, g }) => ({ c, counts: g.callFunction(fn, [n], '') as unknown as number[] }));
    const distinct = new Map<string, { counts: number[]; cs: Record<string, unknown>[] }>();
    for (const a of answers) {
      const key = JSON.stringify(a.counts);
      if (!distinct.has(key)) distinct.set(key, { counts: a.counts, cs: [] });
      distinct.get(key)!.cs.push(a.c);
    }
    const variants = [...distinct.values()].map(({ counts, cs }) => {
      const when: Record<string, unknown> = {};
      if (distinct.size > 1) {
        for (const o of opts) {
          const vals = new Set(cs.map((c) => c[o]));
          if (vals.size === 1) {
            const v = [...vals][0];
            // Only the options that tell this answer from the others.
            const others = [...distinct.values()].filter((x) => x.counts !== counts).flatMap((x) => x.cs);
            if (others.every((c) => c[o] !== v)) when[o] = v;
          }
        }
      }
      return { counts, when };
    });
    rows.push({ players: n, variants });
  }
  return rows;
}

/** Where an option is read: functions, events, actions, skills, cards and modes of the base program. */
export function usersOfOption(option: string): { kind: string; id: string }[] {
  const p = program();
  const out: { kind: string; id: string }[] = [];
  const scan = (kind: string, rec: Record<string, unknown>) => {
    for (const [id, v] of Object.entries(rec)) if (optionsRead(v).has(option)) out.push({ kind, id });
  };
  scan('function', p.functions);
  scan('event', p.events);
  scan('action', p.actions);
  scan('skill', p.skills);
  scan('card', p.cards);
  scan('mode', p.modes);
  return out;
}
