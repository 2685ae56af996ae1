// The table shared by <sgs-scenario> and <sgs-game>: seats, zones, the pending decision and the log, drawn from the
// engine's state. Every move goes through game.answer(); this file knows no rule. Loaded on demand by
// scenario-player.ts (the engine and the AI come with it).
import {
  Game,
  defaultMode,
  modeTakesOption,
  ScenarioRunner,
  publicTable,
  viewFor,
  logFor,
  toJSON,
  faceText,
  hintedProperty,
  hintedValues,
  hintedZone,
  type PropertyHint,
  type Request,
  type PlayerView,
  type ViewCard,
  type IScenario,
  type IOption,
  type Carried,
  type Program,
  type Value,
  type LogArg,
} from '../../../runtime/index.ts';
import { AIS } from '../../../ai/registry.ts';
import { answerOf, policyFor, type Policy } from '../../../ai/policy.ts';
import { Labels, type Lang, type Names, type Texts } from './labels.ts';
import { stepText } from './steps.ts';
import type { Recording } from '../lib/game-file.ts';
import { loadCompiled } from '../lib/compiled.ts';
import { cardBackSvg, cardSvg, isRed } from '../lib/card-svg.ts';
import { seatDistances, seatPosition, type SeatDistance } from './round.ts';
import { turnNow } from '../lib/turn-now.ts';

export interface ClientRules {
  program: Program;
  names: Names;
  texts: Texts;
}

const AI_CHUNK = 150; // computer decisions between two paints
const AI_BUDGET = 5000; // computer decisions in one game before the table gives up (a runaway guard)
// How much of a fanned card the next one covers: the share of its width, set on the fan for player.css to overlap
// the cards by (`--fan-covered`), and the same in the face's 120-wide grid, so that the name is fitted in the rest
// (card-svg.ts `covered`).
const FAN_COVERED_SHARE = 0.26;
const FAN_COVERED = Math.ceil(FAN_COVERED_SHARE * 120);

const esc = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

type CardLike = { id: number; kind: string; suit: string; rank: number };
interface Check {
  step: number;
  text: string;
  ok: boolean;
  message?: string;
}

/** The state as plain JSON with every hand, face-down card, property and log entry shown (watching a public demo:
 *  the watcher is an observer who sees everything; entries not everyone may read are marked private). */
function fullView(g: Game): PlayerView {
  const s = g.state;
  const zones: PlayerView['zones'] = {};
  for (const [k, cards] of Object.entries(s.zones)) {
    zones[k] = {
      count: cards.length,
      cards: cards.map((c) => ({ id: c.id, kind: c.kind, suit: c.suit, rank: c.rank })),
    };
  }
  return {
    seat: null,
    current: s.current,
    players: s.players.map((p) => ({
      seat: p.seat,
      name: p.name,
      alive: p.alive,
      skills: g.skillsOf(p).slice(),
      props: Object.fromEntries(Object.entries(p.v).map(([k, v]) => [k, toJSON(v as Value)])),
    })),
    zones,
    over: s.over ? { winners: toJSON(s.over.winners), text: s.over.text } : null,
    log: s.log.map((e) => ({ k: e.k, text: e.text, ...(e.tpl !== undefined ? { tpl: e.tpl, args: e.args } : {}) })),
  };
}

/** Log lines as the table shows them: the seat's own log (runtime viewFor/logFor), or everything when watching. */
interface ShownEntry {
  k: string;
  text: string;
  tpl?: string;
  args?: LogArg[];
  private?: boolean;
}

/** Common part of both elements (and of the replay viewer, replay.ts): the skeleton, drawing, and the reader's
 *  clicks on a decision. */
export abstract class Table {
  protected game!: Game;
  protected ai!: Policy;
  /** The seat the reader plays (their decisions are clickable, other hands hidden), or null when watching. */
  protected viewer: number | null = null;
  protected selected: number[] = [];
  protected hint: number[] = []; // watching: what the script will pick
  protected note = '';
  protected noteKind: 'info' | 'ok' | 'bad' = 'info';
  protected freshFrom = 0; // log entries from here on are new since the reader's last decision
  /** The computer plays the reader's seat too (托管), as it plays the others. */
  protected handsOff = false;
  private logShown = 0;
  private logGame: Game | null = null;
  private aiUsed = 0;
  private busy = false;
  protected el: {
    bar: HTMLElement;
    note: HTMLElement;
    status: HTMLElement;
    seats: HTMLElement;
    ask: HTMLElement;
    checks: HTMLElement;
    log: HTMLElement;
  };

  private cardSkills: Set<string>;
  /** The player properties the rules mark as a player's general, role, HP and max HP (`as general`…): a seat shows
   *  them as its name, portrait and pips, not among its marks. */
  private hintedIds: Set<string>;

  constructor(
    protected host: HTMLElement,
    protected L: Labels,
    protected program: Program,
  ) {
    this.cardSkills = new Set(Object.values(program.cards).flatMap((c) => c.skills));
    const hints: PropertyHint[] = ['general', 'role', 'life', 'maxLife'];
    this.hintedIds = new Set(hints.flatMap((h) => hintedProperty(program, h) ?? []));
    host.classList.add('sgs');
    host.innerHTML = `<div class="sgs-bar"></div><p class="sgs-note" aria-live="polite"></p><div class="sgs-status"></div>
<div class="sgs-seats"></div><div class="sgs-ask" aria-live="polite"></div><div class="sgs-checks"></div>
<details class="sgs-logbox" open><summary>${esc(L.ui('log'))}</summary><ol class="sgs-log"></ol></details>`;
    const q = (c: string) => host.querySelector<HTMLElement>(c)!;
    this.el = {
      bar: q('.sgs-bar'),
      note: q('.sgs-note'),
      status: q('.sgs-status'),
      seats: q('.sgs-seats'),
      ask: q('.sgs-ask'),
      checks: q('.sgs-checks'),
      log: q('.sgs-log'),
    };
    host.addEventListener('click', (e) => {
      const b = (e.target as Element).closest<HTMLElement>('[data-act]');
      if (!b || !host.contains(b) || (b as HTMLButtonElement).disabled) return;
      this.act(b.dataset.act!, b);
    });
    // Hovering or focusing a seat shows the distance to it alone.
    const hover = (e: Event) => {
      const ring = this.el.seats.querySelector('.sgs-ring');
      if (!ring) return;
      const seat = (e.target as Element).closest?.<HTMLElement>('.sgs-ring .sgs-seat')?.dataset.seat;
      ring.querySelectorAll('.show').forEach((x) => x.classList.remove('show'));
      if (seat !== undefined) ring.querySelectorAll(`[data-to="${seat}"]`).forEach((x) => x.classList.add('show'));
    };
    this.el.seats.addEventListener('mouseover', hover);
    this.el.seats.addEventListener('focusin', hover);
    this.el.seats.addEventListener('mouseleave', hover);
  }

