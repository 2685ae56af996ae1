// Which skills and cards can meet, read from the program's IR alone, for the generated pair tests
// (test/pair-games.test.ts). The reading knows no game word: windows are the names of `timing` statements, hooks the
// names of `hook` calls, and what a procedure runs is followed through events, actions and functions by name. (The
// scenarios written for the pairs, at the end, do: they lay out identity seats — roles, hand, equipment, play phase.)
//
// - A skill listens in its triggers' windows and contributes to the hooks it modifies; what its trigger and active
//   bodies run opens windows and asks hooks.
// - A card kind's procedures are its own methods (its parent's too, unless it overrides them), the events and
//   actions that call a method of that name on a card, themselves or through the functions they call
//   (`card.effect(event)`, `usableNow` asking `c.canUse`: where the kind's methods run), and the
//   events, actions and card methods that name the kind (`[jink]`). What those run opens windows and asks hooks.
//   Calls of a method on some other card (`x.effect(…)` inside them) are not followed: they belong to that card.
//
// A skill and a card share a window when one of the skill's trigger windows is among those the card's procedures
// open; a hook when the skill contributes to a hook they ask; and they meet when the skill converts cards into that
// kind (`viewAs`) or is that kind's own skill (equipment). Two skills share a window when they listen in the same one
// or one listens where the other's bodies open; a hook when both contribute to it or one contributes to a hook the
// other's bodies ask.
import type { IAction, IBody, IExpr, IStmt, Program } from '../runtime/ir.ts';

/** What a piece of rule code touches directly: the windows it opens, hooks it asks, calls it makes and kinds it names. */
interface Touch {
  windows: Set<string>;
  hooks: Set<string>;
  calls: Set<string>; // `event:x`, `action:x`, `fn:x`
  methods: Set<string>; // names of methods called on a card
  names: Set<string>; // string literals
}

const touch = (): Touch => ({
  windows: new Set(),
  hooks: new Set(),
  calls: new Set(),
  methods: new Set(),
  names: new Set(),
});

function walkExpr(e: IExpr | undefined, t: Touch): void {
  if (!e) return;
  switch (e.k) {
    case 'lit':
      if (typeof e.v === 'string') t.names.add(e.v);
      return;
    case 'zone':
      walkExpr(e.owner, t);
      return;
    case 'member':
      walkExpr(e.o, t);
      return;
    case 'call':
      for (const a of e.args) walkExpr(a, t);
      return;
    case 'fn':
      t.calls.add(`fn:${e.name}`);
      for (const a of e.args) walkExpr(a, t);
      return;
    case 'hook':
      t.hooks.add(e.name);
      for (const a of e.args) walkExpr(a, t);
      return;
    case 'method':
      t.methods.add(e.name);
      walkExpr(e.o, t);
      for (const a of e.args) walkExpr(a, t);
      return;
    case 'un':
      walkExpr(e.e, t);
      return;
    case 'bin':
    case 'and':
    case 'or':
      walkExpr(e.l, t);
      walkExpr(e.r, t);
      return;
    case 'list':
      for (const a of e.items) walkExpr(a, t);
      return;
    case 'cardlit':
      t.names.add(e.kind);
      return;
    case 'where':
      walkExpr(e.list, t);
      walkExpr(e.cond, t);
      return;
    default:
      return;
  }
}

function walkAction(a: IAction, t: Touch): void {
  if (a.k === 'event') t.calls.add(`event:${a.name}`);
  else if (a.k === 'action') t.calls.add(`action:${a.name}`);
  else if (a.k === 'methodCall') {
    t.methods.add(a.name);
    walkExpr(a.o, t);
  }
  for (const x of a.args) walkExpr(x, t);
}

