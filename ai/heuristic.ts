// A heuristic player for the identity mode. It answers the engine's requests like any other client (it only
// picks among the offered options, so it cannot make an illegal move), reads only what its seat may know
// (its own hand and role, public zones, revealed roles), and infers the others' sides from what they do:
// who hurt or helped whom. Deterministic: ties are broken by its own seeded generator, never the wall clock.
import {
  randMod,
  seedRng,
  type Game,
  type Request,
  type CardObj,
  type Frame,
  type PlayerObj,
  type Value,
  type VirtualCard,
  type RngState,
} from '../runtime/index.ts';

type Side = 'lord' | 'rebel' | 'unknown';

const HARMFUL = new Set([
  'slash',
  'duel',
  'dismantlement',
  'snatch',
  'indulgence',
  'savageAssault',
  'archeryAttack',
  'collateral',
  'lightning',
]);
const HELPFUL = new Set(['peach', 'exNihilo', 'godSalvation', 'amazingGrace']);
/** Skill prompts whose chosen player suffers (a duel, a discard, a stolen card, a passed slash). */
const HARMFUL_CHOICE = [
  'sow dissension',
  'sow discord: target',
  'sudden strike',
  'shifting: pass the slash',
  'kylin bow',
];
const KEEP_VALUE: Record<string, number> = {
  peach: 10,
  nullification: 9,
  jink: 8,
  exNihilo: 7,
  slash: 5,
  duel: 5,
  snatch: 6,
  dismantlement: 5,
  indulgence: 6,
};

export class HeuristicAI {
  private rng: RngState;
  /** Evidence about each seat: > 0 leans towards the lord's side, < 0 towards the rebels. */
  private lean: number[];
  private lastPick = new Map<number, Value>();
  private nullLevel = new WeakMap<Frame, number>();

  constructor(
    private g: Game,
    seed: number,
  ) {
    this.rng = seedRng(seed ^ 0x5eed);
    this.lean = g.state.players.map(() => 0);
    g.observers.push((f, phase) => this.observe(f, phase));
  }

  private rand(n: number): number {
    return randMod(this.rng, n);
  }

  // ------------------------------------------------------------------ beliefs

  private roleOf(p: PlayerObj, me: PlayerObj): string | null {
    if (p === me || this.g.state.revealed[`${p.seat}:role`]) return (p.v.role as string) ?? null;
    return null;
  }

  private sideOf(p: PlayerObj, me: PlayerObj): Side {
    const r = this.roleOf(p, me);
    if (r === 'lord' || r === 'loyalist') return 'lord';
    if (r === 'rebel') return 'rebel';
    if (r === 'renegade') return 'unknown';
    const l = this.lean[p.seat]!;
    return l >= 2 ? 'lord' : l <= -2 ? 'rebel' : 'unknown';
  }

  private lordOf(): PlayerObj | undefined {
    return this.g.state.players.find((p) => p.v.role === 'lord' && this.g.state.revealed[`${p.seat}:role`]);
  }

  /** +1 ally, -1 enemy, 0 unsure — from `me`'s point of view. */
  private attitude(me: PlayerObj, p: PlayerObj): number {
    if (p === me) return 1;
    const role = me.v.role as string;
    const side = this.sideOf(p, me);
    const aliveRebelish = this.g.state.players.filter(
      (q) => q.alive && q !== me && this.sideOf(q, me) === 'rebel',
    ).length;
    switch (role) {
      case 'lord':
      case 'loyalist':
        return side === 'lord' ? 1 : side === 'rebel' ? -1 : 0;
      case 'rebel':
        return side === 'lord' ? -1 : side === 'rebel' ? 1 : 0;
      case 'renegade': {
        // Keep the lord alive while others remain; fight whichever side is stronger.
        if (this.roleOf(p, me) === 'lord') return this.g.state.players.filter((q) => q.alive).length > 2 ? 1 : -1;
        return aliveRebelish > 0 && side === 'rebel' ? -1 : side === 'lord' && aliveRebelish === 0 ? -1 : 0;
      }
    }
    return 0;
  }

