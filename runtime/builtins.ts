// Generic builtins the rules call. None of them knows a game: they count, filter, move cards between zones the
// rules declared, draw random numbers from the state's RNG, and ask players to choose.
// The names, parameters and effects are the table in builtin-table.ts; the three maps below implement exactly its
// pure, changing and asking builtins (their types make a missing, extra or misplaced one a type error, and
// test/builtins-table.test.ts checks it at run time too).
import type { BuiltinNameWith } from './builtin-table.ts';
import type {
  AskBuiltin,
  Asking,
  Builtins,
  CallBuiltin,
  PositionalBuiltin,
  Request,
  RequestSubject,
  RulesHost,
} from './types.ts';
import {
  RuleError,
  label,
  optionLogValue,
  same,
  type ActionRef,
  type CardObj,
  type PlayerObj,
  type Value,
  type ZoneRef,
} from './values.ts';
import { D_ALIVE, D_TABLE, D_VIRTUAL } from './reads.ts';
import { revealedKey } from './visibility.ts';
import { request, requestSubject } from './request.ts';

function player(v: Value, at: string): PlayerObj {
  if (v && typeof v === 'object' && (v as PlayerObj).t === 'p') return v as PlayerObj;
  throw new RuleError(`expected a player, got ${label(v)}`, at);
}

function zone(v: Value, at: string): ZoneRef {
  if (v && typeof v === 'object' && (v as ZoneRef).t === 'z') return v as ZoneRef;
  throw new RuleError(`expected a zone, got ${label(v)}`, at);
}

/** The seats of a player or a list of players. */
function seats(g: RulesHost, v: Value, at: string): number[] {
  return g.asList(v, at).map((p) => player(p, at).seat);
}

/** Note a read of one of the facts reads.ts counts (when a cached call is being computed). */
function reading(g: RulesHost, id: number): void {
  const r = g.reads;
  if (r !== null && r.rec !== null) r.dep(id);
}

/** Note a read of a card's state: where it lies, whom it is held for, who sees it. */
function readingCard(g: RulesHost, c: CardObj): void {
  const r = g.reads;
  if (r !== null && r.rec !== null) r.dep(r.cardId(c.id));
}

/** Note a read of the running event and its chain. */
function readingFrame(g: RulesHost): void {
  const r = g.reads;
  if (r !== null && r.rec !== null) r.frame(g.frame);
}

function aliveFrom(g: RulesHost, p: PlayerObj | null): PlayerObj[] {
  reading(g, D_ALIVE);
  if (!p) reading(g, D_TABLE);
  const ps = g.state.players;
  const start = p ? p.seat : g.state.current;
  const out: PlayerObj[] = [];
  for (let i = 0; i < ps.length; i++) {
    const q = ps[(start + i) % ps.length]!;
    if (q.alive) out.push(q);
  }
  return out;
}

/** Builtins that read the game and change nothing, with their arguments as they are (compiled code calls them so,
 *  without a list made per call; an argument not given is undefined). */