  /** Called before each full drawing (e.g. to work out which options the script would pick). */
  protected beforeRender(): void {}
  protected abstract controls(): string;
  protected abstract control(act: string, el: HTMLElement): void;
  protected abstract checksHTML(): string;
  /** The reader answered the pending decision (option indices). */
  protected abstract onAnswer(picks: number[]): void;

  private act(act: string, el: HTMLElement): void {
    const r = this.game?.pending;
    if (act === 'opt' && r) {
      const i = Number(el.dataset.i);
      if (r.max <= 1) {
        this.answer([i]);
      } else {
        const k = this.selected.indexOf(i);
        if (k >= 0) this.selected.splice(k, 1);
        else if (this.selected.length < r.max) this.selected.push(i);
        this.drawAsk();
        this.drawSeats(); // the fanned hand shows the selection too
      }
    } else if (act === 'confirm') {
      this.answer(this.selected.slice());
    } else if (act === 'pass') {
      this.answer([]);
    } else if (act === 'dist') {
      this.distOn = !this.distOn;
      this.drawSeats();
    } else {
      this.control(act, el);
    }
  }

  private answer(picks: number[]): void {
    const r = this.game.pending;
    if (!r || r.seat !== this.viewer || this.busy) return;
    this.selected = [];
    this.freshFrom = this.logEntries().length;
    this.onAnswer(picks);
  }

  /** The computer answers every decision that is not the reader's (a scripted answer first when `scripted`
   *  gives one), in chunks so the page stays responsive; then the table is drawn. */
  protected pump(scripted?: (r: Request) => boolean): void {
    const g = this.game;
    let n = 0;
    this.busy = true;
    for (;;) {
      const r = g.pending;
      if (!r || g.over || (r.seat === this.viewer && !this.handsOff)) break;
      if (scripted?.(r)) continue;
      if (this.aiUsed++ > AI_BUDGET) {
        this.say(
          this.L.t('电脑已行动太多步，对局中止。', 'The computer has made too many moves; the game stops here.'),
          'bad',
        );
        break;
      }
      let picks: number[] | null;
      try {
        picks = answerOf(this.ai, g); // from the asked seat's view only
      } catch {
        picks = null;
      }
      picks ??= r.min > 0 ? Array.from({ length: r.min }, (_, i) => i) : [];
      const res = g.answer(picks);
      if (!res.ok) g.answer(Array.from({ length: r.min }, (_, i) => i));
      if (++n >= AI_CHUNK) {
        this.drawStatus();
        this.el.ask.innerHTML = `<p class="sgs-wait">${esc(this.L.ui('aiThinking'))}</p>`;
        const gen = this.generation;
        setTimeout(() => {
          if (gen === this.generation) this.pump(scripted); // not after a restart
        }, 0);
        return;
      }
    }
    this.busy = false;
    this.render();
  }

  private generation = 0;

  protected resetGame(g: Game, ai: Policy): void {
    this.generation++;
    this.game = g;
    this.ai = ai;
    this.selected = [];
    this.hint = [];
    this.freshFrom = 0;
    this.aiUsed = 0;
    this.busy = false;
  }

  protected say(text: string, kind: 'info' | 'ok' | 'bad' = 'info'): void {
    this.note = text;
    this.noteKind = kind;
  }

  // ------------------------------------------------------------------ drawing

  render(): void {
    this.el.bar.innerHTML = this.controls();
    this.el.note.textContent = this.note;
    this.el.note.className = `sgs-note ${this.noteKind}`;
    if (!this.game) return;
    this.beforeRender();
    this.drawStatus();
    this.drawSeats();
    this.drawAsk();
    this.el.checks.innerHTML = this.checksHTML();
    this.drawLog();
  }

  protected view(): PlayerView {
    // Watching a public demo, or the game is over: everything is shown.
    return this.viewer === null || this.game.state.over ? fullView(this.game) : viewFor(this.game, this.viewer);
  }

  /** A player's value (its properties `v`, or a view's `props`) of the property that carries the hint. */
  protected hinted(values: Record<string, unknown>, hint: PropertyHint): unknown {
    const id = hintedProperty(this.program, hint);
    return id === null ? undefined : values[id];
  }

  protected playerName(seat: number): string {
    const p = this.game.state.players[seat];
    if (!p) return '?';
    const gen = this.hinted(p.v, 'general');
    const me = seat === this.viewer ? `${this.L.ui('you')} · ` : '';
    return `${me}${p.name}${typeof gen === 'string' ? this.L.t(`（${this.L.name(gen)}）`, ` (${this.L.name(gen)})`) : ''}`;
  }

  /** A visible card's kind (what it counts as, when a skill made it count as another), face and full title. */
  private cardText(c: CardLike): { kind: string; face: string; name: string; title: string; as?: string } {
    const printed = this.game.state.cards[c.id];
    const as = printed?.as;
    const kind = as ?? c.kind;
    const face = faceText(c);
    const name = as ? this.L.name(kind) : this.L.cardName(kind, printed?.depicts);
    return { kind, face, as, name, title: `${name}${as ? ` (${this.L.name(c.kind)})` : ''} ${face}` };
  }

  /** A card drawn as its face (card-svg.ts, as on the rulebook's pages), its name and face also as text for
   *  readers that do not see the drawing. */
  protected card(c: CardLike | ViewCard, extra = '', covered?: number): string {
    if ('hidden' in c) {
      const t = esc(this.L.ui('faceDown'));
      return `<span class="sgs-card back${extra}" title="${t}">${cardBackSvg()}<span class="sgs-vh">${t}</span></span>`;
    }
    const { kind, as, title } = this.cardText(c);
    // A card that depicts something (a general card) shows that name large and its kind as the note.
    const depicts = as ? undefined : this.game.state.cards[c.id]?.depicts;
    const svg = cardSvg({
      suit: c.suit,
      rank: c.rank,
      name: this.L.name(depicts ?? kind),
      note: as || depicts ? this.L.name(c.kind) : undefined,
      size: 'table',
      decorative: true,
      covered,
    });
    return `<span class="sgs-card${isRed(c.suit) ? ' red' : ''}${extra}" title="${esc(title)}">${svg}<span class="sgs-vh">${esc(title)}</span></span>`;
  }

  /** A card in a seat's small print (equipment, judge area, a watched hand): its name and face as a chip. */
  protected chip(c: CardLike | ViewCard): string {
    if ('hidden' in c) return `<span class="sgs-chip back" title="${esc(this.L.ui('faceDown'))}">🂠</span>`;
    const { name, face, title } = this.cardText(c);
    return `<span class="sgs-chip${isRed(c.suit) ? ' red' : ''}" title="${esc(title)}">${esc(name)}<i>${face}</i></span>`;
  }

