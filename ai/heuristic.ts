// A heuristic player. It answers the engine's requests like any other client (it only picks among the offered
// options, so it cannot make an illegal move), reads only what its seat may know (its seat's view of the table,
// runtime/view.ts SeatView: its own hand and role, public zones, revealed roles), and infers the others' sides from
// what they do: who hurt or helped whom. It names no card, skill, role or event: what a card or skill is for comes
// from their AI hints (aiUse, aiTarget, aiKeep… — docs/language.md, "AI hints"), what an event means from its hints
// (aiHarm, aiCardUse…: event-hints.ts), what a question asks from its subject (`asks`, `about`, the skill asking),
// sides from the mode's `sideOf` and `aiLoneSide`, and which player properties are a role and HP and which zone is
// a hand from theirs (`as role`, `as life`, `as hand`: runtime/hints.ts). Deterministic: ties are broken by its own
// seeded generator, never the wall clock.
import {
  hintedProperty,
  hintedZone,
  randMod,
  seedRng,
  type CardObj,
  type Frame,
  type PlayerObj,
  type PropertyHint,
  type PublicTable,
  type Request,
  type RngState,
  type SeatView,
  type SeenEvent,
  type Table,
  type Value,
  type VirtualCard,
} from '../runtime/index.ts';
import { eventHints, type Deed, type EventHints } from './event-hints.ts';
import type { Policy } from './policy.ts';

/** The other living players as one seat sees them: how many it takes for foes and for friends. */
interface Sides {
  others: PlayerObj[];
  foes: number;
  friends: number;
}

/** Whom a player leans towards: the side of the player everyone knows (the public one), against it, or unsure. */
type Lean = 'public' | 'against' | 'unknown';

/** Questions in one turn (all seats') after which the AI declines what it may (a real turn has a few dozen). */
const PATIENCE = 300;
/** Plays of one kind (a card kind, a skill's action) a seat makes in one turn at most: a greedy player could go on
 *  for ever with a play that always gains a little (蛊惑 naming 无中生有 with any card, until the seat holds the deck). */
const SAME_PLAY = 8;

export class HeuristicAI implements Policy {
  private rng: RngState;
  /** Evidence about each seat: > 0 leans towards the public player's side, < 0 against it. */
  private lean: number[];
  /** What each seat did to each other: done[who][whom] adds 1 for each help, takes 1 for each harm. The table
   *  cannot read it (whom's side is hidden), but whom knows its own side: see ownLean. */
  private done: number[][];
  private lastPick = new Map<number, Value>();
  /** How many cancelling cards were used against each running card effect (by event key). */
  private nullLevel = new Map<number, number>();
  /** What the AI reads from now: the asked seat's view while answering, the public table while watching (set by
   *  readFrom). */
  private at: Table;
  /** What the mode's functions said of a role or a side, and the public player, while the AI reads from `at` at
   *  one moment of the game (readFrom forgets them): an attitude asks for them again and again, and the table only
   *  changes between two calls of this policy. */
  private sideOfRoles = new Map<string, string | null>();
  private lones = new Map<string, boolean>();
  private pub: PlayerObj | undefined | null = null;
  /** What the rules' events mean (their hints). */
  private readonly hints: EventHints;
  /** The player properties that are a player's role, life and maximum life (their hints). */
  private readonly propIds: { role: string | null; life: string | null; maxLife: string | null };
  /** The zone that is a player's hand (its hint, `as hand`). */
  private readonly handZone: string | null;
  /** The seat whose turn it was at the last question, and how many questions were asked since it began. */
  private turnOf = -1;
  private asked = 0;
  /** Per seat and yes/no question this turn: the seat's own state (ownState) when it last said yes. */
  private saidYes = new Map<string, string>();
  /** Per seat and play question this turn: the plays it made (a card kind, or `a:` and a skill's action; null for
   *  none) and the table's state (tableState) just before each. */
  private plays = new Map<string, { what: string | null; state: string }[]>();
  /** Plays that were part of a round trip back to a state this turn, as `seat:what@state`: not made again from that
   *  state. */
  private fruitless = new Set<string>();

  constructor(
    private table: PublicTable,
    seed: number,
  ) {
    this.rng = seedRng(seed ^ 0x5eed);
    this.seatZones = Object.values(table.program.zones)
      .filter((z) => z.perPlayer)
      .map((z) => z.id);
    this.at = table;
    this.lean = table.players().map(() => 0);
    this.done = table.players().map(() => table.players().map(() => 0));
    this.hints = eventHints(table.program);
    const prop = (h: PropertyHint) => hintedProperty(table.program, h);
    this.propIds = { role: prop('role'), life: prop('life'), maxLife: prop('maxLife') };
    this.handZone = hintedZone(table.program, 'hand');
    table.onEvent(this.hints.watched, (e, phase) => {
      this.readFrom(table);
      this.observe(e, phase);
    });
  }