export const positional: { [K in BuiltinNameWith<'pure'>]: PositionalBuiltin } = {
  count: (g, at, x) => (typeof x === 'number' ? x : g.asList(x!, at).length),
  first: (g, at, x) => g.asList(x!, at)[0] ?? null,
  last: (g, at, x) => {
    const l = g.asList(x!, at);
    return l[l.length - 1] ?? null;
  },
  at: (g, at, x, i) => g.asList(x!, at)[i as number] ?? null,
  contains: (g, at, x, y) => g.asList(x!, at).some((v) => same(v, y!)),
  indexOf: (g, at, x, y) => g.asList(x!, at).findIndex((v) => same(v, y!)),
  reverse: (g, at, x) => g.asList(x!, at).slice().reverse(),
  unique: (g, at, x) => {
    const out: Value[] = [];
    for (const v of g.asList(x!, at)) if (!out.some((o) => same(o, v))) out.push(v);
    return out;
  },
  max: (g, at, a, b) => {
    const xs = b === undefined ? g.asList(a!, at) : [a!, b];
    return xs.length ? Math.max(...(xs as number[])) : null;
  },
  min: (g, at, a, b) => {
    const xs = b === undefined ? g.asList(a!, at) : [a!, b];
    return xs.length ? Math.min(...(xs as number[])) : null;
  },
  sum: (g, at, x) => (g.asList(x!, at) as number[]).reduce((s, v) => s + v, 0),
  abs: (_g, _at, x) => Math.abs(x as number),
  range: (_g, _at, a, b) => {
    const out: number[] = [];
    for (let i = a as number; i <= (b as number); i++) out.push(i);
    return out;
  },
  text: (_g, _at, x) => (typeof x === 'string' ? x : label(x!)),
  cards: (g, at, z) => g.asList(z!, at).slice(),
  top: (g, at, z, n) => g.asList(z!, at).slice(0, (n as number) ?? 1),
  bottom: (g, at, z, n) => {
    const l = g.asList(z!, at);
    return l.slice(Math.max(0, l.length - ((n as number) ?? 1)));
  },
  zoneOf: (g, at, c) => {
    const first = firstCard(g, c!, at);
    return first !== null ? g.zoneOf(first) || null : null;
  },
  heldBy: (g, at, p) => {
    const who = player(p!, at);
    const out: CardObj[] = [];
    for (const z of Object.values(g.program.zones))
      if (z.perPlayer) for (const c of g.asList(g.zoneRef(z.id, who), at) as CardObj[]) out.push(c);
    return out;
  },
  ownerOf: (g, at, c) => {
    const first = firstCard(g, c!, at);
    return first !== null ? g.ownerOf(first) : null;
  },
  physical: (g, at, c) => g.asCards(c!, at).slice(),
  isVirtual: (_g, _at, c) => !!c && typeof c === 'object' && !Array.isArray(c) && c.t === 'v',
  isCard: (_g, _at, c) => !!c && typeof c === 'object' && !Array.isArray(c) && (c.t === 'c' || c.t === 'v'),
  isPlayer: (_g, _at, c) => !!c && typeof c === 'object' && !Array.isArray(c) && c.t === 'p',
  isText: (_g, _at, c) => typeof c === 'string',
  printed: (g, at, c) => {
    // The physical card as printed: a stand-in of its own kind, suit and rank that no filter reads differently.
    const cs = c === null ? [] : g.asCards(c!, at);
    if (cs.length !== 1) return null;
    const p = cs[0]!;
    reading(g, D_VIRTUAL);
    return { t: 'v', kind: p.kind, subs: [], via: null, set: { suit: p.suit, rank: p.rank } };
  },
  asCounted: (g, at, c) => {
    // A card changed by a filter keeps counting that way once it leaves the zone the filter looks at:
    // it is used as a stand-in of the kind (and suit) it counts as now.
    if (!c || typeof c !== 'object' || Array.isArray(c) || c.t !== 'c') return c ?? null;
    const kind = g.getMember(c, 'kind', at) as string;
    const suit = g.getMember(c, 'suit', at);
    if (kind === (c.as ?? c.kind) && suit === c.suit) return c;
    reading(g, D_VIRTUAL);
    return { t: 'v', kind, subs: [c], via: null, set: suit === c.suit ? {} : { suit } };
  },
  isAction: (_g, _at, c) => !!c && typeof c === 'object' && !Array.isArray(c) && c.t === 'a',
  generals: (g) => Object.keys(g.program.generals),
  take: (g, at, x, n) => g.asList(x!, at).slice(0, Math.max(0, n as number)),
  drop: (g, at, x, n) => g.asList(x!, at).slice(Math.max(0, n as number)),
  virtual: (g, at, kind, cs) => {
    reading(g, D_VIRTUAL);
    return { t: 'v', kind: String(kind), subs: g.asCards(cs ?? [], at).slice(), via: null, set: {} };
  },
  kindOf: (g, at, c) => {
    if (typeof c === 'string') return c;
    if (c && typeof c === 'object' && !Array.isArray(c) && (c.t === 'c' || c.t === 'v'))
      return g.getMember(c, 'kind', at);
    throw new RuleError(`kindOf: ${label(c!)} is not a card`, at);
  },
  hasMethod: (g, _at, c, n) => g.hasMethod(c!, String(n)),
  canSee: (g, at, p, c) => {
    const seat = player(p!, at).seat;
    reading(g, D_TABLE);
    return g.asCards(c!, at).every((x) => {
      readingCard(g, x);
      return g.canSee(x, seat);
    });
  },
  players: (g) => g.state.players.slice(),
  alive: (g) => aliveFrom(g, null),
  aliveFrom: (g, at, p) => aliveFrom(g, player(p!, at)),
  others: (g, at, p) =>
    aliveFrom(g, player(p!, at))
      .slice(1)
      .filter((q) => q !== p),
  nextAlive: (g, at, p) => aliveFrom(g, player(p!, at))[1] ?? null,
  seatDistance: (g, at, a, b) => {
    const pa = player(a!, at),
      pb = player(b!, at);
    if (pa === pb) return 0;
    const ring = aliveFrom(g, pa);
    const i = ring.indexOf(pb);
    if (i < 0) return 0;
    return Math.min(i, ring.length - i);
  },
  current: (g) => {
    reading(g, D_TABLE);
    return g.state.players[g.state.current] ?? null;
  },
  hasSkill: (g, at, p, s) => g.skillsOf(player(p!, at)).includes(String(s)),
  skillsOf: (g, at, p) => g.skillsOf(player(p!, at)).slice(),
  hasTag: (g, _at, s, t) => g.program.skills[String(s)]?.tags.includes(String(t)) ?? false,
  conversions: (g, at, p, kinds) =>
    g.conversionsOf(player(p!, at), kinds == null ? null : g.asList(kinds, at).map(String)),
  actions: (g, at, p) => g.actionsOf(player(p!, at)),
  revealed: (g, at, p, prop) => {
    reading(g, D_TABLE);
    return !!g.state.revealed[revealedKey(player(p!, at).seat, String(prop))];
  },
  within: (g, _at, kind) => {
    // The innermost running event of this kind, if any (e.g. "is this answer given inside a particular event?").
    readingFrame(g);
    for (let f = g.frame; f; f = f.parent) if (f.id === kind) return f;
    return null;
  },
  involved: (g, at, p) => {
    const who = player(p!, at);
    readingFrame(g);
    const names = (v: Value | undefined): boolean =>
      Array.isArray(v) ? v.some(names) : !!v && typeof v === 'object' && v.t === 'p' && v.seat === who.seat;
    for (let f = g.frame; f; f = f.parent) for (const v of Object.values(f.data)) if (names(v)) return true;
    return false;
  },
  gameOver: (g) => {
    reading(g, D_TABLE);
    return g.state.over !== null;
  },
  outcome: (g) => {
    reading(g, D_TABLE);
    return g.state.over?.winners ?? null;
  },
  winningPlayers: (g) => {
    reading(g, D_TABLE);
    return (g.state.over?.players ?? []).map((seat) => g.state.players[seat]!);
  },
};

