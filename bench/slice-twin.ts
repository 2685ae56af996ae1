// The hand-written twin of bench/slice (the rules language's 杀/闪/桃 identity game for five players, no generals):
// the same game in plain TypeScript, the reference for what "hand-written speed" means in `npm run bench`.
// It mirrors the engine running rules/core + bench/slice decision for decision: the same questions with the same
// options in the same order (so the same random AI makes the same picks), the same RNG draws (the deck shuffled
// with randMod, every `shuffled` in the rules drawn with randBelow), the same log lines folded into the same trace
// hash. It keeps the engine's extension points, left empty as the slice leaves them: every timing window the rules
// open is a list of triggers run at the same place, every hook the rules read a list of contributions combined the
// same way. Decisions are generators, as in the engine. Change it together with bench/slice/*.sgs;
// test/bench-baseline.test.ts fails when the two disagree.
import {
  hashHex,
  hashString,
  randBelow,
  seedRng,
  shuffleInPlace,
  type Request,
  type RngState,
} from '../runtime/index.ts';

type Kind = 'slash' | 'jink' | 'peach';
type Role = 'lord' | 'loyalist' | 'rebel' | 'renegade';

interface Card {
  kind: Kind;
  label: string; // as the engine writes it: `slash ♠7`
  zone: Zone; // where it lies
}

/** A pile or a hand: its cards, top first, and whose it is (none for a shared pile). */
interface Zone {
  cards: Card[];
  owner: Player | null;
}

interface Player {
  seat: number;
  label: string; // the name: p1 … p5
  role: Role;
  hp: number;
  maxHp: number;
  alive: boolean;
  slashesUsed: number; // reset at every turn's start
  hand: Zone;
}

type Asking<T> = Generator<Request, T, number[]>;

/** A trigger in a timing window (none in the slice): it may ask, so it is a generator. */
type Trigger = (g: SliceTwin, subject: Player | null) => Asking<void>;

type Window =
  | 'gameStart'
  | 'turnStart'
  | 'beforePhase'
  | 'phaseStart'
  | 'phaseEnd'
  | 'turnEnd'
  | 'drawPhaseStart'
  | 'cardsLost'
  | 'cardsGained'
  | 'cardUsed'
  | 'targetChosen'
  | 'targetConfirmed'
  | 'effectBegins'
  | 'askForResponse'
  | 'cardResponded'
  | 'slashDodged'
  | 'damageCaused'
  | 'damageInflicted'
  | 'damageDealt'
  | 'damaged'
  | 'damageDone'
  | 'beforeRecover'
  | 'recovered'
  | 'enterDying'
  | 'askForRescue'
  | 'death';

/** The hooks the slice's rules read, each a list of contributions (none in the slice) combined as the core says. */
interface Hooks {
  extraSlashes: ((who: Player) => number)[]; // sum
  distanceMod: ((from: Player, to: Player) => number)[]; // sum
  attackRangeMod: ((who: Player) => number)[]; // sum
  extraTargets: ((user: Player, card: Card) => number)[]; // sum
  handLimitMod: ((who: Player) => number)[]; // sum
  noHandLimit: ((who: Player) => boolean)[]; // any
  cannotTarget: ((user: Player, target: Player, card: Card) => boolean)[]; // any
  noDistanceLimit: ((user: Player, card: Card) => boolean)[]; // any
  responsesNeeded: ((from: Player, to: Player, card: Card) => number)[]; // max
}

function sum<A extends unknown[]>(fs: ((...a: A) => number)[], ...a: A): number {
  let s = 0;
  for (const f of fs) s += f(...a);
  return s;
}
function any<A extends unknown[]>(fs: ((...a: A) => boolean)[], ...a: A): boolean {
  for (const f of fs) if (f(...a)) return true;
  return false;
}
function most<A extends unknown[]>(fs: ((...a: A) => number)[], ...a: A): number {
  let m = 0;
  for (const f of fs) m = Math.max(m, f(...a));
  return m;
}