  /** Read from table t from now on, at the game's present moment. */
  private readFrom(t: Table): void {
    this.at = t;
    // Emptied only when they hold something: clearing a Map makes it a new table.
    if (this.sideOfRoles.size > 0) this.sideOfRoles.clear();
    if (this.lones.size > 0) this.lones.clear();
    this.pub = null;
  }

  private rand(n: number): number {
    return randMod(this.rng, n);
  }

  // ------------------------------------------------------------------ hints (declared in the rules)

  /** A field of a card's kind (its AI hints: aiUse, aiTarget, aiKeep…), or null. */
  private cardHint(v: Value | undefined, name: string): Value {
    return isCardValue(v) ? this.at.cardField(v, name) : null;
  }

  /** A field a skill declares (`aiUse: 40`), or null. */
  private skillHint(skill: string | undefined, name: string): Value {
    if (!skill) return null;
    return (this.at.program.skills[skill]?.fields?.[name] as Value | undefined) ?? null;
  }

  // ------------------------------------------------------------------ the players' properties (by their hints)

  /** A player's property that carries a hint (runtime/hints.ts), as read: undefined where the seat may not
   *  see it, or where no property carries the hint. */
  private hinted(p: PlayerObj, id: string | null): Value | undefined {
    return id === null ? undefined : (p.v[id] as Value | undefined);
  }
  private role(p: PlayerObj): Value | undefined {
    return this.hinted(p, this.propIds.role);
  }
  private life(p: PlayerObj): Value | undefined {
    return this.hinted(p, this.propIds.life);
  }
  private maxLife(p: PlayerObj): Value | undefined {
    return this.hinted(p, this.propIds.maxLife);
  }
  /** Whether the player's role was shown to everyone (a dead player's). */
  private revealedRole(p: PlayerObj): boolean {
    return this.propIds.role !== null && this.at.revealed(p.seat, this.propIds.role);
  }

  // ------------------------------------------------------------------ beliefs

  private roleOf(p: PlayerObj, me: PlayerObj): string | null {
    if (p.seat === me.seat || this.revealedRole(p)) return (this.role(p) as string) ?? null;
    return null;
  }

  /** The side a role plays for, as the mode's `sideOf` says. */
  private sideOfRole(role: string | null): string | null {
    if (role === null) return null;
    let side = this.sideOfRoles.get(role);
    if (side === undefined) this.sideOfRoles.set(role, (side = (this.fn('sideOf', role) as string | null) ?? null));
    return side;
  }

  /** Whether a side plays alone (the mode's `aiLoneSide`): it keeps the public player alive while others remain. */
  private lone(side: string | null): boolean {
    if (side === null) return false;
    let alone = this.lones.get(side);
    if (alone === undefined) this.lones.set(side, (alone = this.fn('aiLoneSide', side) === true));
    return alone;
  }

  /** Seats seen out of the game: a role revealed as its player left is not a role known from the start, even if a
   *  mode brings the player back. */
  private wasOut = new Set<number>();

  /** The living player whose role everyone knows from the start. */
  private publicPlayer(): PlayerObj | undefined {
    if (this.pub !== null) return this.pub;
    const players = this.at.players();
    for (const p of players) if (!p.alive) this.wasOut.add(p.seat);
    return (this.pub = players.find((p) => p.alive && !this.wasOut.has(p.seat) && this.revealedRole(p)));
  }

  private leanOf(p: PlayerObj, me: PlayerObj): Lean {
    const role = this.roleOf(p, me);
    if (role !== null) {
      const side = this.sideOfRole(role);
      const pub = this.publicPlayer();
      if (this.lone(side)) return 'unknown';
      if (pub && side === this.sideOfRole(this.role(pub) as string)) return 'public';
      return 'against';
    }
    const l = this.lean[p.seat]! + this.ownLean(p, me);
    return l >= 2 ? 'public' : l <= -2 ? 'against' : 'unknown';
  }

