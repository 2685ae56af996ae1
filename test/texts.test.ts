// The rule texts generated from the rules (compiler/text): every entity described in both languages, none showing
// the machinery; the wording of representative entities, read and checked by hand; the phrase diagnostics.
import { describe, expect, it } from 'vitest';
import { compile } from '../compiler/index.ts';
import { loadSources } from '../cli/load.ts';
import { generateTexts, textProblems, type RuleTexts, type Text } from '../compiler/text/index.ts';
import { main } from '../cli/main.ts';
import { memoryIo } from '../cli/io.ts';

const rules = loadSources(['rules']);
const result = compile(rules);
const texts = generateTexts(result);

function codes(text: string): string[] {
  return compile([...rules, { file: 'planted.sgs', text }]).diagnostics.filter((d) => d.span.file === 'planted.sgs').map((d) => d.code);
}

/** Every text of a RuleTexts, with a label saying which. */
function allTexts(t: RuleTexts): [string, Text][] {
  const out: [string, Text][] = [];
  for (const k of ['cards', 'skills', 'generals', 'modes', 'events'] as const) {
    for (const [id, x] of Object.entries(t[k])) out.push([`${k} ${id}`, x], [`${k} ${id} (name)`, x.name]);
  }
  for (const [w, x] of Object.entries(t.windows)) out.push([`window ${w}`, x]);
  for (const v of t.variants) {
    for (const k of ['cards', 'skills', 'generals', 'modes', 'events'] as const) {
      for (const [id, x] of Object.entries(v.texts[k])) out.push([`${k} ${id} (${v.option} = ${v.value})`, x]);
    }
  }
  return out;
}

describe('the texts generated from rules/', () => {
  it('need no wording the phrasebooks lack, and the phrasebooks are sound', () => {
    const ds = result.diagnostics.filter((d) => d.code.startsWith('SGS3'));
    expect(ds.map((d) => `${d.span.file}:${d.span.line} ${d.code} ${d.message}`)).toEqual([]);
  });

  it('describe every card kind, skill, general, mode and event, and every timing window', () => {
    const p = result.program!;
    expect(Object.keys(texts.cards).sort()).toEqual(Object.keys(p.cards).sort());
    expect(Object.keys(texts.skills).sort()).toEqual(Object.keys(p.skills).sort());
    expect(Object.keys(texts.generals).sort()).toEqual(Object.keys(p.generals).sort());
    expect(Object.keys(texts.modes).sort()).toEqual(Object.keys(p.modes).sort());
    expect(Object.keys(texts.events).sort()).toEqual(Object.keys(p.events).sort());
    expect(Object.keys(texts.windows).sort()).toEqual([...result.symbols!.windows.keys()].sort());
    // Entities replaced by a variant are described too.
    for (const v of texts.variants) {
      const parts = p.variants.filter((x) => x.option === v.option && String(x.value) === v.value);
      expect(parts.length, `variant ${v.option} = ${v.value}`).toBeGreaterThan(0);
      for (const k of ['cards', 'skills', 'generals', 'modes', 'events'] as const) {
        const ids = parts.flatMap((x) => Object.keys(x.parts[k] ?? {}));
        expect(Object.keys(v.texts[k]).sort(), `${k} of ${v.option} = ${v.value}`).toEqual([...new Set(ids)].sort());
      }
    }
    expect(allTexts(texts).length).toBeGreaterThan(150);
  });

  it('are never empty and never show identifiers, placeholders, undefined or null', () => {
    const bad = allTexts(texts).flatMap(([label, x]) => textProblems(x).map((p) => `${label}: ${p}`));
    expect(bad).toEqual([]);
  });

  it('keep the flavour line apart from the generated text', () => {
    expect(texts.cards.slash!.flavour).toBe('Strike a player within your attack range.');
    expect(texts.cards.slash!.zh).not.toContain('Strike');
  });

  it('word a timing window for any player', () => {
    expect(texts.windows.damaged).toEqual({ zh: '一名角色受到伤害后', en: 'after a player takes damage' });
  });
});