/** The slice's deck, in declaration order (bench/slice/cards.sgs): kind, then faces as the engine writes them. */
const DECK: [Kind, string[]][] = [
  [
    'slash',
    '♠7 ♠8 ♠8 ♠9 ♠9 ♠10 ♠10 ♥10 ♥10 ♥J ♣2 ♣3 ♣4 ♣5 ♣6 ♣7 ♣8 ♣8 ♣9 ♣9 ♣10 ♣10 ♣J ♣J ♦6 ♦7 ♦8 ♦9 ♦10 ♦K'.split(' '),
  ],
  ['jink', '♥2 ♥2 ♥K ♦2 ♦2 ♦3 ♦4 ♦5 ♦6 ♦7 ♦8 ♦9 ♦10 ♦J ♦J'.split(' ')],
  ['peach', '♥3 ♥4 ♥6 ♥7 ♥8 ♥9 ♥Q ♦Q'.split(' ')],
];
const ROLES: Role[] = ['lord', 'loyalist', 'rebel', 'rebel', 'renegade'];
const SIDE_TEXT = {
  lordSide: 'the lord and the loyalists win',
  rebelSide: 'the rebels win',
  renegadeSide: 'the renegade wins',
};
type Side = keyof typeof SIDE_TEXT;

class GameOver extends Error {}

export class SliceTwin {
  readonly players: Player[] = [];
  readonly drawPile: Zone = { cards: [], owner: null };
  readonly discardPile: Zone = { cards: [], owner: null };
  readonly processing: Zone = { cards: [], owner: null };
  readonly triggers: Partial<Record<Window, Trigger[]>> = {};
  readonly hooks: Hooks = {
    extraSlashes: [],
    distanceMod: [],
    attackRangeMod: [],
    extraTargets: [],
    handLimitMod: [],
    noHandLimit: [],
    cannotTarget: [],
    noDistanceLimit: [],
    responsesNeeded: [],
  };
  readonly log: string[] | null;
  rng: RngState;
  hash = 0;
  current = 0; // the seat windows and `alive()` start from
  turns = 0;
  decisions = 0;
  winners: Side | null = null;
  pending: Request | null = null;
  private gen: Asking<void> | null;

  constructor(seed: number, keepLog = false) {
    this.log = keepLog ? [] : null;
    this.rng = seedRng(seed);
    for (const [kind, faces] of DECK)
      for (const face of faces) this.drawPile.cards.push({ kind, label: `${kind} ${face}`, zone: this.drawPile });
    shuffleInPlace(this.rng, this.drawPile.cards);
    for (let i = 0; i < 5; i++) {
      const hand: Zone = { cards: [], owner: null };
      const p: Player = {
        seat: i,
        label: `p${i + 1}`,
        role: 'lord',
        hp: 0,
        maxHp: 0,
        alive: true,
        slashesUsed: 0,
        hand,
      };
      hand.owner = p;
      this.players.push(p);
    }
    this.gen = this.main();
  }

  // ------------------------------------------------------------------ driving (as Game.start / Game.answer)

  start(): void {
    this.advance(undefined);
  }

  answer(picks: number[]): void {
    const r = this.pending!;
    if (picks.length < r.min || picks.length > r.max || picks.some((i) => !(i >= 0 && i < r.options.length)))
      throw new Error(`illegal answer [${picks.join(', ')}] to ${r.prompt}`);
    this.record(`${this.players[r.seat]!.label}: ${picks.map((i) => r.options[i]!.label).join(', ') || 'pass'}`);
    this.advance(picks);
  }

  traceHash(): string {
    return hashHex(this.hash);
  }

  private advance(picks: number[] | undefined): void {
    try {
      const r = picks === undefined ? this.gen!.next() : this.gen!.next(picks);
      this.pending = r.done ? null : r.value;
    } catch (e) {
      if (!(e instanceof GameOver)) throw e;
      this.pending = null;
      this.gen = null;
    }
  }

  private record(text: string): void {
    this.hash = hashString(text, this.hash % 4294967296);
    this.log?.push(text);
  }

  // ------------------------------------------------------------------ decisions, windows, randomness

  /** Ask: log the question for the asked seat, then wait for the picked indices. */
  private *decide(p: Player, prompt: string, labels: string[], min: number, max: number): Asking<number[]> {
    this.decisions++;
    this.record(`${p.label} ${prompt} [${labels.join('|')}] ${min}-${max}`);
    return yield { seat: p.seat, prompt, options: labels.map((label) => ({ label, value: label })), min, max };
  }

  private *choose<T extends { label: string }>(
    p: Player,
    xs: T[],
    prompt: string,
    optional: boolean,
  ): Asking<T | null> {
    if (xs.length === 0) return null;
    const picks = yield* this.decide(
      p,
      prompt,
      xs.map((x) => x.label),
      optional ? 0 : 1,
      1,
    );
    return picks.length ? xs[picks[0]!]! : null;
  }