  /** What `p` did to `me`, read with `me`'s own side, which `me` knows and the table does not: harm done to a
   *  player of the public player's side leans against it, as harm done to the public player does (a player who
   *  helps the public player but keeps hurting its hidden ally is no friend of that ally), and the other way round
   *  for a player against it. A side that plays alone learns nothing from it. */
  private ownLean(p: PlayerObj, me: PlayerObj): number {
    const pub = this.publicPlayer();
    if (!pub || me.seat === pub.seat) return 0;
    const mine = this.sideOfRole(this.role(me) as string);
    if (mine === null || this.lone(mine)) return 0;
    const withPublic = mine === this.sideOfRole(this.role(pub) as string);
    return 3 * this.done[p.seat]![me.seat]! * (withPublic ? 1 : -1);
  }

  /** Attitudes found while answering one question, by seat, for the seat answering (`attitudesOf`): a question
   *  weighs every option against every player, and what the AI believes changes only as it watches events. */
  private attitudes: (number | undefined)[] = [];
  private attitudesOf = -1;

  /** +1 ally, -1 enemy, 0 unsure — from `me`'s point of view. */
  private attitude(me: PlayerObj, p: PlayerObj): number {
    if (p.seat === me.seat) return 1;
    if (me.seat !== this.attitudesOf) {
      this.attitudesOf = me.seat;
      this.attitudes.length = 0;
    }
    return (this.attitudes[p.seat] ??= this.attitudeNow(me, p));
  }

  private attitudeNow(me: PlayerObj, p: PlayerObj): number {
    const mine = this.sideOfRole(this.role(me) as string);
    const pub = this.publicPlayer();
    const lean = this.leanOf(p, me);
    if (this.lone(mine)) {
      // Keep the public player alive while others remain; fight whichever side is stronger.
      const against = this.at
        .players()
        .filter((q) => q.alive && q.seat !== me.seat && this.leanOf(q, me) === 'against').length;
      // A player back in the game after leaving it (a mode that lets the dead return) is not counted as left.
      const left = this.at.players().filter((q) => q.alive && !this.wasOut.has(q.seat)).length;
      if (p.seat === pub?.seat) return left > 2 ? 1 : -1;
      return against > 0 && lean === 'against' ? -1 : lean === 'public' && against === 0 ? -1 : 0;
    }
    const withPublic = pub !== undefined && mine === this.sideOfRole(this.role(pub) as string);
    if (lean === 'unknown') return 0;
    return (lean === 'public') === withPublic ? 1 : -1;
  }

  /** Beliefs may change (an event seen, a question to answer): attitudes are found again. */
  private forgetAttitudes(): void {
    this.attitudesOf = -1;
  }

  private observe(f: SeenEvent, phase: 'start' | 'end'): void {
    this.forgetAttitudes();
    this.seeUses(phase === 'end' ? f : null);
    if (phase === 'start') {
      const use = this.hints.cardUse.get(f.id);
      if (use === undefined) return;
      if (f.field(use.card) === null) this.unseenUses.push(f.key);
      else this.used(f);
      return;
    }
    if (!f.stopped) {
      this.deed(f, this.hints.harm.get(f.id), -1);
      this.deed(f, this.hints.help.get(f.id), +1);
    }
    const out = this.hints.out.get(f.id);
    const who = out === undefined ? null : playerOrNull(f.field(out));
    if (who !== null) this.wasOut.add(who.seat);
  }

  /** An event that ended was a harm (sign -1) or a help (+1) of one player to another, as its hint says. */
  private deed(f: SeenEvent, deed: Deed | undefined, sign: number): void {
    if (deed === undefined) return;
    const on = playerOrNull(f.field(deed.on));
    if (on !== null) this.judge(playerOrNull(f.field(deed.by)), on, sign);
  }

  /** Uses whose card the table has not seen yet: a card used from a hand is hidden until it is on the table. */
  private unseenUses: number[] = [];

  /** Take in the waiting uses whose card the table now sees (or that are ending: whatever they show). */
  private seeUses(ending: SeenEvent | null): void {
    if (this.unseenUses.length === 0) return;
    for (let fr = this.table.running(); fr; fr = fr.parent) {
      const i = this.unseenUses.indexOf(fr.key);
      if (i < 0 || (fr.field(this.hints.cardUse.get(fr.id)!.card) === null && fr.key !== ending?.key)) continue;
      this.unseenUses.splice(i, 1);
      this.used(fr);
    }
  }

