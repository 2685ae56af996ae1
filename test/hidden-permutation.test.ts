// Hidden information, proven by permutation: at a random moment of a game, everything a seat may not know (the
// other hands, the deck order, face-down cards, the others' hidden roles) is shuffled in the state, consistently:
// two card objects swap what card they are, so every reference to a place (zones, running events, questions)
// follows. The seat's view, its question, the running events as it reads them, its log and its AI's answer must
// stay the same, and so must the log lines it reads while the game goes on to the next question (but for cards it
// has come to know by then). The same check run with a leaky view or a leaky log must fail.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { loadSources } from '../compiler/node/load.ts';
import { answerOf, type Policy, policyFor } from '../ai/policy.ts';
import { AIS, type AiName } from '../ai/registry.ts';
import { Game } from '../runtime/game.ts';
import { ScenarioRunner } from '../runtime/scenario.ts';
import { randBelow, seedRng } from '../runtime/rng.ts';
import { label, type CardObj, type Value } from '../runtime/values.ts';
import { knownTo, type SeatView, seatView, viewFor } from '../runtime/view.ts';
import { logFor } from '../runtime/visibility.ts';
import { compileOrThrow } from './helpers.ts';

const program = compileOrThrow(loadSources(['rules']));

/** What a seat reads, as the check compares it (the honest readers, or a leaky one for the self-checks). */
interface Readers {
  view(g: Game, seat: number): unknown;
  log(g: Game, seat: number): { k: string; text: string }[];
}

const honest: Readers = { view: viewFor, log: (g, seat) => logFor(g.state.log, seat) };

interface Moment {
  seed: number;
  players: number;
  ai: AiName;
  /** How many decisions to play before looking. */
  at: number;
  /** Which seat looks (modulo the number of players); -1: the seat asked at the moment (its AI answers). */
  seat: number;
  /** Seeds the shuffle of what the seat may not know. */
  shuffle: number;
  /** The game's options (a variant that hides something of its own), if any. */
  options?: Record<string, unknown>;
}

/** A seat's reading as text: a request, event or value handed to an AI. Event keys are per game, not compared. */
function text(v: unknown): string {
  return JSON.stringify(v, (k, x) => (k === 'key' ? undefined : x));
}

/** The cards a value names (a question's options are left as they are: the engine made them before the shuffle). */
function cardsIn(v: Value, out: Set<CardObj>): Set<CardObj> {
  if (Array.isArray(v)) for (const x of v) cardsIn(x, out);
  else if (v !== null && typeof v === 'object') {
    if (v.t === 'c') out.add(v);
    else if (v.t === 'v') for (const c of v.subs) out.add(c);
  }
  return out;
}

/** Shuffle what `seat` may not know: which card each unknown card object is, and the hidden properties of the
 *  players whose values it may not see. Returns how many cards were shuffled. */
function shuffleHidden(g: Game, seat: number, seed: number, keep: Set<CardObj>): number {
  const rng = seedRng(seed);
  const pool = g.state.cards.filter((c) => !knownTo(g, c, seat) && !keep.has(c));
  const faces = pool.map((c) => ({ id: c.id, kind: c.kind, suit: c.suit, rank: c.rank }));
  for (let i = faces.length - 1; i > 0; i--) {
    const j = randBelow(rng, i + 1);
    [faces[i], faces[j]] = [faces[j]!, faces[i]!];
  }
  pool.forEach((c, i) => Object.assign(c, faces[i]));
  for (const c of pool) g.state.cards[c.id] = c;
  for (const [name, decl] of Object.entries(g.program.properties)) {
    if (decl.visibility === 'public') continue;
    const hidden = g.state.players.filter(
      (p) => !(decl.visibility === 'owner' && p.seat === seat) && !g.state.revealed[`${p.seat}:${name}`],
    );
    const values = hidden.map((p) => p.v[name]);
    for (let i = values.length - 1; i > 0; i--) {
      const j = randBelow(rng, i + 1);
      [values[i], values[j]] = [values[j], values[i]];
    }
    hidden.forEach((p, i) => {
      if (values[i] !== undefined) p.v[name] = values[i]!;
    });
  }
  g.touch(); // nothing cached from before the shuffle may answer after it
  return pool.length;
}

