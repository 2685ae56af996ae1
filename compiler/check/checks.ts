// Checks that need no name resolution: a table from node kind to check functions (after Langium). Each check
// pushes diagnostics with a stable code. Name and call checks happen while lowering (compiler/lower).
import { spanOf } from '../ast/source.ts';
import type * as A from '../ast/nodes.ts';
import { error, warning, type Diagnostic } from '../diagnostics.ts';
import type { Symbols } from '../lower/symbols.ts';
import { phraseChecks } from '../text/phrase-checks.ts';
import { recursionCheck } from './recursion.ts';
import { shownTextCheck, type ShownCache } from './shown-texts.ts';
import { hintCheck } from './hints.ts';
import type { DeclCache } from '../decl-cache.ts';

type Check<T> = (node: T, S: Symbols, out: Diagnostic[]) => void;

const skillChecks: Check<A.SkillDecl>[] = [
  (d, _S, out) => {
    if (d.items.length === 0)
      out.push(
        warning(
          'SGS201',
          `skill ${d.names.id.name} does nothing: add a trigger, action, conversion, modifier or filter`,
          spanOf(d.names.id),
        ),
      );
  },
  // Tags are declared in the rules (`tag locked 锁定技 "Locked skill" forbids may`, rules/core/basics.sgs).
  (d, S, out) => {
    for (const t of d.tags) {
      if (!S.tags.has(t.name))
        out.push(
          warning(
            'SGS202',
            `unknown skill tag '${t.name}' (known: ${[...S.tags.keys()].join(', ') || 'none: declare one with tag'})`,
            spanOf(t),
          ),
        );
    }
  },
  (d, S, out) => {
    const tag = d.tags.map((t) => S.tags.get(t.name)).find((t) => t?.forbidsMay);
    if (!tag) return;
    const word = tag.names.zh ? ` (${tag.names.zh.name})` : '';
    for (const it of d.items) {
      if (it.kind === 'Trigger' && it.optional)
        out.push(error('SGS203', `a ${tag.names.id.name} skill${word} always takes effect: remove 'may'`, spanOf(it)));
    }
  },
  (d, _S, out) => {
    for (const it of d.items) {
      const lim = it.kind === 'Trigger' || it.kind === 'Active' ? it.limit : undefined;
      if (lim && lim.count < 1) out.push(error('SGS204', 'a use limit must be at least 1', spanOf(lim)));
    }
  },
];

// The fields every general must have are declared in the rules (`require general { hp: int >= 1, … }`): a whole
// number (SGS210 missing, SGS211 too small or not a number), or an enum member (SGS212 missing, SGS213 not a member).
const generalChecks: Check<A.GeneralDecl>[] = [
  (d, S, out) => {
    for (const req of S.generalRequires) {
      const key = req.name.name;
      const type = req.type.name.name;
      const f = d.fields.find((x) => x.name.name === key);
      if (type === 'int') {
        const min = req.min ?? 0;
        if (!f) out.push(error('SGS210', `general ${d.names.id.name} needs '${key}: N'`, spanOf(d.names.id)));
        else if (f.value.kind !== 'Number' || f.value.value < min)
          out.push(error('SGS211', `${key} must be a whole number of at least ${min}`, spanOf(f.value)));
        continue;
      }
      if (!f) {
        out.push(error('SGS212', `general ${d.names.id.name} needs '${key}: …'`, spanOf(d.names.id)));
        continue;
      }
      const enumSym = S.get(type);
      if (f.value.kind !== 'Name' || enumSym?.kind !== 'enum') continue;
      const v = S.get(f.value.name);
      if (v?.kind !== 'member' || v.enumOf !== enumSym.id)
        out.push(
          error('SGS213', `'${f.value.name}' is not a ${key}${S.suggest(f.value.name, ['member'])}`, spanOf(f.value)),
        );
    }
  },
];

const cardChecks: Check<A.CardDecl>[] = [
  (d, S, out) => {
    const type = d.fields.find((f) => f.name.name === 'type');
    // A kind of another kind (`is slash`) inherits its type.
    if (!type && !d.parent) out.push(error('SGS220', `card ${d.names.id.name} needs 'type: …'`, spanOf(d.names.id)));
    else if (type && type.value.kind === 'Name' && S.get(type.value.name)?.kind !== 'member') {
      out.push(
        error(
          'SGS221',
          `'${type.value.name}' is not a card type${S.suggest(type.value.name, ['member'])}`,
          spanOf(type.value),
        ),
      );
    }
  },
  (d, S, out) => {
    // `card a is b`, `card b is a`: no kind may be, through its parents, a kind of itself.
    const seen = new Set([d.names.id.name]);
    for (let p = d.parent; p; ) {
      const s = S.get(p.name);
      if (s?.kind !== 'card' || (s.decl as A.Decl).kind !== 'Card') return;
      if (seen.has(s.id)) {
        out.push(
          error('SGS222', `card ${d.names.id.name} is, through its parents, a kind of itself`, spanOf(d.parent!)),
        );
        return;
      }
      seen.add(s.id);
      p = (s.decl as A.CardDecl).parent;
    }
  },
];

