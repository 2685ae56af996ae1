// The Chinese language reference (docs/language.zh.md) is the English one (docs/language.md) section for section:
//  - the same code blocks, byte for byte, in the same order (the English blocks are the ones compiled and checked
//    by test/language-examples.test.ts, so the Chinese page shows exactly what is tested);
//  - the same headings at each level, with the same section numbers, in the same order;
//  - every diagnostic code of the English table in the Chinese table;
//  - no prose left in English: a paragraph, list item or table row outside code with Latin words and no Chinese, or
//    a long run of Latin words inside Chinese prose (inline code, links' targets and quoted text are not counted);
//  - every link to a heading of the page (`](#…)`) reaches a heading of the Chinese page.
import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import GithubSlugger from 'github-slugger';

const EN = 'docs/language.md';
const ZH = 'docs/language.zh.md';
const en = readFileSync(EN, 'utf8');
const zh = readFileSync(ZH, 'utf8');

interface Parts {
  /** Every fenced block, fences included. */
  blocks: { line: number; text: string }[];
  /** The lines outside fenced blocks, with their 1-based numbers. */
  prose: { line: number; text: string }[];
}

function split(md: string): Parts {
  const lines = md.split('\n');
  const blocks: Parts['blocks'] = [];
  const prose: Parts['prose'] = [];
  for (let i = 0; i < lines.length; i++) {
    const fence = /^(\s*)(`{3,})/.exec(lines[i]!);
    if (!fence) {
      prose.push({ line: i + 1, text: lines[i]! });
      continue;
    }
    const start = i;
    const close = new RegExp(`^\\s*${fence[2]}\\s*$`);
    for (i++; i < lines.length && !close.test(lines[i]!); i++);
    blocks.push({ line: start + 1, text: lines.slice(start, i + 1).join('\n') });
  }
  return { blocks, prose };
}

const E = split(en);
const Z = split(zh);

interface Heading {
  line: number;
  depth: number;
  text: string;
}
const headings = (p: Parts): Heading[] =>
  p.prose.flatMap(({ line, text }) => {
    const m = /^(#{1,6})\s+(.*)$/.exec(text);
    return m ? [{ line, depth: m[1]!.length, text: m[2]!.trim() }] : [];
  });
/** A heading's section number (`15.24`, `3`), or its identifier when it names one (`enum`, `tag, require`). */
const key = (h: Heading) => /^(\d+(?:\.\d+)*)\.?\s/.exec(h.text)?.[1] ?? (/^[a-z][a-z, ]*$/.test(h.text) ? h.text : '');

const CJK = /[\u3400-\u9fff\uf900-\ufaff]/;

/** The prose of a line without what may stay as it is: inline code, link targets, quoted text, URLs. */
function words(text: string): string {
  return text
    .replace(/(`+)[\s\S]*?\1/g, ' ')
    .replace(/\]\([^)]*\)/g, ']')
    .replace(/“[^”]*”|"[^"]*"/g, ' ')
    .replace(/https?:\/\/\S+/g, ' ');
}
const latinWords = (s: string) => s.match(/[A-Za-z][A-Za-z'’-]*/g) ?? [];
/** The longest run of Latin words with nothing but spaces and light punctuation between them. */
function longestLatinRun(s: string): number {
  let best = 0;
  for (const m of s.matchAll(/[A-Za-z][A-Za-z'’-]*(?:[\s,;:.()/–-]+[A-Za-z][A-Za-z'’-]*)*/g))
    best = Math.max(best, latinWords(m[0]).length);
  return best;
}

/** Units of prose: paragraphs (lines joined), each list item and each table row on its own. */
function units(p: Parts): { line: number; text: string }[] {
  const out: { line: number; text: string }[] = [];
  let cur: { line: number; text: string } | undefined;
  const flush = () => {
    if (cur) out.push(cur);
    cur = undefined;
  };
  for (const { line, text } of p.prose) {
    if (!text.trim()) flush();
    else if (/^\s*\|/.test(text) || /^#{1,6}\s/.test(text)) {
      flush();
      out.push({ line, text });
    } else if (/^\s*(?:[-*]|\d+\.)\s/.test(text) || !cur) {
      flush();
      cur = { line, text };
    } else cur.text += ' ' + text;
  }
  flush();
  return out;
}

describe(`${ZH} follows ${EN}`, () => {
  it('has the same code blocks, byte for byte, in the same order', () => {
    expect(E.blocks.length).toBeGreaterThan(100);
    expect(Z.blocks.length, 'number of code blocks').toBe(E.blocks.length);
    E.blocks.forEach((b, i) => {
      const z = Z.blocks[i]!;
      if (z.text !== b.text)
        expect.fail(`code block ${i + 1} (${EN}:${b.line}, ${ZH}:${z.line}) differs: copy it from ${EN} again`);
    });
  });

  it('has the same headings at each level, with the same numbers, in the same order', () => {
    const he = headings(E);
    const hz = headings(Z);
    for (let d = 1; d <= 6; d++)
      expect(hz.filter((h) => h.depth === d).length, `headings of level ${d}`).toBe(
        he.filter((h) => h.depth === d).length,
      );
    const off = he.flatMap((h, i) => {
      const z = hz[i];
      return z && (z.depth !== h.depth || key(z) !== key(h))
        ? [`${EN}:${h.line} ${h.text}  ≠  ${ZH}:${z.line} ${z.text}`]
        : [];
    });
    expect(off).toEqual([]);
  });

  it('lists every diagnostic code of the English table', () => {
    const codes = (md: string) => [...md.matchAll(/^\| `(SGS\d{3})` \|/gm)].map((m) => m[1]!);
    expect(codes(en).length).toBeGreaterThan(50);
    expect(codes(en).filter((c) => !codes(zh).includes(c))).toEqual([]);
    expect(codes(zh)).toEqual(codes(en));
  });

  it('has no prose left in English', () => {
    const left = units(Z).flatMap((u) => {
      const w = words(u.text);
      const n = latinWords(w).length;
      if (!CJK.test(w) && n >= 4) return [`${ZH}:${u.line}: no Chinese: ${u.text.slice(0, 100)}`];
      if (longestLatinRun(w) >= 8) return [`${ZH}:${u.line}: a run of English words: ${u.text.slice(0, 100)}`];
      return [];
    });
    expect(left).toEqual([]);
  });

  it('is mostly Chinese', () => {
    const cjk = (zh.match(/[\u3400-\u9fff]/g) ?? []).length;
    expect(cjk).toBeGreaterThan(20000);
  });

  it('links only to headings it has', () => {
    const slugger = new GithubSlugger();
    // The slugs Astro's markdown gives the headings (github-slugger over the text, inline code unwrapped).
    const ids = new Set(headings(Z).map((h) => slugger.slug(h.text.replace(/`/g, ''))));
    const anchors = Z.prose.flatMap(({ line, text }) =>
      [...text.matchAll(/\]\(#([^)]+)\)/g)].map((m) => ({ line, id: decodeURIComponent(m[1]!) })),
    );
    expect(anchors.length).toBeGreaterThan(50);
    expect(anchors.filter((a) => !ids.has(a.id)).map((a) => `${ZH}:${a.line}: #${a.id}`)).toEqual([]);
  });
});