/** The same builtins as the engine's table calls builtins: with a list of the arguments. */
export const pure = Object.fromEntries(
  Object.entries(positional).map(([name, f]) => [name, ((g, args, at) => f(g, at, args[0], args[1])) as CallBuiltin]),
) as { [K in BuiltinNameWith<'pure'>]: CallBuiltin };

/** Builtins that change the game (never ask): allowed in statements, not in functions, conditions or hooks. */
export const changes: { [K in BuiltinNameWith<'changes'>]: CallBuiltin } = {
  put: (g, [cs, z, bottom, holder], at) => {
    const cards = g.asCards(cs!, at);
    const to = zone(z!, at);
    g.put(cards, to, bottom === true);
    // A shared zone may hold cards for a player (their judge card, the card they use): their filters still apply.
    if (holder && to.owner === null)
      for (const c of cards) {
        c.holder = player(holder, at).seat;
        g.reads?.bump(g.reads.cardId(c.id));
      }
    return null;
  },
  putAs: (g, [c, z, kind], at) => {
    // Place cards and remember which kind they stand for there (a converted card laid in a zone).
    const cs = g.asCards(c!, at);
    g.put(cs, zone(z!, at), false);
    const k = kind ?? (c && typeof c === 'object' && !Array.isArray(c) && (c.t === 'v' || c.t === 'c') ? c.kind : null);
    for (const x of cs)
      if (k && k !== x.kind) {
        x.as = String(k);
        g.reads?.bump(g.reads.cardId(x.id));
      }
    return null;
  },
  makeCard: (g, [k, s, r, z], at) => g.makeCard(String(k), String(s), r as number, zone(z!, at), at),
  shuffle: (g, [z], at) => {
    g.shuffle(g.asList(z!, at) as CardObj[]);
    return null;
  },
  random: (g, [x], at) => {
    const l = g.asList(x!, at);
    return l.length ? l[g.random(l.length)]! : null;
  },
  randomInt: (g, [n]) => g.random(n as number),
  shuffled: (g, [x], at) => {
    const l = g.asList(x!, at).slice();
    for (let i = l.length - 1; i > 0; i--) {
      const j = g.random(i + 1);
      [l[i], l[j]] = [l[j]!, l[i]!];
    }
    return l;
  },
  log: (g, [tpl, ...rest]) => {
    g.logLine('msg', String(tpl), rest, undefined, undefined, true);
    return null;
  },
  logTo: (g, [who, tpl, ...rest], at) => {
    g.logLine('msg', String(tpl), rest, { only: seats(g, who!, at) }, undefined, true);
    return null;
  },
  logExcept: (g, [who, tpl, ...rest], at) => {
    g.logLine('msg', String(tpl), rest, { except: seats(g, who!, at) }, undefined, true);
    return null;
  },
  faceDown: (g, [cs, known], at) => {
    g.touch('table');
    const to = known == null ? [] : seats(g, known, at);
    for (const c of g.asCards(cs!, at)) {
      c.faceDown = true;
      if (c.open) c.open = undefined;
      if (to.length) c.seenBy = to.slice();
      else c.seenBy = undefined;
    }
    return null;
  },
  showCards: (g, [cs, to], at) => {
    g.touch('table');
    const ss = seats(g, to!, at);
    for (const c of g.asCards(cs!, at)) c.seenBy = [...new Set([...(c.seenBy ?? []), ...ss])].sort((a, b) => a - b);
    return null;
  },
  revealCards: (g, [cs], at) => {
    g.touch('table');
    for (const c of g.asCards(cs!, at)) {
      c.open = true;
      if (c.faceDown) c.faceDown = undefined;
    }
    return null;
  },
  setCurrent: (g, [p], at) => {
    g.touch('table');
    g.state.current = player(p!, at).seat;
    return null;
  },
  endGame: (g, [w, text, ps], at) =>
    g.endGame(
      w ?? null,
      String(text ?? label(w ?? null)),
      ps == null ? undefined : g.asList(ps, at).map((p) => player(p, at)),
    ),
  reveal: (g, [p, prop], at) => {
    g.touch('table');
    const seat = player(p!, at).seat;
    g.reads?.revealed(seat);
    g.state.revealed[revealedKey(seat, String(prop))] = true;
    return null;
  },
  setSkills: (g, [p, l], at) => {
    player(p!, at).skills = g.asList(l!, at).map(String);
    g.skillChanged();
    return null;
  },
  gainSkill: (g, [p, s], at) => {
    const pl = player(p!, at);
    if (!pl.skills.includes(String(s))) pl.skills = [...pl.skills, String(s)];
    g.skillChanged();
    return null;
  },
  loseSkill: (g, [p, s], at) => {
    const pl = player(p!, at);
    pl.skills = pl.skills.filter((x) => x !== String(s));
    g.skillChanged();
    return null;
  },
};