  /** What a use says: a cancelling card raises the level of the effect it cancels; a card aimed at players says
   *  what its user thinks of them. */
  private used(f: SeenEvent): void {
    const use = this.hints.cardUse.get(f.id)!;
    const card = f.field(use.card) as CardObj | VirtualCard | null;
    const user = playerOrNull(f.field(use.user));
    if (this.cardHint(card, 'aiCancels') === true) {
      for (let fr: SeenEvent | null = f; fr; fr = fr.parent) {
        if (this.hints.cardEffect.has(fr.id)) {
          this.nullLevel.set(fr.key, (this.nullLevel.get(fr.key) ?? 0) + 1);
          break;
        }
      }
      return;
    }
    // Cards hitting everyone say nothing.
    if (this.cardHint(card, 'aiArea') === true) return;
    const aim = this.cardHint(card, 'aiTarget');
    const targets = f.field(use.targets);
    for (const t of Array.isArray(targets) ? targets : []) {
      if (!isPlayerValue(t) || t.seat === user?.seat) continue;
      if (aim === 'foe') this.judge(user, t, -1);
      else if (aim === 'friend' && this.cardHint(card, 'aiWounded') === true) this.judge(user, t, +1);
    }
  }

  /** `who` acted on `whom` with sign +1 (help) or -1 (harm): shift who's lean. */
  private judge(who: PlayerObj | null, whom: PlayerObj, sign: number): void {
    if (!who || who.seat === whom.seat) return;
    this.done[who.seat]![whom.seat]! += sign;
    if (whom.seat === this.publicPlayer()?.seat) {
      this.lean[who.seat]! += 3 * sign;
      return;
    }
    const l = this.returnedLean(whom) ?? this.lean[whom.seat]!;
    if (l !== 0) this.lean[who.seat]! += Math.sign(l) * sign;
  }

  /** A player back in the game after leaving it (a mode that lets the dead return) had their role shown as they
   *  left: which way they lean is known, not inferred (+1 the public player's side, -1 against it, 0 alone). */
  private returnedLean(p: PlayerObj): number | null {
    if (!p.alive || !this.wasOut.has(p.seat) || !this.revealedRole(p)) return null;
    const side = this.sideOfRole(this.role(p) as string);
    const pub = this.publicPlayer();
    if (this.lone(side) || !pub) return 0;
    return side === this.sideOfRole(this.role(pub) as string) ? 1 : -1;
  }

  // ------------------------------------------------------------------ helpers over the rules

  private fn(name: string, ...args: Value[]): Value {
    return this.at.call(name, ...args);
  }

  private enemies(me: PlayerObj): PlayerObj[] {
    return this.at.players().filter((p) => p.alive && p.seat !== me.seat && this.attitude(me, p) < 0);
  }

  private handValue(c: CardObj): number {
    const v = this.cardHint(c, 'aiKeep');
    return typeof v === 'number' ? v : 3;
  }

  private wounded(p: PlayerObj): boolean {
    return (this.life(p) as number) < (this.maxLife(p) as number);
  }

  /** Cards `p` holds in the zone a card's `aiRescue` names (a friend's pending delayed tricks). */
  private rescuable(zone: Value, p: PlayerObj): boolean {
    return typeof zone === 'string' && this.at.count(zone, p.seat) > 0;
  }

  // ------------------------------------------------------------------ answering

  answer(seat: SeatView): number[] | null {
    const r = seat.request;
    if (!r) return null;
    this.readFrom(this.table);
    this.seeUses(null);
    this.readFrom(seat);
    this.forgetAttitudes();
    const me = seat.player(r.seat)!;
    // Patience: a player who has answered PATIENCE questions since the turn passed to this seat declines what
    // may be declined. Some plays can go on for ever, each legal and each worth it to a greedy player (无中生有
    // drawing itself back from a deck of three cards, 洛神 kept black by 鬼才), and a table would stop there.
    const now = seat.current();
    if (now !== this.turnOf) {
      [this.turnOf, this.asked] = [now, 0];
      this.saidYes.clear();
      this.plays.clear();
      this.fruitless.clear();
    }
    const no = r.options.findIndex((o) => o.label === 'no');
    if (++this.asked > PATIENCE) {
      if (r.min === 0) return [];
      if (no >= 0 && r.min <= 1) return [no];
    }
    // A yes/no question asked again with the seat's own state as it was at the last yes: the yes gained nothing
    // (洛神 judging a black card that 鬼才 swapped in from the same hand), and saying it again would not either.
    const yes = r.options.findIndex((o) => o.label === 'yes');
    const again = yes >= 0 && no >= 0 ? `${me.seat}:${r.prompt}` : null;
    const state = again === null ? '' : this.ownState(me);
    if (again !== null && this.saidYes.get(again) === state) return [no];
    const picked = this.pick(me, r);
    if (again !== null && picked.length === 1 && picked[0] === yes) this.saidYes.set(again, state);
    return picked;
  }

