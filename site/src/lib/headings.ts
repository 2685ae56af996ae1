// The on-page table of contents, read from a page's rendered HTML at build time: its h2 and h3 headings, each
// given an id when it has none (so that the contents can link to it). An h2 whose h3s are too many to list (the
// syntax diagrams, one per grammar rule) is listed alone.
export interface Heading {
  depth: 2 | 3;
  id: string;
  text: string;
}

const MAX_H3 = 12;

/** `html` with an id on every h2 and h3, and the headings to list. */
export function withHeadingIds(html: string): { html: string; headings: Heading[] } {
  const taken = new Set([...html.matchAll(/\sid="([^"]+)"/g)].map((m) => m[1]!));
  const all: Heading[] = [];
  const out = html.replace(/<h([23])(\s[^>]*)?>([\s\S]*?)<\/h\1>/g, (whole, d: string, attrs = '', inner: string) => {
    const text = plain(inner);
    if (!text) return whole;
    let id = /\sid="([^"]+)"/.exec(attrs)?.[1];
    let tag = whole;
    if (!id) {
      id = unique(slug(text), taken);
      tag = `<h${d} id="${id}"${attrs}>${inner}</h${d}>`;
    }
    all.push({ depth: d === '2' ? 2 : 3, id, text });
    return tag;
  });
  return { html: out, headings: prune(all) };
}

/** Drops the h3s of an h2 that has more than MAX_H3 of them. */
function prune(hs: Heading[]): Heading[] {
  const out: Heading[] = [];
  let run: Heading[] = [];
  const flush = () => {
    if (run.length <= MAX_H3) out.push(...run);
    run = [];
  };
  for (const h of hs) {
    if (h.depth === 2) {
      flush();
      out.push(h);
    } else run.push(h);
  }
  flush();
  return out;
}

/** A heading's text without its badges and ids (a rule's kind, its code name, a count). */
function plain(inner: string): string {
  return decode(
    inner
      .replace(/<(small|span|code)\b[^>]*class="[^"]*\b(sub|kind|rule-id|count|badge)\b[^"]*"[^>]*>[\s\S]*?<\/\1>/g, '')
      .replace(/<[^>]+>/g, ''),
  )
    .replace(/\s+/g, ' ')
    .trim();
}

function decode(s: string): string {
  return s
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;|&#x27;/g, "'")
    .replace(/&amp;/g, '&');
}

function slug(text: string): string {
  const s = text
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, '-')
    .replace(/^-|-$/g, '');
  return `h-${s || 'section'}`;
}

function unique(id: string, taken: Set<string>): string {
  let out = id;
  for (let i = 2; taken.has(out); i++) out = `${id}-${i}`;
  taken.add(out);
  return out;
}