  private observe(f: Frame, phase: 'start' | 'end'): void {
    const d = f.data;
    if (phase === 'end' && f.id === 'damage' && !f.stopped) {
      this.judge(d.from as PlayerObj | null, d.to as PlayerObj, -1);
    } else if (phase === 'start' && f.id === 'useCard') {
      const card = d.card as CardObj | VirtualCard;
      const kind = card.kind;
      const user = d.user as PlayerObj;
      if (kind === 'nullification') {
        const owner = this.g.frame?.parent;
        for (let fr: Frame | null = this.g.frame; fr; fr = fr.parent) {
          if (fr.id === 'cardEffect' || fr.id === 'delayedEffect') {
            this.nullLevel.set(fr, (this.nullLevel.get(fr) ?? 0) + 1);
            break;
          }
        }
        void owner;
        return;
      }
      for (const t of (d.targets as PlayerObj[]) ?? []) {
        if (t === user) continue;
        if (HARMFUL.has(kind) && !['savageAssault', 'archeryAttack'].includes(kind)) this.judge(user, t, -1);
        if (HELPFUL.has(kind) && kind === 'peach') this.judge(user, t, +1);
      }
    } else if (phase === 'end' && f.id === 'recover' && !f.stopped) {
      this.judge(d.from as PlayerObj | null, d.who as PlayerObj, +1);
    }
  }

  /** `who` acted on `whom` with sign +1 (help) or -1 (harm): shift who's lean. */
  private judge(who: PlayerObj | null, whom: PlayerObj, sign: number): void {
    if (!who || who === whom) return;
    const lord = this.lordOf();
    if (whom === lord) {
      this.lean[who.seat]! += 3 * sign;
      return;
    }
    const l = this.lean[whom.seat]!;
    if (l !== 0) this.lean[who.seat]! += Math.sign(l) * sign;
  }

  // ------------------------------------------------------------------ helpers over the rules

  private fn(name: string, ...args: Value[]): Value {
    try {
      return this.g.callFunction(name, args, '');
    } catch {
      return null;
    }
  }

  private kindOf(v: Value): string | null {
    if (v && typeof v === 'object' && !Array.isArray(v) && (v.t === 'c' || v.t === 'v'))
      return this.g.getMember(v, 'kind', '') as string;
    return null;
  }

  private enemies(me: PlayerObj): PlayerObj[] {
    return this.g.state.players.filter((p) => p.alive && p !== me && this.attitude(me, p) < 0);
  }

  private handValue(c: CardObj): number {
    return KEEP_VALUE[c.kind] ?? 3;
  }

  // ------------------------------------------------------------------ answering

  answer(r: Request): number[] {
    const me = this.g.state.players[r.seat]!;
    const p = r.prompt;
    let pick: number[] | null = null;
    if (p === 'play') pick = this.play(me, r);
    else if (p === 'targets' || p === 'victim' || p.startsWith('rouse: slash')) pick = this.targets(me, r);
    else if (p === 'respond') pick = this.respond(me, r);
    else if (p === 'nullify') pick = this.nullify(me, r);
    else if (p === 'save') pick = this.save(me, r);
    else if (p.startsWith('use:')) pick = this.useSkill(me, r, p.slice(4));
    else if (p.startsWith('discard') || p.includes('discard')) pick = this.discard(me, r);
    else if (p === 'pick a card') pick = this.pickCard(me, r);
    else if (p === 'choose your general') pick = [this.rand(r.options.length)];
    if (pick === null) pick = this.fallback(me, r);
    if (pick.length < r.min || pick.length > r.max) pick = this.fallback(me, r);
    if (pick.length === 0 && r.min === 0) this.lastPick.delete(me.seat);
    else if (pick.length === 1) this.lastPick.set(me.seat, r.options[pick[0]!]!.value);
    return pick;
  }

  private fallback(me: PlayerObj, r: Request): number[] {
    // When the options are players: a prompt that harms its choice picks enemies, otherwise allies.
    const n = Math.max(r.min, Math.min(1, r.max));
    const harm = HARMFUL_CHOICE.some((w) => r.prompt.startsWith(w)) ? -1 : 1;
    const scored = r.options.map((o, i) => {
      const v = o.value;
      let s = this.rand(10) / 100;
      if (v && typeof v === 'object' && !Array.isArray(v) && v.t === 'p') s += harm * this.attitude(me, v);
      if (o.label === 'yes') s += 0.5;
      return { i, s };
    });
    scored.sort((a, b) => b.s - a.s);
    return scored.slice(0, n).map((x) => x.i);
  }

  private play(me: PlayerObj, r: Request): number[] {
    let best = -1;
    let bestScore = 0;
    r.options.forEach((o, i) => {
      const s = this.playScore(me, o.value) + this.rand(5);
      if (s > bestScore) {
        bestScore = s;
        best = i;
      }
    });
    return best < 0 ? [] : [best];
  }