  /** The seat's own public state: its HP and how many cards each of its zones holds. */
  private ownState(me: PlayerObj): string {
    let s = `${this.life(me) ?? ''}`; // as a join would write none
    for (const z of this.seatZones) s += `,${this.at.count(z, me.seat)}`;
    return s;
  }

  /** The zones every seat has its own of (hand, equipment…), by id. */
  private readonly seatZones: string[];

  /** The seat's own state and every player's HP: a play that hurts or heals someone changes it. */
  private tableState(me: PlayerObj): string {
    return `${this.ownState(me)}/${this.at
      .players()
      .map((p) => (p.alive ? this.life(p) : '-'))
      .join(',')}`;
  }

  private pick(me: PlayerObj, r: Request): number[] {
    const asks = r.subject?.asks;
    let pick: number[] | null = null;
    if (asks === 'toUse') pick = this.play(me, r);
    else if (asks === 'toTarget') pick = this.targets(me, r);
    else if (asks === 'toAnswer') pick = this.respond(me, r);
    else if (asks === 'toCancel') pick = this.nullify(me, r);
    else if (asks === 'toRescue') pick = this.save(me, r);
    else if (asks === 'toDiscard') pick = this.discard(me, r);
    else if (asks === 'toTake') pick = this.pickCard(me, r);
    else if (asks === 'toDoubt') pick = this.doubt(me, r);
    else if (asks === 'toWeigh') pick = this.weigh(me, r);
    else if (asks === 'toGive') pick = this.give(me, r);
    else if (r.subject?.skill && r.prompt.startsWith('use:')) pick = this.useSkill(me, r, r.subject.skill);
    else if (this.skillHint(r.subject?.skill, 'aiTarget') === 'foe' && r.options.some((o) => isPlayerValue(o.value)))
      pick = this.targets(me, r);
    if (pick === null) pick = this.fallback(me, r);
    if (pick.length < r.min || pick.length > r.max) pick = this.fallback(me, r);
    if (pick.length === 0 && r.min === 0) this.lastPick.delete(me.seat);
    else if (pick.length === 1) this.lastPick.set(me.seat, r.options[pick[0]!]!.value);
    return pick;
  }

  /** Whom the question's card or skill is meant for: -1 foes, +1 friends (the default), from their hints. */
  private aim(r: Request): number {
    const about = r.subject?.about;
    const hint = isCardValue(about) ? this.cardHint(about, 'aiTarget') : this.skillHint(r.subject?.skill, 'aiTarget');
    return hint === 'foe' ? -1 : 1;
  }

  private fallback(me: PlayerObj, r: Request): number[] {
    // When the options are players: a question that harms its choice picks enemies, otherwise allies.
    const n = Math.max(r.min, Math.min(1, r.max));
    const harm = this.aim(r);
    const scored = r.options.map((o, i) => {
      const v = o.value;
      let s = this.rand(10) / 100;
      if (isPlayerValue(v)) s += harm * this.attitude(me, v);
      if (o.label === 'yes') s += 0.5;
      // A card kind to name (蛊惑): the more the rules say it is worth using, the likelier.
      const kindUse = typeof v === 'string' ? this.at.program.cards[v]?.fields?.aiUse : undefined;
      if (typeof kindUse === 'number') s += kindUse / 100;
      return { i, s };
    });
    scored.sort((a, b) => b.s - a.s);
    return scored.slice(0, n).map((x) => x.i);
  }

  private play(me: PlayerObj, r: Request): number[] {
    let best = -1;
    let bestScore = 0;
    // Back at a state this turn's plays already left (无中生有 drawing back a card from a nearly empty deck; with 桃园
    // 结义 and 苦肉 in between): the plays since made a round trip that gained nothing, and none of them is made
    // again from the state it was made in. Each round trip bars one more, so the loop ends.
    const key = `${me.seat}:${r.prompt}`;
    const state = this.tableState(me);
    const done = this.plays.get(key) ?? [];
    let back = done.length - 1;
    while (back >= 0 && done[back]!.state !== state) back--;
    if (back >= 0) for (const x of done.slice(back)) this.fruitless.add(`${me.seat}:${x.what}@${x.state}`);
    const made = new Map<string | null, number>();
    for (const x of done) made.set(x.what, (made.get(x.what) ?? 0) + 1);
    const table = this.sides(me);
    r.options.forEach((o, i) => {
      const what = playKind(o.value);
      // (Most turns make no round trip: no key is made then.)
      if (this.fruitless.size > 0 && this.fruitless.has(`${me.seat}:${what}@${state}`)) return;
      if ((made.get(what) ?? 0) >= SAME_PLAY) return;
      // A play the hints score at nothing (a card for foes with only friends in reach) is never made; the jitter
      // only breaks ties among the plays worth making.
      const worth = this.playScore(me, o.value, table);
      if (worth <= 0) return;
      const s = worth + this.rand(5);
      if (s > bestScore) {
        bestScore = s;
        best = i;
      }
    });
    done.push({ what: best >= 0 ? playKind(r.options[best]!.value) : null, state });
    this.plays.set(key, done);
    return best < 0 ? [] : [best];
  }

