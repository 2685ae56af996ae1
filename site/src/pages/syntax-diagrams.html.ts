// /syntax-diagrams.html: Chevrotain's interactive syntax diagrams of the rules language (createSyntaxDiagramsCode),
// its scripts served from this site (/chevrotain/, copied by astro.config.mjs). The language page shows the same
// diagrams pre-rendered, without JavaScript.
import { interactiveDiagramsPage } from '../lib/diagrams.ts';

export function GET(): Response {
  return new Response(interactiveDiagramsPage(), { headers: { 'content-type': 'text/html; charset=utf-8' } });
}