  /** An option's face: a card, a player, a general, a skill, yes/no, or its label. */
  protected value(v: Value, label: string): string {
    if (v === true || v === false) return esc(this.L.yesNo(v));
    if (typeof v === 'number') return String(v);
    if (typeof v === 'string') {
      const gen = this.program.generals[v];
      if (gen) {
        const f = gen.fields;
        const skills = gen.skills.map((s) => this.L.name(s)).join(this.L.t('、', ', '));
        return `<span class="sgs-gen"><b>${esc(this.L.name(v))}</b><small>${esc([f.kingdom ? this.L.name(String(f.kingdom)) : '', f.hp ? `❤${f.hp}` : '', skills].filter(Boolean).join(' · '))}</small></span>`;
      }
      return esc(this.L.choice(v === label ? v : label));
    }
    if (v === null || Array.isArray(v)) return esc(label);
    switch (v.t) {
      case 'c':
        return this.card(v);
      case 'v': {
        const subs = v.subs.map(faceText).join(' ');
        const via = v.via ? this.L.name(v.via) : '';
        const note = [subs || this.L.t('无实体牌', 'no card'), via].filter(Boolean).join(' · ');
        const one = v.subs.length === 1 ? v.subs[0] : undefined; // a card used as another keeps its face
        const svg = cardSvg({
          suit: one?.suit,
          rank: one?.rank,
          name: this.L.name(v.kind),
          note,
          size: 'table',
          cls: 'virt',
          decorative: true,
        });
        const title = `${this.L.name(v.kind)} (${note})`;
        return `<span class="sgs-card virt${v.subs.some((c) => isRed(c.suit)) ? ' red' : ''}" title="${esc(title)}">${svg}<span class="sgs-vh">${esc(title)}</span></span>`;
      }
      case 'p':
        return esc(this.playerName(v.seat));
      case 'a':
        return `<span class="sgs-skill">${esc(this.L.name(v.skill))}</span>`;
    }
    return esc(label);
  }

  private drawStatus(): void {
    const g = this.game,
      s = g.state,
      L = this.L;
    const parts: string[] = [];
    const { player: tp, phase: ph } = turnNow(g);
    if (tp) {
      parts.push(
        `${esc(L.ui('whoseTurn'))}${L.t('：', ': ')}<b>${esc(this.playerName(tp.seat))}</b>${typeof ph === 'string' ? ` · ${esc(L.name(ph))}` : ''}`,
      );
    }
    // The shared zones by their sizes: their cards lie in the middle of the table (centre). A face-down pile is
    // counted even when empty; the others once they hold a card.
    const v = this.view();
    for (const [id, z] of Object.entries(this.program.zones)) {
      if (z.perPlayer) continue;
      const n = v.zones[id]?.count ?? 0;
      if (z.visibility === 'hidden' || n > 0) parts.push(`${esc(L.name(id))} ${n}`);
    }
    if (s.over) {
      const w = s.over.winners;
      const who =
        typeof w === 'string'
          ? L.name(w)
          : Array.isArray(w)
            ? w
                .map((x) =>
                  typeof x === 'object' && x && !Array.isArray(x) && x.t === 'p' ? this.playerName(x.seat) : String(x),
                )
                .join(', ')
            : '';
      parts.push(
        `<b class="sgs-over">${esc(L.ui('gameOver'))}${who ? ` · ${esc(L.ui('winners'))}${L.t('：', ': ')}${esc(who)}` : ''}${L.lang === 'zh' ? `（${esc(L.text(s.over.text))}）` : ` (${esc(L.text(s.over.text))})`}</b>`,
      );
    }
    if (s.error) parts.push(`<b class="sgs-err">${esc(L.ui('error'))}${L.t('：', ': ')}${esc(s.error)}</b>`);
    this.el.status.innerHTML = parts.map((p) => `<span>${p}</span>`).join('');
  }

  /** Whether the distance overlay is on (the reader's toggle); hovering or focusing a seat shows its own. */
  private distOn = false;

  /** The seats around an oval, the bottom one the reader's (or, watching, the first seat) with its hand fanned;
   *  the shared zones in the middle; the distances from the bottom seat, as the rules compute them, on demand. */
  private drawSeats(): void {
    const g = this.game,
      L = this.L,
      v = this.view();
    const n = v.players.length;
    const bottom = this.viewer ?? 0;
    const r = g.pending;
    const tp = turnNow(g).player;
    const dist = g.state.over ? [] : seatDistances(g, this.viewer, bottom);
    const distOf = new Map<number, SeatDistance>(dist.map((d) => [d.seat, d]));
    const ring: string[] = [];
    const lines: string[] = [];
    let mine = '';
    for (let k = 0; k < n; k++) {
      const p = v.players[(bottom + k) % n]!;
      const pos = seatPosition(k, n);
      const cls = ['sgs-seat'];
      if (!p.alive) cls.push('dead');
      if (tp && tp.seat === p.seat) cls.push('current');
      if (r && r.seat === p.seat && !g.over) cls.push('asked');
      if (p.seat === this.viewer) cls.push('me');
      if (k === 0) cls.push('bottom');
      const d = distOf.get(p.seat);
      if (d?.inRange) cls.push('in-range');
      const body = this.seatBody(p, v, k === 0);
      if (k === 0) {
        mine = `<section class="${cls.join(' ')}" data-seat="${p.seat}">${body}</section>`;
        continue;
      }
      const badge = d
        ? `<span class="sgs-dist" data-to="${p.seat}" data-distance="${d.distance}"${d.inRange ? ' data-in-range=""' : ''}>${esc(L.t('距离', 'distance'))} <b>${d.distance}</b>${d.inRange ? ` · <span class="sgs-inrange">${esc(L.t('攻击范围内', 'in range'))}</span>` : ''}</span>`
        : '';
      ring.push(
        `<section class="${cls.join(' ')}" data-seat="${p.seat}" style="--x:${pos.x.toFixed(2)}%;--y:${pos.y.toFixed(2)}%" tabindex="-1">${body}${badge}</section>`,
      );
      if (d) {
        // A line from the bottom seat to this one, its number past half-way (clear of the piles in the middle).
        const from = seatPosition(0, n);
        const mx = from.x + (pos.x - from.x) * 0.6,
          my = from.y + (pos.y - from.y) * 0.6;
        lines.push(
          `<line class="sgs-distline${d.inRange ? ' in-range' : ''}" data-to="${p.seat}" x1="${from.x.toFixed(2)}" y1="${from.y.toFixed(2)}" x2="${pos.x.toFixed(2)}" y2="${pos.y.toFixed(2)}" vector-effect="non-scaling-stroke"/>`,
        );
        ring.push(
          `<span class="sgs-distnum${d.inRange ? ' in-range' : ''}" data-to="${p.seat}" style="--x:${mx.toFixed(2)}%;--y:${my.toFixed(2)}%" aria-hidden="true">${d.distance}</span>`,
        );
      }
    }
    const toggle = dist.length
      ? `<button type="button" class="sgs-btn sgs-distbtn" data-act="dist" aria-pressed="${this.distOn ? 'true' : 'false'}" title="${esc(L.t('从底部座位到各座位的距离，以及谁在其攻击范围内（由规则计算）', 'The distance from the bottom seat to each seat, and who is in its attack range (computed by the rules)'))}">${esc(L.t('距离', 'Distances'))}</button>`
      : '';
    this.el.seats.innerHTML = `<div class="sgs-ring${this.distOn ? ' dist-on' : ''}${n >= 7 ? ' many' : n <= 3 ? ' few' : ''}${n % 2 === 0 ? ' across' : ''}" data-players="${n}">
<div class="sgs-felt"></div><svg class="sgs-lines" viewBox="0 0 100 100" preserveAspectRatio="none" aria-hidden="true">${lines.join('')}</svg>
<div class="sgs-centre">${this.centre(v)}</div>${toggle}
${ring.join('\n')}</div>${mine}`;
  }