/** The subject the rules gave a question (`asks:` and `about:`), or none. */
function subjectOf(asks: Value | undefined, about: Value | undefined): RequestSubject | undefined {
  if (asks == null && about == null) return undefined;
  return requestSubject(asks != null ? String(asks) : undefined, about ?? undefined, undefined, undefined);
}

function* choose(g: RulesHost, [who, from, prompt, optional, asks, about]: Value[], at: string): Asking<Value> {
  const p = player(who!, at);
  const xs = g.asList(from!, at);
  if (xs.length === 0) return null;
  const ans = yield* g.decide(
    request(
      p.seat,
      String(prompt ?? 'choose'),
      xs.map((v) => ({ label: label(v), value: v })),
      optional === true ? 0 : 1,
      1,
      subjectOf(asks, about),
    ),
  );
  return ans.length ? xs[ans[0]!]! : null;
}

function* chooseMany(g: RulesHost, [who, from, min, max, prompt, asks, about]: Value[], at: string): Asking<Value> {
  const p = player(who!, at);
  const xs = g.asList(from!, at);
  const lo = Math.min(xs.length, Math.max(0, (min as number) ?? 0));
  const hi = Math.min(xs.length, (max as number) ?? xs.length);
  if (hi === 0) return [];
  const ans = yield* g.decide(
    request(
      p.seat,
      String(prompt ?? 'choose'),
      xs.map((v) => ({ label: label(v), value: v })),
      lo,
      Math.max(lo, hi),
      subjectOf(asks, about),
    ),
  );
  return ans.map((i) => xs[i]!);
}

function* ask(g: RulesHost, [who, prompt, asks, about]: Value[], at: string): Asking<Value> {
  const p = player(who!, at);
  const ans = yield* g.decide(
    request(
      p.seat,
      String(prompt ?? 'confirm'),
      [
        { label: 'yes', value: true },
        { label: 'no', value: false },
      ],
      1,
      1,
      subjectOf(asks, about),
    ),
  );
  return ans[0] === 0;
}