  private *chooseMany<T extends { label: string }>(p: Player, xs: T[], lo: number, hi: number, prompt: string) {
    const min = Math.min(xs.length, lo);
    const max = Math.min(xs.length, hi);
    if (max === 0) return [];
    const picks = yield* this.decide(
      p,
      prompt,
      xs.map((x) => x.label),
      min,
      Math.max(min, max),
    );
    return picks.map((i) => xs[i]!);
  }

  private *timing(w: Window, subject: Player | null): Asking<void> {
    const ts = this.triggers[w];
    if (ts) for (const t of ts) yield* t(this, subject);
  }

  /** The rules' `shuffled`: a shuffled copy, each swap drawn with randBelow. */
  private shuffled<T>(xs: T[]): T[] {
    const l = xs.slice();
    for (let i = l.length - 1; i > 0; i--) {
      const j = randBelow(this.rng, i + 1);
      const t = l[i]!;
      l[i] = l[j]!;
      l[j] = t;
    }
    return l;
  }

  private endGame(side: Side): never {
    this.winners = side;
    this.record(`game over: ${SIDE_TEXT[side]}`);
    throw new GameOver();
  }

  // ------------------------------------------------------------------ seats

  /** Living players in seat order from `p` (from the current player when null). */
  private aliveFrom(p: Player | null): Player[] {
    const start = p ? p.seat : this.current;
    const out: Player[] = [];
    for (let i = 0; i < 5; i++) {
      const q = this.players[(start + i) % 5]!;
      if (q.alive) out.push(q);
    }
    return out;
  }

  private distance(a: Player, b: Player): number {
    if (a === b) return 0;
    const ring = this.aliveFrom(a);
    const i = ring.indexOf(b);
    const seats = i < 0 ? 0 : Math.min(i, ring.length - i);
    return Math.max(1, seats + sum(this.hooks.distanceMod, a, b));
  }

  private inRange(a: Player, b: Player): boolean {
    return a !== b && this.distance(a, b) <= Math.max(1, 1 + sum(this.hooks.attackRangeMod, a));
  }

  private legalTargets(user: Player, c: Card): Player[] {
    return this.players.filter(
      (t) =>
        t.alive &&
        !any(this.hooks.cannotTarget, user, t, c) &&
        t !== user &&
        (this.inRange(user, t) || any(this.hooks.noDistanceLimit, user, c)),
    );
  }

  // ------------------------------------------------------------------ cards moving (core moveCards)

  /** Cards onto a zone's top (each in turn, so the last ends on top) or its bottom. */
  private put(cards: Card[], to: Zone, bottom: boolean): void {
    for (const c of cards) {
      const from = c.zone.cards;
      from.splice(from.indexOf(c), 1);
      c.zone = to;
      if (bottom) to.cards.push(c);
      else to.cards.unshift(c);
    }
  }

  /** A move of cards: put them onto the zone's top, then the windows of those who lost cards and who gained. */
  private *move(cards: Card[], to: Zone): Asking<void> {
    if (cards.length === 0) return;
    const losers: Player[] = [];
    for (const c of cards) {
      const o = c.zone.owner;
      if (o && !losers.includes(o)) losers.push(o);
    }
    this.put(cards, to, false);
    for (const p of losers) yield* this.timing('cardsLost', p);
    if (to.owner) yield* this.timing('cardsGained', to.owner);
  }

  /** An empty draw pile is refilled from the discard pile, shuffled, beneath what is left (not a move: no windows). */
  private refill(n: number): void {
    if (this.drawPile.cards.length < n && this.discardPile.cards.length > 0) {
      this.put(this.shuffled(this.discardPile.cards), this.drawPile, true);
      this.record('the discard pile is shuffled into a new draw pile');
    }
  }

  private *draw(p: Player, n: number): Asking<void> {
    if (n <= 0) return;
    this.refill(n);
    const got = this.drawPile.cards.slice(0, n);
    this.record(`${p.label} draws ${got.length} card(s)`);
    yield* this.move(got, p.hand);
  }

  private *discard(cards: Card[], by: Player): Asking<void> {
    if (cards.length === 0) return;
    this.record(`${by.label} discards [${cards.map((c) => c.label).join(', ')}]`);
    yield* this.move(cards, this.discardPile);
  }

  // ------------------------------------------------------------------ the mode