  /** The shared zones on the middle of the table: hidden ones as a back with their size, open ones' cards. */
  private centre(v: PlayerView): string {
    const out: string[] = [];
    for (const [id, z] of Object.entries(this.program.zones)) {
      if (z.perPlayer) continue;
      const vz = v.zones[id] ?? { count: 0 };
      if (vz.count === 0) continue;
      const label = `<span class="sgs-pilename">${esc(this.L.name(id))} ${vz.count}</span>`;
      if (!vz.cards || z.visibility === 'hidden') {
        out.push(`<div class="sgs-pile">${cardBackSvg()}${label}</div>`);
      } else if (vz.cards.length <= 6) {
        out.push(`<div class="sgs-pile open">${vz.cards.map((c) => this.card(c)).join('')}${label}</div>`);
      } else {
        // A long open pile (the discard pile): its top card and its size.
        out.push(`<div class="sgs-pile">${this.card(vz.cards[vz.cards.length - 1]!)}${label}</div>`);
      }
    }
    return out.join('');
  }

  /** A seat's name, HP pips, hand, equipment, judge area, marks and skills; the bottom seat's hand is fanned. */
  private seatBody(p: PlayerView['players'][number], v: PlayerView, fanned: boolean): string {
    const L = this.L;
    const pr = p.props;
    const general = this.hinted(pr, 'general'),
      shownRole = this.hinted(pr, 'role'),
      life = this.hinted(pr, 'life'),
      maxLife = this.hinted(pr, 'maxLife');
    const gen = typeof general === 'string' ? general : null;
    const role = typeof shownRole === 'string' ? shownRole : null;
    const hp = typeof life === 'number' ? life : 0,
      max = typeof maxLife === 'number' ? maxLife : 0;
    const lifeName = hintedProperty(this.program, 'life');
    // HP as pips, green when healthy, amber and then red as it falls.
    const tone = max > 0 && hp * 3 > max * 2 ? 'hi' : max > 0 && hp * 3 > max ? 'mid' : 'lo';
    const pips =
      max > 0 && max <= 12
        ? Array.from(
            { length: max },
            (_, i) => `<i class="sgs-pip${i < hp ? ` full ${tone}` : ''}" aria-hidden="true"></i>`,
          ).join('')
        : '';
    const rows: string[] = [];
    rows.push(
      `<div class="sgs-hp" title="${esc(lifeName ? L.name(lifeName) : '')} ${hp}/${max}">${pips} <small>${hp}/${max}</small></div>`,
    );
    const handZone = hintedZone(this.program, 'hand');
    const hand = handZone === null ? undefined : v.zones[`${handZone}:${p.seat}`];
    if (hand) {
      if (fanned && hand.cards) rows.push(this.fanOf(hand.cards, p.seat));
      else {
        const shown = hand.cards?.length
          ? `<span class="sgs-chips">${hand.cards.map((c) => this.chip(c)).join('')}</span>`
          : '';
        rows.push(
          `<div class="sgs-zone sgs-z-hand"><span class="sgs-handcount" title="${esc(L.ui('hand'))}">${cardBackSvg()}<b>${hand.count}</b></span>${shown}</div>`,
        );
      }
    }
    // The other per-player zones the rules declare (equipment, judge area, …), when they hold cards.
    for (const [zid, z] of Object.entries(this.program.zones)) {
      if (!z.perPlayer || zid === handZone) continue;
      const zz = v.zones[`${zid}:${p.seat}`];
      if (!zz || zz.count === 0) continue;
      const body = zz.cards
        ? zz.cards.map((c) => this.chip(c)).join('')
        : `<span class="sgs-count">${zz.count}${esc(L.ui('cards'))}</span>`;
      rows.push(
        `<div class="sgs-zone sgs-z-${esc(zid)}"><span class="sgs-zl">${esc(L.name(zid))}</span><span class="sgs-zc">${body}</span></div>`,
      );
    }
    const marks = this.marks(pr);
    if (marks) rows.push(`<div class="sgs-marks">${marks}</div>`);
    const own = p.skills.filter((s) => !this.cardSkills.has(s)); // equipment skills show as the equipment
    if (own.length)
      rows.push(`<div class="sgs-skills">${own.map((s) => `<span>${esc(L.name(s))}</span>`).join('')}</div>`);
    const roleTag = role
      ? `<span class="sgs-role r-${esc(role)}" title="${esc(this.roleTitle(role))}">${esc(L.lang === 'zh' ? L.roleIcon(role) : L.name(role))}</span>`
      : '';
    return `<header>${roleTag}${gen ? `<b class="sgs-gname">${esc(L.name(gen))}</b>` : ''}<span class="sgs-pname">${esc(p.name)}</span>${p.seat === this.viewer ? `<span class="sgs-you">${esc(L.ui('you'))}</span>` : ''}${p.alive ? '' : `<span class="sgs-deadtag">${esc(L.ui('dead'))}</span>`}</header>
<div class="sgs-seatbody">${rows.join('\n')}</div>`;
  }

  /** A role as its badge's tooltip: its name, and the side the mode's `sideOf` puts it on when that says more
   *  (3v3: 内奸 · 冷色方). */
  private roleTitle(role: string): string {
    const L = this.L;
    const side = this.program.functions.sideOf ? publicTable(this.game).call('sideOf', role) : null;
    if (typeof side !== 'string' || L.name(side) === L.name(role)) return L.name(role);
    return `${L.name(role)} · ${L.name(side)}`;
  }

