// `sgs info [paths…] [--json]`: what the rules contain.
import type { Program } from '../../runtime/index.ts';
import { requireProgram } from '../compile.ts';
import { EXIT_OK } from '../errors.ts';
import { defaultMode, playerRange } from '../setup.ts';
import type { Command } from './command.ts';

export interface Info {
  cards: number; // distinct card kinds
  deck: number; // physical cards in the default mode's deck
  /** The deck under each option value whose variant changes the default mode's decks (`extend mode`). */
  deckOptions: { option: string; value: unknown; deck: number }[];
  generals: string[];
  skills: number;
  modes: string[];
  scenarios: number;
}

/** Physical cards in the decks a mode's `decks` field names, looked up in `decks` (a variant's own decks first). */
function deckSize(raw: unknown, decks: Program['decks']): number {
  const ids = raw === undefined ? [] : Array.isArray(raw) ? raw.map(String) : [String(raw)];
  return ids.reduce((n, d) => n + (decks[d]?.cards.length ?? 0), 0);
}

export function info(program: Program): Info {
  const mode = defaultMode(program);
  const deckOptions = mode
    ? program.variants.flatMap((v) => {
        const decks = v.parts.modes?.[mode.id]?.fields.decks;
        if (decks === undefined || (v.mode !== undefined && v.mode !== mode.id)) return [];
        return [{ option: v.option, value: v.value, deck: deckSize(decks, { ...program.decks, ...v.parts.decks }) }];
      })
    : [];
  return {
    cards: Object.keys(program.cards).length,
    deck: deckSize(mode?.fields.decks, program.decks),
    deckOptions,
    generals: Object.keys(program.generals),
    skills: Object.keys(program.skills).length,
    modes: Object.keys(program.modes),
    scenarios: Object.keys(program.scenarios).length,
  };
}

export const infoCommand: Command = {
  name: 'info',
  usage: 'sgs info [paths…] [--json]',
  summary: 'count the card kinds, deck, generals, skills, modes and scenarios',
  flags: { json: 'bool' },
  run(args, io) {
    const program = requireProgram(args.positionals, io);
    const i = info(program);
    if (args.flags.json) {
      io.out(JSON.stringify(i));
      return EXIT_OK;
    }
    const mode = defaultMode(program);
    io.out(`card kinds:  ${i.cards}`);
    io.out(`deck:        ${i.deck} cards${mode ? ` (default mode ${mode.id})` : ''}`);
    for (const d of i.deckOptions) io.out(`             ${d.deck} cards with ${d.option}=${String(d.value)}`);
    io.out(`generals:    ${i.generals.length}${i.generals.length ? ` — ${i.generals.join(', ')}` : ''}`);
    io.out(`skills:      ${i.skills}`);
    const modes = Object.values(program.modes).map((m) => `${m.id} (${playerRange(m).join('–')} players)`);
    io.out(`modes:       ${modes.join(', ') || 'none'}`);
    io.out(`scenarios:   ${i.scenarios}`);
    return EXIT_OK;
  },
};