  private *main(): Asking<void> {
    const roles = this.shuffled(ROLES);
    for (const p of this.players) p.role = roles[p.seat]!;
    const lord = this.players.find((p) => p.role === 'lord')!;
    this.current = lord.seat;
    for (const p of this.players) p.hp = p.maxHp = p.role === 'lord' ? 5 : 4;
    for (const p of this.aliveFrom(lord)) yield* this.draw(p, 4);
    // beginGame
    this.current = lord.seat;
    for (const p of this.aliveFrom(lord)) yield* this.timing('gameStart', p);
    for (let p = lord; ; p = this.players[(p.seat + 1) % 5]!) if (p.alive) yield* this.turn(p);
  }

  private *afterDeath(victim: Player, killer: Player): Asking<void> {
    this.checkVictory();
    if (killer.alive) {
      if (victim.role === 'rebel') {
        this.record(`${killer.label} killed a rebel and draws 3 cards`);
        yield* this.draw(killer, 3);
      }
      if (victim.role === 'loyalist' && killer.role === 'lord') {
        this.record('the lord killed a loyalist and discards every hand and equipment card');
        if (killer.hand.cards.length > 0) yield* this.discard(killer.hand.cards.slice(), killer);
      }
    }
  }

  private checkVictory(): void {
    if (!this.players.some((p) => p.alive && p.role === 'lord')) {
      const living = this.players.filter((p) => p.alive);
      if (living.length === 1 && living[0]!.role === 'renegade') this.endGame('renegadeSide');
      this.endGame('rebelSide');
    }
    if (!this.players.some((p) => p.alive && (p.role === 'rebel' || p.role === 'renegade'))) this.endGame('lordSide');
  }

  // ------------------------------------------------------------------ a turn (core turn, runPhase)

  private *turn(p: Player): Asking<void> {
    this.turns++;
    for (const q of this.players) q.slashesUsed = 0;
    this.current = p.seat;
    yield* this.timing('turnStart', p);
    for (const phase of ['start', 'judge', 'draw', 'play', 'discard', 'finish'] as const) {
      if (!p.alive) break;
      yield* this.timing('beforePhase', p);
      if (!p.alive) break;
      yield* this.timing('phaseStart', p);
      if (phase === 'draw') {
        yield* this.timing('drawPhaseStart', p);
        yield* this.draw(p, 2);
      }
      if (phase === 'play') yield* this.playPhase(p);
      if (phase === 'discard') yield* this.discardPhase(p);
      if (p.alive) yield* this.timing('phaseEnd', p);
    }
    if (p.alive) yield* this.timing('turnEnd', p);
  }

  private *playPhase(p: Player): Asking<void> {
    for (;;) {
      if (!p.alive) break;
      const opts = p.hand.cards.filter((c) => this.usableNow(p, c));
      const pick = yield* this.choose(p, opts, 'play', true);
      if (!pick) break;
      // playCard: a 杀 asks for its target (even when only one is legal); a 桃 targets its user.
      const targets = pick.kind === 'slash' ? yield* this.chooseTargets(p, pick) : [p];
      yield* this.useCard(p, pick, targets, true);
    }
  }

  private usableNow(p: Player, c: Card): boolean {
    if (c.kind === 'slash')
      return p.slashesUsed < 1 + sum(this.hooks.extraSlashes, p) && this.legalTargets(p, c).length > 0;
    if (c.kind === 'peach') return p.hp < p.maxHp;
    return false;
  }

  private *chooseTargets(p: Player, c: Card): Asking<Player[]> {
    return yield* this.chooseMany(p, this.legalTargets(p, c), 1, 1 + sum(this.hooks.extraTargets, p, c), 'targets');
  }

  private *discardPhase(p: Player): Asking<void> {
    if (any(this.hooks.noHandLimit, p)) return;
    const excess = p.hand.cards.length - Math.max(0, p.hp + sum(this.hooks.handLimitMod, p));
    if (excess <= 0) return;
    const k = Math.min(excess, p.hand.cards.length);
    const cs = yield* this.chooseMany(p, p.hand.cards.slice(), k, k, 'discard down to your hand limit');
    yield* this.discard(cs, p);
  }

  // ------------------------------------------------------------------ using and answering cards (core use)

  private *useCard(user: Player, card: Card, targets: Player[], fromPlay: boolean): Asking<void> {
    this.record(`${user.label} uses ${card.label} on [${targets.map((t) => t.label).join(', ')}]`);
    yield* this.move([card], this.processing);
    if (card.kind === 'slash' && fromPlay) user.slashesUsed++;
    const undodgeable: Player[] = [];
    yield* this.timing('cardUsed', user);
    for (const _ of targets) yield* this.timing('targetChosen', user);
    for (const t of targets) yield* this.timing('targetConfirmed', t);
    for (const t of targets) if (t.alive) yield* this.cardEffect(card, user, t, undodgeable);
    // cleanup
    if (card.zone === this.processing) yield* this.move([card], this.discardPile);
  }

