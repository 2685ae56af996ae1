// A card's flow (flow.ts) drawn as SVG at build time: one row per step, time running down; an event, an action or
// the card's own method is a box around the steps it runs; a timing window is a pill linking to its entry on the
// timings page. Labels are the generated names of events and windows, in the page's language.
import { escapeXml as esc } from './card-svg.ts';
import type { FlowNode } from './flow.ts';

export interface FlowLabels {
  lang: 'zh' | 'en';
  /** A window's generated wording ("when a player uses a card"). */
  window(id: string): string;
  /** An event's or action's name. */
  proc(id: string): string;
  /** How the card's own method reads ("Slash · effect"). */
  method(name: string): string;
  /** Where a window or procedure is explained, if anywhere. */
  href(k: FlowNode['k'], id: string): string | undefined;
}

const RH = 26; // row height
const IND = 18; // indent per level
const FS = 12.5; // font size

function ems(s: string): number {
  let n = 0;
  for (const ch of s) n += /[\u2e80-\u9fff\uff00-\uffef]/.test(ch) ? 1 : /[A-Z]/.test(ch) ? 0.68 : 0.56;
  return n;
}

interface Row {
  n: FlowNode;
  depth: number;
  end: number; // the last row of this node's box
}

function rows(nodes: FlowNode[], depth: number, out: Row[]): void {
  for (const n of nodes) {
    const r: Row = { n, depth, end: out.length };
    out.push(r);
    if (!n.folded && n.steps.length) rows(n.steps, depth + 1, out);
    r.end = out.length - 1;
  }
}

export function flowSvg(steps: FlowNode[], L: FlowLabels, title: string, attrs: Record<string, string> = {}): string {
  const rs: Row[] = [];
  rows(steps, 0, rs);
  const zh = L.lang === 'zh';
  const fold = { deep: zh ? '……' : ' …', again: zh ? '（再次）' : ' (again)', seen: zh ? '（同上）' : ' (as above)' };
  const foldTitle = {
    deep: zh ? '更深的步骤此处不再展开' : 'its own steps are not drawn here',
    again: zh ? '同一过程再次发生（例如无懈可击本身的使用）' : 'the same procedure again (a Nullification’s own use)',
    seen: zh ? '其步骤见上文' : 'its steps are drawn above',
  };
  const texts = rs.map((r) => {
    const n = r.n;
    let t = n.k === 'window' ? L.window(n.name) : n.k === 'method' ? L.method(n.name) : L.proc(n.name);
    if (n.each) t = `↻ ${t}`;
    if (n.folded) t += fold[n.folded];
    return t;
  });
  const x0 = (r: Row) => 22 + r.depth * IND;
  const width = Math.max(
    420,
    ...rs.map(
      (r, i) => x0(r) + ems(texts[i]!) * FS + (r.n.k === 'window' ? 24 : 12) + (r.n.k === 'window' ? 0 : 60) + 16,
    ),
  );
  const W = Math.ceil(width);
  const H = rs.length * RH + 16;
  const boxes: string[] = [];
  const items: string[] = [];
  rs.forEach((r, i) => {
    const n = r.n;
    const x = x0(r);
    const y = 8 + i * RH;
    const cls = [`flow-${n.k}`, n.maybe ? 'maybe' : '', n.cleanup ? 'cleanup' : '', n.folded ? 'folded' : '']
      .filter(Boolean)
      .join(' ');
    const label = esc(texts[i]!);
    const href = L.href(n.k, n.name);
    const link = (inner: string) => (href ? `<a href="${esc(href)}">${inner}</a>` : inner);
    const tip = `<title>${esc(n.name)}${n.folded ? ` — ${esc(foldTitle[n.folded])}` : ''}${n.maybe ? ` — ${zh ? '视情况' : 'only when its condition holds'}` : ''}</title>`;
    if (n.k === 'window') {
      const w = ems(texts[i]!) * FS + 20;
      items.push(
        `<g class="${cls}" data-window="${esc(n.name)}">${tip}${link(`<rect x="${x}" y="${y + 3}" width="${w.toFixed(1)}" height="${RH - 6}" rx="${(RH - 6) / 2}"/><text x="${x + 10}" y="${y + RH / 2 + 4.3}" font-size="${FS}">${label}</text>`)}</g>`,
      );
    } else {
      const boxed = !n.folded && n.steps.length > 0;
      if (boxed) {
        const h = (r.end - i + 1) * RH;
        boxes.push(
          `<rect class="box ${cls}" x="${x - 6}" y="${y + 1}" width="${W - (x - 6) - 6}" height="${h - 2}" rx="6"/>`,
        );
      }
      items.push(
        `<g class="${cls}" data-${n.k}="${esc(n.name)}">${tip}${link(`<text x="${x + 2}" y="${y + RH / 2 + 4.3}" font-size="${FS}" class="head">${label}<tspan class="id" dx="8" font-size="${FS - 2}">${esc(n.name)}</tspan></text>`)}</g>`,
      );
    }
  });
  // Time runs down the left edge.
  const spine = `<path class="spine" d="M9 10V${H - 12}"/><path class="spine-head" d="M4.5 ${H - 16}L9 ${H - 8}L13.5 ${H - 16}Z"/>`;
  const extra = Object.entries(attrs)
    .map(([k, v]) => ` ${k}="${esc(v)}"`)
    .join('');
  return `<svg class="flow" viewBox="0 0 ${W} ${H}" width="${W}" height="${H}" role="group" aria-label="${esc(title)}"${extra}>${spine}${boxes.join('')}${items.join('')}</svg>`;
}