/** One sealed question to several players, asked one by one: each answer is logged for its seat only, and once
 *  all have answered, every answer is logged for everyone (cards written as "a card" for who cannot see them) —
 *  unless `shown` is false: then the answers stay with their seats, and the rules show what they choose to. */
function* sealed(
  g: RulesHost,
  asked: { p: PlayerObj; r: Omit<Request, 'seat' | 'sealed'> }[],
  shown = true,
): Asking<number[][]> {
  const mark = asked.map((a) => a.p.seat);
  const answers: number[][] = [];
  for (const [i, a] of asked.entries())
    answers.push(
      yield* g.decide(
        request(a.p.seat, a.r.prompt, a.r.options, a.r.min, a.r.max, a.r.subject, { seats: mark, answered: i }),
      ),
    );
  if (asked.length && shown) {
    const values: Value[] = [];
    const parts = asked.map((a, i) => {
      const ans = answers[i]!;
      values.push(a.p.name);
      const picks = ans.map((k) => {
        values.push(optionLogValue(a.r.options[k]!));
        return `{${values.length - 1}}`;
      });
      return `{${values.length - 1 - picks.length}}: ${picks.join(', ') || 'pass'}`;
    });
    g.logLine('answer', `sealed answers: ${parts.join('; ')}`, values);
  }
  return answers;
}

function* askEach(g: RulesHost, [who, prompt, asks, about]: Value[], at: string): Asking<Value> {
  const ps = g.asList(who!, at).map((p) => player(p, at));
  const options = [
    { label: 'yes', value: true },
    { label: 'no', value: false },
  ];
  const subject = subjectOf(asks, about);
  const ans = yield* sealed(
    g,
    ps.map((p) => ({ p, r: { prompt: String(prompt ?? 'confirm'), options, min: 1, max: 1, subject } })),
  );
  return ans.map((a) => a[0] === 0);
}

function* chooseEach(g: RulesHost, [who, from, prompt, optional, shown]: Value[], at: string): Asking<Value> {
  const ps = g.asList(who!, at).map((p) => player(p, at));
  const all = g.asList(from!, at);
  // One list (or zone) per player, or one list everyone chooses from.
  const perPlayer =
    all.length === ps.length &&
    all.every((x) => Array.isArray(x) || (x !== null && typeof x === 'object' && x.t === 'z'));
  const lists = ps.map((_, i) => (perPlayer ? g.asList(all[i]!, at) : all));
  const asked = ps
    .map((p, i) => ({ p, xs: lists[i]! }))
    .filter((a) => a.xs.length > 0)
    .map((a) => ({
      p: a.p,
      xs: a.xs,
      r: {
        prompt: String(prompt ?? 'choose'),
        options: a.xs.map((v) => ({ label: label(v), value: v })),
        min: optional === true ? 0 : 1,
        max: 1,
      },
    }));
  const ans = yield* sealed(g, asked, shown !== false);
  return ps.map((p) => {
    const i = asked.findIndex((a) => a.p === p);
    const picks = i < 0 ? [] : ans[i]!;
    return picks.length ? asked[i]!.xs[picks[0]!]! : null;
  });
}

function* callMode(g: RulesHost, [name, ...args]: Value[], _at: string): Asking<Value> {
  return yield* g.runModeMethod(String(name), args);
}

function* perform(g: RulesHost, [a]: Value[], at: string): Asking<Value> {
  if (!a || typeof a !== 'object' || Array.isArray(a) || a.t !== 'a')
    throw new RuleError(`perform: ${label(a ?? null)} is not an action`, at);
  return yield* g.perform(a as ActionRef);
}

/** The first physical card behind a value (asCards), or null: a card is its own, without a list made for it (every
 *  card moved asks where it was and whose it was). */
function firstCard(g: RulesHost, v: Value, at: string): CardObj | null {
  if (v !== null && typeof v === 'object' && !Array.isArray(v) && v.t === 'c') return v;
  const cs = g.asCards(v, at);
  return cs.length ? cs[0]! : null;
}

/** Builtins that may ask a player: allowed only as a whole statement, `let x = …`, `x = …` or `return …`. */
export const asks: { [K in BuiltinNameWith<'asks'>]: AskBuiltin } = {
  choose,
  chooseMany,
  ask,
  askEach,
  chooseEach,
  perform,
  callMode,
};

/** What the linker and member access look builtins up in. */
export const builtins: Builtins = {
  call: { ...pure, ...changes },
  positional,
  ask: asks,
};
