// Bilingual labels for the table: names of rule objects come from the Program (cards, generals, skills) and
// from /data/rules.json's `names` (phases, roles, suits, zones, properties); what the rules show players — a
// question's prompt, a log line's template, the words a game ends with — from its `texts` (the rules' text
// phrases, compiler/check/shown-texts.ts); the engine's own lines and the table's buttons are worded here.
// Anything unknown is shown as it is.
import { hintedValues, type LogArg, type Program } from '../../../runtime/index.ts';
import type { Names, Texts } from '../lib/table-words.ts';

export type { Names, Texts };
export type Lang = 'zh' | 'en';

const UI = {
  loading: ['正在载入…', 'Loading…'],
  loadFailed: ['载入失败', 'Could not load'],
  watch: ['观看', 'Watch'],
  next: ['下一步', 'Next step'],
  autoplay: ['自动播放', 'Autoplay'],
  pause: ['暂停', 'Pause'],
  takeSeat: ['入座', 'Take a seat'],
  restart: ['重新开始', 'Restart'],
  seat: ['座位', 'Seat'],
  hand: ['手牌', 'Hand'],
  skills: ['技能', 'Skills'],
  cards: ['张', ' cards'],
  none: ['无', 'none'],
  pass: ['不出 / 放弃', 'Pass'],
  confirm: ['确定', 'Confirm'],
  choose: ['选择', 'choose'],
  to: ['至', 'to'],
  log: ['日志', 'Log'],
  checks: ['预期', 'Expectations'],
  whoseTurn: ['当前回合', 'Turn'],
  waiting: ['等待', 'Waiting for'],
  youAre: ['你是', 'You are'],
  you: ['你', 'you'],
  watching: ['观看中：按照情景的脚本逐步进行。', 'Watching: the scenario’s script plays step by step.'],
  playing: [
    '你在此座位作答；其他座位按脚本行动，脚本用完或偏离后由电脑接手。',
    'You answer for this seat; the other seats follow the script, then the computer plays them.',
  ],
  offScript: [
    '已偏离脚本：其他座位由电脑（启发式 AI）行动。',
    'Off the script: the computer (heuristic AI) plays the other seats.',
  ],
  scriptDone: ['脚本已结束。', 'The script is finished.'],
  allPassed: ['全部预期均成立。', 'Every expectation held.'],
  failed: ['与预期不符', 'Differs from the script'],
  gameOver: ['游戏结束', 'Game over'],
  error: ['规则错误', 'Rule error'],
  dead: ['阵亡', 'dead'],
  players: ['人数', 'Players'],
  mode: ['模式', 'Mode'],
  mySeat: ['我的位置', 'My seat'],
  seed: ['种子', 'Seed'],
  options: ['规则选项', 'Rule options'],
  yes: ['是', 'yes'],
  no: ['否', 'no'],
  start: ['开始新对局', 'New game'],
  nextInSeries: ['系列赛下一局', 'Next game of the series'],
  newSeries: ['新的系列赛', 'New series'],
  scores: ['系列赛积分', 'Series scores'],
  thisGame: ['本局', 'this game'],
  byRole: ['身份', 'role'],
  askedNow: ['正在决定', 'deciding'],
  yourTurn: ['轮到你决定', 'Your decision'],
  winners: ['胜利', 'Winners'],
  stepOf: ['步', 'step'],
  aiThinking: ['电脑行动中…', 'The computer is playing…'],
  hidden: ['（未知）', '(hidden)'],
  faceDown: ['背面朝上的牌', 'a face-down card'],
  sealed: [
    '密封作答：其他人在所有人答完之前看不到你的答案。',
    'Sealed: nobody sees your answer until everyone has answered.',
  ],
  sealedWait: ['密封作答', 'sealed answers'],
  privateEntry: ['仅部分座位可见', 'seen by some seats only'],
  aCard: ['一张牌', 'a card'],
} as const;

export type UIKey = keyof typeof UI;

export class Labels {
  private words: Record<string, string> = {};
  private logWords: RegExp;

  constructor(
    readonly lang: Lang,
    readonly program: Program,
    readonly names: Names,
    readonly texts: Texts = {},
  ) {
    const li = lang === 'zh' ? 0 : 1;
    for (const [id, n] of Object.entries(names)) this.words[id] = n[li];
    for (const kind of ['cards', 'generals', 'skills'] as const) {
      for (const [id, o] of Object.entries(program[kind])) {
        const n = lang === 'zh' ? (o.zh ?? o.en) : (o.en ?? o.zh);
        if (n) this.words[id] = n;
      }
    }
    // Log lines are English with ids; only the ids of cards, generals, skills, phases (and in Chinese roles) are
    // translated — "the lord" in an English sentence stays as it is.
    const logIds = [
      ...Object.keys(program.cards),
      ...Object.keys(program.generals),
      ...Object.keys(program.skills),
      ...(program.enums.phase ?? []),
      ...(lang === 'zh' ? hintedValues(program, 'role') : []),
    ].filter((id) => this.words[id]);
    logIds.sort((a, b) => b.length - a.length);
    this.logWords = logIds.length ? new RegExp(`\\b(${logIds.join('|')})\\b`, 'g') : /$^/;
  }

  ui(k: UIKey): string {
    return UI[k][this.lang === 'zh' ? 0 : 1];
  }

  t(zh: string, en: string): string {
    return this.lang === 'zh' ? zh : en;
  }

