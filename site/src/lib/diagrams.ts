// Syntax diagrams of the rules language, generated from the parser's grammar (Chevrotain's serialized GAST).
// - staticDiagrams(): the railroad SVGs rendered at build time by Chevrotain's own diagram scripts, run in a
//   sandbox (node:vm) — the language page shows them with no JavaScript.
// - interactiveDiagramsPage(): Chevrotain's createSyntaxDiagramsCode page, with its scripts self-hosted under
//   /chevrotain/ (copied from node_modules/chevrotain/diagrams by astro.config.mjs; never a CDN).
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import vm from 'node:vm';
import { createSyntaxDiagramsCode, type ISerializedGast } from 'chevrotain';
import { parser } from '../../../compiler/syntax/parser.ts';

const require = createRequire(import.meta.url);
/** node_modules/chevrotain/diagrams (the package's exports map hides it from plain imports). */
export function diagramsDir(): string {
  return join(dirname(require.resolve('chevrotain')), '..', '..', 'diagrams');
}

/** Readable labels for terminals: the keyword or punctuation itself, `name`, `"text"`, `♠7`, `123`. */
function labelled(): ISerializedGast[] {
  // A JSON copy: patterns that are functions (the identifier matcher) become {}; the pattern is only a tooltip.
  const g = JSON.parse(JSON.stringify(parser.getSerializedGastProductions())) as unknown;
  const special: Record<string, string> = {
    Identifier: 'name',
    String: '"text"',
    Number: '123',
    CardFace: '♠7',
    Reserved: 'keyword',
  };
  const walk = (n: unknown) => {
    if (Array.isArray(n)) n.forEach(walk);
    else if (n && typeof n === 'object') {
      const o = n as Record<string, unknown>;
      if (o.type === 'Terminal') {
        const name = String(o.name);
        o.label = special[name] ?? (typeof o.pattern === 'string' ? o.pattern : name);
      }
      Object.values(o).forEach(walk);
    }
  };
  walk(g);
  return g as ISerializedGast[];
}

export interface Diagram {
  rule: string;
  svg: string;
}

let cached: Diagram[] | undefined;

export function staticDiagrams(): Diagram[] {
  if (cached) return cached;
  const dir = diagramsDir();
  const ctx: Record<string, unknown> = {};
  ctx.window = ctx;
  vm.createContext(ctx);
  vm.runInContext(readFileSync(join(dir, 'vendor/railroad-diagrams.js'), 'utf8'), ctx);
  vm.runInContext(readFileSync(join(dir, 'src/diagrams_builder.js'), 'utf8'), ctx);
  const builder = ctx.diagrams_builder as { buildSyntaxDiagramsText(g: unknown): string };
  const out: Diagram[] = [];
  for (const rule of labelled()) {
    const html = builder.buildSyntaxDiagramsText([rule]);
    let svg = html.replace(/^<h2[^>]*>.*?<\/h2>/s, '');
    // Drop the attributes only the interactive page uses; link each non-terminal to its rule's diagram.
    svg = svg.replace(/ (?:occurrenceIdx|topRuleName|dslRuleName|tokenName|label|ruleName)="[^"]*"/g, '');
    svg = svg.replace(
      /<g class="non-terminal">([\s\S]*?)<text([^>]*)>([^<]*)<\/text>([\s\S]*?)<\/g>/g,
      (_m, a: string, attrs: string, name: string, b: string) =>
        `<a href="#syntax-${name}"><g class="non-terminal">${a}<text${attrs}>${name}</text>${b}</g></a>`,
    );
    out.push({ rule: (rule as unknown as { name: string }).name, svg });
  }
  cached = out;
  return out;
}

/** The stylesheet of Chevrotain's diagrams (inlined by the language page). */
export function diagramsCss(): string {
  return readFileSync(join(diagramsDir(), 'diagrams.css'), 'utf8');
}

/** Chevrotain's interactive diagrams page, loading its scripts from this site. */
export function interactiveDiagramsPage(base = '/chevrotain/'): string {
  const html = createSyntaxDiagramsCode(labelled(), { resourceBase: base, css: base + 'diagrams.css' });
  // A title, and an empty icon so the browser asks for no /favicon.ico.
  return html.replace(
    '<meta charset="utf-8">',
    '<meta charset="utf-8">\n<title>Syntax diagrams · Sanguosha rules language</title>\n<link rel="icon" href="data:,">',
  );
}