const scenarioChecks: Check<A.ScenarioDecl>[] = [
  (d, _S, out) => {
    if (d.seats.length < 2)
      out.push(error('SGS230', `scenario ${d.names.id.name} needs at least two seats`, spanOf(d.names.id)));
    if (!d.steps.some((s) => s.kind !== 'Answer'))
      out.push(
        warning(
          'SGS231',
          `scenario ${d.names.id.name} expects nothing: add 'expect …' lines so it can fail`,
          spanOf(d.names.id),
        ),
      );
    const seen = new Set<string>();
    for (const s of d.seats) {
      if (seen.has(s.name.name)) out.push(error('SGS232', `seat ${s.name.name} appears twice`, spanOf(s.name)));
      seen.add(s.name.name);
    }
  },
];

const deckChecks: Check<A.DeckDecl>[] = [
  (d, _S, out) => {
    for (const e of d.entries)
      for (const f of e.faces) {
        if (f.rank < 1 || f.rank > 13) out.push(error('SGS240', `rank ${f.rank} is not between A and K`, spanOf(f)));
      }
  },
];

// `tag limited … once per game records limitedUsed`: the engine adds a used skill to that player property, which
// is the state itself (read by rules, AIs and views), so it must hold skills and never be reset. A tag that only
// `records` (no single use) may record into a property reset at some event (`reset at turn`: the uses of a turn).
const tagChecks: Check<A.TagDecl>[] = [
  (d, S, out) => {
    const { once, records } = d;
    if (once && !records)
      out.push(error('SGS205', `a tag's single use is recorded in a player property: add 'records P'`, spanOf(once)));
    if (once && once.per.name !== 'game')
      out.push(
        error(
          'SGS205',
          `a tag's single use is once per game: write 'once per game', not per ${once.per.name}`,
          spanOf(once.per),
        ),
      );
    if (!records) return;
    const p = S.properties.get(records.name);
    if (!p)
      out.push(
        error('SGS205', `'${records.name}' is not a player property: declare it as a list of skills`, spanOf(records)),
      );
    else if (p.type.name.name !== 'skill' || !p.type.list)
      out.push(
        error(
          'SGS205',
          `the property '${records.name}' records used skills: its type must be [skill]`,
          spanOf(records),
        ),
      );
    else if (once && p.resetAt)
      out.push(
        error(
          'SGS205',
          `the property '${records.name}' records used skills for the whole game: its type must be [skill], with no reset`,
          spanOf(records),
        ),
      );
  },
];

const table: { [K in A.Decl['kind']]?: Check<Extract<A.Decl, { kind: K }>>[] } = {
  Function: [(d, _S, out) => recursionCheck(d, out)],
  Tag: tagChecks,
  Skill: skillChecks,
  General: generalChecks,
  Card: cardChecks,
  Scenario: scenarioChecks,
  Deck: deckChecks,
  Phrase: phraseChecks,
};

/** The caches of the checks: per declaration, and per file. */
export interface CheckCache {
  decls: DeclCache<A.Decl, Diagnostic[]>;
  files: DeclCache<A.Decl[], Diagnostic[]>;
  /** Which parameters each callable shows (shown-texts.ts), read by the checks of its callers. */
  shown?: ShownCache;
}

/** The checks of every declaration; with `cache`, a file or declaration whose checks still hold is not checked
 *  again (compiler/decl-cache.ts). */
export function runChecks(files: A.SourceFile[], S: Symbols, cache?: CheckCache): Diagnostic[] {
  const visit = (d: A.Decl, into: Diagnostic[]) => {
    const checks = table[d.kind] as Check<A.Decl>[] | undefined;
    for (const c of checks ?? []) c(d, S, into);
    shownTextCheck(d, S, into, cache?.shown);
    hintCheck(d, into);
    if (d.kind === 'Variant') for (const x of d.decls) visit(x, into);
  };
  const check = (d: A.Decl) => {
    const found: Diagnostic[] = [];
    visit(d, found);
    return found;
  };
  const checkFile = (f: A.SourceFile) => {
    if (!cache) return f.decls.flatMap(check);
    const found: Diagnostic[] = [];
    for (const d of f.decls) for (const x of cache.decls.run(d, S, () => check(d))) found.push(x);
    return found;
  };
  const out: Diagnostic[] = [];
  for (const f of files)
    for (const x of cache ? cache.files.run(f.decls, S, () => checkFile(f)) : checkFile(f)) out.push(x);
  return out;
}
