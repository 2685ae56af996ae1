// The card-face builder shared by the rulebook pages and the game table (site/src/lib/card-svg.ts): suit colour,
// rank in both corners, names escaped, the type line from the rules' own card data.
import { describe, expect, it } from 'vitest';
import { cardBackSvg, cardSvg, kindFace } from '../site/src/lib/card-svg.ts';
import { compile } from '../compiler/index.ts';
import { loadSources } from '../compiler/node/load.ts';
import { rankText, suitSymbol } from '../runtime/index.ts';

const repo = new URL('../', import.meta.url).pathname;

describe('card faces as SVG', () => {
  it('hearts and diamonds are red, spades and clubs black', () => {
    for (const [suit, colour] of [
      ['heart', 'suit-red'],
      ['diamond', 'suit-red'],
      ['spade', 'suit-black'],
      ['club', 'suit-black'],
    ] as const) {
      const svg = cardSvg({ suit, rank: 7, name: 'x' });
      expect(svg).toMatch(new RegExp(`^<svg class="cardsvg big ${colour}"`));
      expect(svg).toContain(`>${suitSymbol(suit)}</text>`);
    }
  });

  it('writes the rank in both corners with the notation of runtime/card-face.ts', () => {
    for (const rank of [1, 7, 10, 11, 12, 13]) {
      const svg = cardSvg({ suit: 'spade', rank, name: '杀' });
      const ranks = [...svg.matchAll(/<text class="cs-rank"[^>]*>([^<]*)<\/text>/g)].map((m) => m[1]);
      expect(ranks).toEqual([rankText(rank), rankText(rank)]);
      expect(svg).toContain(`data-rank="${rankText(rank)}"`);
    }
  });

  it('escapes names, types and notes, in the text and the label', () => {
    const svg = cardSvg({ name: '<b>"A & B"</b>', other: "O'Neil", type: 'x<y', note: '&', suit: 'heart', rank: 1 });
    expect(svg).not.toContain('<b>');
    expect(svg).toContain('&lt;b&gt;&quot;A &amp; B&quot;&lt;/b&gt;');
    expect(svg).toContain('O&#39;Neil');
    expect(svg).toContain('x&lt;y');
    expect(cardBackSvg('x"><i>')).not.toContain('<i>');
  });

  it('has no card face for a card without suit or rank, but still its name', () => {
    const svg = cardSvg({ name: 'Dodge' });
    expect(svg).not.toContain('cs-rank');
    expect(svg).toContain('>Dodge</text>');
  });

  it('reads a kind’s type, subtype and range from the rules', () => {
    const p = compile(loadSources([repo + 'rules'], repo)).program!;
    const weapon = Object.values(p.cards).find((c) => typeof c.fields.range === 'number')!;
    const f = kindFace(p, weapon.id, (id) => `<${id}>`, 'range ');
    expect(f.type).toBe(`<${String(weapon.fields.subtype)}>`); // the slot says it is equipment
    expect(f.note).toBe(`range ${String(weapon.fields.range)}`);
    expect(f.tone).toBe(p.enums.cardType!.indexOf(String(weapon.fields.type)));
    // A kind of another kind (fire slash is a slash) inherits what it does not declare.
    const child = Object.values(p.cards).find((c) => c.parent && c.fields.type === undefined);
    if (child) expect(kindFace(p, child.id, (id) => id, '').type).toBe(String(p.cards[child.parent!]!.fields.type));
    // A card without a subtype shows its type.
    const basic = Object.values(p.cards).find(
      (c) => c.fields.subtype === undefined && typeof c.fields.type === 'string',
    )!;
    expect(kindFace(p, basic.id, (id) => `<${id}>`, '').type).toBe(`<${String(basic.fields.type)}>`);
  });
});