  /** The bottom seat's hand, fanned. A card the pending question offers the reader is a button that answers with
   *  it (the same option as in the question below); the others can still be focused to read them. */
  private fanOf(cards: (CardLike | ViewCard)[], seat: number): string {
    const r = this.game.pending;
    const offered = new Map<number, number>();
    if (r && r.seat === this.viewer && r.seat === seat && !this.game.over)
      r.options.forEach((o, i) => {
        const val = o.value;
        if (val && typeof val === 'object' && !Array.isArray(val) && val.t === 'c') offered.set(val.id, i);
      });
    const n = cards.length;
    const card = (c: CardLike | ViewCard) => this.card(c, '', FAN_COVERED);
    const items = cards.map((c, k) => {
      const rot = n > 1 ? ((k - (n - 1) / 2) * Math.min(4, 32 / n)).toFixed(1) : '0';
      const style = `style="--rot:${rot}deg"`;
      const i = 'hidden' in c ? undefined : offered.get(c.id);
      if (i === undefined) return `<span class="sgs-hcard" tabindex="0" ${style}>${card(c)}</span>`;
      const sel = this.selected.includes(i);
      return `<button type="button" class="sgs-hcard playable${sel ? ' selected' : ''}" data-act="opt" data-i="${i}" aria-pressed="${sel ? 'true' : 'false'}" ${style}>${card(c)}</button>`;
    });
    return `<div class="sgs-zone sgs-z-hand sgs-fan${offered.size ? ' asking' : ''}"><span class="sgs-zl">${esc(this.L.ui('hand'))} ${n}</span><div class="sgs-fancards" style="--fan-covered:${FAN_COVERED_SHARE}">${items.join('')}</div></div>`;
  }

  /** Public properties that differ from nothing: counters, flags, skipped phases. */
  private marks(props: Record<string, unknown>): string {
    const L = this.L;
    const out: string[] = [];
    for (const [k, val] of Object.entries(props)) {
      if (this.hintedIds.has(k)) continue;
      if (val === null || val === false || val === 0 || val === '' || (Array.isArray(val) && val.length === 0))
        continue;
      const show = (x: unknown): string =>
        typeof x === 'string'
          ? L.name(x)
          : x && typeof x === 'object' && '$p' in x
            ? this.playerName((x as { $p: number }).$p)
            : x && typeof x === 'object' && '$c' in x
              ? '🂠'
              : String(x);
      const text =
        val === true
          ? L.name(k)
          : `${L.name(k)}${L.t('：', ': ')}${Array.isArray(val) ? val.map(show).join(L.t('、', ', ')) : show(val)}`;
      out.push(`<span class="sgs-mark">${esc(text)}</span>`);
    }
    return out.join('');
  }

  protected drawAsk(): void {
    const g = this.game,
      L = this.L;
    const r = g.pending;
    if (!r || g.over) {
      this.el.ask.innerHTML = '';
      return;
    }
    const mine = r.seat === this.viewer;
    const watching = this.seesQuestion(r);
    // A sealed question: the seats answer one by one, none seeing another's answer until all have answered.
    const sealed = r.sealed
      ? `<small class="sgs-sealed" data-sealed="${r.sealed.answered}/${r.sealed.seats.length}">🔒 ${esc(mine ? L.ui('sealed') : `${L.ui('sealedWait')} ${r.sealed.answered}/${r.sealed.seats.length}`)}</small>`
      : '';
    if (!mine && !watching) {
      this.el.ask.innerHTML = `<p class="sgs-wait">${esc(L.ui('waiting'))} ${esc(this.playerName(r.seat))}…${sealed ? ` ${sealed}` : ''}</p>`;
      return;
    }
    const multi = r.max > 1;
    const opts = r.options.map((o, i) => {
      const sel = this.selected.includes(i) ? ' selected' : '';
      const hint = this.hint.includes(i) ? ' hint' : '';
      const title = hint ? ` title="${esc(this.hintTitle())}"` : '';
      return `<button type="button" class="sgs-opt${sel}${hint}" data-act="opt" data-i="${i}"${mine ? '' : ' disabled'}${title} aria-pressed="${sel ? 'true' : 'false'}">${this.value(o.value, o.label)}</button>`;
    });
    const range =
      multi || r.min !== 1
        ? `<small class="sgs-range">${esc(L.t(`选 ${r.min}–${r.max} 项`, `pick ${r.min}–${r.max}`))}</small>`
        : '';
    const buttons: string[] = [];
    if (mine && multi) {
      const ok = this.selected.length >= r.min && this.selected.length <= r.max;
      buttons.push(
        `<button type="button" class="sgs-btn primary" data-act="confirm"${ok ? '' : ' disabled'}>${esc(L.ui('confirm'))} (${this.selected.length})</button>`,
      );
    }
    if (r.min === 0) {
      const passLabel = r.prompt === 'play' ? L.t('结束出牌', 'End the play phase') : L.ui('pass');
      const hint = this.hint.length === 0 && this.hintKnown ? ' hint' : '';
      buttons.push(
        `<button type="button" class="sgs-btn${hint}" data-act="pass"${mine ? '' : ' disabled'}>${esc(passLabel)}</button>`,
      );
    }
    this.el.ask.innerHTML = `<div class="sgs-q${mine ? ' mine' : ''}"><p><b>${esc(this.playerName(r.seat))}</b>${mine ? ` <span class="sgs-you">${esc(L.ui('yourTurn'))}</span>` : ''}${L.t('：', ': ')}${esc(L.prompt(r.prompt))} ${range}${sealed ? ` ${sealed}` : ''}</p>
<div class="sgs-opts">${opts.join('')}</div>${buttons.length ? `<div class="sgs-btns">${buttons.join('')}</div>` : ''}</div>`;
  }
  protected hintKnown = false;
  /** Whether the reader, not answering it, is shown a question's options (watching a demo: yes). */
  protected seesQuestion(_r: Request): boolean {
    return this.viewer === null;
  }
  protected hintTitle(): string {
    return this.L.t('脚本的选择', 'the script’s choice');
  }

  /** What the log shows: the seat's own log (only what its player could see at the table), or, watching, every
   *  entry with those not everyone may read marked. */
  protected logEntries(): ShownEntry[] {
    const s = this.game.state;
    if (this.viewer !== null) return logFor(s.log, this.viewer);
    return s.log.map((e) => ({ k: e.k, text: e.text, tpl: e.tpl, args: e.args, private: !!e.audience || !!e.masked }));
  }

  private drawLog(): void {
    const g = this.game;
    const log = this.logEntries();
    const ol = this.el.log;
    if (this.logGame !== g || log.length < this.logShown) {
      ol.innerHTML = '';
      this.logShown = 0;
      this.logGame = g;
    }
    ol.querySelectorAll<HTMLElement>('li.fresh').forEach((li) => {
      if (Number(li.dataset.n) < this.freshFrom) li.classList.remove('fresh');
    });
    const frag = document.createDocumentFragment();
    for (let i = this.logShown; i < log.length; i++) {
      const e = log[i]!;
      if (e.k === 'ask') continue; // the decision panel shows the question; its options may reveal hands
      const li = document.createElement('li');
      li.className = `k-${e.k}${i >= this.freshFrom && this.viewer !== null ? ' fresh' : ''}${e.private ? ' private' : ''}`;
      li.dataset.n = String(i);
      if (e.private) li.title = this.L.ui('privateEntry');
      li.textContent = this.L.logLine(e);
      frag.appendChild(li);
    }
    this.logShown = log.length;
    ol.appendChild(frag);
    // Keep at most the last 400 lines in the page.
    while (ol.childElementCount > 400) ol.firstElementChild!.remove();
    ol.scrollTop = ol.scrollHeight;
  }
}

