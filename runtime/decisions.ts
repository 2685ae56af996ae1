// Decisions are data: rule code that asks yields a Request and is resumed with the picked option indices. Every
// question is logged (it is part of the trace hash), and an answer is checked before anything changes.
import type { Engine } from './engine.ts';
import type { Asking, Request } from './types.ts';
import { requestSubject } from './request.ts';
import { optionLogValue, type Value } from './values.ts';
import { put, putLabel, TextSink, type Sink } from './visibility.ts';

/** Ask: log the question (for the asked seat only: its options may show their hand), suspend until the answer
 *  comes back. */
export function* decide(g: Engine, r: Request): Asking<number[]> {
  g.state.decisions++;
  g.countDecision(r);
  const running = g.runningSkills[g.runningSkills.length - 1];
  if (running && !r.subject?.skill) {
    const s = r.subject;
    r.subject = requestSubject(s?.asks, s?.about, running.skill, s?.window ?? running.window);
  }
  const name = g.state.players[r.seat]!.name;
  if (!g.keepsLog) {
    const h = g.lineHash();
    askLine(h, name, r);
    g.endLine(h);
  } else {
    const t = new TextSink();
    askLine(t, name, r);
    g.record('ask', t.out, { only: [r.seat] });
  }
  // A synchronous run (Game.play) takes the answer now; any other suspends until Game.answer gives it.
  if (g.answering !== null) return g.answerNow(r);
  const ans = yield r;
  return ans;
}

/** The question's line, `name prompt [label|label…] min-max`, into a sink (a kept log's text, or the trace hash
 *  alone). */
function askLine(sink: Sink, name: string, r: Request): void {
  put(sink, name);
  put(sink, ' ');
  put(sink, r.prompt);
  put(sink, ' [');
  const os = r.options;
  for (let i = 0; i < os.length; i++) {
    if (i > 0) put(sink, '|');
    put(sink, os[i]!.label);
  }
  put(sink, '] ');
  put(sink, String(r.min));
  put(sink, '-');
  put(sink, String(r.max));
}

/** Why these picks do not answer the request (too few, too many, unknown or repeated options), or null. */
export function validate(r: Request, picks: unknown): string | null {
  if (!Array.isArray(picks)) return 'an answer is a list of option numbers';
  if (picks.length < r.min) return `pick at least ${r.min} (got ${picks.length})`;
  if (picks.length > r.max) return `pick at most ${r.max} (got ${picks.length})`;
  for (let k = 0; k < picks.length; k++) {
    const i = picks[k];
    if (!Number.isInteger(i) || i < 0 || i >= r.options.length)
      return `option ${String(i)} does not exist (0..${r.options.length - 1})`;
    // Answers pick a few options: a scan of the earlier picks is cheaper than a set.
    for (let j = 0; j < k; j++) if (picks[j] === i) return `option ${i} picked twice`;
  }
  return null;
}

/** Check an answer to the pending request and, if it is legal, keep and log it (the game then resumes).
 *  Gives why not otherwise; an illegal answer changes nothing. */
export function acceptAnswer(g: Engine, r: Request | null, picks: number[]): string | null {
  if (!r) return g.state.over ? 'the game is over' : 'no decision is pending';
  const reason = validate(r, picks);
  if (reason) return reason;
  g.state.answers.push(picks.slice());
  if (!g.keepsLog) {
    answerHash(g, g.state.players[r.seat]!.name, r, picks);
    return null;
  }
  // Everyone reads the answer, cards they cannot see written as "a card"; a sealed answer only its seat, until
  // every seat of the question has answered (the rules' builtin then logs them all).
  const [template, values] = answerLine(g.state.players[r.seat]!.name, r, picks);
  g.logLine('answer', template, values, r.sealed ? { only: [r.seat] } : undefined, [r.seat]);
  return null;
}

/** The text of answerLine's line into the trace hash, in pieces (a game that keeps no log: the test "gives the
 *  same trace hash whether the log is kept or only hashed" holds the two to the same text). */
function answerHash(g: Engine, name: string, r: Request, picks: number[]): void {
  const h = g.lineHash();
  put(h, name);
  put(h, ': ');
  if (picks.length === 0) put(h, 'pass');
  for (let k = 0; k < picks.length; k++) {
    if (k > 0) put(h, ', ');
    const v = optionLogValue(r.options[picks[k]!]!);
    if (typeof v === 'string') put(h, v);
    else putLabel(h, v);
  }
  g.endLine(h);
}

/** `name: pick, pick` (or `name: pass`) as a template and its values (values.ts `optionLogValue`). */
export function answerLine(name: string, r: Request, picks: number[]): [string, Value[]] {
  const values: Value[] = [name];
  const parts = picks.map((i) => {
    values.push(optionLogValue(r.options[i]!));
    return `{${values.length - 1}}`;
  });
  return [`{0}: ${parts.join(', ') || 'pass'}`, values];
}
