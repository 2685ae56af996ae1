// Checks of `phrase` declarations (SGS301–SGS307), registered in compiler/check/checks.ts: the name worded must
// exist, the parameters must match it, and the templates may only use placeholders the phrase provides.
import { fileOf, lineOf, spanOf } from '../ast/source.ts';
import type * as A from '../ast/nodes.ts';
import { Reads, type Symbols } from '../lower/symbols.ts';
import { error, warning, type Diagnostic } from '../diagnostics.ts';
import { BUILTINS } from '../../runtime/builtin-table.ts';
import { engineMembers, isEngineOwner } from './types.ts';
import { parseTemplate, patternOf, phraseKey, slotNames } from './phrasebook.ts';

type Check = (d: A.PhraseDecl, S: Symbols, out: Diagnostic[]) => void;

/** What a phrase words: the parameters it must have and the extra placeholders its templates may use. */
interface Shape {
  arity: number[]; // allowed parameter counts; [] = no parentheses
  extra: string[]; // placeholders beyond the parameters
  what: string;
}

/** What the checks need from the whole program, computed once per symbol table. */
interface Facts {
  cardMethods: Map<string, number>; // card method → its parameter count (first kind declaring it)
  modeFields: Set<string>;
  modeMethods: Map<string, number>;
  signatures: Map<A.PhraseDecl, string>; // for duplicates
  firstBySignature: Map<string, A.PhraseDecl>;
}
// Computed by the first check that needs them, and counted as read by every check (compiler/decl-cache.ts).
const factsCache = new WeakMap<Symbols, { facts: Facts; reads: Reads }>();

function facts(S: Symbols): Facts {
  const hit = factsCache.get(S);
  if (hit) {
    S.reads?.share(hit.reads);
    return hit.facts;
  }
  const outer = S.reads;
  const reads = new Reads();
  S.reads = reads;
  try {
    const f = computeFacts(S);
    factsCache.set(S, { facts: f, reads });
    return f;
  } finally {
    S.reads = outer;
    outer?.share(reads);
  }
}

/** The mode fields the engine reads (docs/language.md, "mode") and the methods it runs, with their arity. */
const ENGINE_MODE_FIELDS = ['minPlayers', 'maxPlayers', 'decks', 'deckZone', 'waives', 'default', 'alsoTakes', 'score'];
const ENGINE_MODE_METHODS: Record<string, number> = { setup: 0, seatUp: 1, play: 2, gameOver: 2 };

function computeFacts(S: Symbols): Facts {
  const f: Facts = {
    cardMethods: new Map(),
    modeFields: new Set(),
    modeMethods: new Map(),
    signatures: new Map(),
    firstBySignature: new Map(),
  };
  for (const s of [...S.ofKind('card'), ...S.ofKind('mode')]) {
    if (s.kind === 'card')
      for (const m of (s.decl as A.CardDecl).methods)
        if (!f.cardMethods.has(m.name.name)) f.cardMethods.set(m.name.name, m.params.length);
    if (s.kind === 'mode') {
      const d = s.decl as A.ModeDecl;
      d.fields.forEach((x) => f.modeFields.add(x.name.name));
      d.methods.forEach((m) => f.modeMethods.set(m.name.name, m.params.length));
    }
  }
  for (const [n, d] of S.cardMethods) if (!f.cardMethods.has(n)) f.cardMethods.set(n, d.params.length);
  // What the engine reads of every mode may be worded even where no mode of these files declares it.
  for (const x of ENGINE_MODE_FIELDS) f.modeFields.add(x);
  for (const [x, n] of Object.entries(ENGINE_MODE_METHODS)) if (!f.modeMethods.has(x)) f.modeMethods.set(x, n);
  for (const x of S.phrases) {
    const body = /\{body\}/.test(x.text.zh + x.text.en);
    const pats = (x.params ?? []).map((p) => (patternOf(p.name.name, S) ? p.name.name : '_'));
    const sig = `${phraseKey(x.target)}|${x.params === undefined ? '-' : pats.join(',')}|${body}`;
    f.signatures.set(x, sig);
    if (!f.firstBySignature.has(sig)) f.firstBySignature.set(sig, x);
  }
  return f;
}