  private playScore(me: PlayerObj, v: Value): number {
    if (v && typeof v === 'object' && !Array.isArray(v) && v.t === 'a') return this.actionScore(me, v.skill);
    const kind = this.kindOf(v);
    if (!kind) return 0;
    const virtualCost = v && typeof v === 'object' && !Array.isArray(v) && v.t === 'v' ? 8 : 0;
    const legal = (this.fn('legalTargets', me, v) as PlayerObj[] | null) ?? [];
    const enemyTarget = legal.some((t) => this.attitude(me, t) < 0);
    const hp = me.v.hp as number,
      maxHp = me.v.maxHp as number;
    const others = this.g.state.players.filter((p) => p.alive && p !== me);
    const foes = others.filter((p) => this.attitude(me, p) < 0).length;
    const friends = others.filter((p) => this.attitude(me, p) > 0).length;
    const type = this.g.getMember(v, 'type', '') as string;
    if (type === 'equipment') {
      const sub = this.g.getMember(v, 'subtype', '') as string;
      const occupied = this.g
        .asList(this.g.zoneRef('equip', me), '')
        .some((c) => this.g.getMember(c, 'subtype', '') === sub);
      return occupied ? 0 : sub === 'armor' ? 55 : sub === 'weapon' ? 50 : 45;
    }
    switch (kind) {
      case 'peach':
        return hp < maxHp ? (hp <= 2 ? 85 : 40) : 0;
      case 'exNihilo':
        return 90;
      case 'slash':
        return enemyTarget ? 70 - virtualCost : 0;
      case 'duel':
        return enemyTarget ? 65 - virtualCost : 0;
      case 'indulgence':
        return enemyTarget ? 68 - virtualCost : 0;
      case 'dismantlement':
      case 'snatch': {
        const rescue = legal.some(
          (t) => this.attitude(me, t) > 0 && this.g.asList(this.g.zoneRef('judgeArea', t), '').length > 0,
        );
        return rescue ? 75 : enemyTarget ? 60 - virtualCost : 0;
      }
      case 'collateral':
        return enemyTarget || foes > 0 ? 45 : 0;
      case 'savageAssault':
      case 'archeryAttack':
        return foes > friends ? 55 : 0;
      case 'godSalvation': {
        const hurt = (q: PlayerObj) => (q.v.hp as number) < (q.v.maxHp as number);
        const gain = [me, ...others].filter((q) => hurt(q)).reduce((s, q) => s + this.attitude(me, q), 0);
        return gain > 0 ? 50 : 0;
      }
      case 'amazingGrace':
        return friends >= foes ? 40 : 15;
      case 'lightning':
        return foes > friends ? 20 : 0;
    }
    return 10;
  }

  private actionScore(me: PlayerObj, skill: string): number {
    const hand = this.g.asList(this.g.zoneRef('hand', me), '').length;
    const hp = me.v.hp as number,
      maxHp = me.v.maxHp as number;
    const others = this.g.state.players.filter((p) => p.alive && p !== me);
    const allyHurt = others.some((p) => this.attitude(me, p) > 0 && (p.v.hp as number) < (p.v.maxHp as number));
    switch (skill) {
      case 'rende':
        return hand >= 3 && others.some((p) => this.attitude(me, p) > 0) ? 30 : hp < maxHp && hand >= 2 ? 25 : 0;
      case 'zhiheng':
        return hand >= 2 ? 20 : 0;
      case 'kurou':
        return hp >= 3 ? 35 : 0;
      case 'fanjian':
      case 'lijian':
        return this.enemies(me).length > 0 ? 40 : 0;
      case 'jieyin':
      case 'qingnang':
        return hp < maxHp || allyHurt ? 45 : 0;
      case 'jijiang':
        return this.enemies(me).length > 0 ? 30 : 0;
    }
    return 5;
  }

