// A conversion's condition may name `them`, the cards of one combination (docs/language.md, "Conversions"): it is
// then checked for each combination, and only the combinations it accepts are offered — two cards of different
// colours, a case a per-card `where` cannot say — and every accepted one is kept, not only the first 64 pairs.
import { describe, expect, it } from 'vitest';
import { loadSources } from '../compiler/node/load.ts';
import { generateTexts } from '../compiler/text/index.ts';
import { compile } from '../compiler/index.ts';
import { runScenario } from '../runtime/scenario.ts';
import { compileOrThrow } from './helpers.ts';

const extra = `
package togetherTest
import core, standard, identity
function ttOneRed(cs: [card]): bool = count(cs where isRed(it)) == 1
phrase ttOneRed(cs) "{cs}颜色不同" "{cs} are of different colours"
skill ttMixed 杂 "Mixed" {
  viewAs duel from 2 cards in hand where it.rank < 13 if ttOneRed(them) and turnPlayer == you
}
scenario ttOffered 杂 "two cards of different colours as a Duel" {
  mode identity
  seat a { skills: [ttMixed], role: lord, hand: [slash ♠7, slash ♣8, jink ♦2, jink ♥K] }
  seat b { general: lvbu, role: rebel }
  start a playPhase
  expect count(conversions(a, [duel])) == 2
  expect not offered virtual(duel, [slash ♣8, slash ♠7])
  a: virtual(duel, [jink ♦2, slash ♣8])
  a: b
  expect b.hp == 3
}
scenario ttMany 杂多 "every accepted combination of a large hand is kept" {
  mode identity
  seat a { skills: [ttMixed], role: lord, hand: [slash ♠2, slash ♠3, slash ♠4, slash ♠5, slash ♠6, slash ♠7, slash ♠8, slash ♠9, slash ♠10, slash ♠J, slash ♠Q, jink ♦2, jink ♦3, jink ♦4, jink ♦5, jink ♦6, jink ♦7, jink ♦8] }
  seat b { general: lvbu, role: rebel }
  start a playPhase
  expect count(conversions(a, [duel])) == 77
}
scenario ttOthersTurn 杂他人回合 "the rest of the condition still holds for the situation" {
  mode identity
  seat b { general: lvbu, role: lord, hand: [slash ♠9] }
  seat a { skills: [ttMixed], role: rebel, hand: [slash ♠7, jink ♦2] }
  start b playPhase
  expect count(conversions(a, [duel])) == 0
}
`;

describe('a conversion whose condition names them', () => {
  const sources = [...loadSources(['rules']), { file: 'together-test.sgs', text: extra }];
  const program = compileOrThrow(sources);

  for (const id of ['ttOffered', 'ttMany', 'ttOthersTurn'])
    it(`scenario ${id}`, () => {
      const r = runScenario(program, id);
      expect(r.failure).toBeUndefined();
      expect(r.ok).toBe(true);
    });

  it('reads the condition on the cards together as a clause on them, the rest as a condition', () => {
    const texts = generateTexts(compile(sources));
    const t = texts.skills.ttMixed!;
    expect(t.zh).toBe('若当前回合角色为你，你可以将两张点数小于13且颜色不同的手牌当【决斗】使用。');
    expect(t.en).toContain('2 cards from your hand');
    expect(t.en).toContain('are of different colours');
  });
});
