// Runs a scenario: lays out the seats, then plays its steps (scripted answers and expectations) against the
// engine. The first step where reality and expectation differ is reported with its source position.
import { Game } from './game.ts';
import type { IExpr, IPick, Program } from './ir.ts';
import { label, same, type Value } from './values.ts';
import { truthy } from './link.ts';

export interface ScenarioFailure {
  step: number; // 1-based index of the step
  at: string;
  message: string;
}

export interface ScenarioResult {
  id: string;
  ok: boolean;
  failure?: ScenarioFailure;
  steps: number;
  log: string[];
  game: Game;
}

export function runScenario(program: Program, id: string, seed = 1): ScenarioResult {
  const scen = program.scenarios[id];
  if (!scen) throw new Error(`no scenario named ${id}`);
  const g = new Game(program, { scenario: id, seed, options: scen.options });
  g.start();
  const fail = (step: number, at: string, message: string): ScenarioResult => ({
    id, ok: false, failure: { step, at, message }, steps: scen.steps.length, log: g.state.log.map((l) => l.text), game: g,
  });
  const evalExpr = (e: IExpr): Value => {
    const L = (g as unknown as { L: { linker: { expr(e: IExpr): (c: unknown) => Value } } }).L;
    return L.linker.expr(e)(g.ctx(null, 16));
  };
  for (let i = 0; i < scen.steps.length; i++) {
    const st = scen.steps[i]!;
    const n = i + 1;
    if (g.state.error) return fail(n, st.at, `the game stopped with an error: ${g.state.error}`);
    try {
      switch (st.k) {
        case 'answer': {
          const r = g.pending;
          if (!r) return fail(n, st.at, `expected a decision for ${st.player}, but ${g.state.over ? 'the game is over' : 'nothing is asked'}`);
          const who = g.state.players[r.seat]!.name;
          if (who !== st.player) {
            return fail(n, st.at, `expected ${st.player} to decide, but ${who} is asked "${r.prompt}" [${r.options.map((o) => o.label).join(' | ')}]`);
          }
          const picks: number[] = [];
          for (const p of st.picks) {
            const idx = matchPick(p, r.options, picks, evalExpr);
            if (idx === -2) continue; // pass
            if (idx < 0) {
              return fail(n, st.at, `${who} cannot pick ${describePick(p, evalExpr)} for "${r.prompt}"; options: [${r.options.map((o) => o.label).join(' | ')}]`);
            }
            picks.push(idx);
          }
          const res = g.answer(picks);
          if (!res.ok) return fail(n, st.at, `answer rejected: ${res.reason}`);
          break;
        }
        case 'expect': {
          const v = evalExpr(st.e);
          if (!truthy(v)) {
            let detail = '';
            if (st.e.k === 'bin') detail = ` (left: ${label(evalExpr(st.e.l))}, right: ${label(evalExpr(st.e.r))})`;
            return fail(n, st.at, `expected ${st.text}${detail}`);
          }
          break;
        }
        case 'expectLog':
          if (!g.state.log.some((l) => l.text.includes(st.text))) return fail(n, st.at, `expected the log to mention "${st.text}"`);
          break;
        case 'expectAsk': {
          const r = g.pending;
          const who = r ? g.state.players[r.seat]!.name : null;
          if (who !== st.player) return fail(n, st.at, `expected ${st.player} to be asked, but ${who ? `${who} is asked "${r!.prompt}"` : 'nobody is asked'}`);
          break;
        }
        case 'expectEnd':
          if (!g.state.over) return fail(n, st.at, 'expected the game to be over');
          break;
      }
    } catch (e) {
      return fail(n, st.at, e instanceof Error ? e.message : String(e));
    }
  }
  if (g.state.error) return fail(scen.steps.length, scen.at, `the game stopped with an error: ${g.state.error}`);
  return { id, ok: true, steps: scen.steps.length, log: g.state.log.map((l) => l.text), game: g };
}

function matchPick(p: IPick, options: { label: string; value: Value }[], taken: number[], ev: (e: IExpr) => Value): number {
  if (p.k === 'pass') return -2;
  const free = (i: number) => !taken.includes(i);
  if (p.k === 'name') return options.findIndex((o, i) => free(i) && o.label === p.name);
  const v = ev(p.e);
  let i = options.findIndex((o, j) => free(j) && same(o.value, v));
  if (i < 0 && typeof v === 'string') i = options.findIndex((o, j) => free(j) && o.label === v);
  if (i < 0 && v && typeof v === 'object' && !Array.isArray(v) && v.t === 'c') {
    // A physical card also selects the option that uses it as another card (a conversion) when it is the only one.
    i = options.findIndex((o, j) => free(j) && o.value && typeof o.value === 'object' && !Array.isArray(o.value) &&
      o.value.t === 'v' && o.value.subs.length === 1 && o.value.subs[0] === v);
  }
  return i;
}

function describePick(p: IPick, ev: (e: IExpr) => Value): string {
  if (p.k === 'pass') return 'pass';
  if (p.k === 'name') return p.name;
  try {
    return label(ev(p.e));
  } catch {
    return '?';
  }
}