  private sides(me: PlayerObj): Sides {
    const others = this.at.players().filter((p) => p.alive && p.seat !== me.seat);
    const foes = others.filter((p) => this.attitude(me, p) < 0).length;
    const friends = others.filter((p) => this.attitude(me, p) > 0).length;
    return { others, foes, friends };
  }

  private playScore(me: PlayerObj, v: Value, table: Sides): number {
    if (v && typeof v === 'object' && !Array.isArray(v) && v.t === 'a') return this.actionScore(me, v.skill);
    if (!isCardValue(v)) return 0;
    if (this.fn('aiRedundant', me, v) === true) return 0;
    const hinted = this.cardHint(v, 'aiUse');
    const use = typeof hinted === 'number' ? hinted : 10;
    const virtualCost = v.t === 'v' ? 8 : 0;
    const aim = this.cardHint(v, 'aiTarget');
    const { others, foes, friends } = table;
    const healing = this.cardHint(v, 'aiWounded') === true;
    if (this.cardHint(v, 'aiArea') === true) {
      if (aim === 'foe') return foes > friends ? use : 0;
      if (healing) {
        const gain = [me, ...others].filter((q) => this.wounded(q)).reduce((s, q) => s + this.attitude(me, q), 0);
        return gain > 0 ? use : 0;
      }
      return friends >= foes ? use : 0;
    }
    if (aim === 'foe') {
      const legal = (this.fn('legalTargets', me, v) as PlayerObj[] | null) ?? [];
      const zone = this.cardHint(v, 'aiRescue');
      if (zone !== null && legal.some((t) => this.attitude(me, t) > 0 && this.rescuable(zone, t))) return use + 15;
      if (legal.some((t) => this.attitude(me, t) < 0)) return use - virtualCost;
      // Nobody in reach is a known foe: a player not known either way is worth a probing play now and then (a
      // table of hidden roles would otherwise wait for ever); only friends in reach, nothing.
      return legal.some((t) => this.attitude(me, t) === 0) ? Math.max(1, Math.floor(use / 5) - virtualCost) : 0;
    }
    if (aim === 'friend' && healing) {
      if (!this.wounded(me)) return 0;
      return (this.life(me) as number) <= 2 ? use + 45 : use;
    }
    return use;
  }

  private actionScore(me: PlayerObj, skill: string): number {
    const hinted = this.skillHint(skill, 'aiUse');
    const use = typeof hinted === 'number' ? hinted : 5;
    if (use <= 0) return 0;
    const hand = this.handZone === null ? 0 : this.at.count(this.handZone, me.seat);
    const minHand = this.skillHint(skill, 'aiMinHand');
    if (typeof minHand === 'number' && hand < minHand) return 0;
    const minHp = this.skillHint(skill, 'aiMinHp');
    if (typeof minHp === 'number' && (this.life(me) as number) < minHp) return 0;
    // `aiOutOfGame: true`: the players the action is for are out of the game (a mode where the dead wait at the table).
    const out = this.skillHint(skill, 'aiOutOfGame') === true;
    const others = this.at.players().filter((p) => p.alive !== out && p.seat !== me.seat);
    const aim = this.skillHint(skill, 'aiTarget');
    if (aim === 'foe') return this.enemies(me).length > 0 ? use : 0;
    if (aim === 'friend' && this.skillHint(skill, 'aiWounded') === true) {
      const allyHurt = others.some((p) => this.attitude(me, p) > 0 && this.wounded(p));
      return this.wounded(me) || allyHurt ? use : 0;
    }
    if (aim === 'friend') return others.some((p) => this.attitude(me, p) > 0) ? use : 0;
    return use;
  }

