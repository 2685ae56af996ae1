// Card faces drawn as SVG markup from a card's data: rank and suit in two corners (red ♥♦, black ♠♣), the name in
// the middle, the type in a band at the foot. One builder for the build (CardFace.astro) and the islands (the game
// table), so a card looks the same on every page. It returns a string: Astro inserts it with set:html, the table
// with innerHTML. Colours are classes (styles/cards.css) on CSS custom properties, so a theme restyles them.
import { rankText, suitSymbol } from '../../../runtime/card-face.ts';

const ESC: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
export const escapeXml = (s: string): string => s.replace(/[&<>"']/g, (c) => ESC[c]!);

/** Whether a suit is red: hearts and diamonds (the rules' `color` function says the same of real cards). */
export const isRed = (suit: string | undefined): boolean => suit === 'heart' || suit === 'diamond';

export interface Face {
  suit?: string;
  rank?: number;
  /** The name in the page's language. */
  name: string;
  /** The name in the other language, drawn small under the first (big faces only). */
  other?: string;
  /** The type line: 基本牌, Trick, Weapon (an equipment card's slot says its type). */
  type?: string;
  /** A fact beside the type: a weapon's range. */
  note?: string;
  /** Which colour the type band takes: the index of the card's type in the rules' own list of types. */
  tone?: number;
  size?: 'big' | 'small' | 'table';
  /** Extra classes on the <svg>. */
  cls?: string;
  /** Hidden from assistive technology: the caller writes the card's name as text beside it. */
  decorative?: boolean;
  /** How much of the face's right side lies under the next card (a fanned hand), in units of the 120-wide grid:
   *  the name is centred and sized in what is left showing. */
  covered?: number;
}

// The face is drawn on a 120 × 168 grid (5:7, a playing card); CSS decides its size on the page.
const W = 120;
const H = 168;

/** Roughly how wide a text is in ems: a CJK character is one em, a Latin letter a little over half. */
function ems(s: string): number {
  let n = 0;
  for (const ch of s) n += /[\u2e80-\u9fff\uff00-\uffef]/.test(ch) ? 1 : /[A-Z]/.test(ch) ? 0.68 : 0.55;
  return n;
}

/** The name in one or two lines, each with the font size that fits `room` (the card's width, or what shows of it). */
function nameLines(name: string, room: number): { text: string; size: number }[] {
  const sized = (t: string, max: number) => ({ text: t, size: Math.min(max, room / Math.max(1, ems(t))) });
  const words = name.split(/\s+/).filter(Boolean);
  if (words.length < 2 || ems(name) * 16 <= room) return [sized(name, 32)];
  // Two lines, cut where the longer line is shortest.
  let best = 1;
  let bestLen = Infinity;
  for (let i = 1; i < words.length; i++) {
    const len = Math.max(ems(words.slice(0, i).join(' ')), ems(words.slice(i).join(' ')));
    if (len < bestLen) [best, bestLen] = [i, len];
  }
  const a = words.slice(0, best).join(' ');
  const b = words.slice(best).join(' ');
  const size = Math.min(20, room / Math.max(ems(a), ems(b)));
  return [
    { text: a, size },
    { text: b, size },
  ];
}

/** A card's face as an <svg> element (role img, its name and face as the accessible label). */
export function cardSvg(f: Face): string {
  const size = f.size ?? 'big';
  const red = isRed(f.suit);
  const sym = f.suit ? suitSymbol(f.suit) : '';
  const rank = f.rank === undefined ? '' : rankText(f.rank);
  const label = [f.name, f.other, `${sym}${rank}`, f.type, f.note].filter(Boolean).join(' ');
  const parts: string[] = [];
  parts.push(`<rect class="cs-edge" x="1.5" y="1.5" width="${W - 3}" height="${H - 3}" rx="9"/>`);
  parts.push(`<rect class="cs-inner" x="7" y="7" width="${W - 14}" height="${H - 14}" rx="5"/>`);
  if (sym) {
    // A large, faint suit behind the name; the two corners, the second turned upside down as on a real card.
    parts.push(`<text class="cs-pip" x="${W / 2}" y="104" text-anchor="middle" font-size="78">${sym}</text>`);
    const corner = `<text class="cs-rank" x="17" y="28" text-anchor="middle" font-size="20">${escapeXml(rank)}</text><text class="cs-suit" x="17" y="46" text-anchor="middle" font-size="17">${sym}</text>`;
    parts.push(`<g class="cs-corner">${corner}</g>`);
    parts.push(`<g class="cs-corner" transform="rotate(180 ${W / 2} ${H / 2})">${corner}</g>`);
  }
  const covered = f.covered ?? 0;
  const nameX = (W - covered) / 2;
  const lines = nameLines(f.name, 96 - covered);
  const other = size === 'big' && f.other && f.other !== f.name ? f.other : '';
  let y = lines.length === 1 ? 88 : 76;
  if (other) y -= 6;
  lines.forEach((l, i) => {
    if (i > 0) y += l.size * 1.15;
    parts.push(
      `<text class="cs-name" x="${nameX}" y="${y.toFixed(1)}" text-anchor="middle" font-size="${l.size.toFixed(1)}">${escapeXml(l.text)}</text>`,
    );
  });
  if (other) {
    const s = Math.min(12, 92 / Math.max(1, ems(other)));
    parts.push(
      `<text class="cs-other" x="${W / 2}" y="${(y + 8 + s).toFixed(1)}" text-anchor="middle" font-size="${s.toFixed(1)}">${escapeXml(other)}</text>`,
    );
  }
  // The type band at the foot, clear of the turned corner; a weapon's range just above it.
  if (f.type && size !== 'table') {
    const s = Math.min(11, 58 / Math.max(1, ems(f.type)));
    parts.push(
      `<rect class="cs-band tone-${f.tone ?? 0}" x="28" y="${H - 44}" width="${W - 56}" height="17" rx="8.5"/>`,
    );
    parts.push(
      `<text class="cs-type" x="${W / 2}" y="${H - 31.5}" text-anchor="middle" font-size="${s.toFixed(1)}">${escapeXml(f.type)}</text>`,
    );
  }
  if (f.note) {
    const y = f.type && size !== 'table' ? H - 50 : H - 30;
    const s = Math.min(size === 'table' ? 13 : 10, 70 / Math.max(1, ems(f.note)));
    parts.push(
      `<text class="cs-note" x="${W / 2}" y="${y}" text-anchor="middle" font-size="${s.toFixed(1)}">${escapeXml(f.note)}</text>`,
    );
  }
  const cls = ['cardsvg', size, red ? 'suit-red' : 'suit-black', f.cls].filter(Boolean).join(' ');
  const a11y = f.decorative ? ' aria-hidden="true"' : ` role="img" aria-label="${escapeXml(label)}"`;
  const title = f.decorative ? '' : `<title>${escapeXml(label)}</title>`;
  return `<svg class="${escapeXml(cls)}" viewBox="0 0 ${W} ${H}"${a11y} data-suit="${escapeXml(f.suit ?? '')}" data-rank="${escapeXml(rank)}">${title}${parts.join('')}</svg>`;
}

/** The back of a card a reader may not see: a lattice, no face (decorative: the caller says what it is). */
export function cardBackSvg(cls = ''): string {
  const lines: string[] = [];
  for (let i = -H; i < W + H; i += 14) {
    lines.push(`M${i} 0L${i + H} ${H}`, `M${i + H} 0L${i} ${H}`);
  }
  // The lattice runs to the card's edge; a wide frame drawn over it leaves a margin (no clip path: no ids to clash).
  return `<svg class="cardsvg table back${cls ? ` ${escapeXml(cls)}` : ''}" viewBox="0 0 ${W} ${H}" aria-hidden="true"><rect class="cs-backfill" x="0" y="0" width="${W}" height="${H}" rx="10"/><path class="cs-lattice" d="${lines.join('')}"/><rect class="cs-frame" x="5" y="5" width="${W - 10}" height="${H - 10}" rx="7"/><rect class="cs-edge back" x="1.5" y="1.5" width="${W - 3}" height="${H - 3}" rx="9"/></svg>`;
}

// ------------------------------------------------------------------ a card kind's facts, from the rules' data

/** What the builder needs to know of the rules: the card kinds (fields, parent) and the enums (the list of types). */
export interface KindsData {
  cards: Record<string, { fields: Record<string, unknown>; parent?: string }>;
  enums: Record<string, string[]>;
}

/** A field of a card kind, inherited from the kind it is a kind of (`card fireSlash is slash`). */
export function kindField(data: KindsData, kind: string, field: string): unknown {
  for (let k: string | undefined = kind, n = 0; k && n < 20; k = data.cards[k]?.parent, n++) {
    const v = data.cards[k]?.fields[field];
    if (v !== undefined) return v;
  }
  return undefined;
}

/** The type line, the range note and the band's tone of a kind: its `subtype` (an equipment slot), else its `type`,
 *  named in the page's language; a weapon's `range` (the fields the card pages list); the tone from the `type`. */
export function kindFace(
  data: KindsData,
  kind: string,
  name: (id: string) => string,
  rangeWord: string,
): Pick<Face, 'type' | 'note' | 'tone'> {
  const type = kindField(data, kind, 'type');
  const subtype = kindField(data, kind, 'subtype');
  const range = kindField(data, kind, 'range');
  const types = data.enums.cardType ?? [];
  const shown = typeof subtype === 'string' ? subtype : typeof type === 'string' ? type : undefined;
  return {
    type: shown === undefined ? undefined : name(shown),
    note: typeof range === 'number' ? `${rangeWord}${range}` : undefined,
    tone: typeof type === 'string' ? Math.max(0, types.indexOf(type)) : 0,
  };
}