  /** The name of any id the rules declare (card kind, general, skill, phase, role, zone, property…). */
  /** A card's name: its kind's, with what its face depicts when it depicts something (武将牌·马超). */
  cardName(kind: string, depicts?: string): string {
    if (depicts === undefined) return this.name(kind);
    return this.t(`${this.name(kind)}·${this.name(depicts)}`, `${this.name(kind)} (${this.name(depicts)})`);
  }

  name(id: string): string {
    return this.words[id] ?? id;
  }

  /** A choice offered as a string: an id's name (a kingdom, a suit), else the text phrase that words it
   *  (`choose(p, ["take 1 damage", …])`), else as it is. */
  choice(s: string): string {
    return this.words[s] ?? this.text(s);
  }

  /** A role as a one-character badge: the first character of its Chinese name (主公 → 主). */
  roleIcon(role: string): string {
    const zh = this.names[role]?.[0];
    return zh ? zh.charAt(0) : role;
  }

  /** A text the rules show players, in this language: its text phrase (a wording in 「」 or “” around it all, as
   *  the rulebook quotes a choice, is shown without them), else as it is. */
  text(t: string): string {
    const hit = this.texts[t];
    if (!hit) return t;
    const w = hit[this.lang === 'zh' ? 0 : 1];
    const q = /^[「“](.*)[」”]$/u.exec(w);
    return q ? q[1]! : w;
  }

  prompt(p: string): string {
    if (this.texts[p]) return this.text(p);
    if (p.startsWith('use:')) return this.t(`是否发动【${this.name(p.slice(4))}】`, `Use ${this.name(p.slice(4))}?`);
    if (p.startsWith('order:')) {
      const when = this.words[`on:${p.slice(6)}`] ?? this.name(p.slice(6));
      return this.t(`选择先发动的技能（${when}）`, `Which skill fires first (${when})`);
    }
    return p;
  }

  yesNo(v: boolean): string {
    return v ? this.t('是', 'Yes') : this.t('否', 'No');
  }

  /** A log line as this table writes it: from its template and values when the log kept them (worded in this
   *  language), else its text with the ids it mentions replaced by their names. `player` names a seat; `seats`
   *  are the seats' names, which the engine writes as text where an answer picked a player. */
  logLine(
    e: { k: string; text: string; tpl?: string; args?: LogArg[] },
    player?: (seat: number) => string,
    seats: readonly string[] = [],
  ): string {
    if (e.tpl === undefined || e.args === undefined) return e.text.replace(this.logWords, (id) => this.words[id] ?? id);
    const args = e.args;
    const arg = (a: LogArg | undefined) => {
      const seat = typeof a === 'string' && player ? seats.indexOf(a) : -1;
      return seat >= 0 ? player!(seat) : this.arg(a ?? null, player);
    };
    // The engine's own lines: an answer, a skill or table rule that fires, the end of the game.
    if (e.k === 'answer' && e.tpl.startsWith('{0}: ')) {
      // The engine labels the two answers of a yes-or-no question `yes` and `no`.
      const picks = args.slice(1).map((a) => (a === 'yes' || a === 'no' ? this.yesNo(a === 'yes') : arg(a)));
      return `${arg(args[0])}${this.t('：', ': ')}${picks.join(this.t('、', ', ')) || this.t('放弃', 'pass')}`;
    }
    if (e.k === 'event' && e.tpl === '{0} {1}')
      return this.t(`${arg(args[0])}发动【${arg(args[1])}】`, `${arg(args[0])} uses ${arg(args[1])}`);
    if (e.k === 'event' && e.tpl === 'rule {0}') return this.t(`规则：${arg(args[0])}`, `Rule: ${arg(args[0])}`);
    if (e.k === 'msg' && e.tpl === 'game over: {0}')
      return `${this.ui('gameOver')}${this.t('：', ': ')}${arg(args[0])}`;
    const tpl = this.texts[e.tpl] ? this.text(e.tpl) : e.tpl;
    return tpl.replace(/\{(\d+)\}/g, (_, n: string) => arg(args[Number(n)]));
  }

  /** A value of a log line in this language. */
  private arg(a: LogArg, player?: (seat: number) => string): string {
    if (a === null) return this.ui('none');
    if (typeof a === 'boolean') return this.yesNo(a);
    if (typeof a === 'number') return String(a);
    if (typeof a === 'string') return this.words[a] ?? this.text(a);
    const join = (xs: LogArg[]) => xs.map((x) => this.arg(x, player)).join(this.t('、', ', '));
    switch (a.t) {
      case 'p':
        return player ? player(a.seat) : a.name;
      case 'c':
        return this.t(
          `【${this.cardName(a.kind, a.depicts)}】${a.face}`,
          `${this.cardName(a.kind, a.depicts)} ${a.face}`,
        );
      case 'h':
        return this.ui('aCard');
      case 'v': {
        const via = a.via ? this.name(a.via) : '';
        const parts = a.subs.length ? join(a.subs) : '';
        return this.t(
          `【${this.name(a.kind)}】${via || parts ? `（${[via, parts].filter(Boolean).join('：')}）` : ''}`,
          `${this.name(a.kind)}${via || parts ? ` (${[via, parts].filter(Boolean).join(': ')})` : ''}`,
        );
      }
      case 'l':
        return a.items.length ? join(a.items) : this.ui('none');
      case 'z': {
        const owner = a.owner !== undefined ? (player ? player(a.owner) : String(a.owner)) : '';
        return owner ? this.t(`${owner}的${this.name(a.zone)}`, `${owner}'s ${this.name(a.zone)}`) : this.name(a.zone);
      }
      case 'e':
        return this.name(a.id);
      case 'a':
        return this.name(a.skill);
    }
  }
}