/** What `seat` knows now: the cards it knows, and which hidden properties have been revealed. */
function known(g: Game, seat: number): { cards: Set<CardObj>; revealed: Set<string> } {
  return {
    cards: new Set(g.state.cards.filter((c) => knownTo(g, c, seat))),
    revealed: new Set(Object.keys(g.state.revealed)),
  };
}

/** The lines `seat` read during a step, up to the first that names what it came to know during the step (a card,
 *  or a property revealed, such as a role at death): after a reveal the game and its twin may part legitimately
 *  (what is revealed is whatever the shuffle made it, and the game goes on from it). */
function untilReveal(g: Game, seat: number, before: ReturnType<typeof known>, lines: { k: string; text: string }[]) {
  const news = g.state.cards.filter((c) => !before.cards.has(c) && knownTo(g, c, seat)).map((c) => label(c));
  for (const key of Object.keys(g.state.revealed)) {
    if (before.revealed.has(key)) continue;
    const [who, name] = key.split(':');
    news.push(label((g.state.players[Number(who)]!.v[name!] ?? null) as Value));
  }
  const out: string[] = [];
  for (const l of lines) {
    if (news.some((x) => l.text.includes(x))) break;
    out.push(`${l.k}: ${l.text}`);
  }
  return out;
}

interface Outcome {
  /** What differed for the seat between the game and its shuffled twin (empty: nothing). */
  differences: string[];
  /** Whether the moment was checked (a finished game, or an engine error in the twin, is skipped). */
  checked: boolean;
  shuffled: number;
  asked: boolean;
}

/** Play a game and its twin to the moment, shuffle the twin's hidden state, compare what the seat reads. */
function check(m: Moment, read: Readers = honest, look?: (g: Game, seat: number) => void): Outcome {
  const made = () => {
    const g = new Game(program, { players: m.players, seed: m.seed, ...(m.options ? { options: m.options } : {}) });
    const ai = policyFor(AIS[m.ai], g, m.seed ^ 0x51);
    g.start();
    return { g, ai };
  };
  const a = made();
  const b = made();
  const both = (picks: number[]) => {
    a.g.answer(picks);
    b.g.answer(picks);
  };
  // The twin's AI answers too, so that both AIs are in the same state at the moment.
  const step = (): boolean => {
    if (!a.g.pending || a.g.over || a.g.state.error) return false;
    const picks = answerOf(a.ai, a.g) ?? [];
    expect(answerOf(b.ai, b.g) ?? []).toEqual(picks);
    both(picks);
    return true;
  };
  for (let n = 0; n < m.at; n++) if (!step()) break;
  const skipped: Outcome = { differences: [], checked: false, shuffled: 0, asked: false };
  const r = a.g.pending;
  if (!r || a.g.over || a.g.state.error) return skipped;
  const seat = m.seat < 0 ? r.seat : m.seat % m.players;
  look?.(a.g, seat);
  // The twin's question was made before the shuffle: the cards it lists keep what they are.
  const keep = cardsIn(
    b.g.pending!.options.map((o) => o.value),
    new Set(),
  );
  const shuffled = shuffleHidden(b.g, seat, m.shuffle, keep);
  a.g.touch();

  const differences: string[] = [];
  const same = (what: string, x: string, y: string) => {
    if (x !== y) differences.push(`${what}:\n  game:  ${x.slice(0, 600)}\n  twin:  ${y.slice(0, 600)}`);
  };
  same('view', text(read.view(a.g, seat)), text(read.view(b.g, seat)));
  same('log', text(read.log(a.g, seat)), text(read.log(b.g, seat)));
  const [sa, sb] = [seatView(a.g, seat), seatView(b.g, seat)];
  same('question', text(sa.request), text(sb.request));
  same('running events', text(sa.running()), text(sb.running()));
  // A policy may read one field of an event (SeenEvent.field), without the others copied: read so from fresh views.
  const fields = (s: SeatView) => {
    const out: Value[] = [];
    for (let fr = s.running(); fr; fr = fr.parent)
      for (const p of s.program.events[fr.id]?.params ?? []) out.push(fr.field(p.name));
    return out;
  };
  same('running events, field by field', text(fields(seatView(a.g, seat))), text(fields(seatView(b.g, seat))));
  same('players', text(sa.players()), text(sb.players()));
  const asked = r.seat === seat;
  const picks = answerOf(a.ai, a.g) ?? [];
  if (asked) same('AI answer', text(picks), text(answerOf(b.ai, b.g) ?? []));

  // On to the next question with the same answer: the lines the seat reads meanwhile name no card it does not know.
  const [la, lb] = [read.log(a.g, seat).length, read.log(b.g, seat).length];
  const [ka, kb] = [known(a.g, seat), known(b.g, seat)];
  both(picks);
  if (b.g.state.error) return { ...skipped, shuffled };
  const na = untilReveal(a.g, seat, ka, read.log(a.g, seat).slice(la));
  const nb = untilReveal(b.g, seat, kb, read.log(b.g, seat).slice(lb));
  // Compared up to the first reveal in either game; one may also stop at a question the other does not ask (a seat
  // without a card to answer with is not asked).
  const n = Math.min(na.length, nb.length);
  same('log lines read on the way to the next question', na.slice(0, n).join('\n'), nb.slice(0, n).join('\n'));
  return { differences, checked: true, shuffled, asked };
}