function walkStmts(ss: IStmt[] | undefined, t: Touch): void {
  for (const s of ss ?? []) {
    switch (s.k) {
      case 'let':
      case 'expr':
        walkExpr(s.e, t);
        break;
      case 'set':
        walkExpr(s.e, t);
        break;
      case 'do':
        walkAction(s.a, t);
        break;
      case 'if':
        walkExpr(s.c, t);
        walkStmts(s.then, t);
        walkStmts(s.else, t);
        break;
      case 'for':
        walkExpr(s.e, t);
        walkStmts(s.body, t);
        break;
      case 'while':
        walkExpr(s.c, t);
        walkStmts(s.body, t);
        break;
      case 'repeat':
        walkExpr(s.n, t);
        walkStmts(s.body, t);
        break;
      case 'return':
        walkExpr(s.e, t);
        if (s.a) walkAction(s.a, t);
        break;
      case 'stop':
        walkExpr(s.e, t);
        break;
      case 'timing':
        t.windows.add(s.name);
        walkExpr(s.subject, t);
        break;
      default:
        break;
    }
  }
}

const walkBody = (b: IBody | undefined, t: Touch): void => walkStmts(b?.stmts, t);

/** What code (bodies and expressions) touches, with the events, actions and functions it calls followed. */
export class Reach {
  private readonly direct = new Map<string, Touch>();

  constructor(program: Program) {
    for (const e of Object.values(program.events)) {
      const t = touch();
      walkBody(e.body, t);
      walkBody(e.cleanup, t);
      for (const p of e.params) walkExpr(p.default, t);
      this.direct.set(`event:${e.id}`, t);
    }
    for (const a of Object.values(program.actions)) {
      const t = touch();
      walkBody(a.body, t);
      this.direct.set(`action:${a.id}`, t);
    }
    for (const f of Object.values(program.functions)) {
      const t = touch();
      walkExpr(f.expr, t);
      walkBody(f.body, t);
      this.direct.set(`fn:${f.id}`, t);
    }
  }

  /** Events and actions (`event:x`, `action:x`) that call a method of this name on a card, in their own bodies or
   *  in the functions they call (`usableNow` asks `c.canUse`). */
  callersOfMethod(name: string): string[] {
    return [...this.direct.keys()].filter((k) => !k.startsWith('fn:') && this.methodsThroughFunctions(k).has(name));
  }

  private readonly viaFns = new Map<string, Set<string>>();
  private methodsThroughFunctions(key: string): Set<string> {
    let out = this.viaFns.get(key);
    if (out) return out;
    out = new Set<string>();
    const seen = new Set<string>();
    const todo = [key];
    while (todo.length > 0) {
      const k = todo.pop()!;
      if (seen.has(k)) continue;
      seen.add(k);
      const t = this.direct.get(k);
      if (!t) continue;
      for (const m of t.methods) out.add(m);
      for (const c of t.calls) if (c.startsWith('fn:')) todo.push(c);
    }
    this.viaFns.set(key, out);
    return out;
  }

  /** Events and actions whose own bodies name this string (a kind, as in `[jink]`). */
  naming(name: string): string[] {
    return [...this.direct].filter(([k, t]) => !k.startsWith('fn:') && t.names.has(name)).map(([k]) => k);
  }

  /** The windows opened and hooks asked by this code and everything it calls by name. */
  closure(start: Touch, alsoCalls: string[] = []): { windows: Set<string>; hooks: Set<string> } {
    const windows = new Set(start.windows);
    const hooks = new Set(start.hooks);
    const seen = new Set<string>();
    const todo = [...start.calls, ...alsoCalls];
    while (todo.length > 0) {
      const k = todo.pop()!;
      if (seen.has(k)) continue;
      seen.add(k);
      const t = this.direct.get(k);
      if (!t) continue;
      for (const w of t.windows) windows.add(w);
      for (const h of t.hooks) hooks.add(h);
      todo.push(...t.calls);
    }
    return { windows, hooks };
  }
}

export interface SkillTouch {
  id: string;
  /** Trigger windows. */
  listens: Set<string>;
  /** Hooks modified. */
  modifies: Set<string>;
  /** Kinds its conversions make. */
  converts: Set<string>;
  /** Windows opened and hooks asked by its bodies and conditions (and what they call). */
  opens: Set<string>;
  asks: Set<string>;
  /** Card kinds its own bodies and conditions name (`e.card is slash`). */
  kinds: Set<string>;
}

export interface CardTouch {
  id: string;
  opens: Set<string>;
  asks: Set<string>;
  /** Skills the kind carries (equipment). */
  skills: Set<string>;
}

