// Every hint the AIs and tools read, by where it is written: a field of a card kind or a skill (`aiUse: 40`), an
// event's hint naming its fields (`aiHarm: from, to`), the hint that ends a property's or a zone's declaration
// (`as life`, `as hand`). One table, read by the compiler (a hint not in it is one nobody reads: SGS270), the editor
// (completion and hover) and a test that checks the AI reads what it lists (test/hint-table.test.ts). What each
// means in full is in docs/language.md, "AI hints"; the engine and the rulebook ignore hints.

export type HintPlace = 'card' | 'skill' | 'event' | 'property' | 'zone';

export interface HintSpec {
  /** Where it is written. */
  on: readonly HintPlace[];
  /** An event hint's fields, in order (the hint names that many of the event's fields); a field's value otherwise. */
  shape: string;
  /** What it says, in a line (the editor's hover). */
  zh: string;
  en: string;
}

const h = (on: HintPlace[], shape: string, zh: string, en: string): HintSpec => ({ on, shape, zh, en });

export const HINTS: Readonly<Record<string, HintSpec>> = {
  // Cards and skills: what they are for.
  aiUse: h(['card', 'skill'], 'n', '想要现在使用它的程度（0：从不）', 'how much the AI wants to use it now (0: never)'),
  aiTarget: h(
    ['card', 'skill'],
    'foe | friend',
    '它的目标应是敌方还是友方',
    'whether its targets should be foes or friends',
  ),
  aiKeep: h(
    ['card'],
    'n',
    '留着它的价值（最低的先弃）',
    'how much it is worth keeping (the lowest is discarded first)',
  ),
  aiArea: h(['card'], 'true', '它同时影响每名角色', 'it affects every player at once'),
  aiWounded: h(
    ['card', 'skill'],
    'true',
    '它回复体力：只对受伤的角色有用',
    'it heals: only worth it for a wounded player',
  ),
  aiRescue: h(['card'], 'zone', '它能清除友方该区域中的牌', "it can clear a friend's cards in that zone"),
  aiAnswerHurts: h(['card'], 'true', '响应它即是伤害其使用者', 'each answer to it hurts its user'),
  aiCancels: h(['card'], 'true', '它抵消另一张牌', 'it cancels another card'),
  aiMinHand: h(['skill'], 'n', '至少有这么多手牌时才值得发动', 'worth using only with at least that many hand cards'),
  aiMinHp: h(['skill'], 'n', '体力至少为此值时才值得发动', 'worth using only with at least that much HP'),
  aiOutOfGame: h(
    ['skill'],
    'true',
    '它的动作针对已离开游戏的角色',
    'the players its action is for are out of the game',
  ),
  // Events: what they mean.
  aiHarm: h(
    ['event'],
    'by, whom',
    '结束时（未被终止），by 伤害了 whom',
    'once it ends (not stopped), `by` has harmed `whom`',
  ),
  aiHelp: h(
    ['event'],
    'by, whom',
    '结束时（未被终止），by 帮助了 whom',
    'once it ends (not stopped), `by` has helped `whom`',
  ),
  aiCardUse: h(
    ['event'],
    'user, card, targets',
    '它是 user 对 targets 使用 card',
    'it is a use of `card` by `user` on `targets`',
  ),
  aiCardEffect: h(['event'], 'card, target', '它是 card 对 target 生效', 'it is `card` taking effect on `target`'),
  aiResponse: h(['event'], 'who', '它要求 who 打出一张牌来响应', 'it asks `who` for a card in response'),
  aiOut: h(['event'], 'who', '它结束时，who 离开了游戏', 'once it ends, `who` is out of the game'),
  turnOf: h(['event'], 'player', '它是该角色的回合', "it is that player's turn"),
  phaseOf: h(
    ['event'],
    'player, phase',
    '它是该角色回合中 phase 字段所示的阶段',
    "it is the phase in `phase` of that player's turn",
  ),
  // Properties and zones: what they hold.
  general: h(['property'], '', '保存玩家所用的武将', 'holds the general a player plays'),
  role: h(
    ['property'],
    '',
    '保存玩家的身份（模式的 sideOf 给出阵营；身份类型的第一个值是对局页默认的座位）',
    "holds a player's role (the mode's sideOf gives its side; its type's first value is the play page's default seat)",
  ),
  life: h(['property'], '', '保存玩家的体力', "holds a player's HP"),
  maxLife: h(['property'], '', '保存玩家的体力上限', "holds a player's maximum HP"),
  hand: h(['zone'], '', '玩家的手牌区（转化的默认区域）', "a player's hand (the default zone of a conversion)"),
  equipment: h(['zone'], '', '玩家的装备区（与手牌一起称为“牌”）', "a player's equipment (with the hand: their cards)"),
};

/** The hint of that name written there, or undefined when no AI or tool reads one. */
export function hintAt(name: string, place: HintPlace): HintSpec | undefined {
  const spec = Object.hasOwn(HINTS, name) ? HINTS[name] : undefined;
  return spec?.on.includes(place) ? spec : undefined;
}

/** The hints read where `place` is, by name, in the table's order. */
export function hintsAt(place: HintPlace): [string, HintSpec][] {
  return Object.entries(HINTS).filter(([, s]) => s.on.includes(place));
}

/** An event hint's fields, by the names its shape gives them. */
export function hintFields(spec: HintSpec): string[] {
  return spec.shape.split(',').map((s) => s.trim());
}