const moments = fc.record({
  seed: fc.integer({ min: 1, max: 1_000_000 }),
  players: fc.constantFrom(4, 5, 8),
  ai: fc.constantFrom<AiName>('random', 'heuristic'),
  at: fc.integer({ min: 0, max: 160 }), // games last 100 to 400 decisions
  seat: fc.oneof(fc.constant(-1), fc.nat({ max: 7 })),
  shuffle: fc.integer({ min: 1, max: 1_000_000 }),
});

/** Late moments (decision 100 to 400) of games with `options`, each checked as above; `look` sees each moment.
 *  Returns how many moments were checked. */
const lateMoments = (options: Record<string, unknown>, look: (g: Game, seat: number) => void): number => {
  let checked = 0;
  fc.assert(
    fc.property(moments, fc.integer({ min: 100, max: 400 }), (m, at) => {
      const o = check({ ...m, at, options }, honest, look);
      if (o.checked) checked++;
      if (o.differences.length) throw new Error(`${JSON.stringify(m)}\n${o.differences.join('\n')}`);
    }),
    { ...FC, numRuns: Math.min(FC.numRuns, 40) },
  );
  return checked;
};

/** fast-check's seed: fixed so that a run is repeatable; FC_SEED explores others. */
const FC = { seed: Number(process.env.FC_SEED ?? 20261201), numRuns: Number(process.env.FC_RUNS ?? 60) };