export function skillTouch(program: Program, reach: Reach, id: string): SkillTouch {
  const s = program.skills[id]!;
  const t = touch();
  for (const tr of s.triggers) {
    walkBody(tr.body, t);
    walkBody(tr.cond, t);
    walkExpr(tr.condExpr, t);
  }
  for (const a of s.actives) {
    walkBody(a.body, t);
    walkExpr(a.condExpr, t);
  }
  for (const v of s.viewAs) {
    walkExpr(v.filterExpr, t);
    walkExpr(v.condExpr, t);
  }
  for (const m of s.modifies) {
    walkExpr(m.valueExpr, t);
    walkExpr(m.condExpr, t);
  }
  for (const f of s.filters) {
    walkExpr(f.condExpr, t);
    for (const x of f.sets) walkExpr(x.e, t);
  }
  const c = reach.closure(t);
  return {
    id,
    listens: new Set(s.triggers.map((x) => x.window)),
    modifies: new Set(s.modifies.map((m) => m.hook)),
    converts: new Set(s.viewAs.map((v) => v.kind)),
    opens: c.windows,
    asks: c.hooks,
    kinds: new Set([...t.names].filter((n) => program.cards[n] !== undefined)),
  };
}

/** A kind's methods, its parents' included unless overridden. */
function methodsOf(
  program: Program,
  kind: string,
): Map<string, NonNullable<Program['cards'][string]>['methods'][string]> {
  const out = new Map<string, NonNullable<Program['cards'][string]>['methods'][string]>();
  for (let k: string | undefined = kind; k; k = program.cards[k]?.parent)
    for (const [name, m] of Object.entries(program.cards[k]?.methods ?? {})) if (!out.has(name)) out.set(name, m);
  return out;
}

export function cardTouch(program: Program, reach: Reach, id: string): CardTouch {
  const t = touch();
  const methods = methodsOf(program, id);
  for (const m of methods.values()) {
    walkExpr(m.expr, t);
    walkBody(m.body, t);
  }
  const also = [...methods.keys()].flatMap((name) => reach.callersOfMethod(name));
  for (let k: string | undefined = id; k; k = program.cards[k]?.parent) also.push(...reach.naming(k));
  // Card methods that name the kind (a 杀's effect asks for a 闪): their bodies too.
  for (const other of Object.keys(program.cards)) {
    if (other === id) continue;
    for (const m of methodsOf(program, other).values()) {
      const u = touch();
      walkExpr(m.expr, u);
      walkBody(m.body, u);
      if (u.names.has(id)) {
        for (const w of u.windows) t.windows.add(w);
        for (const h of u.hooks) t.hooks.add(h);
        for (const c of u.calls) t.calls.add(c);
      }
    }
  }
  const c = reach.closure(t, also);
  const skills = new Set<string>();
  for (let k: string | undefined = id; k; k = program.cards[k]?.parent)
    for (const s of program.cards[k]?.skills ?? []) skills.add(s);
  return { id, opens: c.windows, asks: c.hooks, skills };
}

const meets = (a: Set<string>, b: Set<string>): string[] => [...a].filter((x) => b.has(x));

export interface Pair {
  a: string; // a skill
  b: string; // a card kind (skill × card) or a skill (skill × skill)
  /** Why they are paired: `window x`, `hook x`, `converts`, `own skill`. */
  why: string[];
}

/** Every skill × card pair that shares a window or a hook, or where the skill makes or is carried by the card. */
export function skillCardPairs(program: Program, skills: string[], cards: string[]): Pair[] {
  const reach = new Reach(program);
  const st = skills.map((s) => skillTouch(program, reach, s));
  const ct = cards.map((c) => cardTouch(program, reach, c));
  const out: Pair[] = [];
  for (const s of st)
    for (const c of ct) {
      const why = [
        ...meets(s.listens, c.opens).map((w) => `window ${w}`),
        ...meets(s.modifies, c.asks).map((h) => `hook ${h}`),
      ];
      if (s.converts.has(c.id)) why.push('converts');
      if (c.skills.has(s.id)) why.push('own skill');
      if (why.length > 0) out.push({ a: s.id, b: c.id, why });
    }
  return out;
}