  private targets(me: PlayerObj, r: Request): number[] {
    const about = r.subject?.about;
    const card = isCardValue(about) ? about : (this.lastPick.get(me.seat) ?? null);
    const helpful = this.aim(r) > 0 && (isCardValue(card) ? this.cardHint(card, 'aiTarget') !== 'foe' : true);
    const zone = this.cardHint(card, 'aiRescue');
    const ranked = r.options
      .map((o, i) => {
        const t = o.value;
        let s = this.rand(3) / 10;
        if (isPlayerValue(t)) {
          const a = this.attitude(me, t);
          if (zone !== null && a > 0 && this.rescuable(zone, t)) s += 5;
          else s += helpful ? a * 3 : -a * 3;
          s -= ((this.life(t) as number) ?? 0) * 0.2;
        }
        return { i, s };
      })
      .sort((a, b) => b.s - a.s);
    const good = ranked.filter((x) => x.s > 0);
    const n = Math.max(r.min, Math.min(r.max, good.length));
    return ranked.slice(0, n).map((x) => x.i);
  }

  /** Answer with a real card before a converted one; help another player only if they are an ally. */
  private respond(me: PlayerObj, r: Request): number[] {
    const f = this.at.running();
    const asker = f && this.hints.response.has(f.id) ? this.helpedPlayer(f) : null;
    if (asker && this.attitude(me, asker) <= 0) return [];
    // Don't answer an ally's card when answering hurts them (a duel); otherwise always answer.
    const about = r.subject?.about;
    if (about && typeof about === 'object' && !Array.isArray(about) && about.t === 'e') {
      const card = about.data.card as Value;
      if (this.cardHint(card, 'aiAnswerHurts') === true) {
        const user = about.data.user as PlayerObj;
        const other = (user.seat === me.seat ? about.data.target : user) as PlayerObj;
        if (this.attitude(me, other) > 0) return [];
      }
    }
    const real = r.options.findIndex(
      (o) => o.value && typeof o.value === 'object' && !Array.isArray(o.value) && o.value.t === 'c',
    );
    return [Math.max(real, 0)];
  }

  /** When a skill asks me to respond for someone else, who is it? */
  private helpedPlayer(f: Frame): PlayerObj | null {
    for (let fr = f.parent; fr; fr = fr.parent) {
      const who = this.hints.response.get(fr.id);
      if (who !== undefined) return playerOrNull(fr.data[who]);
    }
    return null;
  }

  private nullify(me: PlayerObj, r: Request): number[] {
    let fr: SeenEvent | null = this.at.running();
    while (fr && !this.hints.cardEffect.has(fr.id)) fr = fr.parent;
    if (!fr) return [];
    const effect = this.hints.cardEffect.get(fr.id)!;
    const card = fr.data[effect.card] as Value;
    const target = playerOrNull(fr.data[effect.target]);
    if (!isCardValue(card) || !target) return [];
    const harmful = this.cardHint(card, 'aiTarget') === 'foe';
    const keep = this.cardHint(card, 'aiKeep');
    const level = this.nullLevel.get(fr.key) ?? 0;
    const a = this.attitude(me, target);
    // Cancel a harmful card on an ally, or a valuable helpful one on an enemy.
    const cancelOriginal = harmful ? a > 0 : a < 0 && typeof keep === 'number' && keep >= 7;
    // Level 0: the question is about the card itself; odd levels: about a nullification of it.
    const want = level % 2 === 0 ? cancelOriginal : !cancelOriginal && (harmful ? a < 0 : a > 0);
    return want && r.options.length ? [0] : [];
  }

  /** Doubt a foe's claim half the time, an unknown player's a quarter of the time, a friend's never; and only
   *  while a wrong doubt's cost leaves me standing. */
  private doubt(me: PlayerObj, r: Request): number[] {
    const yes = r.options.findIndex((o) => o.label === 'yes');
    const no = r.options.findIndex((o) => o.label === 'no');
    const who = r.subject?.about;
    const a = isPlayerValue(who) ? this.attitude(me, who) : 0;
    const odds = a < 0 ? 2 : a === 0 ? 4 : 0;
    return [odds > 0 && (this.life(me) as number) > 1 && this.rand(odds) === 0 ? yes : no];
  }

