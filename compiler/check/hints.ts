// Hints nobody reads: a card's or a skill's `ai…` field, an event's hint, or a property's or zone's `as …` that is
// not in the table of hints the AIs and tools read (runtime/hint-table.ts) is a warning (SGS270), so that a misspelt
// `aiHram: from, to` does not leave the AI blind without a word; so is an event hint naming another number of
// fields than it takes. Other card fields are the rules' own data (a weapon's `range`), not hints.
import { spanOf } from '../ast/source.ts';
import type * as A from '../ast/nodes.ts';
import { warning, type Diagnostic } from '../diagnostics.ts';
import { hintAt, hintFields, hintsAt, type HintPlace } from '../../runtime/index.ts';

/** The hints read where `place` is, for a message. */
function known(place: HintPlace): string {
  return hintsAt(place)
    .map(([n]) => n)
    .join(', ');
}

function unread(name: A.Ident, place: HintPlace, what: string, out: Diagnostic[]): void {
  out.push(
    warning('SGS270', `no AI or tool reads the hint ${name.name} of ${what} (read: ${known(place)})`, spanOf(name)),
  );
}

export function hintCheck(d: A.Decl, out: Diagnostic[]): void {
  switch (d.kind) {
    case 'Card':
    case 'Skill': {
      const place = d.kind === 'Card' ? 'card' : 'skill';
      for (const f of d.fields ?? [])
        if (/^ai[A-Z]/.test(f.name.name) && !hintAt(f.name.name, place))
          unread(f.name, place, `${place} ${d.names.id.name}`, out);
      break;
    }
    case 'Event':
      for (const f of d.fields ?? []) {
        const spec = hintAt(f.name.name, 'event');
        if (!spec) {
          unread(f.name, 'event', `event ${d.names.id.name}`, out);
          continue;
        }
        const want = hintFields(spec);
        const given = f.value.kind === 'List' ? f.value.items.length : 1;
        if (given !== want.length)
          out.push(
            warning(
              'SGS270',
              `the hint ${f.name.name} names ${want.length} of the event's fields (${spec.shape}), not ${given}: nobody reads it so`,
              spanOf(f),
            ),
          );
      }
      break;
    case 'Property':
    case 'Zone': {
      const place = d.kind === 'Property' ? 'property' : 'zone';
      if (d.hint && !hintAt(d.hint.name, place)) unread(d.hint, place, `${place} ${d.names.id.name}`, out);
      break;
    }
  }
}