  private targets(me: PlayerObj, r: Request): number[] {
    const kind = this.kindOf(this.lastPick.get(me.seat) ?? null);
    const helpful = kind !== null && HELPFUL.has(kind);
    const ranked = r.options
      .map((o, i) => {
        const t = o.value as PlayerObj;
        let s = this.rand(3) / 10;
        if (t && typeof t === 'object' && t.t === 'p') {
          const a = this.attitude(me, t);
          if (
            (kind === 'dismantlement' || kind === 'snatch') &&
            a > 0 &&
            this.g.asList(this.g.zoneRef('judgeArea', t), '').length > 0
          )
            s += 5;
          else s += helpful ? a * 3 : -a * 3;
          s -= ((t.v.hp as number) ?? 0) * 0.2;
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
    const f = this.g.frame;
    const asker = f && f.id === 'respond' ? this.helpedPlayer(f) : null;
    if (asker && this.attitude(me, asker) <= 0) return [];
    if (f && f.id === 'respond') {
      // Don't duel an ally to death; otherwise always answer.
      const about = f.data.about as Frame | null;
      if (about && about.id === 'cardEffect' && this.kindOf(about.data.card as Value) === 'duel') {
        const other = (about.data.user === me ? about.data.target : about.data.user) as PlayerObj;
        if (this.attitude(me, other) > 0) return [];
      }
    }
    const real = r.options.findIndex(
      (o) => o.value && typeof o.value === 'object' && !Array.isArray(o.value) && o.value.t === 'c',
    );
    return [Math.max(real, 0)];
  }

  /** When a lord skill asks me to respond for someone else, who is it? */
  private helpedPlayer(f: Frame): PlayerObj | null {
    for (let fr = f.parent; fr; fr = fr.parent) {
      if (fr.id === 'respond') return fr.data.who as PlayerObj;
    }
    return null;
  }

  private nullify(me: PlayerObj, r: Request): number[] {
    let fr: Frame | null = this.g.frame;
    while (fr && fr.id !== 'cardEffect' && fr.id !== 'delayedEffect') fr = fr.parent;
    if (!fr) return [];
    const kind = this.kindOf(fr.data.card as Value);
    const target = (fr.data.target ?? fr.data.player) as PlayerObj | null;
    if (!kind || !target) return [];
    const level = this.nullLevel.get(fr) ?? 0;
    const a = this.attitude(me, target);
    let cancelOriginal = false;
    if (HARMFUL.has(kind) && a > 0) cancelOriginal = true;
    if (HELPFUL.has(kind) && a < 0 && kind === 'exNihilo') cancelOriginal = true;
    // Level 0: the question is about the card itself; odd levels: about a nullification of it.
    const want = level % 2 === 0 ? cancelOriginal : !cancelOriginal && (HARMFUL.has(kind) ? a < 0 : a > 0);
    return want && r.options.length ? [0] : [];
  }

  private save(me: PlayerObj, _r: Request): number[] {
    let fr: Frame | null = this.g.frame;
    while (fr && fr.id !== 'dying') fr = fr.parent;
    const who = fr?.data.who as PlayerObj | undefined;
    if (!who) return [];
    return this.attitude(me, who) > 0 ? [0] : [];
  }

  private useSkill(me: PlayerObj, r: Request, skill: string): number[] {
    const yes = r.options.findIndex((o) => o.label === 'yes');
    const no = r.options.findIndex((o) => o.label === 'no');
    const f = this.g.frame;
    let ok = true;
    if (skill === 'iceSwordSkill' || skill === 'luoyi') ok = false;
    if (skill === 'doubleSwordsSkill' || skill === 'axeSkill' || skill === 'kylinBowSkill') {
      const t = (f?.data.target ?? f?.data.to) as PlayerObj | undefined;
      ok = !t || this.attitude(me, t) <= 0;
    }
    if (skill === 'hujia' || skill === 'jijiang') ok = true;
    return [ok ? yes : no];
  }

  private discard(_me: PlayerObj, r: Request): number[] {
    const ranked = r.options
      .map((o, i) => ({
        i,
        s:
          o.value && typeof o.value === 'object' && !Array.isArray(o.value) && o.value.t === 'c'
            ? this.handValue(o.value)
            : 5,
      }))
      .sort((a, b) => a.s - b.s);
    return ranked.slice(0, r.min).map((x) => x.i);
  }

  private pickCard(me: PlayerObj, r: Request): number[] {
    // Against an enemy take equipment (armour first); for an ally remove a delayed trick.
    const order = (v: Value): number => {
      if (typeof v === 'string') return 1;
      if (v && typeof v === 'object' && !Array.isArray(v) && v.t === 'c') {
        const zone = this.g.zoneOf(v);
        const owner = this.g.ownerOf(v);
        const friendly = owner ? this.attitude(me, owner) > 0 : false;
        if (zone === 'judgeArea') return friendly ? 10 : -5;
        if (zone === 'equip') return friendly ? -5 : this.g.getMember(v, 'subtype', '') === 'armor' ? 4 : 3;
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
