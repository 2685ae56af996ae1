// Bilingual labels for the table: names of rule objects come from the Program (cards, generals, skills) and
// from /data/rules.json's `names` (phases, roles, suits, zones, properties); the engine's prompt ids and the
// player's own buttons are translated here. Anything unknown is shown as it is.
import type { Program } from '../../../runtime/index.ts';

export type Lang = 'zh' | 'en';
export type Names = Record<string, [string, string]>;

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
  equip: ['装备', 'Equipment'],
  judge: ['判定区', 'Judge area'],
  skills: ['技能', 'Skills'],
  cards: ['张', ' cards'],
  none: ['无', 'none'],
  pass: ['不出 / 放弃', 'Pass'],
  confirm: ['确定', 'Confirm'],
  choose: ['选择', 'choose'],
  to: ['至', 'to'],
  log: ['日志', 'Log'],
  checks: ['预期', 'Expectations'],
  drawPile: ['牌堆', 'Draw pile'],
  discardPile: ['弃牌堆', 'Discard pile'],
  turn: ['当前回合', 'Turn'],
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
  mySeat: ['我的位置', 'My seat'],
  seed: ['种子', 'Seed'],
  start: ['开始新对局', 'New game'],
  byRole: ['身份', 'role'],
  askedNow: ['正在决定', 'deciding'],
  yourTurn: ['轮到你决定', 'Your decision'],
  winners: ['胜利', 'Winners'],
  stepOf: ['步', 'step'],
  aiThinking: ['电脑行动中…', 'The computer is playing…'],
  processing: ['处理区', 'Processing'],
  hidden: ['（未知）', '(hidden)'],
  faceDown: ['背面朝上的牌', 'a face-down card'],
  sealed: [
    '密封作答：其他人在所有人答完之前看不到你的答案。',
    'Sealed: nobody sees your answer until everyone has answered.',
  ],
  sealedWait: ['密封作答', 'sealed answers'],
  privateEntry: ['仅部分座位可见', 'seen by some seats only'],
} as const;

export type UIKey = keyof typeof UI;

/** Prompt ids of the engine and of the rules' own `choose(...)` texts. */
const PROMPTS: Record<string, [string, string]> = {
  play: [
    '出牌阶段：使用一张牌或发动技能（放弃则结束出牌）',
    'Play phase: use a card or a skill (pass to end the phase)',
  ],
  targets: ['选择目标', 'Choose the targets'],
  respond: ['打出一张牌响应', 'Respond with a card'],
  save: ['有角色濒死：是否使用桃救援', 'Someone is dying: use a Peach to save them?'],
  nullify: ['是否使用无懈可击', 'Use a Nullification?'],
  'discard down to your hand limit': ['弃牌阶段：弃置手牌至手牌上限', 'Discard down to your hand limit'],
  'choose your general': ['选择你的武将', 'Choose your general'],
  'pick a card': ['选择一张牌', 'Pick a card'],
  victim: ['借刀杀人：选择【杀】的目标', 'Borrowed Sword: who is to be slashed'],
  discard: ['弃置牌', 'Discard'],
  'borrowed sword: slash the victim, or give up your weapon': [
    '借刀杀人：对目标使用【杀】，否则交出武器',
    'Borrowed Sword: slash the victim, or give up your weapon',
  ],
  'amazing grace: take a card': ['五谷丰登：选择一张牌获得', 'Amazing Grace: take a card'],
  'double swords': [
    '雌雄双股剑：弃置一张手牌，或令对方摸一张牌',
    'Double Swords: discard a hand card, or let them draw',
  ],
  'green dragon blade: slash again': ['青龙偃月刀：可以再使用一张【杀】', 'Green Dragon Blade: slash again'],
  'stone axe: discard two cards': [
    '贯石斧：弃置两张牌令【杀】强制命中',
    'Stone Axe: discard two cards to force the hit',
  ],
  'kylin bow: discard a horse': ['麒麟弓：弃置对方的一匹坐骑', 'Kylin Bow: discard a horse'],
  'stargazing: next card on top (pass: the rest go to the bottom)': [
    '观星：选择置于牌堆顶的下一张（放弃：其余置于牌堆底）',
    'Stargazing: next card on top (pass: the rest go to the bottom)',
  ],
  'stargazing: next card at the bottom': ['观星：选择置于牌堆底的下一张', 'Stargazing: next card at the bottom'],
  'shifting: pass the slash to': ['流离：将【杀】转移给', 'Shifting: pass the Slash to'],
  'shifting: discard a card': ['流离：弃置一张牌', 'Shifting: discard a card'],
  'rende: give cards to': ['仁德：将牌交给', 'Benevolence: give cards to'],
  'rende: cards to give': ['仁德：选择要交出的牌', 'Benevolence: the cards to give'],
  'rouse: slash whom': ['激将：【杀】的目标', 'Rouse: whom to slash'],
  'discard extra cards, or take the damage': ['弃置牌，否则受到伤害', 'Discard cards, or take the damage'],
  'guicai: replace the judge card': ['鬼才：打出一张手牌代替判定牌', 'Guicai: replace the judgement card'],
  'luoshen: judge again?': ['洛神：是否再次判定', 'Luoshen: judge again?'],
};

const ROLE_ICON: Record<string, string> = { lord: '主', loyalist: '忠', rebel: '反', renegade: '内' };

export class Labels {
  private words: Record<string, string> = {};
  private logWords: RegExp;

  constructor(
    readonly lang: Lang,
    readonly program: Program,
    readonly names: Names,
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
      ...(lang === 'zh' ? (program.enums.role ?? []) : []),
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
  name(id: string): string {
    return this.words[id] ?? id;
  }

  roleIcon(role: string): string {
    return ROLE_ICON[role] ?? role;
  }

  prompt(p: string): string {
    const hit = PROMPTS[p];
    if (hit) return hit[this.lang === 'zh' ? 0 : 1];
    if (p.startsWith('use:')) return this.t(`是否发动【${this.name(p.slice(4))}】`, `Use ${this.name(p.slice(4))}?`);
    if (p.startsWith('order:'))
      return this.t(
        `选择先发动的技能（${this.name(p.slice(6))}）`,
        `Which skill fires first (${this.name(p.slice(6))})`,
      );
    return p;
  }

  yesNo(v: boolean): string {
    return v ? this.t('是', 'Yes') : this.t('否', 'No');
  }

  /** A log line with the ids it mentions replaced by their names. */
  logLine(text: string): string {
    return text.replace(this.logWords, (id) => this.words[id] ?? id);
  }
}