// Read by hand in both languages: correct (they say what the rules do) and readable, if mechanical in places.
const expected: Record<string, { zh: string[]; en: string[] }> = {
  'cards.slash': {
    zh: [
      '类别：基本牌；目标：指定。',
      '出牌阶段，若你的已使用的杀小于你每回合可使用【杀】的次数，你可以使用此牌。',
      '可以指定不为你且（在你的攻击范围内或你使用此牌无距离限制）的角色为目标。',
      '使用时，若此牌为出牌阶段主动使用，使用者的已使用的杀+1。',
      '效果：若目标角色不在不能使用【闪】抵消此牌的角色中，令X为1与目标角色抵消使用者使用的此牌所需的牌数中的较大值，令Y为是，重复X次：目标角色可以使用一张【闪】，若目标角色未使用【闪】，令Y为否，结束循环；若Y为是，此牌被抵消，进入时机「使用者使用的【杀】被【闪】抵消后」，若此牌未强制命中，不再执行后续步骤；使用者对目标角色造成1点伤害。',
    ],
    en: [
      'Type: Basic card; Targets: chosen by the user.',
      'In your play phase, you may use this card if your Slashes used this turn is less than the number of Slashes you may use per turn.',
      'It may target a player that is not you and (is within your attack range or this card used by you has no distance limit).',
      'When it is used, if it is used in the play phase, the user\'s Slashes used this turn increases by 1.',
      'Effect: if the target is not among the players who cannot dodge it, let X be the greater of 1 and the number of cards the target needs to answer this card used by the user, then let Y be true, then repeat X times: the target may use a Dodge, then if the target does not use a Dodge, let Y be false, then stop repeating; then if Y is true, it is dodged, then the timing “after the user\'s Slash is dodged” opens, then if it does not hit anyway, nothing more happens; then the user deals 1 damage to the target.',
    ],
  },
  'cards.duel': {
    zh: [
      '类别：锦囊牌；目标：指定。',
      '出牌阶段，你可以使用此牌。',
      '可以指定不为你的角色为目标。',
      '效果：令X为目标角色，令Y为使用者，重复：令Z为1与X抵消Y使用的此牌所需的牌数中的较大值，令W为是，重复Z次：X可以打出一张【杀】，若X未打出【杀】，令W为否，结束循环；若W为否，Y对X造成1点伤害，不再执行后续步骤；令U为X，令X为Y，令Y为U。',
    ],
    en: [
      'Type: Trick; Targets: chosen by the user.',
      'In your play phase, you may use this card.',
      'It may target a player that is not you.',
      'Effect: let X be the target, then let Y be the user, then repeat: let Z be the greater of 1 and the number of cards X needs to answer this card used by Y, then let W be true, then repeat Z times: X may play a Slash, then if X does not play a Slash, let W be false, then stop repeating; then if W is false, Y deals 1 damage to X, then nothing more happens; then let U be X, then let X be Y, then let Y be U.',
    ],
  },
  'cards.lightning': {
    zh: [
      '类别：延时锦囊牌；目标：自己。',
      '出牌阶段，若你的判定区里没有【闪电】，你可以使用此牌。',
      '判定阶段，受判定的角色进行判定，若判定牌的花色为黑桃且判定牌的点数不小于2且判定牌的点数不大于9，受判定的角色受到3点无来源的雷电伤害；否则，此牌移至受判定的角色之后第一名判定区里没有【闪电】的角色的判定区。',
      '若此牌被【无懈可击】抵消，此牌移至受判定的角色之后第一名判定区里没有【闪电】的角色的判定区。',
    ],
    en: [
      'Type: Delayed trick; Targets: the user.',
      'In your play phase, you may use this card if there is no Lightning in your judge area.',
      'In the judge phase, the judged player makes a judgement, then if the judge card\'s suit is Spade and the judge card\'s rank is at least 2 and the judge card\'s rank is at most 9, the judged player takes 3 Thunder damage with no source; otherwise, this card moves on to the next player after the judged player who has no Lightning in their judge area.',
      'If it is cancelled by a Nullification, this card moves on to the next player after the judged player who has no Lightning in their judge area.',
    ],
  },
  'cards.eightDiagram': {
    zh: [
      '类别：装备牌；装备栏：防具；目标：自己。',
      '此牌在装备区中时，其拥有者拥有技能【八卦阵】：你需要使用或打出牌时，若【闪】在所需的牌中且没有响应的牌，你可以进行判定，若判定牌为红色，将响应的牌改为一张虚拟的【闪】。',
      '出牌阶段，你可以使用此牌。',
    ],
    en: [
      'Type: Equipment; Equipment slot: Armour; Targets: the user.',
      'While this card is in an equipment area, its owner has the skill “Eight Diagram”: When you need to use or play a card, if Dodge is among the cards asked for and the answering card does not exist, you may make a judgement, then if the judge card is red, the answering card becomes a virtual Dodge.',
      'In your play phase, you may use this card.',
    ],
  },
  'skills.jianxiong': {
    zh: [
      '你受到伤害后，若有造成伤害的牌对应的实体牌中所在的区域为处理区的牌，你可以获得造成伤害的牌对应的实体牌中所在的区域为处理区的牌。',
    ],
    en: [
      'After you take damage, if there is at least one of the actual cards of the card that caused the damage whose area is the processing area, you may take the actual cards of the card that caused the damage whose area is the processing area.',
    ],
  },
  'skills.kongcheng': {
    zh: [
      '锁定技，若你的手牌数为0，你不能成为【杀】或【决斗】的目标。',
    ],
    en: [
      'Locked skill. If the number of the cards in your hand is 0, you cannot be the target of a card that is a Slash or is a Duel.',
    ],
  },
  'skills.wusheng': {
    zh: [
      '你可以将手牌或装备区中的一张红色的牌当【杀】使用或打出。若不计【杀】所用的你的装备时一名角色不在你的攻击范围内，其不能成为你使用该牌的目标。',
    ],
    en: [
      'You may use or play a card from your hand or equipment area that is red as a Slash. If a player is out of your attack range once your equipment inside a card that is a Slash no longer counts, that player cannot be the target of that card used by you.',
    ],
  },
  'skills.rende': {
    zh: [
      '出牌阶段，若你的手牌数大于0且其他角色数大于0，你可以选择一名其他角色，你选择你的手牌中的1至（你的手牌数）张，你将这些牌交给该角色，令X为你的仁德已给出，你的仁德已给出+这些牌数，令Y为本回合以【仁德】给出的牌数由X增至你的仁德已给出时应回复的体力值，若Y大于0，你回复Y点体力。',
    ],
    en: [
      'In your play phase, if the number of the cards in your hand is greater than 0 and the number of the other players is greater than 0, you may choose one of the other players, then you choose 1 to (the number of the cards in your hand) cards from the cards in your hand, then you give those cards to that player, then let X be your Cards given with 仁德 this turn, then your Cards given with 仁德 this turn increases by the number of those cards, then let Y be the HP to recover as the cards given with Benevolence this turn go from X to your Cards given with 仁德 this turn, then if Y is greater than 0, you recover Y HP.',
    ],
  },
  'skills.liuli': {
    zh: [
      '你成为牌的目标后，若使用的牌为【杀】且你的手牌或装备区里有牌且你攻击范围内除你和使用者外、不是此【杀】的目标且可以成为其目标的角色数大于0，你可以选择一名你攻击范围内除你和使用者外、不是此【杀】的目标且可以成为其目标的角色，若有该角色，你弃置你的手牌和装备区里的牌中的一张，令X为空，依次对目标角色中的每名角色（记为Y）：若Y为你，将该角色加入X；否则，将Y加入X；将目标角色改为X。',
    ],
    en: [
      'After you become the target of a card, if the used card is a Slash and you have cards in hand or equipment area and the number of the players within your attack range, other than you and the user, who are not yet targets of the Slash and could be is greater than 0, you may choose one of the players within your attack range, other than you and the user, who are not yet targets of the Slash and could be, then if that player exists, you discard one of the cards in your hand and equipment area, then let X be nothing, then for each player among the targets in turn (call it Y): if Y is you, add that player to X; otherwise, add Y to X; then the targets becomes X.',
    ],
  },
  'modes.identity': {
    zh: [
      '最少人数：4；最多人数：10；牌堆：标准版和标准版EX。',
      '游戏开始：令X为人数为所有角色数时忠臣、反贼和内奸的人数。令Y为主公。重复X中的第一项次：将忠臣加入Y。重复X中的第二项次：将反贼加入Y。重复X中的第三项次：将内奸加入Y。令Y为随机排列的Y。令Z为0。依次对所有角色中的每名角色：将该角色的身份改为Y中的第Z项（从0数起），令Z增加1。令W为身份为主公的所有角色中的第一名。W亮出身份。W成为当前角色。若未选用「第一次游戏」，W从曹操、刘备、孙权和另外两名随机武将中挑选一名武将，然后其他角色依次从三名（十人局为两名）随机武将中各挑选一名。依次对所有角色中的每名角色（记为U）：U登场：获得其武将的技能，体力上限为其武将的体力上限（主公另加成），体力为体力上限。若选用「第一次游戏」，将牌堆中点数为J、Q、K的牌移出游戏。依次对从W起的所有存活角色中的每名角色（记为V）：V摸四张牌。结果为W。',
      '（从设定的局面开始时）对每名角色：该角色登场：获得其武将的技能，体力上限为其武将的体力上限（主公另加成），体力为体力上限。',
      '游戏进行：令设定的起始阶段为给定的阶段。令X为首位角色。重复：若X存活，X执行一个回合，令X为X的下一个座位上的角色。',
      '一名角色死亡后：判断胜负：若主公死亡，内奸为唯一存活的角色时内奸获胜，否则反贼获胜；若反贼和内奸均已死亡，主公和忠臣获胜。若凶手存活，若死亡的角色的身份为反贼，凶手摸三张牌；若死亡的角色的身份为忠臣且凶手的身份为主公，令X为凶手的手牌和凶手的装备区里的牌，若X数大于0，凶手弃置X。',
    ],
    en: [
      'Minimum players: 4; Maximum players: 10; Decks: Standard deck and EX cards.',
      'Setup: Let X be the numbers of loyalists, rebels and renegades when the number of players is the number of all players. Let Y be Lord. Repeat the first of X times: add Loyalist to Y. Repeat the second of X times: add Rebel to Y. Repeat the third of X times: add Renegade to Y. Let Y be Y in random order. Let Z be 0. For each player among all players in turn: that player\'s Role becomes item Z of Y (counting from 0), then increase Z by 1. Let W be the first of all players whose Role is Lord. W reveals their Role. W becomes the current player. If “Beginner game” is not chosen, W chooses a general among Cao Cao, Liu Bei, Sun Quan and two more at random; then each other player chooses one of three (two with ten players) random generals. For each player among all players in turn (call it U): U takes the stage: gains their general\'s skills, max HP as printed on the general (plus the lord\'s bonus), and full HP. If “Beginner game” is chosen, the J, Q and K cards of the draw pile are set aside, out of play. For each player among the living players from W on in turn (call it V): V draws 4 cards. The result is W.',
      'When a game starts from a set position, for each player: That player takes the stage: gains their general\'s skills, max HP as printed on the general (plus the lord\'s bonus), and full HP.',
      'Play: Let the set starting phase be the given phase. Let X be the first player. Repeat: if X is alive, X takes a turn, then let X be the player in the seat after X.',
      'After a player dies: The game checks for a winner: if the lord is dead, the renegade wins when they are the only player left, otherwise the rebels win; if every rebel and renegade is dead, the lord and the loyalists win. If the killer is alive, if the dead player\'s Role is Rebel, the killer draws 3 cards; then if the dead player\'s Role is Loyalist and the killer\'s Role is Lord, let X be the cards in the killer\'s hand and the cards in the killer\'s equipment area, then if the number of X is greater than 0, the killer discards X.',
    ],
  },
  'events.damage': {
    zh: [
      '若受到伤害的角色已死亡，防止此伤害。进入时机「伤害来源造成伤害时」。进入时机「受到伤害的角色受到伤害时」。若伤害值不大于0，防止此伤害。受到伤害的角色的体力-伤害值。若受到伤害的角色的体力不大于0，受到伤害的角色进入濒死状态。若伤害来源存活，进入时机「伤害来源造成伤害后」。若受到伤害的角色存活，进入时机「受到伤害的角色受到伤害后」。',
    ],
    en: [
      'If the damaged player is dead, prevent this damage. The timing “when the source of the damage would deal damage” opens. The timing “when the damaged player would take damage” opens. If the damage is at most 0, prevent this damage. The damaged player\'s HP decreases by the damage. If the damaged player\'s HP is at most 0, the damaged player starts dying. If the source of the damage is alive, the timing “after the source of the damage deals damage” opens. If the damaged player is alive, the timing “after the damaged player takes damage” opens.',
    ],
  },

};