/** The shape of what `d` words, or a message saying why nothing of that name can be worded. */
function shape(d: A.PhraseDecl, S: Symbols): Shape | string {
  const t = d.target;
  const hasParens = d.params !== undefined;
  switch (t.kind) {
    case 'Text':
      // A log line's template words its values by position: its wordings may use the `{0}`, `{1}`… it has.
      return { arity: [], extra: [...t.value.matchAll(/\{(\d+)\}/g)].map((m) => m[1]!), what: 'a text value' };
    case 'Window': {
      const w = t.name.name;
      if (w !== 'active' && !S.windows.has(w))
        return `no event opens a timing window named '${w}'${S.suggest(w, [], S.windows.keys())}`;
      return { arity: [], extra: [], what: `the timing window ${w}` }; // parameters checked below
    }
    case 'Name': {
      const n = t.name.name;
      const s = S.get(n);
      if (!hasParens) {
        if (s?.kind === 'event') return { arity: [], extra: [], what: `the event ${n} itself` };
        if (s?.kind === 'var') return { arity: [], extra: [], what: `the variable ${n}` };
        return `'${n}' is not an event or a variable: a phrase without parentheses words one of those${S.suggest(n, ['event', 'var'])}`;
      }
      if (s && (s.kind === 'event' || s.kind === 'action' || s.kind === 'function')) {
        const k = (s.decl as A.EventDecl).params.length;
        return { arity: [k], extra: [], what: `${s.kind} ${n}` };
      }
      if (s?.kind === 'hook') {
        const k = (s.decl as A.HookDecl).params.length;
        return { arity: [k, k + 1], extra: ['value'], what: `hook ${n}` };
      }
      if (!s && BUILTINS[n]) return { arity: [BUILTINS[n]!.params.length], extra: [], what: `builtin ${n}` };
      return `'${n}' is not an event, action, function, hook or builtin${S.suggest(n, ['event', 'action', 'function', 'hook'], Object.keys(BUILTINS))}`;
    }
    case 'Member': {
      const o = t.owner.name;
      const m = t.name.name;
      const ev = S.get(o);
      if (ev?.kind === 'event') {
        const ps = S.eventFields(ev.id);
        if (!ps.some((p) => p.name.name === m))
          return `event ${o} has no field '${m}' (fields: ${ps.map((p) => p.name.name).join(', ') || 'none'})`;
        return { arity: [0, 1], extra: [], what: `the field ${m} of event ${o}` };
      }
      if (o === 'card') {
        if (S.methodNames.has(m)) {
          const k = facts(S).cardMethods.get(m) ?? 0;
          return { arity: [k], extra: ['body', 'self'], what: `the card method ${m}` };
        }
        if (S.cardFields.has(m) || engineMembers('card').includes(m))
          return { arity: [0, 1], extra: [], what: `the card field ${m}` };
        // A card page's section on a procedure that asks for the card (`card.respond(…)`): its parameters;
        // {self} is the card, {by} the cards whose rules ask for it through that procedure.
        const p = S.get(m);
        if (p && (p.kind === 'event' || p.kind === 'action'))
          return {
            arity: [(p.decl as A.EventDecl).params.length],
            extra: ['self', 'by'],
            what: `the card section on ${p.kind} ${m}`,
          };
        return `cards have no field or method '${m}', and no event or action is called '${m}'`;
      }
      if (o === 'mode') {
        const { modeFields: fields, modeMethods: methods } = facts(S);
        if (methods.has(m)) return { arity: [methods.get(m)!], extra: ['body', 'self'], what: `the mode method ${m}` };
        if (fields.has(m)) return { arity: [0, 1], extra: [], what: `the mode field ${m}` };
        return `modes have no field or method '${m}'`;
      }
      const allowed =
        o === 'player'
          ? [...engineMembers('player'), ...S.properties.keys()]
          : o === 'general'
            ? [...engineMembers('general'), ...S.generalFields]
            : isEngineOwner(o)
              ? engineMembers(o)
              : undefined;
      if (!allowed) return `'${o}' is not an event, nor card, mode, player, general, zone, event, action or skill`;
      if (!allowed.includes(m)) return `a ${o} has no member '${m}'`;
      return { arity: [0, 1], extra: [], what: `the ${o} member ${m}` };
    }
  }
}

