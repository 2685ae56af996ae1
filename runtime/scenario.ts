// Runs a scenario: lays out the seats, then plays its steps (scripted answers and expectations) against the
// engine. The first step where reality and expectation differ is reported with its source position.
// `ScenarioRunner` plays the steps one at a time (the browser's scenario player drives it step by step);
// `runScenario` runs them all.
import { Game } from './game.ts';
import { checkInvariants, type InvariantViolation } from './invariants.ts';
import type { IExpr, IPick, IScenario, IStep, Program } from './ir.ts';
import type { EngineKind } from './types.ts';
import { label, same, type Value } from './values.ts';
import { truthy } from './link.ts';
import { logFor } from './visibility.ts';

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

export type AnswerStep = Extract<IStep, { k: 'answer' }>;

/** A scenario being played one step at a time. `next` is the index of the step to run next. */
export class ScenarioRunner {
  readonly game: Game;
  readonly scenario: IScenario;
  next = 0;
  failure: ScenarioFailure | undefined;
  /** Invariants the scenario's own position breaks (a dead seat holding the rest of the deck): not reported. */
  private readonly brokenAtStart: Set<string>;
  /** The first invariant found broken when an event ended (reported at the answer that led to it). */
  private brokenMidway: string | null = null;

  /** `beforeStart` sees the game before it runs (to attach observers such as an AI). */
  constructor(
    program: Program,
    readonly id: string,
    seed = 1,
    beforeStart?: (g: Game) => void,
    engine?: EngineKind,
  ) {
    const scen = program.scenarios[id];
    if (!scen) throw new Error(`no scenario named ${id}`);
    this.scenario = scen;
    this.game = new Game(program, { scenario: id, seed, options: scen.options, ...(engine ? { engine } : {}) });
    beforeStart?.(this.game);
    // The rules' invariants hold whenever an event ends, as in a simulated game (from the scenario's position on).
    let watching = false;
    this.game.observers.push((f, phase) => {
      if (!watching || phase !== 'end' || this.brokenMidway !== null) return;
      const broken = this.newlyBroken();
      if (broken) this.brokenMidway = `when event ${f.id} ended, ${broken.message}`;
    });
    this.game.start();
    this.brokenAtStart = new Set(checkInvariants(this.game).map(violationKey));
    watching = true;
  }

  /** An invariant broken now that the scenario's position did not already break. */
  private newlyBroken(): InvariantViolation | undefined {
    return checkInvariants(this.game).find((v) => !this.brokenAtStart.has(violationKey(v)));
  }

  get steps(): IStep[] {
    return this.scenario.steps;
  }

  /** Every step ran (or one failed). */
  get done(): boolean {
    return this.failure !== undefined || this.next >= this.scenario.steps.length;
  }

  /** The step that runs next, if any. */
  get step(): IStep | undefined {
    return this.failure ? undefined : this.scenario.steps[this.next];
  }

  /** Evaluate a scenario expression (seat names are globals) in the game's current state. */
  evalExpr(e: IExpr): Value {
    return this.game.evaluate(e);
  }

  /** The option indices an answer step picks for the pending decision, or why it cannot answer it. */
  picksFor(st: AnswerStep): { ok: true; picks: number[] } | { ok: false; message: string } {
    const g = this.game;
    const r = g.pending;
    if (!r)
      return {
        ok: false,
        message: `expected a decision for ${st.player}, but ${g.state.over ? 'the game is over' : 'nothing is asked'}`,
      };
    const who = g.state.players[r.seat]!.name;
    if (who !== st.player) {
      return {
        ok: false,
        message: `expected ${st.player} to decide, but ${who} is asked "${r.prompt}" [${r.options.map((o) => o.label).join(' | ')}]`,
      };
    }
    const ev = (e: IExpr) => this.evalExpr(e);
    const picks: number[] = [];
    for (const p of st.picks) {
      const idx = matchPick(p, r.options, picks, ev);
      if (idx === -2) continue; // pass
      if (idx < 0) {
        return {
          ok: false,
          message: `${who} cannot pick ${describePick(p, ev)} for "${r.prompt}"; options: [${r.options.map((o) => o.label).join(' | ')}]`,
        };
      }
      picks.push(idx);
    }
    return { ok: true, picks };
  }

