// "Open in the playground" for a scenario of the rules: a playground share link (site/src/playground/share.ts)
// whose file is the scenario's own declaration under the packages its file uses. The playground lets a scenario of
// the author's file stand in for the built-in one of the same id, so the copy runs as it is and can be edited.
import { lineOf } from '../../../compiler/ast/source.ts';
import { rules, sourceOf, type Lang } from './rules.ts';
import { scenario, scenarioDecl } from './scenarios.ts';
import { encodeSource } from '../playground/share.ts';
import type { SourceFile } from '../../../compiler/ast/nodes.ts';

/** The playground file for a scenario: a comment naming where it comes from, the packages, the declaration. */
export function scenarioFile(id: string): string | undefined {
  const s = scenario(id);
  const decl = scenarioDecl(id);
  if (!s || !decl) return undefined;
  const file = (rules().result.files as SourceFile[]).find((f) => f.decls.includes(decl));
  const packages = [file?.package?.name, ...(file?.imports ?? []).map((i) => i.name)].filter(
    (p, i, all): p is string => !!p && all.indexOf(p) === i,
  );
  return [
    `# 规则书中的情景 · A scenario of the rulebook: ${s.file}:${lineOf(decl)}`,
    '# 它在这里代替同名的内置情景，可以修改后运行。 Here it stands in for the built-in one of the same id: edit it and run it.',
    'package playground',
    ...packages.map((p) => `import ${p}`),
    '',
    sourceOf(decl),
    '',
  ].join('\n');
}

const hrefs = new Map<string, string>();

/** The playground page with that scenario loaded (the same `#src=` a share link carries). */
export async function playgroundHref(id: string, lang: Lang): Promise<string | undefined> {
  let code = hrefs.get(id);
  if (code === undefined) {
    const text = scenarioFile(id);
    if (text === undefined) return undefined;
    code = await encodeSource(text);
    hrefs.set(id, code);
  }
  return `/${lang}/playground/#src=${code}`;
}