/** Every unordered pair of distinct skills that share a window or a hook. */
export function skillSkillPairs(program: Program, skills: string[]): Pair[] {
  const reach = new Reach(program);
  const st = skills.map((s) => skillTouch(program, reach, s));
  const out: Pair[] = [];
  for (let i = 0; i < st.length; i++)
    for (let j = i + 1; j < st.length; j++) {
      const x = st[i]!,
        y = st[j]!;
      const why = new Set([
        ...meets(x.listens, y.listens).map((w) => `window ${w}`),
        ...meets(x.listens, y.opens).map((w) => `window ${w}`),
        ...meets(y.listens, x.opens).map((w) => `window ${w}`),
        ...meets(x.modifies, y.modifies).map((h) => `hook ${h}`),
        ...meets(x.modifies, y.asks).map((h) => `hook ${h}`),
        ...meets(y.modifies, x.asks).map((h) => `hook ${h}`),
      ]);
      if (why.size > 0) out.push({ a: x.id, b: y.id, why: [...why] });
    }
  return out;
}

// ---------------------------------------------------------------------------------------------- pair games

const SUITS: Record<string, string> = { spade: '♠', heart: '♥', club: '♣', diamond: '♦' };
const RANKS = ['', 'A', '2', '3', '4', '5', '6', '7', '8', '9', '10', 'J', 'Q', 'K'];

interface DeckCard {
  kind: string;
  text: string; // the card as a scenario names it: `slash ♠7`
}

/** A generated game: a scenario (its source text) and the seed its game is played with. */
export interface PairGame {
  id: string;
  pair: Pair;
  kind: 'skill × card' | 'skill × skill';
  source: string;
  seed: number;
  /** The pair's names: its skills and card kind (what must be seen at work). */
  names: string[];
  /** What a bias towards the pair looks for in option labels: those and the kinds its skills name. */
  lean: string[];
}

/** Where a skill comes from: a general that has it, or a card kind that carries it (equipment); undefined for a skill
 *  only gained in play (the first edition's 借来的武器) or held by no general of this program. */
export function ownerOf(program: Program, skill: string): { general?: string; card?: string } | undefined {
  const g = Object.values(program.generals).find((x) => x.skills.includes(skill));
  if (g) return { general: g.id };
  const c = Object.values(program.cards).find((x) => x.skills.includes(skill));
  if (c) return { card: c.id };
  return undefined;
}

/** Scenario source for every pair: the skill's owner at seat a (a general, or the card that carries the skill in
 *  its equipment area), the other skill's owner at seat b, or the card in the hands of a and b (one copy, a's, when
 *  the deck has only one); every other seat has a general the pair does not use, in turn. a and b hold a card of
 *  each kind the skills' texts name (two kinds at most), every seat three more cards of the deck (chosen by the
 *  game's number), and the game starts in a's play phase. Four players, or five for every other pair; a is the lord
 *  unless only b's skill is a lord skill. */