  /** Options that each do something to the whole table (`about:` their aiEffects, in order): the one best for
   *  this seat's friends and worst for its foes. A point of HP weighs more the fewer a player has. */
  private weigh(me: PlayerObj, r: Request): number[] {
    const effects = Array.isArray(r.subject?.about) ? r.subject.about : [];
    const alive = this.at.players().filter((p) => p.alive);
    const dear = (q: PlayerObj) => {
      const hp = this.life(q) as number;
      return hp <= 1 ? 3 : hp === 2 ? 2 : 1;
    };
    const worth = (e: Value): number => {
      if (e === 'healsAll')
        return alive.filter((q) => this.wounded(q)).reduce((s, q) => s + this.attitude(me, q) * dear(q), 0);
      if (e === 'hurtsAll') return -alive.reduce((s, q) => s + this.attitude(me, q) * dear(q), 0);
      return 0;
    };
    let best = -1;
    let bestScore = -Infinity;
    r.options.forEach((_, i) => {
      const s = worth(effects[i] ?? null) + this.rand(10) / 100;
      if (s > bestScore) [best, bestScore] = [i, s];
    });
    return best < 0 ? [] : [best];
  }

  /** Own cards to give to the player the question is about: to a known friend, the card least worth keeping;
   *  to anyone else nothing, when the question may be passed. */
  private give(me: PlayerObj, r: Request): number[] {
    const who = r.subject?.about;
    const friend = isPlayerValue(who) && this.attitude(me, who) > 0;
    if (!friend && r.min === 0) return [];
    let best = 0;
    const keep = (v: Value) => {
      const k = isCardValue(v) ? this.cardHint(v, 'aiKeep') : null;
      return typeof k === 'number' ? k : 3;
    };
    r.options.forEach((o, i) => {
      if (keep(o.value) < keep(r.options[best]!.value)) best = i;
    });
    return [best];
  }

  private save(me: PlayerObj, r: Request): number[] {
    const who = r.subject?.about;
    if (!isPlayerValue(who)) return [];
    return this.attitude(me, who) > 0 ? [0] : [];
  }

  private useSkill(me: PlayerObj, r: Request, skill: string): number[] {
    const yes = r.options.findIndex((o) => o.label === 'yes');
    const no = r.options.findIndex((o) => o.label === 'no');
    const f = this.at.running();
    let ok = this.skillHint(skill, 'aiUse') !== 0;
    if (this.skillHint(skill, 'aiTarget') === 'foe') {
      const t = (f?.data.target ?? f?.data.to) as PlayerObj | undefined;
      ok = !t || this.attitude(me, t) <= 0;
    }
    return [ok ? yes : no];
  }

  private discard(_me: PlayerObj, r: Request): number[] {
    const ranked = r.options
      .map((o, i) => ({ i, s: isCardValue(o.value) && o.value.t === 'c' ? this.handValue(o.value) : 5 }))
      .sort((a, b) => a.s - b.s);
    return ranked.slice(0, r.min).map((x) => x.i);
  }

  private pickCard(me: PlayerObj, r: Request): number[] {
    // From a friend take a card that harms them (a pending delayed trick); from anyone else their best card.
    const order = (v: Value): number => {
      if (typeof v === 'string') return 1;
      if (v && typeof v === 'object' && !Array.isArray(v) && v.t === 'c') {
        const owner = ownerOf(this.at, v);
        const friendly = owner ? this.attitude(me, owner) > 0 : false;
        const harms = this.cardHint(v, 'aiTarget') === 'foe';
        if (friendly) return harms ? 10 : -5;
        return harms ? -5 : 1 + this.handValue(v) / 2;
      }
      return 0;
    };
    let best = 0;
    r.options.forEach((o, i) => {
      if (order(o.value) > order(r.options[best]!.value)) best = i;
    });
    return [best];
  }
}

/** The player whose zone holds a card (the part of its zone key after the colon), or null. */
function ownerOf(t: Table, c: CardObj): PlayerObj | null {
  const i = c.zone.indexOf(':');
  return i < 0 ? null : (t.players()[Number(c.zone.slice(i + 1))] ?? null);
}

function isCardValue(v: Value | undefined): v is CardObj | VirtualCard {
  return !!v && typeof v === 'object' && !Array.isArray(v) && (v.t === 'c' || v.t === 'v');
}

function isPlayerValue(v: Value | undefined): v is PlayerObj {
  return !!v && typeof v === 'object' && !Array.isArray(v) && v.t === 'p';
}

/** The player a field holds, or null: an event's hint may name a field that holds none (or, by mistake, no player). */
function playerOrNull(v: Value | undefined): PlayerObj | null {
  return isPlayerValue(v) ? v : null;
}

/** What a play is, to tell one repeated: a card's kind, or a skill's action. */
function playKind(v: Value): string | null {
  if (!v || typeof v !== 'object' || Array.isArray(v)) return null;
  if (v.t === 'c' || v.t === 'v') return v.kind;
  if (v.t === 'a') return `a:${v.skill}`;
  return null;
}