  private *cardEffect(card: Card, user: Player, target: Player, undodgeable: Player[]): Asking<void> {
    yield* this.timing('effectBegins', target);
    if (card.kind === 'peach') return yield* this.recover(target);
    let dodged = false;
    if (!undodgeable.includes(target)) {
      dodged = true;
      const need = Math.max(1, most(this.hooks.responsesNeeded, user, target, card));
      for (let i = 0; i < need && dodged; i++) dodged = (yield* this.respond(target, 'jink')) !== null;
      if (dodged) {
        this.record(`${target.label} dodges ${card.label}`);
        yield* this.timing('slashDodged', user);
      }
    }
    if (!dodged) yield* this.damage(target, user, card);
  }

  /** `who` may use a card of `kind` in answer (core respond, with use: true). */
  private *respond(who: Player, kind: Kind): Asking<Card | null> {
    if (!who.alive) return null;
    yield* this.timing('askForResponse', who);
    const c = yield* this.choose(
      who,
      who.hand.cards.filter((x) => x.kind === kind),
      'respond',
      true,
    );
    if (!c) return null;
    this.record(`${who.label} uses ${c.label}`);
    yield* this.move([c], this.processing);
    yield* this.timing('cardResponded', who);
    if (c.zone === this.processing) yield* this.move([c], this.discardPile);
    return c;
  }

  // ------------------------------------------------------------------ HP (core hp)

  private *damage(to: Player, from: Player, _card: Card): Asking<void> {
    if (!to.alive) return;
    yield* this.timing('damageCaused', from);
    yield* this.timing('damageInflicted', to);
    this.record(`${to.label} takes 1 normal damage from ${from.label}`);
    to.hp -= 1;
    if (to.hp <= 0) yield* this.dying(to, from);
    if (from.alive) yield* this.timing('damageDealt', from);
    if (to.alive) yield* this.timing('damaged', to);
    yield* this.timing('damageDone', to);
  }

  private *recover(who: Player): Asking<void> {
    if (!who.alive) return;
    yield* this.timing('beforeRecover', who);
    const n = Math.min(1, who.maxHp - who.hp);
    if (n <= 0) return;
    who.hp += n;
    this.record(`${who.label} recovers ${n} HP`);
    yield* this.timing('recovered', who);
  }

  private *dying(who: Player, killer: Player): Asking<void> {
    yield* this.timing('enterDying', who);
    for (const p of this.aliveFrom(null)) {
      yield* this.offerRescue(p, who);
      if (who.hp > 0 || !who.alive) break;
    }
    if (who.hp <= 0 && who.alive) yield* this.die(who, killer);
  }

  private *offerRescue(p: Player, who: Player): Asking<void> {
    if (!p.alive || !who.alive) return;
    yield* this.timing('askForRescue', p);
    while (who.hp <= 0 && p.alive && who.alive) {
      const c = yield* this.choose(
        p,
        p.hand.cards.filter((x) => x.kind === 'peach'),
        'save',
        true,
      );
      if (!c) break;
      yield* this.useCard(p, c, [who], false);
    }
  }

  private *die(who: Player, killer: Player): Asking<void> {
    this.record(`${who.label} dies (${who.role})`);
    yield* this.timing('death', who);
    who.alive = false;
    if (who.hand.cards.length > 0) yield* this.move(who.hand.cards.slice(), this.discardPile);
    yield* this.afterDeath(who, killer);
  }
}

export interface TwinResult {
  traceHash: string;
  turns: number;
  decisions: number;
  winners: string | null;
}

/** One game of the twin, every question answered by `answer` (a policy's, as the engine's games are). */
export function playTwin(
  seed: number,
  answer: (r: Request) => number[] | null,
  maxDecisions = 5000,
  keepLog = false,
): TwinResult & { log: string[] | null } {
  const g = new SliceTwin(seed, keepLog);
  g.start();
  while (g.pending && g.decisions <= maxDecisions) {
    const picks = answer(g.pending);
    if (!picks) break;
    g.answer(picks);
  }
  return { traceHash: g.traceHash(), turns: g.turns, decisions: g.decisions, winners: g.winners, log: g.log };
}