describe('representative texts', () => {
  for (const [key, want] of Object.entries(expected)) {
    it(key, () => {
      const [kind, id] = key.split('.') as [keyof RuleTexts, string];
      const got = (texts[kind] as Record<string, Text>)[id]!;
      expect(got.zh.split('\n')).toEqual(want.zh);
      expect(got.en.split('\n')).toEqual(want.en);
    });
  }

  it('a general lists its skills with their texts', () => {
    const caocao = texts.generals.caocao!;
    expect(caocao.name).toEqual({ zh: '曹操', en: 'Cao Cao' });
    expect(caocao.zh.split('\n')[0]).toBe('势力：魏；性别：男性；体力上限：4。');
    expect(caocao.zh).toContain(`【奸雄】${texts.skills.jianxiong!.zh}`);
    expect(caocao.en).toContain(`Villainous Hero: ${texts.skills.jianxiong!.en}`);
  });

  it('a variant describes the replaced entity', () => {
    const first = texts.variants.find((v) => v.option === 'edition' && v.value === 'firstEdition')!;
    expect(first.label.zh).toBe('「版本」为初版时');
    expect(first.texts.skills.kongcheng!.zh).toContain('防止此伤害');
  });
});

describe('phrases', () => {
  it('SGS301: a phrase for a name that does not exist', () => {
    expect(codes('package x\nphrase noSuchThing(p) "{p}" "{p}"\n')).toEqual(['SGS301']);
    expect(codes('package x\nphrase on noSuchWindow(p) "{p}" "{p}"\n')).toEqual(['SGS301']);
    expect(codes('package x\nphrase damage.nosuchfield "甲" "a"\n')).toEqual(['SGS301']);
  });

  it('SGS302: parameters that do not match', () => {
    expect(codes('package x\nphrase exNothing() "甲" "a"\nfunction exF(p: player): bool = true\nphrase exF(p, q) "{p}" "{p}"\n')).toEqual(['SGS301', 'SGS302']);
    expect(codes('package x\nphrase on damaged "甲" "a"\n')).toEqual(['SGS302']);
  });

  it('SGS303: a placeholder that is not a parameter; SGS305: a malformed template', () => {
    expect(codes('package x\nfunction exF(p: player): bool = true\nphrase exF(p) "{q}成立" "{p} holds"\n')).toEqual(['SGS303']);
    expect(codes('package x\nfunction exF(p: player): bool = true\nphrase exF(p) "{p成立" "{p} holds"\n')).toEqual(['SGS305']);
  });

  it('SGS304: the same name worded twice; SGS306: one language empty; SGS307: Latin words in Chinese', () => {
    expect(codes('package x\nphrase draw(p, n) "{p}摸牌" "{p} draws"\n')).toEqual(['SGS304']);
    expect(codes('package x\nfunction exF(p: player): bool = true\nphrase exF(p) "" "{p} holds"\n')).toEqual(['SGS306']);
    expect(codes('package x\nfunction exF(p: player): bool = true\nphrase exF(p) "{p} holds成立" "{p} holds"\n')).toEqual(['SGS307']);
  });

  it('SGS310: wording the texts need is missing; a phrase supplies it', () => {
    const skill = 'package x\naction exAct(p: player) { draw(p, 1) }\nskill exS 甲技 "Ex" { on damaged(you) may { exAct(you) } }\n';
    expect(codes(skill)).toEqual(['SGS310']);
    const r = compile([...rules, { file: 'planted.sgs', text: skill + 'phrase exAct(p) "{p}摸一张牌并大笑" "{p} draws a card, laughing"\n' }]);
    expect(r.diagnostics.filter((d) => d.span.file === 'planted.sgs')).toEqual([]);
    const t = generateTexts(r).skills.exS!;
    expect(t.zh).toBe('你受到伤害后，你可以摸一张牌并大笑。');
    expect(t.en).toBe('After you take damage, you may draw a card, laughing.');
  });

  it('patterns choose the most specific phrase', () => {
    const r = compile([...rules, { file: 'planted.sgs', text: 'package x\nskill exS 甲技 "Ex" { on damaged(you) may { draw(you, 1) draw(you, 3) } }\n' }]);
    expect(generateTexts(r).skills.exS!.zh).toBe('你受到伤害后，你可以摸一张牌，你摸三张牌。');
  });
});

describe('sgs text', () => {
  it('prints the texts of the named entities, in one language', () => {
    const io = memoryIo();
    expect(main(['text', 'kongcheng', '杀', '--lang', 'zh'], io)).toBe(0);
    expect(io.stdout[0]).toBe('# skill kongcheng 空城');
    expect(io.stdout[1]).toBe(texts.skills.kongcheng!.zh);
    expect(io.stdout).toContain('# card slash 杀');
    expect(io.stdout.join('\n')).not.toContain('Locked skill');
  });

  it('refuses an unknown name and a bad language', () => {
    const io = memoryIo();
    expect(main(['text', 'noSuchThing'], io)).toBe(2);
    expect(main(['text', '--lang', 'fr'], io)).toBe(2);
  });
});