describe('hidden information, by permutation', () => {
  it("shuffling what a seat may not know changes nothing it reads: view, question, events, log, its AI's answer", {
    timeout: FC.numRuns * 5000,
  }, () => {
    const tally = { checked: 0, asked: 0, shuffled: 0 };
    fc.assert(
      fc.property(moments, (m) => {
        const o = check(m);
        if (o.checked) tally.checked++;
        if (o.asked) tally.asked++;
        tally.shuffled += o.shuffled;
        if (o.differences.length) throw new Error(`${JSON.stringify(m)}\n${o.differences.join('\n')}`);
        if (process.env.SHOW_TALLY) console.log(JSON.stringify({ m, ...o }));
      }),
      FC,
    );
    // The property is not vacuous: most moments were checked, some were the seat's own questions, cards moved.
    expect(tally.checked).toBeGreaterThan(FC.numRuns * 0.6);
    expect(tally.asked).toBeGreaterThan(FC.numRuns * 0.25);
    expect(tally.shuffled).toBeGreaterThan(FC.numRuns * 30);
  });

  // 暗魂: a dead player's soul holds a card only its owner sees, and is asked questions though out of the game.
  // Late moments: souls rise only once players have died.
  it('the same with the identity game’s dark souls (a dead player’s hidden card and questions)', {
    timeout: 40 * 5000,
  }, () => {
    const tally = { checked: 0, haunted: 0, soulCards: 0, deadAsked: 0 };
    // What the moment holds: a soul haunting someone, a soul's card, a dead seat's own question.
    const look = (g: Game, seat: number) => {
      const ps = g.state.players;
      if (ps.some((p) => p.v.soulHost != null)) tally.haunted++;
      if (ps.some((p) => (g.state.zones[`soulCard:${p.seat}`]?.length ?? 0) > 0)) tally.soulCards++;
      if (g.pending?.seat === seat && !ps[seat]!.alive) tally.deadAsked++;
    };
    tally.checked = lateMoments({ darkSouls: true }, look);
    if (process.env.SHOW_TALLY) console.log(JSON.stringify(tally));
    // Not vacuous: souls were about at many moments, some holding their card.
    expect(tally.checked).toBeGreaterThan(10);
    expect(tally.haunted).toBeGreaterThan(4);
    expect(tally.soulCards).toBeGreaterThan(0);
  });

  it('catches a leaky view (one that shows the next seat’s hand)', { timeout: 120_000 }, () => {
    const leaky: Readers = {
      ...honest,
      view: (g, seat) => ({
        ...viewFor(g, seat),
        next: g.state.zones[`hand:${(seat + 1) % g.state.players.length}`]!.map((c) => label(c)),
      }),
    };
    const caught = fc.check(
      fc.property(moments, (m) => check(m, leaky).differences.length === 0),
      { seed: FC.seed, numRuns: 30 },
    );
    expect(caught.failed).toBe(true);
  });

  it('catches a leaky log (every line as written, whoever may read it)', { timeout: 120_000 }, () => {
    const leaky: Readers = { ...honest, log: (g) => g.state.log.map((e) => ({ k: e.k, text: e.text })) };
    const caught = fc.check(
      fc.property(moments, (m) => check(m, leaky).differences.length === 0),
      { seed: FC.seed, numRuns: 60 },
    );
    expect(caught.failed).toBe(true);
  });

  it('catches an AI that answers from a hidden fact (a rules function that reads the hands)', () => {
    // No AI can reach the game, but the rules' functions run on it: a function that reads a hand card is a leak,
    // and the shuffle shows it in the answer of an AI that asks it.
    const peek = compileOrThrow([
      ...loadSources(['rules']),
      {
        file: 'peek.sgs',
        text: 'package peek\nimport core\nfunction peekRank(p: player): int = first(cards(hand(p))).rank\n',
      },
    ]);
    const peeking: Policy = {
      answer(seat) {
        const r = seat.request!;
        let n = 0;
        for (const p of seat.players()) if (p.seat !== seat.seat) n += Number(seat.call('peekRank', p) ?? 0);
        return r.min > 0 || r.options.length === 0 ? [...Array(r.min).keys()] : n % 2 ? [0] : [];
      },
    };
    let differed = 0;
    for (let seed = 1; seed <= 10; seed++) {
      const g = new Game(peek, { players: 5, seed });
      g.start();
      for (let n = 0; n < 30 && g.pending; n++) g.answer(answerOf(peeking, g) ?? []);
      if (!g.pending) continue;
      const before = text(answerOf(peeking, g));
      shuffleHidden(
        g,
        g.pending.seat,
        seed,
        cardsIn(
          g.pending.options.map((o) => o.value),
          new Set(),
        ),
      );
      if (text(answerOf(peeking, g)) !== before) differed++;
    }
    expect(differed).toBeGreaterThan(0);
  });
});