const checks: Check[] = [
  // SGS301 (unknown name), SGS302 (parameters), SGS303 (placeholders), SGS305 (malformed templates).
  (d, S, out) => {
    const sh = shape(d, S);
    const at = spanOf(d.target.kind === 'Text' ? d.target : d.target.name);
    if (typeof sh === 'string') {
      out.push(error('SGS301', `a phrase for an unknown name: ${sh}`, at));
      return;
    }
    const ps = d.params ?? [];
    const names = ps.filter((p) => !patternOf(p.name.name, S)).map((p) => p.name.name);
    if (d.target.kind === 'Window') {
      if (ps.length === 0)
        out.push(
          error(
            'SGS302',
            `a phrase for a timing window names its subject: phrase on ${d.target.name.name}(p) "…{p}…" "…{p}…"`,
            at,
          ),
        );
      else {
        for (const p of ps.slice(1)) {
          if (!S.eventParams.has(p.name.name))
            out.push(
              error(
                'SGS302',
                `'${p.name.name}' is not a field of an event opening ${d.target.name.name}: after the subject, a window's parameters name fields of its event`,
                spanOf(p.name),
              ),
            );
        }
      }
    } else if (sh.arity.length === 0) {
      if (d.params !== undefined)
        out.push(error('SGS302', `${sh.what} takes no parameters: write the phrase without (…)`, at));
    } else if (d.params === undefined && !sh.arity.includes(0)) {
      out.push(
        error('SGS302', `${sh.what} has parameters: name them, e.g. phrase ${phraseKey(d.target)}(…) "…" "…"`, at),
      );
    } else if (d.params !== undefined && !sh.arity.includes(ps.length)) {
      out.push(
        error(
          'SGS302',
          `${sh.what} has ${sh.arity.filter((n) => n > 0).join(' or ')} parameter(s), the phrase names ${ps.length}`,
          at,
        ),
      );
    }
    const allowed = new Set([...names, ...sh.extra]);
    const templates: [string, string][] = [
      [d.text.zh, 'Chinese'],
      [d.text.en, 'English'],
    ];
    if (d.negative) templates.push([d.negative.zh, 'Chinese `not`'], [d.negative.en, 'English `not`']);
    if (d.result) templates.push([d.result.zh, 'Chinese `as`'], [d.result.en, 'English `as`']);
    for (const [tpl, which] of templates) {
      const pieces = parseTemplate(tpl);
      if (typeof pieces === 'string') {
        out.push(error('SGS305', `the ${which} wording is malformed: ${pieces}`, spanOf(d)));
        continue;
      }
      for (const n of slotNames(pieces)) {
        if (!allowed.has(n))
          out.push(
            error(
              'SGS303',
              `the ${which} wording uses {${n}}, which is not a parameter of this phrase (${[...allowed].map((x) => `{${x}}`).join(', ') || 'none'})`,
              spanOf(d),
            ),
          );
      }
    }
  },
  // SGS304: the same thing worded twice (same name, same patterns, same kind of template).
  (d, S, out) => {
    const f = facts(S);
    const first = f.firstBySignature.get(f.signatures.get(d) ?? '');
    if (first && first !== d)
      out.push(
        error(
          'SGS304',
          `'${phraseKey(d.target)}' is already worded with the same parameters at ${fileOf(first)}:${lineOf(first)}`,
          spanOf(d),
        ),
      );
  },
  // SGS306: one language empty, the other not (an empty phrase says nothing on purpose, in both languages).
  (d, _S, out) => {
    if ((d.text.zh.trim() === '') !== (d.text.en.trim() === ''))
      out.push(
        error(
          'SGS306',
          'a phrase is empty in one language only: give both wordings, or leave both empty to say nothing',
          spanOf(d),
        ),
      );
  },
  // SGS307: Latin words in the Chinese wording are usually identifiers that slipped in.
  (d, _S, out) => {
    for (const tpl of [d.text.zh, d.negative?.zh ?? '', d.result?.zh ?? '']) {
      const words = tpl.replace(/\{[^}]*\}/g, '').match(/[A-Za-z_][A-Za-z0-9_]+/g);
      if (words?.length)
        out.push(
          warning(
            'SGS307',
            `the Chinese wording contains Latin words (${words.join(', ')}): write them in Chinese`,
            spanOf(d),
          ),
        );
    }
  },
];

export const phraseChecks = checks;
