// Kinds of kinds (`card fireSlash 火杀 is slash`): the IR's card kind carries its parent, the engine inherits fields
// and methods and matches children wherever the parent is named, the compiler reports bad parents, and the rule
// text of a child says what it is.
import { describe, expect, it } from 'vitest';
import { compile } from '../compiler/index.ts';
import { loadSources } from '../compiler/node/load.ts';
import { generateTexts } from '../compiler/text/index.ts';
import { inheritKinds, isKindOf, matchesAny } from '../runtime/kinds.ts';
import { compileOrThrow } from './helpers.ts';

const rules = loadSources(['rules']);
const withExamples = loadSources(['rules', 'docs/examples']);

function codes(text: string): string[] {
  return compile([...rules, { file: 'planted.sgs', text }])
    .diagnostics.filter((d) => d.span.file === 'planted.sgs')
    .map((d) => d.code);
}

describe('kinds of kinds', () => {
  const program = compileOrThrow(withExamples);

  it('gives the IR card kind its parent, and only its own fields', () => {
    expect(program.cards.exFireSlash!.parent).toBe('slash');
    expect(program.cards.exFireSlash!.fields).toEqual({ nature: 'fire' });
    expect(program.cards.slash!.parent).toBeUndefined();
  });

  it('inherits fields and methods, the child’s own winning', () => {
    const cards = inheritKinds(program.cards);
    expect(cards.exFireSlash!.fields.type).toBe('basic');
    expect(cards.exFireSlash!.fields.nature).toBe('fire');
    expect(cards.exFireSlash!.methods.effect).toBe(program.cards.slash!.methods.effect);
    expect(cards.exFreeSlash!.methods.onUse).toBe(program.cards.exFreeSlash!.methods.onUse);
    expect(cards.exFreeSlash!.methods.onUse).not.toBe(program.cards.slash!.methods.onUse);
    expect(cards.slash).toBe(program.cards.slash);
  });

  it('matches a child wherever the parent is named, never the reverse', () => {
    expect(isKindOf(program.cards, 'exFireSlash', 'slash')).toBe(true);
    expect(isKindOf(program.cards, 'slash', 'exFireSlash')).toBe(false);
    expect(matchesAny(program.cards, 'exFireSlash', ['jink', 'slash'])).toBe(true);
    expect(matchesAny(program.cards, 'exFireSlash', ['jink'])).toBe(false);
  });

  it('reports a parent that is not a card kind, a cycle, and `is` with something else', () => {
    expect(codes('card exA 甲 "A" is caocao { type: basic }')).toContain('SGS106');
    expect(codes('card exA 甲 "A" is exB { }\ncard exB 乙 "B" is exA { }')).toContain('SGS222');
    expect(codes('function exF(c: card): bool = c is caocao')).toContain('SGS106');
    expect(
      codes('card exA 甲 "A" is slash { nature: fire }\nfunction exF(c: card): bool = c is [slash, jink]'),
    ).toEqual([]);
    expect(codes('card exA 甲 "A" { }')).toContain('SGS220');
  });

  it('words a child as a kind of its parent, and the parent as before', () => {
    const texts = generateTexts(compile(withExamples));
    expect(texts.cards.exFireSlash!.zh).toBe('此牌为一种【杀】，除以下所述外与【杀】相同。\n属性：火焰。');
    expect(texts.cards.exFireSlash!.en).toBe('A kind of Slash: the same as a Slash except as follows.\nNature: Fire.');
    expect(texts.cards.slash!.zh).toContain('类别：基本牌；目标：指定；属性：普通。');
    expect(texts.cards.slash!.zh).not.toContain('一种');
  });
});
