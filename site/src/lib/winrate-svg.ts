// A general's win rates as SVG drawn at build time (no script ships): one row per line of figures — overall, then
// each role — with the rate as a bar, its 95% interval as a whisker and the baseline it is compared with as a
// dashed mark; the numbers are written beside each bar (under it in the narrow layout, for phones) and repeated in
// the label read out by screen readers. The words come from the caller, in the page's language.
import { escapeXml as esc } from './card-svg.ts';

export interface Rate {
  games: number;
  wins: number;
  rate: number; // 0–1
  low: number; // 95% interval
  high: number;
}

export interface ChartRow {
  label: string;
  /** Absent: no games in this row (a role the general never played). */
  stat?: Rate;
  /** What the row is compared with (0–1), drawn as a dashed mark. */
  baseline?: number;
  /** The first row (overall) is drawn stronger. */
  main?: boolean;
}

export interface ChartWords {
  /** The chart's name, first in its label ("曹操的胜率"). */
  title: string;
  games(n: number): string; // "412 games"
  noGames: string;
  baseline: string; // "baseline"
  interval: string; // "95% interval"
}

const FS = 13; // font size
const BAR = 12; // bar thickness
const TOP = 6;
const AXIS = 22; // room for the percentages under the plot
/** Wide: the numbers beside each bar. Narrow (a phone): a narrower plot, the numbers under each bar. */
const LAYOUT = {
  wide: { rowH: 30, plotW: 260 },
  narrow: { rowH: 46, plotW: 220 },
} as const;
export type Layout = keyof typeof LAYOUT;

/** Rough width of a text in ems (system sans-serif): CJK characters are square, Latin ones narrower. */
function ems(s: string): number {
  let n = 0;
  for (const ch of s) {
    if (/[\u2e80-\u9fff\uff00-\uffef]/.test(ch)) n += 1;
    else if (ch === '%') n += 0.92;
    else if (/[A-Zmw]/.test(ch)) n += 0.75;
    else if (/[0-9]/.test(ch)) n += 0.6;
    else if (/[ .,:;·|ilj']/.test(ch)) n += 0.3;
    else n += 0.56;
  }
  return n;
}

export const pct = (x: number, digits = 1): string => `${(100 * x).toFixed(digits)}%`;

const range = (s: Rate, w: ChartWords) => `${pct(s.low, 0)}–${pct(s.high, 0)} · ${w.games(s.games)}`;

/** "48.2% (95% interval 41.0%–55.5%, 412 games; baseline 45.0%)", for the label read out. */
function spoken(r: ChartRow, w: ChartWords): string {
  if (!r.stat) return `${r.label}: ${w.noGames}`;
  const s = r.stat;
  const base = r.baseline === undefined ? '' : `; ${w.baseline} ${pct(r.baseline)}`;
  return `${r.label}: ${pct(s.rate)} (${w.interval} ${pct(s.low)}–${pct(s.high)}, ${w.games(s.games)}${base})`;
}

export function winRateSvg(rows: ChartRow[], w: ChartWords, layout: Layout = 'wide'): string {
  const { rowH, plotW } = LAYOUT[layout];
  const wide = layout === 'wide';
  const labelW = Math.ceil(Math.max(40, ...rows.map((r) => ems(r.label) * FS * (r.main ? 1.06 : 1))) + 6);
  const x0 = labelW + 8;
  const x = (v: number) => +(x0 + Math.min(1, Math.max(0, v)) * plotW).toFixed(2);
  // The numbers ("48.2%  41%–56% · 412 games"): a column as wide as the longest, or a line under each bar.
  const valueW = Math.max(
    0,
    ...rows.map((r) =>
      r.stat ? ems(pct(r.stat.rate)) * FS * 1.06 + 7 + ems(range(r.stat, w)) * (FS - 2) : ems(w.noGames) * FS,
    ),
  );
  const vx = wide ? x0 + plotW + 14 : x0;
  const W = Math.ceil(Math.max(x0 + plotW + 14, vx + valueW * 1.08 + 6)); // the estimate errs short: room to spare
  const plotH = rows.length * rowH;
  const H = TOP + plotH + AXIS;
  const parts: string[] = [];
  // Grid every 25 points, labelled under the plot; 50% a little stronger.
  for (const t of [0, 0.25, 0.5, 0.75, 1]) {
    parts.push(
      `<line class="wr-grid${t === 0.5 ? ' half' : ''}" data-tick="${t}" x1="${x(t)}" x2="${x(t)}" y1="${TOP}" y2="${TOP + plotH}"/>`,
      `<text class="wr-axis" x="${x(t)}" y="${TOP + plotH + 15}" text-anchor="middle" font-size="${FS - 2}">${t * 100}%</text>`,
    );
  }
  rows.forEach((r, i) => {
    const cy = TOP + i * rowH + (wide ? rowH / 2 : 14);
    const ty = cy + FS * 0.36;
    const vy = wide ? ty : cy + 23; // the numbers' baseline
    const cls = r.main ? ' main' : '';
    const label = `<text class="wr-label${cls}" x="${labelW}" y="${ty}" text-anchor="end" font-size="${FS}">${esc(r.label)}</text>`;
    const s = r.stat;
    if (!s) {
      parts.push(
        `<g class="wr-row none">${label}<text class="wr-none" x="${x0 + 8}" y="${ty}" font-size="${FS - 1}">${esc(w.noGames)}</text></g>`,
      );
      return;
    }
    const bar = `<rect class="wr-bar${cls}" x="${x0}" y="${cy - BAR / 2}" width="${+(x(s.rate) - x0).toFixed(2)}" height="${BAR}" rx="2"/>`;
    const [lo, hi] = [x(s.low), x(s.high)];
    // Whisker and mark over a halo of the page's colour, so that they read on the bar as well as beside it.
    const wd = `M${lo} ${cy}H${hi}M${lo} ${cy - 5}V${cy + 5}M${hi} ${cy - 5}V${cy + 5}`;
    const whisker = `<path class="wr-halo" d="${wd}"/><path class="wr-whisker" d="${wd}"/>`;
    const bx = r.baseline === undefined ? 0 : x(r.baseline);
    const base =
      r.baseline === undefined
        ? ''
        : `<path class="wr-halo" d="M${bx} ${cy - 11}V${cy + 11}"/><line class="wr-base" data-baseline="${r.baseline}" x1="${bx}" x2="${bx}" y1="${cy - 11}" y2="${cy + 11}"/>`;
    const value =
      `<text class="wr-value" x="${vx}" y="${vy}" font-size="${FS}"><tspan class="wr-rate${cls}">${pct(s.rate)}</tspan>` +
      `<tspan class="wr-range" dx="7" font-size="${FS - 2}">${esc(range(s, w))}</tspan></text>`;
    parts.push(
      `<g class="wr-row" data-rate="${s.rate}" data-low="${s.low}" data-high="${s.high}" data-games="${s.games}"><title>${esc(spoken(r, w))}</title>${label}${bar}${base}${whisker}${value}</g>`,
    );
  });
  const aria = `${w.title}. ${rows.map((r) => spoken(r, w)).join('. ')}.`;
  return `<svg class="winrate ${layout}" viewBox="0 0 ${W} ${H}" width="${W}" height="${H}" role="img" aria-label="${esc(aria)}"><title>${esc(aria)}</title>${parts.join('')}</svg>`;
}