// ------------------------------------------------------------------ <sgs-scenario>

export class ScenarioTable extends Table {
  private runner!: ScenarioRunner;
  private checks: Check[] = [];
  private mode: 'watch' | 'play' = 'watch';
  private seat = 0;
  private onScript = true;
  private timer: ReturnType<typeof setInterval> | null = null;
  private finished = false;

  constructor(
    host: HTMLElement,
    L: Labels,
    program: Program,
    private scen: IScenario,
  ) {
    super(host, L, program);
    const first = scen.steps.find((s) => s.k === 'answer');
    this.seat = Math.max(0, first && first.k === 'answer' ? scen.seats.findIndex((s) => s.name === first.player) : 0);
    this.start('watch');
  }

  private start(mode: 'watch' | 'play'): void {
    this.stopAutoplay();
    let ai: Policy | undefined;
    this.runner = new ScenarioRunner(this.program, this.scen.id, 1, (g) => {
      ai = policyFor(AIS.heuristic, g, 1);
    });
    this.resetGame(this.runner.game, ai!);
    this.mode = mode;
    this.viewer = mode === 'watch' ? null : this.seat;
    this.checks = [];
    this.onScript = true;
    this.finished = false;
    this.say(this.L.ui(mode === 'watch' ? 'watching' : 'playing'));
    this.runChecks();
    if (mode === 'play') this.pumpScript();
    else this.showWatch();
  }

  /** Run the expectation steps at the cursor (they describe the state reached so far). */
  private runChecks(): void {
    const r = this.runner;
    while (!r.done && r.step!.k !== 'answer') {
      const st = r.step!;
      const n = r.next + 1;
      const f = r.runStep();
      this.checks.push({ step: n, text: stepText(st, this.L), ok: !f, message: f?.message });
    }
    if (r.done && !this.finished) {
      this.finished = true;
      const f = r.finish();
      if (f && !this.checks.some((c) => !c.ok))
        this.checks.push({ step: f.step, text: '', ok: false, message: f.message });
    }
  }

  private showWatch(): void {
    if (this.runner.done) this.sayDone();
    this.render();
  }

  /** The options the script picks next for the pending decision: shown when watching, and marked when the
   *  reader plays the seat the script is about to answer for. */
  protected beforeRender(): void {
    const r = this.runner;
    const st = this.onScript ? r.step : undefined;
    this.hint = [];
    this.hintKnown = false;
    const req = this.game.pending;
    if (st && st.k === 'answer' && req && (this.viewer === null || req.seat === this.viewer)) {
      const m = r.picksFor(st);
      if (m.ok) {
        this.hint = m.picks;
        this.hintKnown = true;
      }
    }
  }

  private sayDone(): void {
    const failed = this.checks.find((c) => !c.ok);
    if (failed) this.say(`${this.L.ui('failed')}${this.L.t('：', ': ')}${failed.message ?? ''}`, 'bad');
    else this.say(`${this.L.ui('scriptDone')} ${this.checks.length ? this.L.ui('allPassed') : ''}`, 'ok');
  }

  private nextStep(): void {
    const r = this.runner;
    if (this.mode !== 'watch' || r.done) return;
    const st = r.step!;
    const n = r.next + 1;
    const f = r.runStep();
    if (f) this.checks.push({ step: n, text: stepText(st, this.L), ok: false, message: f.message });
    this.runChecks();
    if (r.done) this.stopAutoplay();
    this.showWatch();
  }

  private stopAutoplay(): void {
    if (this.timer !== null) clearInterval(this.timer);
    this.timer = null;
  }

  /** Playing a seat: the other seats follow the script while it has an answer for them, then the computer. */
  private pumpScript(): void {
    const r = this.runner;
    this.pump((req) => {
      if (this.onScript) this.runChecks();
      if (this.onScript && r.failure) this.leaveScript();
      const st = this.onScript ? r.step : undefined;
      if (!st) return false;
      if (st.k === 'answer' && st.player === this.game.state.players[req.seat]!.name && r.picksFor(st).ok) {
        r.runStep();
        if (this.onScript) this.runChecks();
        return true;
      }
      this.leaveScript();
      return false;
    });
    if (this.onScript) {
      this.runChecks();
      if (r.done) this.sayDone();
      this.render();
    }
  }

  private leaveScript(): void {
    if (!this.onScript) return;
    this.onScript = false;
    if (!this.runner.done) this.say(this.L.ui('offScript'), 'info');
  }

  protected onAnswer(picks: number[]): void {
    const g = this.game,
      r = this.runner;
    const req = g.pending!;
    const st = this.onScript ? r.step : undefined;
    if (st && st.k === 'answer' && st.player === g.state.players[req.seat]!.name) {
      const m = r.picksFor(st);
      if (m.ok && m.picks.length === picks.length && m.picks.every((i) => picks.includes(i))) {
        r.runStep();
        this.pumpScript();
        return;
      }
    }
    if (st) this.leaveScript();
    const res = g.answer(picks);
    if (!res.ok) this.say(res.reason, 'bad');
    this.pumpScript();
  }

  protected controls(): string {
    const L = this.L,
      r = this.runner;
    // Progress in scripted answers (each "next step" plays one answer and the expectations after it).
    const total = r.steps.filter((s) => s.k === 'answer').length;
    const done = r.steps.slice(0, r.next).filter((s) => s.k === 'answer').length;
    const seats = this.scen.seats
      .map((s, i) => {
        const p = this.game.state.players[i];
        const gen = p ? this.hinted(p.v, 'general') : undefined;
        return `<option value="${i}"${i === this.seat ? ' selected' : ''}>${esc(s.name)}${typeof gen === 'string' ? ` · ${esc(L.name(gen))}` : ''}</option>`;
      })
      .join('');
    const watch = this.mode === 'watch';
    return `<div class="sgs-group">
<button type="button" class="sgs-btn${watch ? ' on' : ''}" data-act="watch">${esc(L.ui('watch'))}</button>
${
  watch
    ? `<button type="button" class="sgs-btn primary" data-act="next"${r.done ? ' disabled' : ''}>${esc(L.ui('next'))} <small>${done}/${total}</small></button>
<button type="button" class="sgs-btn" data-act="auto"${r.done ? ' disabled' : ''} aria-pressed="${this.timer ? 'true' : 'false'}">${esc(this.timer ? L.ui('pause') : L.ui('autoplay'))}</button>`
    : ''
}
</div><div class="sgs-group"><label>${esc(L.ui('seat'))} <select data-role="seat">${seats}</select></label>
<button type="button" class="sgs-btn${watch ? '' : ' on'}" data-act="seat">${esc(L.ui('takeSeat'))}</button>
<button type="button" class="sgs-btn" data-act="restart">${esc(L.ui('restart'))}</button></div>`;
  }