describe('what a seat view shows of a question', () => {
  it("观星: the asked seat's view of its question shows the cards from the top of the pile; no other seat's does", () => {
    const r = new ScenarioRunner(program, 'guanxingAliveCount');
    const g = r.game;
    while (!r.done && !g.pending?.prompt.startsWith('stargazing')) r.runStep();
    const q = g.pending!;
    expect(q.options.length).toBeGreaterThan(1);
    const mine = seatView(g, q.seat).request!;
    expect(mine.options.map((o) => o.label)).toEqual(q.options.map((o) => o.label));
    expect(mine.options.every((o) => o.value !== null && (o.value as CardObj).kind !== undefined)).toBe(true);
    // The cards lie in the draw pile: the seat's view shows them as backs, its question shows them.
    expect(q.options.every((o) => (o.value as CardObj).zone === 'drawPile')).toBe(true);
    const other = (q.seat + 1) % g.state.players.length;
    expect(seatView(g, other).request).toBeNull();
    expect(knownTo(g, q.options[0]!.value as CardObj, other)).toBe(false);
  });
});

describe('a seat view holds no way to the game', () => {
  // 转世: the dead hold the cards sacrificed to them, a hand only they see; the reincarnated are back at the table.
  // Late moments: the dead wait only once players have died.
  it('the same with the identity game’s reincarnation (the hidden hand of a dead player)', {
    timeout: 40 * 5000,
  }, () => {
    const tally = { checked: 0, deadHands: 0, back: 0 };
    const look = (g: Game) => {
      const ps = g.state.players;
      if (ps.some((p) => !p.alive && (g.state.zones[`hand:${p.seat}`]?.length ?? 0) > 0)) tally.deadHands++;
      if (ps.some((p) => p.v.reinBack === true)) tally.back++;
    };
    tally.checked = lateMoments({ reincarnation: true }, look);
    if (process.env.SHOW_TALLY) console.log(JSON.stringify(tally));
    // Not vacuous: dead players held sacrificed cards at some moments, and some had come back.
    expect(tally.checked).toBeGreaterThan(10);
    expect(tally.deadHands).toBeGreaterThan(2);
    expect(tally.back).toBeGreaterThan(0);
  });

  it('nothing reachable from what a seat view hands out is an object of the game state', () => {
    const g = new Game(program, { players: 5, seed: 4 });
    g.start();
    for (let n = 0; n < 60 && g.pending; n++) g.answer([...Array(g.pending.min).keys()]);
    const live = new Set<unknown>([g, g.state, ...g.state.players, ...g.state.cards, ...Object.values(g.state.zones)]);
    for (let f = g.frame; f; f = f.parent) live.add(f);
    const s = seatView(g, g.pending!.seat);
    const reached = new Set<unknown>();
    const walk = (x: unknown) => {
      if (x === null || typeof x !== 'object' || reached.has(x)) return;
      reached.add(x);
      expect(live.has(x)).toBe(false);
      for (const k of Object.keys(x)) walk((x as Record<string, unknown>)[k]);
      // What a class's getters give is reachable too (an event copy's fields and parent).
      for (
        let o = Object.getPrototypeOf(x);
        o && o !== Object.prototype && o !== Array.prototype;
        o = Object.getPrototypeOf(o)
      )
        for (const [k, d] of Object.entries(Object.getOwnPropertyDescriptors(o)))
          if (d.get) walk((x as Record<string, unknown>)[k]);
    };
    walk([s.request, s.running(), s.players(), s.view(), s.log(), Object.keys(s)]);
    expect(reached.size).toBeGreaterThan(20);
    // @ts-expect-error: a seat view has no game, by type
    expect(s.game).toBeUndefined();
    expect(Object.keys(s)).not.toContain('game');
  });
});
