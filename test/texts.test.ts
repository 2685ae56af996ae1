// The rule texts generated from the rules (compiler/text): every entity described in both languages, none showing
// the machinery; the wording of representative entities, read and checked by hand; the phrase diagnostics.
import { describe, expect, it } from 'vitest';
import { compile } from '../compiler/index.ts';
import { loadSources } from '../compiler/node/load.ts';
import { generateTexts, textProblems, type RuleTexts, type Text } from '../compiler/text/index.ts';
import { main } from '../cli/main.ts';
import { memoryIo } from '../cli/io.ts';

const rules = loadSources(['rules']);
const result = compile(rules);
const texts = generateTexts(result);

function codes(text: string): string[] {
  return compile([...rules, { file: 'planted.sgs', text }])
    .diagnostics.filter((d) => d.span.file === 'planted.sgs')
    .map((d) => d.code);
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
        // `extend mode` in a variant changes some fields of a mode (its decks) without replacing it: not described.
        const ids = parts.flatMap((x) =>
          Object.entries(x.parts[k] ?? {})
            .filter(([, e]) => !(e as { extends?: boolean }).extends)
            .map(([id]) => id),
        );
        expect(Object.keys(v.texts[k]).sort(), `${k} of ${v.option} = ${v.value}`).toEqual([...new Set(ids)].sort());
      }
    }
    expect(allTexts(texts).length).toBeGreaterThan(150);
  });

  it('are never empty and never show identifiers, placeholders, undefined, null or raw values', () => {
    const bad = allTexts(texts).flatMap(([label, x]) => textProblems(x).map((p) => `${label}: ${p}`));
    expect(bad).toEqual([]);
  });

  it('a raw value is a problem: none / 无, true / false, 是 / 否 where a value stands', () => {
    expect(textProblems({ zh: '令X为无。', en: 'Let X be none.' })).toEqual([
      'en: raw value “be none”',
      'zh: raw value “为无”',
    ]);
    expect(textProblems({ zh: '令游戏已开始为是。', en: 'Let the game has begun be true.' })).toEqual([
      'en: raw value “true”',
      'zh: raw value “为是”',
    ]);
    expect(textProblems({ zh: '受到3点雷电伤害（来源：无）。', en: 'Takes 3 Thunder damage from none.' }).length).toBe(
      2,
    );
    expect(
      textProblems({ zh: '你可以选择任意张手牌（可以不选）。', en: 'You may choose any number (or none).' }),
    ).toEqual([]);
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
      '类别：基本牌；目标：指定；属性：普通。',
      '出牌阶段，若你本回合使用【杀】的次数未达上限，你可以使用此牌。',
      '可以指定在你的攻击范围内的其他角色为目标（若你使用此牌无距离限制，则无须在你的攻击范围内）。',
      '使用时，若此牌于出牌阶段使用，你本回合使用【杀】的次数+1。',
      '效果：若目标角色可以使用【闪】抵消此牌，其需使用一张【闪】（若技能要求更多，则需依次使用相应张数），若其如此做，此牌被抵消，进入时机「你使用的【杀】被【闪】抵消后」；若此【杀】命中，你对其造成1点伤害。',
      '在【决斗】或【南蛮入侵】的结算中，当你需要打出【杀】时，你可以打出此牌。',
    ],
    en: [
      'Type: Basic card; Targets: chosen by the user; Nature: Normal.',
      'In your play phase, you may use this card if you may still use a Slash this turn.',
      'It may target another player within your attack range (if this card has no distance limit for you, it need not be within your attack range).',
      'When it is used, if it is used in the play phase, the number of Slashes you have used this turn increases by 1.',
      'Effect: if the target may dodge it, they must use a Dodge (or, if a skill asks for more, that many one after another); if they do, it is dodged and the timing “after your Slash is dodged” opens; if the Slash hits, you deal 1 damage to them.',
      'While a Duel or a Savage Assault resolves, you may play this card whenever you are called on to play one.',
    ],
  },
  'cards.duel': {
    zh: [
      '类别：锦囊牌；目标：指定。',
      '出牌阶段，你可以使用此牌。',
      '可以指定其他角色为目标。',
      '效果：由目标角色开始，目标角色与你轮流打出一张【杀】（若技能要求更多，则需依次打出相应张数），直到其中一方未如此做，另一方对其造成1点伤害。',
    ],
    en: [
      'Type: Trick; Targets: chosen by the user.',
      'In your play phase, you may use this card.',
      'It may target another player.',
      'Effect: starting with the target, they and you take turns: each in turn must play a Slash (or, if a skill asks for more, that many one after another), until one of them does not; the other deals 1 damage to them.',
    ],
  },
  'cards.lightning': {
    zh: [
      '类别：延时锦囊牌；目标：自己。',
      '出牌阶段，若你的判定区里没有【闪电】，你可以使用此牌。',
      '判定阶段，受判定的角色进行判定，若判定牌为黑桃2至9，其受到3点无来源的雷电伤害；否则，此牌移至其之后第一名判定区里没有【闪电】的角色的判定区。',
      '若此牌被【无懈可击】抵消，此牌移至受判定的角色之后第一名判定区里没有【闪电】的角色的判定区。',
    ],
    en: [
      'Type: Delayed trick; Targets: the user.',
      'In your play phase, you may use this card if you have no Lightning in your judge area.',
      'In the judge phase, the judged player makes a judgement; if the judge card is a Spade from 2 to 9, they take 3 Thunder damage with no source; otherwise, this card moves on to the next player after the judged player who has no Lightning in their judge area.',
      'If it is cancelled by a Nullification, this card moves on to the next player after the judged player who has no Lightning in their judge area.',
    ],
  },
  'cards.indulgence': {
    zh: [
      '类别：延时锦囊牌；目标：指定。',
      '出牌阶段，你可以使用此牌。',
      '可以指定判定区里没有【乐不思蜀】且不为主公的其他角色为目标（若选用「乐不思蜀可对主公」，则也可以为主公）。',
      '判定阶段，受判定的角色进行判定，若判定牌的花色不为红桃，其跳过本回合的出牌阶段。',
      '若此牌被【无懈可击】抵消，无事发生。',
    ],
    en: [
      'Type: Delayed trick; Targets: chosen by the user.',
      'In your play phase, you may use this card.',
      'It may target another player who has no Indulgence in their judge area and is not the lord (if “Indulgence may target the lord” is chosen, it may also be the lord).',
      "In the judge phase, the judged player makes a judgement; if the judge card's suit is not Heart, they skip the play phase this turn.",
      'If it is cancelled by a Nullification, nothing happens.',
    ],
  },
  'cards.collateral': {
    zh: [
      '类别：锦囊牌；目标：指定；使用此牌时还须指定一名角色。',
      '出牌阶段，你可以使用此牌。',
      '可以指定装备区里有武器且可以对一名角色使用【杀】的其他角色为目标。',
      '还须另指定不为目标角色且目标角色可以对其使用【杀】的角色。',
      '效果：若被指定的另一名角色存活且目标角色可以对被指定的另一名角色使用【杀】，目标角色可以对被指定的另一名角色使用一张【杀】；否则，若你存活，你获得目标角色的武器。',
    ],
    en: [
      'Type: Trick; Targets: chosen by the user; using this card also names a second player.',
      'In your play phase, you may use this card.',
      'It may target another player who has a weapon and could use a Slash on someone.',
      'You also name a player other than the target that the target can use a Slash on.',
      "Effect: if the second player named is alive and the target can use a Slash on the second player named, the target may use a Slash on the second player named; otherwise, if you are alive, you take the target's weapon.",
    ],
  },
  'cards.amazingGrace': {
    zh: [
      '类别：锦囊牌；目标：所有角色。',
      '出牌阶段，你可以使用此牌。',
      '使用时，亮出牌堆顶的X张牌（X为目标角色数）。',
      '效果：目标角色获得五谷丰登亮出的一张牌。',
      '结算完毕后，弃置五谷丰登亮出的牌。',
    ],
    en: [
      'Type: Trick; Targets: every player.',
      'In your play phase, you may use this card.',
      'When it is used, reveal the top X cards of the draw pile (X is the number of targets).',
      'Effect: the target takes a card revealed by Amazing Grace.',
      'After it resolves, discard the cards revealed by Amazing Grace.',
    ],
  },
  'cards.eightDiagram': {
    zh: [
      '类别：装备牌；装备栏：防具；目标：自己。',
      '此牌在装备区中时，其拥有者拥有技能【八卦阵】：你需要使用或打出【闪】时，若尚无响应的牌，你可以进行判定，若判定牌为红色，视为你使用或打出了一张【闪】。',
      '出牌阶段，你可以使用此牌。',
    ],
    en: [
      'Type: Equipment; Equipment slot: Armour; Targets: the user.',
      'While this card is in an equipment area, its owner has the skill “Eight Diagram”: When you need to use or play a Dodge, if nothing has answered yet, you may make a judgement; if the judge card is red, you count as having used or played a Dodge.',
      'In your play phase, you may use this card.',
    ],
  },
  'skills.jianxiong': {
    zh: ['你受到伤害后，你可以获得造成伤害的牌。'],
    en: ['After you take damage, you may take the card that caused the damage.'],
  },
  'skills.hujia': {
    zh: [
      '主公技，你需要使用或打出【闪】时，若尚无响应的牌，你可以令其他魏势力角色依次选择是否使用或打出一张【闪】，直到有角色如此做，若有角色如此做，视为你使用或打出了该【闪】。',
    ],
    en: [
      'Lord skill. When you need to use or play a Dodge, if nothing has answered yet, you may use this skill: the other Wei players in turn may use or play a Dodge, until one does; if someone does, you count as having used or played that Dodge.',
    ],
  },
  'skills.jijiang': {
    zh: [
      '主公技，你需要使用或打出【杀】时，若尚无响应的牌，你可以令其他蜀势力角色依次选择是否使用或打出一张【杀】，直到有角色如此做，若有角色如此做，视为你使用或打出了该【杀】。出牌阶段，若你未处于「激将被拒」状态且你本回合使用【杀】的次数未达上限，你可以选择一名你可以对其使用【杀】的角色，其他蜀势力角色依次选择是否打出一张【杀】，直到有角色如此做，若有角色如此做，你对该角色使用该【杀】；否则，你进入「激将被拒」状态。',
    ],
    en: [
      'Lord skill. When you need to use or play a Slash, if nothing has answered yet, you may use this skill: the other Shu players in turn may use or play a Slash, until one does; if someone does, you count as having used or played that Slash. In your play phase, if you are not marked “Nobody answered Rouse this phase” and you may still use a Slash this turn, you may choose a player that you can use a Slash on and the other Shu players in turn may play a Slash, until one does; if someone does, you use that Slash on that player; otherwise, you become marked “Nobody answered Rouse this phase”.',
    ],
  },
  'skills.liuli': {
    zh: [
      '你成为【杀】的目标后，若你有牌，你可以选择一名你攻击范围内可以成为此【杀】目标的其他角色（此【杀】的使用者和目标除外），若你如此做，你弃置一张牌，将此牌的目标由你改为该角色。',
    ],
    en: [
      'After you become the target of a Slash, if you have cards in hand or equipment area, you may choose another player within your attack range that the Slash could target (not its user, nor its targets); if you do, you discard a card in your hand or equipment area and that player becomes the target of the card instead of you.',
    ],
  },
  'skills.guanxing': {
    zh: [
      '你的准备阶段（「观星规则」为三张时为摸牌阶段）开始时，你可以观看牌堆顶的X张牌（X为存活角色数且至多为5，「观星规则」为三张时为3），然后将其中任意张以任意顺序置于牌堆顶，其余以任意顺序置于牌堆底。',
    ],
    en: [
      'At the start of your start phase (the draw phase under the three-card Stargazing rule), you may look at the top X cards of the draw pile (X is the number of living players, at most 5; 3 under the three-card Stargazing rule), then you put any of them back on top of the draw pile in any order and the rest at the bottom in any order.',
    ],
  },
  'skills.rende': {
    zh: [
      '出牌阶段，你可以选择一名其他角色，将至少一张手牌交给该角色，若你本回合以【仁德】给出的牌因此达到两张，你回复1点体力（初版：每给出两张，回复1点体力）。',
    ],
    en: [
      'In your play phase, you may choose another player and give one or more of the cards in your hand to that player; if this brings the cards you have given with Benevolence this turn to two, you recover 1 HP (first edition: 1 HP for every two cards given).',
    ],
  },
  'skills.wusheng': {
    zh: [
      '你可以将一张红色牌当【杀】使用或打出。若【杀】由你装备区里的牌转化而来，且不计这些装备时一名角色不在你的攻击范围内，其不能成为你使用该【杀】的目标。',
    ],
    en: [
      'You may use or play a red card from your hand or equipment area as a Slash. If a Slash is made of cards from your equipment area, and without that equipment a player is out of your attack range, that player cannot be the target of that Slash used by you.',
    ],
  },
  'skills.wushuang': {
    zh: [
      '锁定技，你使用的【杀】需两张【闪】才能抵消。其他角色响应你使用的【南蛮入侵】或【万箭齐发】时，还需弃置一张手牌，否则视为未响应。',
    ],
    en: [
      'Locked skill. A Slash you use needs 2 Dodges to cancel. To answer a Savage Assault or an Archery Attack you use, another player must also discard a hand card, or the answer does not count.',
    ],
  },
  'skills.kongcheng': {
    zh: ['锁定技，若你没有手牌，你不能成为【杀】或【决斗】的目标。'],
    en: ['Locked skill. If you have no cards in hand, you cannot be the target of a Slash or a Duel.'],
  },
  'skills.ganglie': {
    zh: [
      '你受到伤害后，若伤害来源存活，你可以进行判定，若判定牌的花色不为红桃且其存活，若其至少有两张手牌，其选择「弃置两张手牌」或「受到1点伤害」中的一项；若其选择「弃置两张手牌」，其弃置两张手牌；否则，你对其造成1点伤害。',
    ],
    en: [
      "After you take damage, if the source of the damage is alive, you may make a judgement; if the judge card's suit is not Heart and they are alive, if they have at least 2 cards in hand, they choose one of “discard two hand cards” or “take 1 damage”; if they choose “discard two hand cards”, they discard 2 hand cards; otherwise, you deal 1 damage to them.",
    ],
  },
  'modes.identity': {
    zh: [
      '最少人数：4；最多人数：10；牌堆：标准版和标准版EX。',
      '游戏开始：随机分配身份：一名主公，以及与人数相应的忠臣、反贼和内奸，每名角色一个。主公亮出身份。主公成为当前角色。若未选用「第一次游戏」，主公从曹操、刘备、孙权和另外两名随机武将中挑选一名武将，然后其他角色依次从三名（十人局为两名）随机武将中各挑选一名（随机武将来自「武将池」所选的扩展包，「神武将」未选用时不含神武将）；选了神武将的角色在其武将亮出时选择魏、蜀、吴、群之一作为势力。依次对每名角色：该角色登场：获得其武将的技能，体力上限为其武将的体力上限（主公另加成），体力为体力上限。若选用「第一次游戏」，将牌堆中点数为J、Q、K的牌移出游戏。从主公起，依次对每名存活角色：该角色摸四张牌。首先执行回合的角色为主公。',
      '（从设定的局面开始时）对每名角色：若该角色的身份为主公，该角色亮出身份。该角色登场：获得其武将的技能，体力上限为其武将的体力上限（主公另加成），体力为体力上限。',
      '游戏进行：令设定的起始阶段为给定的阶段。从首位角色起，依次进入每名角色的时机「游戏开始时」。从首位角色起，如此循环：若该角色为首位角色，新的一轮开始（选用「三人消耗」时，先结算三人消耗）；若该角色存活，该角色执行一个回合；然后轮到其下一个座位上的角色。',
      '一名角色死亡后：判断胜负：若主公死亡，内奸为唯一存活的角色时内奸获胜，否则反贼获胜；若反贼和内奸均已死亡，主公和忠臣获胜。若凶手存活且死亡的角色不是转世后的角色（只有选用「转世」时才有转世后的角色），若死亡的角色的身份为反贼，凶手摸三张牌；若死亡的角色的身份为忠臣且凶手的身份为主公，凶手弃置其所有牌。若选用「暗魂」，附体于死亡的角色的暗魂消失；然后若其不是主公，其成为暗魂。若选用「转世」，死亡的角色不退出游戏，留在座位上等待其他角色献祭（所献的牌为其手牌，仅其本人可见），其武将牌放回未使用的武将牌中。转世后的角色在判断胜负时仍视为已死亡（转世后的内奸不能获胜），杀死转世后的角色不获得奖励也不受惩罚；转世后的角色可以再次死亡并再次转世。',
      '所有剩余角色将同时死亡时：游戏结束，反贼获胜（选用「三人消耗」时，改为无人出局，游戏延续到下一轮）。',
      '游戏结束时：若选用「计分赛」，每名角色按计分规则得分并计入其总分。内奸：获胜的内奸得4+2×游戏人数分；主公和忠臣获胜时，与主公单挑后败北的内奸（其死亡时场上只剩主公一人，不含忠臣）得游戏人数分，否则得0分；反贼获胜时，存活的内奸得1分，已死亡的得0分。主公：主公和忠臣获胜时得4+2×存活的忠臣数分；内奸获胜时得1分；反贼获胜时得0分。忠臣：主公和忠臣获胜时得5+存活的忠臣数分，否则得0分。反贼：反贼获胜时得3×存活的反贼数分，否则得0分。个人加分：获胜的主公和忠臣每杀死一名反贼或内奸+1分；反贼无论胜负，每杀死一名忠臣或内奸+1分；杀死主公的角色+2分（杀死者为死亡所记的凶手；没有凶手的死亡和杀死自己不计）。无人获胜的平局不按身份得分，只计个人加分。计分赛的局数与人数相同：第一局由1号位当主公，此后每局主公交给下一个座位，其余身份随机分配；所有人都当过一次主公后，总分最高者获胜（同分者并列）；此后再开的一局为新一轮计分赛，总分从0开始。',
    ],
    en: [
      'Minimum players: 4; Maximum players: 10; Decks: Standard deck and EX cards.',
      "Setup: The roles are dealt at random, one to each player: one lord, and as many loyalists, rebels and renegades as the number of players calls for. The lord reveals their Role. The lord becomes the current player. If “Beginner game” is not chosen, the lord chooses a general among Cao Cao, Liu Bei, Sun Quan and two more at random; then each other player chooses one of three (two with ten players) random generals (drawn from the packages “Generals dealt” names, without god generals unless “God generals are dealt”); a player with a god general chooses Wei, Shu, Wu or Qun as their kingdom as the general is revealed. For each player in turn: that player takes the stage: gains their general's skills, max HP as printed on the general (plus the lord's bonus), and full HP. If “Beginner game” is chosen, the J, Q and K cards of the draw pile are set aside, out of play. For each living player in turn, from the lord: that player draws 4 cards. The first player to take a turn is the lord.",
      "When a game starts from a set position, for each player: If that player's Role is Lord, that player reveals their Role. That player takes the stage: gains their general's skills, max HP as printed on the general (plus the lord's bonus), and full HP.",
      'Play: Let the set starting phase be the given phase. The timing “when the game begins” opens for each player in turn, from the first player. Starting with the first player, over and over: if that player is the first player, a new round begins (with “Three-player attrition”, the attrition is settled first); if that player is alive, that player takes a turn; then it passes to the player in the seat after them.',
      "After a player dies: The game checks for a winner: if the lord is dead, the renegade wins when they are the only player left, otherwise the rebels win; if every rebel and renegade is dead, the lord and the loyalists win. If the killer is alive and the dead player has not reincarnated (which only happens with “Reincarnation”), if the dead player's Role is Rebel, the killer draws 3 cards; if the dead player's Role is Loyalist and the killer's Role is Lord, the killer discards the cards in the killer's hand and equipment area. If “Dark souls” is chosen, the souls haunting the dead player vanish; then, unless they are the lord, they become a dark soul. If “Reincarnation” is chosen, they stay at the table, waiting for the others’ sacrifices (the cards given to them are their hand, which only they see), and their general goes back among the unused generals. A reincarnated player still counts as dead when the game checks for a winner (a reincarnated renegade cannot win), and killing one brings neither reward nor penalty; they may die again and reincarnate again.",
      'When every player left would die at once: The game ends and Rebels win (with “Three-player attrition”, nobody goes out instead and the game goes on into the next round).',
      "When the game ends: If “Scored series” is chosen, each player scores as follows and adds it to their total. Renegade: a renegade who wins scores 4 + 2 × the number of players; when the lord and the loyalists win, a renegade who lost the final duel with the lord (when they died only the lord was left standing, no loyalist) scores the number of players, any other 0; when the rebels win, a renegade still alive scores 1, a dead one 0. Lord: 4 + 2 × the living loyalists when the lord and the loyalists win; 1 when a renegade wins; 0 when the rebels win. Loyalist: 5 + the living loyalists when the lord and the loyalists win, otherwise 0. Rebel: 3 × the living rebels when the rebels win, otherwise 0. Personal points: a lord or loyalist whose side won, +1 for each rebel or renegade they killed; a rebel, won or lost, +1 for each loyalist or renegade they killed; whoever killed the lord, +2 (the killer is the one the death names; a death with no killer, or killing oneself, counts for nobody). A draw, with no winner, gives no points by role, only personal points. A series has as many games as players: seat 1 is the lord of the first game, and after each game the lord's role passes to the next seat, the other roles dealt at random; once everyone has been lord, the highest total wins the series (a tie shares it); a game played after that starts a new series, every total back to 0.",
    ],
  },
  'events.damage': {
    zh: [
      '若受到伤害的角色已死亡，防止此伤害。进入时机「伤害来源造成伤害时」。进入时机「受到伤害的角色受到伤害时」。若伤害值不大于0，防止此伤害。受到伤害的角色的体力减少伤害值。若其体力不大于0，其进入濒死状态。若伤害来源存活，进入时机「该角色造成伤害后」。若受到伤害的角色存活，进入时机「该角色受到伤害后」。进入时机「受到伤害的角色受到的伤害结算完毕后」。',
    ],
    en: [
      "If the damaged player is dead, prevent this damage. The timing “when the source of the damage would deal damage” opens. The timing “when the damaged player would take damage” opens. If the damage is at most 0, prevent this damage. The damaged player's HP decreases by the damage. If their HP is at most 0, they start dying. If the source of the damage is alive, the timing “after they deal damage” opens. If the damaged player is alive, the timing “after they take damage” opens. The timing “once the damage the damaged player took has fully resolved” opens.",
    ],
  },
  'events.dying': {
    zh: [
      '进入时机「濒死角色进入濒死状态时」。从当前角色起，依次对每名存活角色：该角色可以对濒死角色使用【桃】（或可以当作【桃】使用的牌），一张接一张，直到濒死角色的体力大于0，若濒死角色的体力大于0或濒死角色已死亡，跳过其余各项。若濒死角色的体力不大于0且濒死角色存活且其死亡无须稍后结算且没有技能令濒死角色在体力值不大于0时仍存活，濒死角色死亡（凶手为致其濒死的角色）。',
    ],
    en: [
      "The timing “when the dying player starts dying” opens. For each living player in turn, from the current player: that player may use Peaches (or cards they can use as Peach) on the dying player, one after another, until the dying player is above 0 HP; if the dying player's HP is greater than 0 or the dying player is dead, skip the rest. If the dying player's HP is at most 0 and they are alive and their death need not wait and no skill keeps the dying player in the game at 0 HP or less, the dying player dies (killed by whoever brought them to dying).",
    ],
  },
  'events.die': {
    zh: [
      '死亡的角色亮出身份。进入时机「该角色死亡时」。死亡的角色离场。弃置死亡的角色的所有牌（包括其武将牌上的牌）。由游戏模式处理角色死亡的后续。',
    ],
    en: [
      'The dead player reveals their Role. The timing “when the dead player dies” opens. The dead player leaves the game. Discard every card they hold (cards on their general too). The game mode handles what follows a death.',
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

  // Procedures read like a rulebook: loops as "repeat this" / taking turns, no "let X be X", no raw none / true.
  const keyPhrases: [string, string[], string[]][] = [
    [
      'skills.luoshen',
      ['你可以进行判定，若判定牌为黑色，你获得判定牌，然后你可以重复此流程'],
      ['you may make a judgement; if the judge card is black, you take the judge card and may repeat this'],
    ],
    [
      'cards.duel',
      ['由目标角色开始，目标角色与你轮流打出一张【杀】', '直到其中一方未如此做，另一方对其造成1点伤害'],
      [
        'starting with the target, they and you take turns',
        'until one of them does not; the other deals 1 damage to them',
      ],
    ],
    [
      'cards.collateral',
      ['使用一张【杀】；否则，若你存活，你获得目标角色的武器'],
      ["may use a Slash on the second player named; otherwise, if you are alive, you take the target's weapon"],
    ],
    [
      'events.useCard',
      ['使用的牌按技能使其视为的牌计。', '清除此目标。'],
      ['The used card now counts as skills make it count.', 'Clear that target.'],
    ],
    ['events.beginGame', ['游戏已开始。'], ['The game has begun.']],
    [
      'modes.identity',
      [
        '首先执行回合的角色为主公。',
        '从首位角色起，如此循环：若该角色为首位角色，新的一轮开始（选用「三人消耗」时，先结算三人消耗）；若该角色存活，该角色执行一个回合；然后轮到其下一个座位上的角色。',
      ],
      ['The first player to take a turn is the lord.', 'then it passes to the player in the seat after them.'],
    ],
  ];
  for (const [key, zh, en] of keyPhrases) {
    it(`${key} (key phrases)`, () => {
      const [kind, id] = key.split('.') as [keyof RuleTexts, string];
      const got = (texts[kind] as Record<string, Text>)[id]!;
      for (const x of zh) expect(got.zh).toContain(x);
      for (const x of en) expect(got.en).toContain(x);
    });
  }

  it('no procedure says "let X be X", nor a raw none or true', () => {
    const bad = allTexts(texts).filter(([, x]) =>
      /令(\S{1,12})为\1[（，。]|令\S{1,12}为(无|是|否)[，。；]|\blet (\w[\w ]*) be \3\b|\bbe (none|true|false)\b/.test(
        `${x.zh}\n${x.en}`,
      ),
    );
    expect(bad.map(([label]) => label)).toEqual([]);
  });

  // Key phrases: what the rule says, concisely (a card named rather than "cards", no "other than you" that adds
  // nothing, a pronoun for a role named again, "of" after a long owner, no raw values).
  const phrases: Record<string, { zh: string[]; en: string[]; notZh?: string[]; notEn?: string[] }> = {
    'skills.wushuang': {
      zh: ['你使用的【杀】需两张【闪】才能抵消'],
      en: ['A Slash you use needs 2 Dodges to cancel'],
      notZh: ['不为你的目标角色'],
      notEn: ['other than you', 'used by you'],
    },
    'skills.fankui': {
      zh: ['若伤害来源不为你，你可以获得其一张手牌（随机）'],
      en: ['you may take a random card in their hand'],
      notEn: ["the damage's"],
    },
    'skills.axeSkill': {
      zh: ['若你至少有两张除武器以外的牌，你可以弃置两张除武器以外的牌'],
      en: [
        'if you have at least 2 cards other than your weapon, you may discard 2 of your cards other than your weapon',
      ],
    },
    'cards.snatch': {
      zh: ['可以指定在你距离1以内且区域里有牌的其他角色为目标', '你选择其区域里的一张牌'],
      en: ['another player within distance 1 of you who has cards in their areas'],
      notEn: ['such that'],
    },
    'events.loseHp': {
      zh: ['该角色的体力减少失去的体力值。若其体力不大于0，其进入濒死状态。若其存活，进入时机「该角色失去体力后」'],
      en: ['Their HP decreases by the HP lost. If their HP is at most 0, they start dying. If they are alive'],
      notEn: ["losing HP's"],
    },
    'events.recover': {
      zh: ['进入时机「该角色回复体力时」', '回复体力的角色的体力上限-其体力'],
      en: ['The timing “when they would recover HP” opens', "the recovering player's Max HP − their HP"],
    },
  };
  for (const [key, want] of Object.entries(phrases)) {
    it(`${key} (key phrases)`, () => {
      const [kind, id] = key.split('.') as [keyof RuleTexts, string];
      const got = (texts[kind] as Record<string, Text>)[id]!;
      for (const p of want.zh) expect(got.zh).toContain(p);
      for (const p of want.en) expect(got.en).toContain(p);
      for (const p of want.notZh ?? []) expect(got.zh).not.toContain(p);
      for (const p of want.notEn ?? []) expect(got.en).not.toContain(p);
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
    expect(
      codes(
        'package x\nphrase exNothing() "甲" "a"\nfunction exF(p: player): bool = true\nphrase exF(p, q) "{p}" "{p}"\n',
      ),
    ).toEqual(['SGS301', 'SGS302']);
    expect(codes('package x\nphrase on damaged "甲" "a"\n')).toEqual(['SGS302']);
  });

  it('SGS303: a placeholder that is not a parameter; SGS305: a malformed template', () => {
    expect(codes('package x\nfunction exF(p: player): bool = true\nphrase exF(p) "{q}成立" "{p} holds"\n')).toEqual([
      'SGS303',
    ]);
    expect(codes('package x\nfunction exF(p: player): bool = true\nphrase exF(p) "{p成立" "{p} holds"\n')).toEqual([
      'SGS305',
    ]);
  });

  it('SGS304: the same name worded twice; SGS306: one language empty; SGS307: Latin words in Chinese', () => {
    expect(codes('package x\nphrase draw(p, n) "{p}摸牌" "{p} draws"\n')).toEqual(['SGS304']);
    expect(codes('package x\nfunction exF(p: player): bool = true\nphrase exF(p) "" "{p} holds"\n')).toEqual([
      'SGS306',
    ]);
    expect(
      codes('package x\nfunction exF(p: player): bool = true\nphrase exF(p) "{p} holds成立" "{p} holds"\n'),
    ).toEqual(['SGS307']);
  });

  it('SGS310: wording the texts need is missing; a phrase supplies it', () => {
    const skill =
      'package x\naction exAct(p: player) { draw(p, 1) }\nskill exS 甲技 "Ex" { on damaged(you) may { exAct(you) } }\n' +
      'general exG 乙 "G" { kingdom: wei  gender: male  hp: 4  skills: exS }\n';
    expect(codes(skill)).toEqual(['SGS310']);
    const r = compile([
      ...rules,
      { file: 'planted.sgs', text: skill + 'phrase exAct(p) "{p}摸一张牌并大笑" "{p} draws a card, laughing"\n' },
    ]);
    expect(r.diagnostics.filter((d) => d.span.file === 'planted.sgs')).toEqual([]);
    const t = generateTexts(r).skills.exS!;
    expect(t.zh).toBe('你受到伤害后，你可以摸一张牌并大笑。');
    expect(t.en).toBe('After you take damage, you may draw a card, laughing.');
  });

  it('patterns choose the most specific phrase', () => {
    const r = compile([
      ...rules,
      {
        file: 'planted.sgs',
        text: 'package x\nskill exS 甲技 "Ex" { on damaged(you) may { draw(you, 1) draw(you, 3) } }\n',
      },
    ]);
    expect(generateTexts(r).skills.exS!.zh).toBe('你受到伤害后，你可以摸一张牌，摸三张牌。');
  });
});

describe('card pages say where the rules ask for the card (compiler/text/asks.ts)', () => {
  const card = (id: string) => texts.cards[id]!;

  it('闪: in answer to the cards whose effect asks for it, cancelling that effect', () => {
    expect(card('jink').zh).toContain('【杀】或【万箭齐发】对你生效时，你可以使用此牌抵消其对你的效果。');
    expect(card('jink').en).toContain(
      'When a Slash or an Archery Attack takes effect on you, you may use this card in answer to cancel its effect on you.',
    );
    expect(card('jink').refs).toEqual(['respond']);
    // 杀 is played (not used) in answer: the pattern on `respond`'s `use` follows the calls up to 决斗 and 南蛮入侵.
    expect(card('slash').zh).toContain('在【决斗】或【南蛮入侵】的结算中，当你需要打出【杀】时，你可以打出此牌。');
    expect(card('slash').en).toContain('While a Duel or a Savage Assault resolves, you may play this card');
  });

  it('无懈可击: against a trick about to take effect on one player, at any time, and the chain', () => {
    const { zh, en, refs } = card('nullification');
    expect(zh).toContain('每当一张锦囊牌即将对一名角色生效时（无论是谁的回合），你可以使用此牌抵消其对该角色的效果');
    expect(zh).toContain('此牌也可以被另一张【无懈可击】抵消');
    expect(en).toContain('Whenever a trick is about to take effect on a player, on anyone');
    expect(en).toContain('cancel its effect on that player');
    expect(en).toContain('can itself be cancelled by another Nullification');
    // The section words the chain (`nullified`), which calls the question that names the card (`askNullification`).
    expect(refs).toEqual(['nullified']);
  });

  it('桃: besides the play phase, on a dying player, by anyone and by the dying player', () => {
    const { zh, en, refs } = card('peach');
    expect(zh).toContain('出牌阶段，若你已受伤，你可以使用此牌。');
    expect(zh).toContain('一名角色处于濒死状态时，你可以对其使用此牌');
    expect(zh).toContain('若濒死的是你，你也可以对自己使用');
    expect(en).toContain('When a player is dying, you may use this card on them');
    expect(en).toContain('on yourself if you are the one dying');
    expect(refs).toEqual(['offerRescue']);
    // A card nobody asks for has no such section.
    expect(card('exNihilo').refs).toBeUndefined();
  });

  it('the procedures they link read as procedures: the chain and 求桃', () => {
    const chain = texts.events.nullified!;
    expect(chain.name).toEqual({ zh: '无懈可击的结算', en: 'Nullification chain' });
    expect(chain.zh).toContain('该角色可以使用一张【无懈可击】，若该角色如此做，该角色使用该【无懈可击】');
    expect(chain.zh).toContain('抵消该【无懈可击】（其结算同此流程）');
    expect(chain.zh).toContain('若该【无懈可击】未被抵消，待抵消的牌被抵消；否则，待抵消的牌未被抵消');
    expect(chain.zh).toContain('若没有角色如此做，待抵消的牌未被抵消。');
    expect(chain.en).toContain('(settled the same way)');
    expect(chain.en).toContain('If nobody does, the card at stake is not cancelled.');
    expect(chain.zh).not.toContain('结果为');
    const rescue = texts.events.offerRescue!;
    expect(rescue.zh).toContain('被询问的角色可以对濒死角色使用一张可以救人的牌，若被询问的角色如此做，重复此流程');
    expect(rescue.zh).not.toContain('若X为空');
    expect(rescue.en).toContain('the player asked may use a card that can save the dying player on them');
  });

  it('a card asked for with no wording for its page is SGS310; card.<procedure> phrases are checked', () => {
    const asked =
      'package x\ncard exToy 玩具 "Toy" { type: basic  targeting: self }\n' +
      'action exAsk 问玩具 "Ask for a toy" (p: player) {\n' +
      '  let c = choose(p, usableAs(p, [exToy]), "respond", true, asks: toAnswer)\n}\n';
    expect(codes(asked)).toEqual(['SGS310']);
    const worded = `${asked}phrase card.exAsk(p "你" "you") "{p}可以拿出{self}" "{p} may show {self}"\n`;
    const r = compile([...rules, { file: 'planted.sgs', text: worded }]);
    expect(r.diagnostics.filter((d) => d.span.file === 'planted.sgs')).toEqual([]);
    expect(generateTexts(r).cards.exToy!.zh).toContain('你可以拿出【玩具】。');
    expect(generateTexts(r).cards.exToy!.refs).toEqual(['exAsk']);
    // Not a method, event or action; a placeholder a section on a procedure does not have; the wrong arity.
    expect(codes('package x\nphrase card.noSuchThing(p) "{p}" "{p}"\n')).toEqual(['SGS301']);
    expect(codes('package x\nphrase card.offerRescue(p, who) "{body}" "{body}"\n')).toEqual(['SGS303', 'SGS303']);
    expect(codes('package x\nphrase card.offerRescue(p) "{by}" "{by}"\n')).toEqual(['SGS302']);
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