  protected control(act: string): void {
    switch (act) {
      case 'watch':
        this.start('watch');
        break;
      case 'next':
        this.nextStep();
        break;
      case 'auto':
        if (this.timer) {
          this.stopAutoplay();
          this.render();
        } else {
          this.timer = setInterval(() => this.nextStep(), 900);
          this.nextStep();
        }
        break;
      case 'seat': {
        const sel = this.host.querySelector<HTMLSelectElement>('select[data-role="seat"]');
        this.seat = Number(sel?.value ?? this.seat);
        this.start('play');
        break;
      }
      case 'restart':
        this.start(this.mode);
        break;
    }
  }

  protected checksHTML(): string {
    if (this.checks.length === 0) return '';
    const items = this.checks.map(
      (c) =>
        `<li class="${c.ok ? 'ok' : 'bad'}"><span class="mark">${c.ok ? '✓' : '✗'}</span> <code>${esc(c.text)}</code>${c.message && !c.ok ? `<br><small>${esc(c.message)}</small>` : ''}</li>`,
    );
    return `<h4>${esc(this.L.ui('checks'))}</h4><ul>${items.join('')}</ul>`;
  }
}

// ------------------------------------------------------------------ <sgs-game>

export class GameTable extends Table {
  private players: number;
  private choice: string; // a role (the value of the property `as role`) or 'seat:N'
  private seed: number;
  private modeId: string;
  /** The options chosen for the next game: only those set to something else than their default. */
  private options: Record<string, unknown> = {};
  /** What the game in play started from, when it is a game of a series after the first (`game.carried()` of the one
   *  before): the rules' scores, the lord's seat moving on. */
  private carried: Carried | undefined;

  constructor(host: HTMLElement, L: Labels, program: Program) {
    super(host, L, program);
    // The page's mode, unless the address names another (`/play/?mode=…`, the rulebook's mode pages link so).
    const params = new URLSearchParams(typeof location === 'undefined' ? '' : location.search);
    const asked = params.get('mode');
    const wanted = asked && program.modes[asked] ? asked : host.dataset.mode;
    this.modeId = wanted && program.modes[wanted] ? wanted : defaultMode(program)!.id;
    // Options the address sets (`&reincarnation=true`; the rulebook's variant pages link so), when they are values
    // the option takes.
    for (const o of this.gameOptions()) {
      const v = params.get(o.id);
      if (v === null) continue;
      const value: unknown = o.values ? v : v === 'true' ? true : v === 'false' ? false : undefined;
      if (value !== undefined && (!o.values || o.values.includes(v)) && value !== o.default) this.options[o.id] = value;
    }
    const f = program.modes[this.modeId]!.fields;
    const min = (f.minPlayers as number) ?? 2,
      max = (f.maxPlayers as number) ?? 10;
    this.players = Math.min(max, Math.max(min, Number(host.getAttribute('players') ?? host.dataset.players ?? 5) || 5));
    this.choice = host.dataset.seat ?? this.firstChoice();
    this.seed = Number(host.dataset.seed) || Math.floor(Math.random() * 1e6) + 1;
    // Another mode: its own player counts and options, and a new game at once.
    host.addEventListener('change', (e) => {
      const el = e.target as HTMLSelectElement;
      if (el.dataset.role !== 'mode' || !this.program.modes[el.value]) return;
      this.modeId = el.value;
      this.options = {};
      this.carried = undefined;
      this.players = this.clampPlayers(this.players);
      this.keepChoiceAtTable();
      this.start();
    });
    this.start();
  }

  /** The seat a reader takes unless they pick one: the first role the rules declare (the lord), or the first seat
   *  where players have no roles. */
  private firstChoice(): string {
    return hintedValues(this.program, 'role')[0] ?? 'seat:0';
  }

  /** A seat chosen by number that the table no longer has (fewer players) gives way to the default. */
  private keepChoiceAtTable(): void {
    if (this.choice.startsWith('seat:') && Number(this.choice.slice(5)) >= this.players)
      this.choice = this.firstChoice();
  }

  /** `n` within the current mode's player counts. */
  private clampPlayers(n: number): number {
    const f = this.program.modes[this.modeId]!.fields;
    return Math.min((f.maxPlayers as number) ?? 10, Math.max((f.minPlayers as number) ?? 2, n));
  }

  private start(): void {
    let g: Game;
    try {
      g = new Game(this.program, {
        mode: this.modeId,
        players: this.players,
        seed: this.seed,
        options: this.options,
        ...(this.carried ? { carried: this.carried } : {}),
      });
    } catch (e) {
      this.say(e instanceof Error ? e.message : String(e), 'bad');
      this.render();
      return;
    }
    const ai = policyFor(AIS.heuristic, g, this.seed);
    this.resetGame(g, ai);
    g.start(); // roles are dealt before the first decision
    let seat = 0;
    if (this.choice.startsWith('seat:')) seat = Math.min(this.players - 1, Number(this.choice.slice(5)) || 0);
    else
      seat = Math.max(
        0,
        g.state.players.findIndex((p) => this.hinted(p.v, 'role') === this.choice),
      );
    this.viewer = seat;
    const role = this.hinted(g.state.players[seat]!.v, 'role');
    this.say(
      `${this.L.ui('youAre')} ${g.state.players[seat]!.name}${typeof role === 'string' ? ` · ${this.L.name(role)}` : ''}`,
      'info',
    );
    this.pump();
  }

  protected onAnswer(picks: number[]): void {
    const res = this.game.answer(picks);
    if (!res.ok) this.say(res.reason, 'bad');
    this.pump();
  }