export function pairGames(
  program: Program,
  mode: string,
  pairs: { pair: Pair; kind: PairGame['kind'] }[],
  o: { prefix: string; options?: Record<string, string>; from?: number } = { prefix: 'genPair' },
): PairGame[] {
  const decks = program.modes[mode]!.fields.decks;
  const deck: DeckCard[] = [];
  const seen = new Set<string>();
  for (const d of Array.isArray(decks) ? decks : [decks])
    for (const c of program.decks[String(d)]?.cards ?? []) {
      const text = `${c.kind} ${SUITS[c.suit] ?? c.suit}${RANKS[c.rank] ?? c.rank}`;
      if (seen.has(text)) continue; // a card the deck holds twice could not be named apart
      seen.add(text);
      deck.push({ kind: c.kind, text });
    }
  const reach = new Reach(program);
  const generals = Object.keys(program.generals);
  const out: PairGame[] = [];
  pairs.forEach(({ pair, kind }, i) => {
    // The game's number: its seed, and what spreads the seats' generals and cards.
    const n = (o.from ?? 0) + i;
    const used = new Set<string>();
    const take = (k: string): string | undefined => {
      const c = deck.find((x) => x.kind === k && !used.has(x.text));
      if (c) used.add(c.text);
      return c?.text;
    };
    const players = n % 2 === 0 ? 4 : 5;
    const names = ['a', 'b', 'c', 'd', 'e'].slice(0, players);
    const fields: string[][] = names.map(() => []);
    const hands: string[][] = names.map(() => []);
    const equips: string[][] = names.map(() => []);
    const place = (seat: number, skill: string): void => {
      const o = ownerOf(program, skill)!;
      if (o.general) fields[seat]!.push(`general: ${o.general}`);
      else {
        const c = take(o.card!);
        if (c) equips[seat]!.push(c);
      }
    };
    place(0, pair.a);
    const lordSkill = (s: string) => program.skills[s]?.tags.includes('lord') ?? false;
    let lord = 0;
    if (kind === 'skill × skill') {
      const oa = ownerOf(program, pair.a)!,
        ob = ownerOf(program, pair.b)!;
      if (!(oa.general && oa.general === ob.general)) place(1, pair.b);
      if (lordSkill(pair.b) && !lordSkill(pair.a)) lord = 1;
    } else {
      for (const seat of [0, 1]) {
        const c = take(pair.b);
        if (c) hands[seat]!.push(c);
      }
    }
    // Every other seat (and one whose skill is a card's) has a general too, taken in turn from those the pair does not
    // use: their genders, kingdoms and skills are what many skills ask about.
    const pairGenerals = new Set(
      [pair.a, pair.b].flatMap((s) =>
        program.generals[ownerOf(program, s)?.general ?? ''] ? [ownerOf(program, s)!.general!] : [],
      ),
    );
    const others = generals.filter((g) => !pairGenerals.has(g));
    let next = n % others.length;
    for (let seat = 0; seat < players; seat++)
      if (!fields[seat]!.some((f) => f.startsWith('general:'))) {
        fields[seat]!.push(`general: ${others[next]!}`);
        next = (next + 1) % others.length;
      }
    // The kinds the skills' own texts name (a weapon's 杀), one card each (two kinds at most) for a and for b.
    const named = [
      ...new Set(
        [pair.a, ...(kind === 'skill × skill' ? [pair.b] : [])].flatMap((s) => [
          ...skillTouch(program, reach, s).kinds,
        ]),
      ),
    ]
      .filter((k) => k !== pair.b)
      .slice(0, 2);
    for (const seat of [0, 1])
      for (const k of named) {
        const c = take(k);
        if (c) hands[seat]!.push(c);
      }
    // Three more cards each, spread over the deck by the game's number.
    let x = (n * 2654435761) >>> 0;
    for (let seat = 0; seat < players; seat++)
      while (hands[seat]!.length < 3 + (seat < 2 ? named.length + (kind === 'skill × card' ? 1 : 0) : 0)) {
        x = (Math.imul(x, 1103515245) + 12345) >>> 0;
        const c = deck[x % deck.length]!;
        if (used.has(c.text)) continue;
        used.add(c.text);
        hands[seat]!.push(c.text);
      }
    const roles = ['rebel', 'loyalist', 'renegade', 'rebel'];
    const id = `${o.prefix}${i + 1}`;
    const lines = [
      `scenario ${id} "${kind}: ${pair.a} × ${pair.b} (${pair.why.join(', ')})" {`,
      `  mode ${mode}`,
      ...Object.entries(o.options ?? {}).map(([k, v]) => `  option ${k} = ${v}`),
      ...names.map((s, i) => {
        const role = i === lord ? 'lord' : roles[(i < lord ? i : i - 1) % roles.length]!;
        const f = [...fields[i]!, `role: ${role}`, `hand: [${hands[i]!.join(', ')}]`];
        if (equips[i]!.length > 0) f.push(`equip: [${equips[i]!.join(', ')}]`);
        return `  seat ${s} { ${f.join(', ')} }`;
      }),
      '  start a playPhase',
      '}',
    ];
    out.push({
      id,
      pair,
      kind,
      source: lines.join('\n'),
      seed: n + 1,
      names: [pair.a, pair.b],
      lean: [pair.a, pair.b, ...named],
    });
  });
  return out;
}

/** The generated scenarios as one source file (its package imports what the mode's rules need). */
export function pairSource(games: PairGame[], imports: string[]): string {
  return ['package generatedPairs', ...imports.map((i) => `import ${i}`), '', ...games.map((g) => g.source), ''].join(
    '\n',
  );
}