  /** Check one expectation step against the current state: null when it holds, else why not. */
  check(st: Exclude<IStep, AnswerStep>): string | null {
    const g = this.game;
    switch (st.k) {
      case 'expect': {
        const v = this.evalExpr(st.e);
        if (truthy(v)) return null;
        let detail = '';
        if (st.e.k === 'bin')
          detail = ` (left: ${label(this.evalExpr(st.e.l))}, right: ${label(this.evalExpr(st.e.r))})`;
        return `expected ${st.text}${detail}`;
      }
      case 'expectLog': {
        // Without a player: the whole log (every entry's full text); with one: what that seat may read.
        const seat = st.player === undefined ? undefined : g.state.players.find((p) => p.name === st.player)?.seat;
        const lines = seat === undefined ? g.state.log : logFor(g.state.log, seat);
        const found = lines.some((l) => l.text.includes(st.text));
        const whose = st.player === undefined ? 'the log' : `${st.player}'s log`;
        if (found === !st.negated) return null;
        return st.negated
          ? `expected ${whose} not to mention "${st.text}"`
          : `expected ${whose} to mention "${st.text}"`;
      }
      case 'expectAsk': {
        const r = g.pending;
        const who = r ? g.state.players[r.seat]!.name : null;
        return who === st.player
          ? null
          : `expected ${st.player} to be asked, but ${who ? `${who} is asked "${r!.prompt}"` : 'nobody is asked'}`;
      }
      case 'expectEnd':
        return g.state.over ? null : 'expected the game to be over';
      case 'expectOffer': {
        const r = g.pending;
        if (!r)
          return `expected a decision that ${st.negated ? 'does not offer' : 'offers'} ${st.text}, but nothing is asked`;
        const ev = (e: IExpr) => this.evalExpr(e);
        const options = `"${r.prompt}" [${r.options.map((o) => o.label).join(' | ')}]`;
        for (const p of st.picks) {
          const offered = p.k === 'pass' ? r.min === 0 : matchPick(p, r.options, [], ev) >= 0;
          if (offered === st.negated) {
            return `expected ${describePick(p, ev)} ${st.negated ? 'not ' : ''}to be offered; ${g.state.players[r.seat]!.name} is asked ${options}`;
          }
        }
        return null;
      }
    }
  }

  /** Run the next step. Returns its failure (also kept in `failure`), or null when it held. */
  runStep(): ScenarioFailure | null {
    if (this.failure) return this.failure;
    const st = this.scenario.steps[this.next];
    if (!st) return null;
    const n = this.next + 1;
    const fail = (message: string): ScenarioFailure => (this.failure = { step: n, at: st.at, message });
    const g = this.game;
    if (g.state.error) return fail(`the game stopped with an error: ${g.state.error}`);
    try {
      if (st.k === 'answer') {
        const m = this.picksFor(st);
        if (!m.ok) return fail(m.message);
        const res = g.answer(m.picks);
        if (!res.ok) return fail(`answer rejected: ${res.reason}`);
        if (this.brokenMidway !== null) return fail(`after this answer, ${this.brokenMidway}`);
        const broken = this.newlyBroken();
        if (broken) return fail(`after this answer, ${broken.message}`);
      } else {
        const why = this.check(st);
        if (why !== null) return fail(why);
      }
    } catch (e) {
      return fail(e instanceof Error ? e.message : String(e));
    }
    this.next++;
    return null;
  }

  /** After the last step: the game must not have stopped with an error. */
  finish(): ScenarioFailure | null {
    if (this.failure) return this.failure;
    const g = this.game;
    if (g.state.error) {
      return (this.failure = {
        step: this.scenario.steps.length,
        at: this.scenario.at,
        message: `the game stopped with an error: ${g.state.error}`,
      });
    }
    return null;
  }
}

function violationKey(v: InvariantViolation): string {
  return `${v.id}:${v.seat ?? ''}`;
}

/** Run a scenario to its end; `engine` as GameOptions.engine (default: compiled code when the program has it). */
export function runScenario(program: Program, id: string, seed = 1, engine?: EngineKind): ScenarioResult {
  const r = new ScenarioRunner(program, id, seed, undefined, engine);
  const g = r.game;
  while (!r.done) r.runStep();
  const failure = r.finish();
  const log = g.state.log.map((l) => l.text);
  if (failure) return { id, ok: false, failure, steps: r.steps.length, log, game: g };
  return { id, ok: true, steps: r.steps.length, log, game: g };
}

function matchPick(
  p: IPick,
  options: { label: string; value: Value }[],
  taken: number[],
  ev: (e: IExpr) => Value,
): number {
  if (p.k === 'pass') return -2;
  const free = (i: number) => !taken.includes(i);
  if (p.k === 'name') return options.findIndex((o, i) => free(i) && o.label === p.name);
  const v = ev(p.e);
  let i = options.findIndex((o, j) => free(j) && same(o.value, v));
  if (i < 0 && typeof v === 'string') i = options.findIndex((o, j) => free(j) && o.label === v);
  if (i < 0 && v && typeof v === 'object' && !Array.isArray(v) && v.t === 'c') {
    // A physical card also selects the option that uses it as another card (a conversion) when it is the only one.
    i = options.findIndex(
      (o, j) =>
        free(j) &&
        o.value &&
        typeof o.value === 'object' &&
        !Array.isArray(o.value) &&
        o.value.t === 'v' &&
        o.value.subs.length === 1 &&
        o.value.subs[0] === v,
    );
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
