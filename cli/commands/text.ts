// `sgs text [id…] [--lang zh|en] [--rules path…] [--json]`: the rule texts generated from the rules (compiler/text)
// — of the named cards, skills, generals, modes, events and timing windows, or of all of them.
import { generateTexts, type RuleTexts, type Text } from '../../compiler/text/index.ts';
import { compilePaths, printDiagnostics, summary } from '../compile.ts';
import { Exit, EXIT_FAILED, EXIT_OK, usage, invalid } from '../errors.ts';
import type { Command } from './command.ts';

const KINDS = ['cards', 'skills', 'generals', 'modes', 'events', 'windows'] as const;
type Kind = (typeof KINDS)[number];
const KIND_NAME: Record<Kind, string> = {
  cards: 'card',
  skills: 'skill',
  generals: 'general',
  modes: 'mode',
  events: 'event',
  windows: 'window',
};

interface Entry {
  kind: Kind;
  id: string;
  name?: Text;
  text: Text;
  variant?: string; // "edition = firstEdition" for an entity replaced by a variant
}

function entries(t: RuleTexts): Entry[] {
  const out: Entry[] = [];
  for (const k of KINDS) {
    for (const [id, x] of Object.entries(t[k]))
      out.push({ kind: k, id, text: x, ...('name' in x ? { name: (x as { name: Text }).name } : {}) });
  }
  for (const v of t.variants) {
    for (const k of KINDS) {
      if (k === 'windows') continue;
      for (const [id, x] of Object.entries(v.texts[k]))
        out.push({
          kind: k,
          id,
          name: x.name,
          text: x,
          variant: `${v.mode ? `mode = ${v.mode}, ` : ''}${v.option} = ${v.value}`,
        });
    }
  }
  return out;
}

export const textCommand: Command = {
  name: 'text',
  usage: 'sgs text [id…] [--lang zh|en] [--rules path…] [--json]',
  summary:
    'print the rule texts generated from the rules: the named cards, skills, generals, modes, events and windows (by id or Chinese name), or all',
  flags: { lang: 'string', rules: 'paths', json: 'bool' },
  run(args, io) {
    const lang = args.flags.lang as string | undefined;
    if (lang !== undefined && lang !== 'zh' && lang !== 'en') throw usage(`--lang must be zh or en, not '${lang}'`);
    const c = compilePaths((args.flags.rules as string[] | undefined) ?? []);
    if (c.errors || !c.result.program) {
      printDiagnostics(c, io);
      io.err(summary(c));
      throw new Exit(EXIT_FAILED);
    }
    const all = entries(generateTexts(c.result));
    let picked = all;
    if (args.positionals.length) {
      picked = [];
      for (const q of args.positionals) {
        const hits = all.filter((e) => e.id === q || e.name?.zh === q || e.name?.en === q);
        if (hits.length === 0) throw invalid(`no card, skill, general, mode, event or window named '${q}'`);
        picked.push(...hits);
      }
    }
    if (args.flags.json) {
      io.out(
        JSON.stringify(
          picked.map((e) => ({
            kind: KIND_NAME[e.kind],
            id: e.id,
            ...(e.name ? { name: e.name } : {}),
            ...(e.variant ? { variant: e.variant } : {}),
            ...(lang ? { [lang]: e.text[lang] } : { zh: e.text.zh, en: e.text.en }),
          })),
        ),
      );
      return EXIT_OK;
    }
    picked.forEach((e, i) => {
      if (i > 0) io.out('');
      const name = e.name
        ? ` ${lang === 'en' ? e.name.en : lang === 'zh' ? e.name.zh : `${e.name.zh} ${e.name.en}`}`
        : '';
      io.out(`# ${KIND_NAME[e.kind]} ${e.id}${name}${e.variant ? ` (when ${e.variant})` : ''}`);
      if (lang !== 'en') io.out(e.text.zh);
      if (lang !== 'zh') io.out(e.text.en);
    });
    return EXIT_OK;
  },
};