  protected controls(): string {
    const L = this.L;
    const f = this.program.modes[this.modeId]!.fields;
    const min = (f.minPlayers as number) ?? 2,
      max = (f.maxPlayers as number) ?? 10;
    const ns: string[] = [];
    for (let n = min; n <= max; n++)
      ns.push(`<option value="${n}"${n === this.players ? ' selected' : ''}>${n}</option>`);
    const roles = hintedValues(this.program, 'role').map(
      (r) =>
        `<option value="${r}"${this.choice === r ? ' selected' : ''}>${esc(L.ui('byRole'))}${L.t('：', ': ')}${esc(L.name(r))}</option>`,
    );
    const seats: string[] = [];
    for (let i = 0; i < this.players; i++)
      seats.push(
        `<option value="seat:${i}"${this.choice === `seat:${i}` ? ' selected' : ''}>${esc(L.ui('seat'))} ${i + 1}</option>`,
      );
    const modes = Object.keys(this.program.modes);
    const modePick =
      modes.length > 1
        ? `<label>${esc(L.ui('mode'))} <select data-role="mode">${modes.map((m) => `<option value="${esc(m)}"${m === this.modeId ? ' selected' : ''}>${esc(L.name(m))}</option>`).join('')}</select></label>`
        : '';
    return `<div class="sgs-group">${modePick}<label>${esc(L.ui('players'))} <select data-role="players">${ns.join('')}</select></label>
<label>${esc(L.ui('mySeat'))} <select data-role="choice">${roles.join('')}${seats.join('')}</select></label>
<label>${esc(L.ui('seed'))} <input data-role="seed" type="number" min="1" value="${this.seed}" inputmode="numeric"></label></div>
${this.optionsHTML()}
${this.scoresHTML()}
<div class="sgs-group">${this.inSeries() ? `<button type="button" class="sgs-btn primary" data-act="next">${esc(L.ui('nextInSeries'))}</button>` : ''}<button type="button" class="sgs-btn${this.inSeries() ? '' : ' primary'}" data-act="new">${esc(L.ui(this.series() ? 'newSeries' : 'start'))}</button>
<button type="button" class="sgs-btn" data-act="restart">${esc(L.ui('restart'))}</button></div>`;
  }

  /** Whether the game in play keeps scores over a series (its mode's field `score`, with the game's options). */
  private series(): boolean {
    return this.game?.scores() !== undefined;
  }

  /** Whether the next game can go on with the series: this game kept scores and is over without a rule error. */
  private inSeries(): boolean {
    return this.series() && !!this.game?.state.over && !this.game.state.error;
  }

  /** The scoreboard of a series: each seat's total as the rules keep it (after the game, its last game included). */
  private scoresHTML(): string {
    const scores = this.game?.scores();
    if (!scores) return '';
    const L = this.L;
    const best = Math.max(...scores);
    const rows = scores.map(
      (s, i) =>
        `<tr${s === best && s > 0 ? ' class="lead"' : ''}><th scope="row">${esc(this.playerName(i))}</th><td>${s}</td></tr>`,
    );
    return `<div class="sgs-scoreboard"><table class="sgs-scores"><caption>${esc(L.ui('scores'))}</caption><tbody>${rows.join('')}</tbody></table></div>`;
  }

  /** The options a game of this mode takes (its own and the game's), as selects in a fold: the edition, the
   *  packages and deck in play, the rulings groups differ on. */
  private gameOptions(): IOption[] {
    return Object.values(this.program.options).filter((o) => modeTakesOption(this.program, this.modeId, o.id));
  }

  private optionsHTML(): string {
    const L = this.L;
    const rows = this.gameOptions().map((o) => {
      const chosen = this.options[o.id] ?? o.default;
      const values: [string, string][] = o.values
        ? o.values.map((v) => [v, L.name(v)])
        : [
            ['true', L.ui('yes')],
            ['false', L.ui('no')],
          ];
      const opts = values.map(
        ([v, label]) => `<option value="${esc(v)}"${String(chosen) === v ? ' selected' : ''}>${esc(label)}</option>`,
      );
      return `<label>${esc(L.name(o.id))} <select data-option="${esc(o.id)}">${opts.join('')}</select></label>`;
    });
    if (rows.length === 0) return '';
    const set = Object.keys(this.options).length;
    return `<details class="sgs-options"${set ? ' open' : ''}><summary>${esc(L.ui('options'))}${set ? ` (${set})` : ''}</summary><div class="sgs-group">${rows.join('')}</div></details>`;
  }

  /** The options the selects say, keeping only those that differ from their default. */
  private readOptions(): void {
    const next: Record<string, unknown> = {};
    for (const o of this.gameOptions()) {
      const el = this.host.querySelector<HTMLSelectElement>(`[data-option="${o.id}"]`);
      if (!el) continue;
      const v: unknown = o.values ? el.value : el.value === 'true';
      if (v !== o.default) next[o.id] = v;
    }
    this.options = next;
  }

  protected control(act: string): void {
    const q = (r: string) => this.host.querySelector<HTMLInputElement | HTMLSelectElement>(`[data-role="${r}"]`);
    if (act === 'new' || act === 'restart') this.readOptions();
    this.players = Number(q('players')?.value ?? this.players) || this.players;
    this.choice = q('choice')?.value ?? this.choice;
    this.keepChoiceAtTable();
    if (act === 'next' && this.inSeries()) {
      // The next game of the series: what this one left, a new seed, the reader in the same seat (the roles move on).
      this.carried = this.game.carried();
      this.choice = `seat:${this.viewer ?? 0}`;
      this.seed = Math.floor(Math.random() * 1e6) + 1;
      this.start();
      return;
    }
    if (act === 'new') {
      this.carried = undefined;
      const s = Number(q('seed')?.value);
      this.seed = s && s !== this.seed ? s : Math.floor(Math.random() * 1e6) + 1;
      this.start();
    } else if (act === 'restart') {
      this.seed = Number(q('seed')?.value) || this.seed;
      this.start();
    }
  }

  protected checksHTML(): string {
    return '';
  }

  /** The game so far as a replay file's setup and answers (replay.ts saves and shares it). */
  recording(): (Recording & { seat: number | null }) | null {
    const g = this.game;
    if (!g) return null;
    const answers = g.state.answers.map((a) => a.slice());
    const options = Object.keys(this.options).length ? { options: { ...this.options } } : {};
    const carried = this.carried ? { carried: this.carried } : {};
    return {
      seed: this.seed,
      players: this.players,
      mode: this.modeId,
      ...options,
      ...carried,
      answers,
      seat: this.viewer,
    };
  }

  /** Whether the game has ended (with a result or a rule error). */
  finished(): boolean {
    return !!this.game?.over;
  }

  /** 托管: the computer plays the reader's seat until switched off. */
  setHandsOff(on: boolean): void {
    this.handsOff = on;
    if (on && this.game?.pending?.seat === this.viewer && !this.game.over) this.pump();
  }
}

/** Load the rules' compiled code (site/src/lib/compiled.ts), which the tables' games then run; should it fail, they
 *  run on the interpreter. */
export async function compileRules(rules: ClientRules): Promise<void> {
  await loadCompiled(rules.program).catch(() => {});
}

export function mountScenario(host: HTMLElement, lang: Lang, rules: ClientRules, scen: IScenario): ScenarioTable {
  const program: Program = { ...rules.program, scenarios: { [scen.id]: scen } };
  // The same code: scenarios are not compiled, the rest of the program is the rules' own.
  void loadCompiled(rules.program, program).catch(() => {});
  return new ScenarioTable(host, new Labels(lang, program, rules.names, rules.texts), program, scen);
}

export function mountGame(host: HTMLElement, lang: Lang, rules: ClientRules): GameTable {
  return new GameTable(host, new Labels(lang, rules.program, rules.names, rules.texts), rules.program);
}
