// Build-time highlighting of rules source with Shiki and the shared TextMate grammar (sgs.tmLanguage.json).
// The grammar is passed as an OBJECT: a language given by name alone would silently fall back to plain text.
import { createHighlighter, type Highlighter, type LanguageRegistration, type ShikiTransformer } from 'shiki';
import grammar from './sgs.tmLanguage.json';
import { sgsTheme, classTransformer } from './shiki-sgs.mjs';

let hl: Promise<Highlighter> | undefined;

export function highlighter(): Promise<Highlighter> {
  hl ??= createHighlighter({ themes: [sgsTheme], langs: [grammar as unknown as LanguageRegistration] });
  return hl;
}

/** `code` as highlighted HTML (`<pre class="code">…`); `startLine` numbers the lines from the file's line. */
export async function highlight(code: string, startLine?: number): Promise<string> {
  const h = await highlighter();
  const transformers: ShikiTransformer[] = [classTransformer];
  if (startLine !== undefined) {
    transformers.push({
      pre(node) {
        this.addClassToHast(node, 'numbered');
        node.properties.style = `counter-reset:line ${startLine - 1}`;
      },
    });
  }
  return h.codeToHtml(code.replace(/\s+$/, ''), { lang: 'sgs', theme: 'sgs', transformers });
}
