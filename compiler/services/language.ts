// The language service of the playground and of `sgs lsp`: an index of every name the rules declare (built from
// the compiler's AST, so it works even while the author's file does not compile), completion by context and hover
// documentation. Pure functions; it runs in the playground's language worker, in the CLI's language server and in
// Node tests.
import { lineOf, locatedAs } from '../ast/source.ts';
import { forEachStmt } from '../ast/walk.ts';
import type * as A from '../ast/nodes.ts';
import type { SymKind } from '../lower/symbols.ts';
import { reservedKeywords, contextualKeywords } from '../syntax/tokens.ts';
import { BUILTINS, builtinParams, HINTS, hintsAt, type BuiltinEffect, type HintPlace } from '../../runtime/index.ts';
import type { EntityTexts, RuleTexts, Text } from '../text/index.ts';

export type Lang = 'zh' | 'en';

/** What a name in the editor is: a declaration's kind, or a timing window, builtin, keyword or hint. */
export type EntryKind = SymKind | 'window' | 'builtin' | 'keyword' | 'hint';

export interface ParamInfo {
  name: string;
  type?: string;
  optional?: boolean;
  default?: string;
}

export interface Entry {
  name: string;
  kind: EntryKind;
  zh?: string;
  en?: string;
  params?: ParamInfo[];
  returns?: string;
  doc?: string; // the `#` comment above the declaration; a builtin's line from the builtin table
  effect?: BuiltinEffect; // builtins: what calling it may do
  file?: string;
  line?: number;
  detail?: string; // a short summary: a general's or a card's fields as written, a property's default, …
  enumOf?: string;
  openers?: { by: string; kind: string; subject: string; file: string; line: number }[]; // windows: who opens them
  text?: Text; // the rule text the compiler generates (compiler/text): skills, generals, cards, modes, events, windows
}

/** Names declared by a set of files. */
export interface IndexPart {
  entries: Map<string, Entry>; // by id
  zh: Map<string, Entry>; // by Chinese name
  windows: Map<string, Entry>;
  eventParams: Map<string, ParamInfo[]>; // event id → params
  cardFields: Set<string>;
  generalFields: Set<string>;
  /** The declared type of what a field may set, for completing its value: a required field (`require general {
   *  field: type }`), a player property (in a seat). */
  fieldTypes: Map<string, string>;
  /** The types of what a scenario's `start P X` gives the game: the second parameter of modes' `play` method, which
   *  the engine plays a game with (runtime/game.ts). */
  startTypes: Set<string>;
}

export function emptyIndex(): IndexPart {
  return {
    entries: new Map(),
    zh: new Map(),
    windows: new Map(),
    eventParams: new Map(),
    cardFields: new Set(),
    generalFields: new Set(),
    fieldTypes: new Map(),
    startTypes: new Set(),
  };
}

// ------------------------------------------------------------------ building the index

/** The mode method the engine plays a game with, `play(first, from)` (runtime/game.ts). */
const PLAY_METHOD = 'play';

function exprText(e: A.Expr | undefined, text: string): string {
  if (!e) return '';
  return text.slice(e.pos, e.end).replace(/\s+/g, ' ');
}

function typeText(t: A.TypeRef | undefined): string | undefined {
  if (!t) return undefined;
  return (t.list ? `[${t.name.name}]` : t.name.name) + (t.optional ? '?' : '');
}

/** The `#` comment lines right above the declaration starting at `start`. */
function docAbove(text: string, start: number): string | undefined {
  const lines = text.slice(0, start).split('\n');
  lines.pop(); // the declaration's own line (up to its first character)
  const out: string[] = [];
  for (let i = lines.length - 1; i >= 0; i--) {
    const l = lines[i]!.trim();
    if (!l.startsWith('#')) break;
    out.unshift(l.replace(/^#+\s?/, ''));
  }
  return out.length ? out.join('\n') : undefined;
}

function params(ps: A.Param[], text: string): ParamInfo[] {
  return ps.map((p) => ({
    name: p.name.name,
    type: typeText(p.type),
    optional: !!p.default,
    default: p.default ? exprText(p.default, text) : undefined,
  }));
}

/** A declaration's fields as written (`field: value · …`): what a card's or a general's hover shows. */
function fieldsText(fields: A.Field[], text: string): string[] {
  return fields.map((f) => `${f.name.name}: ${exprText(f.value, text)}`);
}

export function indexFiles(
  files: A.SourceFile[],
  texts: Map<string, string>,
  into: IndexPart = emptyIndex(),
): IndexPart {
  for (const f of files) {
    const text = texts.get(f.file) ?? '';
    const add = (kind: EntryKind, names: A.Names | undefined, node: A.Located, extra: Partial<Entry> = {}) => {
      if (!names?.id.name) return;
      const e: Entry = {
        name: names.id.name,
        kind,
        zh: names.zh?.name,
        en: names.en,
        file: f.file,
        line: lineOf(node),
        doc: docAbove(text, node.pos),
        ...extra,
      };
      if (!into.entries.has(e.name)) into.entries.set(e.name, e);
      if (e.zh && !into.zh.has(e.zh)) into.zh.set(e.zh, e);
    };
    const openWindows = (b: A.Block | undefined, by: string, byKind: string) => {
      forEachStmt(b, (s) => {
        if (s.kind !== 'Timing') return;
        const name = s.name.name;
        let w = into.windows.get(name);
        if (!w) into.windows.set(name, (w = { name, kind: 'window', file: f.file, line: lineOf(s), openers: [] }));
        w.openers!.push({ by, kind: byKind, subject: exprText(s.subject, text), file: f.file, line: lineOf(s) });
      });
    };
    const visit = (d: A.Decl) => {
      switch (d.kind) {
        case 'Enum':
          add('enum', d.names, d, { detail: d.members.map((m) => m.names.id.name).join(', ') });
          for (const m of d.members) add('member', m.names, m, { enumOf: d.names.id.name, doc: undefined });
          break;
        case 'Option':
          add('option', d.names, d, {
            detail: d.members ? d.members.map((m) => m.names.id.name).join(' | ') : typeText(d.type),
            returns: exprText(d.default, text),
          });
          for (const m of d.members ?? []) add('member', m.names, m, { enumOf: d.names.id.name, doc: undefined });
          break;
        case 'Zone':
          add('zone', d.names, d, {
            detail: `${d.perPlayer ? 'per player' : 'shared'} ${d.visibility}${d.grants ? ' grants' : ''}`,
            params: d.perPlayer ? [{ name: 'owner', type: 'player' }] : undefined,
          });
          break;
        case 'Property':
          if (d.type && !into.fieldTypes.has(d.names.id.name)) into.fieldTypes.set(d.names.id.name, d.type.name.name);
          add('property', d.names, d, {
            returns: typeText(d.type),
            detail: `= ${exprText(d.default, text)}${d.resetAt ? ` reset at ${d.resetAt.name}` : ''}${d.carried ? ' carried' : ''}${d.hint ? ` as ${d.hint.name}` : ''}`,
          });
          break;
        case 'Var':
          add('var', { id: d.name, ...locatedAs(d) }, d, {
            returns: typeText(d.type),
            detail: `= ${exprText(d.default, text)}${d.resetAt ? ` reset at ${d.resetAt.name}` : ''}${d.carried ? ' carried' : ''}`,
          });
          break;
        case 'Card': {
          add('card', d.names, d, { detail: fieldsText(d.fields, text).join(' · ') });
          for (const fl of d.fields) into.cardFields.add(fl.name.name);
          for (const m of d.methods) openWindows(m.body, d.names.id.name, 'card');
          break;
        }
        case 'Deck':
          add('deck', d.names, d);
          break;
        case 'General':
          add('general', d.names, d, {
            detail: [
              ...fieldsText(d.fields, text),
              d.skills.length ? `skills: ${d.skills.map((s) => s.name).join(', ')}` : '',
            ]
              .filter(Boolean)
              .join(' · '),
          });
          for (const fl of d.fields) into.generalFields.add(fl.name.name);
          break;
        case 'Skill':
          add('skill', d.names, d, {
            detail: [
              d.tags.map((t) => t.name).join(' '),
              d.items
                .map((it) =>
                  it.kind === 'Trigger'
                    ? `on ${it.window.name}(${it.subject})`
                    : it.kind === 'Modify'
                      ? `modify ${it.hook.name}`
                      : it.kind === 'ViewAs'
                        ? `viewAs ${it.cardKind.name}`
                        : it.kind.toLowerCase(),
                )
                .join(', '),
            ]
              .filter(Boolean)
              .join(' · '),
          });
          for (const it of d.items)
            if (it.kind === 'Trigger' || it.kind === 'Active') openWindows(it.body, d.names.id.name, 'skill');
          break;
        case 'Event':
          add('event', d.names, d, { params: params(d.params, text), returns: typeText(d.returns) });
          into.eventParams.set(d.names.id.name, params(d.params, text));
          openWindows(d.body, d.names.id.name, 'event');
          openWindows(d.cleanup, d.names.id.name, 'event');
          break;
        case 'Action':
          add('action', d.names, d, { params: params(d.params, text), returns: typeText(d.returns) });
          openWindows(d.body, d.names.id.name, 'action');
          break;
        case 'Function':
          add('function', d.names, d, { params: params(d.params, text), returns: typeText(d.returns) });
          break;
        case 'Hook':
          add('hook', d.names, d, {
            params: params(d.params, text),
            returns: typeText(d.returns),
            detail: `combined by ${d.combine}`,
          });
          break;
        case 'Invariant':
          add('invariant', d.names, d, { params: params(d.params, text), returns: 'bool' });
          break;
        case 'Mode':
          add('mode', d.names, d);
          for (const m of d.methods) {
            openWindows(m.body, d.names.id.name, 'mode');
            const from = m.name.name === PLAY_METHOD ? m.params[1]?.type : undefined;
            if (from) into.startTypes.add(from.name.name);
          }
          break;
        case 'Require':
          for (const fl of d.fields)
            if (!into.fieldTypes.has(fl.name.name)) into.fieldTypes.set(fl.name.name, fl.type.name.name);
          break;
        case 'Scenario':
          add('scenario', d.names, d, { detail: d.mode ? `mode ${d.mode.name}` : undefined });
          break;
        case 'Variant':
          for (const inner of d.decls) visit(inner);
          break;
      }
    };
    for (const d of f.decls) visit(d);
  }
  return into;
}

/** Put the generated rule texts on the entries they describe (hover shows them). Texts of a variant (the first
 *  edition's) go only where the base has none. */
export function attachTexts(part: IndexPart, texts: Partial<RuleTexts>): IndexPart {
  const put = (group: EntityTexts) => {
    for (const table of [group.skills, group.generals, group.cards, group.modes, group.events])
      for (const [id, t] of Object.entries(table ?? {})) {
        const e = part.entries.get(id);
        if (e && !e.text && (t.zh || t.en)) e.text = { zh: t.zh, en: t.en };
      }
  };
  put({ cards: {}, skills: {}, generals: {}, modes: {}, events: {}, ...texts });
  for (const v of texts.variants ?? []) put(v.texts);
  for (const [w, t] of Object.entries(texts.windows ?? {})) {
    const e = part.windows.get(w);
    if (e && (t.zh || t.en)) e.text = t;
  }
  return part;
}

// ------------------------------------------------------------------ lookups

export function lookup(parts: IndexPart[], word: string): Entry | undefined {
  for (const p of parts) {
    const e = p.entries.get(word) ?? p.zh.get(word);
    if (e) return e;
  }
  for (const p of parts) {
    const w = p.windows.get(word);
    if (w) return w;
  }
  if (Object.hasOwn(BUILTINS, word)) return builtinEntry(word);
  if (Object.hasOwn(HINTS, word)) return hintEntry(word);
  if (
    (reservedKeywords as readonly string[]).includes(word) ||
    (contextualKeywords as readonly string[]).includes(word) ||
    word === 'it'
  ) {
    return { name: word, kind: 'keyword' };
  }
  return undefined;
}

/** What calling a builtin may do (runtime/builtin-table.ts), short for completion and in full for hover. */
const EFFECT_NAMES: Record<BuiltinEffect, { short: [string, string]; long: [string, string] }> = {
  pure: { short: ['只读', 'pure'], long: ['只读取局面，不改变它。', 'Reads the game; changes nothing.'] },
  changes: {
    short: ['改变局面', 'changes the game'],
    long: ['改变局面：不能用在函数、条件与钩子中。', 'Changes the game: not in functions, conditions or hooks.'],
  },
  asks: {
    short: ['询问角色', 'asks a player'],
    long: [
      '可能询问角色：只能作为整条语句，或用于 `let x = …`、`x = …`、`return …`。',
      'May ask a player: only as a whole statement, `let x = …`, `x = …` or `return …`.',
    ],
  },
};

function builtinEntry(name: string): Entry {
  const spec = BUILTINS[name]!;
  return {
    name,
    kind: 'builtin',
    params: builtinParams(name).map((p) => ({
      name: p.name,
      ...(p.place ? { type: 'place' } : {}),
      ...(p.optional ? { optional: true } : {}),
    })),
    ...(spec.returns !== 'any' ? { returns: spec.returns } : {}),
    doc: spec.doc,
    effect: spec.effect,
  };
}

/** A hint the AIs and tools read (runtime/hint-table.ts): where it is written and how, for hover. */
function hintEntry(name: string): Entry {
  const spec = HINTS[name]!;
  const form = spec.on.includes('property') || spec.on.includes('zone') ? `as ${name}` : `${name}: ${spec.shape}`;
  return { name, kind: 'hint', detail: form };
}

const PLACE_NAMES: Record<HintPlace, [string, string]> = {
  card: ['牌的字段', "a card kind's field"],
  skill: ['技能的字段', "a skill's field"],
  event: ['事件的提示（在语句之前）', "an event's hint (before its statements)"],
  property: ['属性声明的末尾', "the end of a property's declaration"],
  zone: ['区域声明的末尾', "the end of a zone's declaration"],
};

/** The hints written at `place`, as completion items. */
function hintItems(place: HintPlace, lang: Lang): Completion[] {
  return hintsAt(place).map(([name, s]) => ({
    label: name,
    kind: 'hint' as const,
    insertText: place === 'property' || place === 'zone' ? name : `${name}: `,
    snippet: false,
    detail: `${kindName('hint', lang)} · ${lang === 'zh' ? s.zh : s.en}`,
    documentation: '',
    sortText: `0${name}`,
  }));
}

/** A builtin's effect in words (`short` for completion details). */
export function effectText(effect: BuiltinEffect, lang: Lang, form: 'short' | 'long'): string {
  return EFFECT_NAMES[effect][form][lang === 'zh' ? 0 : 1];
}

/** Windows opened by every event (and other bodies), merged over the parts. */
function allWindows(parts: IndexPart[]): Map<string, Entry> {
  const m = new Map<string, Entry>();
  for (const p of parts) {
    for (const [k, w] of p.windows) {
      const prev = m.get(k);
      if (!prev) m.set(k, w);
      else m.set(k, { ...prev, openers: [...(prev.openers ?? []), ...(w.openers ?? [])] });
    }
  }
  return m;
}

function allEntries(parts: IndexPart[]): Entry[] {
  const seen = new Set<string>();
  const out: Entry[] = [];
  for (const p of parts)
    for (const e of p.entries.values())
      if (!seen.has(e.name)) {
        seen.add(e.name);
        out.push(e);
      }
  return out;
}

// ------------------------------------------------------------------ texts (zh/en)

const KIND_NAMES: Record<EntryKind, [string, string]> = {
  enum: ['枚举', 'enum'],
  member: ['枚举成员', 'enum member'],
  option: ['选项', 'option'],
  zone: ['区域', 'zone'],
  property: ['角色属性', 'player property'],
  var: ['全局变量', 'global variable'],
  card: ['卡牌', 'card kind'],
  deck: ['牌堆', 'deck'],
  general: ['武将', 'general'],
  skill: ['技能', 'skill'],
  event: ['事件', 'event'],
  action: ['动作', 'action'],
  function: ['函数', 'function'],
  hook: ['钩子', 'hook'],
  invariant: ['不变式', 'invariant'],
  mode: ['模式', 'mode'],
  scenario: ['场景', 'scenario'],
  window: ['时机', 'timing window'],
  builtin: ['内置函数', 'builtin'],
  keyword: ['关键字', 'keyword'],
  hint: ['提示', 'hint'],
};

export function kindName(k: EntryKind, lang: Lang): string {
  return KIND_NAMES[k][lang === 'zh' ? 0 : 1];
}

/** Short explanations of keywords, for hover. */
const KEYWORD_DOCS: Record<string, [string, string]> = {
  package: ['声明本文件所属的包。', 'Names the package this file belongs to.'],
  import: ['使用另一个包中声明的名字。', 'Uses the names another package declares.'],
  general: [
    '声明武将：`general id 中文名 "English" { 字段: 值 … skills: … }`，字段即规则的 `require general` 所要求的；在场景的座位中指定武将。',
    'Declares a general: `general id 中文名 "English" { field: value … skills: … }`, with the fields the rules\' `require general` asks for; in a seat, names its general.',
  ],
  skill: [
    '声明技能：由触发（on）、主动（active）、视为（viewAs）、修正（modify）、过滤（filter）组成。',
    'Declares a skill made of triggers (on), actives, viewAs, modify and filter items.',
  ],
  on: [
    '触发：`on 时机(you|anyone|other) [may] [limit N per X] [if 条件] { … }`，在该时机开启时执行。',
    'A trigger: `on window(you|anyone|other) [may] [limit N per X] [if cond] { … }` runs when the timing window opens.',
  ],
  may: ['可选发动：触发前询问技能拥有者是否发动。', 'Optional: the owner is asked whether to use the skill.'],
  timing: [
    '开启时机：`timing 时机 for 角色`，让该角色的技能可以在此触发。',
    'Opens a timing window: `timing name for player`; skills of that player may trigger.',
  ],
  event: [
    '声明事件（有参数、会开启时机）；在触发体内，`event` 是正在结算的事件。',
    'Declares an event (with parameters and timing windows); inside a trigger, `event` is the event being resolved.',
  ],
  action: [
    '声明动作：可以改变状态、询问角色的过程。',
    'Declares an action: a procedure that may change state and ask players.',
  ],
  function: ['声明纯函数：只读状态，不改变它。', 'Declares a pure function: it reads state and never changes it.'],
  active: [
    '主动技：出牌阶段等时机可由拥有者发动。',
    'An active item: an action its owner may take when the rules offer actions.',
  ],
  viewAs: [
    '视为：`viewAs 牌 from N card in 区域 where 条件`，将牌当作另一种牌使用或打出。',
    'Use or play cards as another kind: `viewAs kind from N card in zones where cond`.',
  ],
  modify: [
    '修正钩子的值：`modify 钩子(参数) = 值 if 条件`。',
    'Contributes to a hook: `modify hook(params) = value if cond`.',
  ],
  filter: [
    '改变拥有者的牌被视为的属性：`filter where 条件 set suit = heart`。',
    "Changes how the owner's cards count: `filter where cond set suit = heart`.",
  ],
  limit: ['发动次数限制：`limit 1 per turn`。', 'A use limit: `limit 1 per turn`.'],
  where: [
    '筛选列表：`列表 where 条件`，条件中 `it` 是当前元素。',
    'Filters a list: `list where cond`; `it` is the item.',
  ],
  it: ['`where` 条件与 `viewAs` 筛选中的当前元素。', 'The current item in a `where` condition or a `viewAs` filter.'],
  you: ['技能的拥有者。', "The skill's owner."],
  anyone: ['任意角色的该时机都会触发。', 'The trigger fires for the window of any player.'],
  other: ['其他角色的该时机触发。', 'The trigger fires for the window of another player.'],
  stop: [
    '结束当前事件（或 `stop e` 结束事件 e）：防止、取消。',
    'Ends the current event (or `stop e` ends event e): prevention.',
  ],
  scenario: [
    '场景：座位、牌堆、起点、脚本化的回答与断言；也是一个测试。',
    'A scenario: seats, a stacked deck, a start point, scripted answers and expectations; it is also a test.',
  ],
  seat: [
    '场景中的座位：`seat 名字 { general: …, 属性: 值, 区域: [...] }`（规则声明的玩家属性与区域）。',
    'A seat in a scenario: `seat name { general: …, property: value, zone: [...] }` (player properties and zones the rules declare).',
  ],
  deck: [
    '声明牌堆；在场景中 `deck: [...]` 指定牌堆顶的牌。',
    'Declares a deck; in a scenario, `deck: [...]` stacks the top of the draw pile.',
  ],
  start: [
    '场景从哪个座位、从何处开始：`start 座位 起点`，起点交给模式的 `play`（其第二个参数）。',
    "Where a scenario starts: `start seat from`, the seat and where the mode's `play` begins (its second parameter).",
  ],
  expect: [
    '断言：`expect 条件`、`expect log "…"`、`expect ask 角色`、`expect end`。',
    'An expectation: `expect cond`, `expect log "…"`, `expect ask player`, `expect end`.',
  ],
  mode: [
    '声明模式；在场景中选择模式（如 `mode identity`）。',
    'Declares a mode; in a scenario, picks one (`mode identity`).',
  ],
  invariant: [
    '声明每次决定后都必须成立的条件：`invariant 名 中文 "En" (p: player) = 条件`（对每名角色）或不带参数（对整局）。',
    'Declares what must hold after every decision: `invariant name 中文 "En" (p: player) = cond` (for each player) or without a parameter (for the game).',
  ],
  property: [
    '声明每名角色都有的属性：`property 名 中文 "En": 类型 = 默认值`。',
    'Declares a field every player has: `property name 中文 "En": type = default`.',
  ],
  let: ['声明局部变量。', 'Declares a local variable.'],
  as: [
    '在触发中为事件命名（`on 时机(you) as e`）；在措辞中给出结果的写法（`as "中文" "English"`）；在属性声明末尾给出提示，说明它对 AI 和工具是什么（`as life`：体力）。',
    'Names the event in a trigger (`on window(you) as e`); gives a phrase\'s result words (`as "中文" "English"`); ends a property\'s declaration with a hint saying what it is to AIs and tools (`as life`: HP).',
  ],
  repeat: [
    '`repeat N { }` 重复 N 次；`repeat { }` 重复直到 break。',
    '`repeat N { }` runs N times; `repeat { }` runs until break.',
  ],
  cleanup: ['事件结束后（包括被 stop 时）执行的块。', 'A block run when the event ends (also when stopped).'],
  locked: ['锁定技。', 'Locked skill.'],
};

function sig(e: Entry): string {
  if (!e.params) return e.name;
  const ps = e.params.map(
    (p) =>
      `${p.name}${p.type ? `: ${p.type}` : ''}${p.default !== undefined ? ` = ${p.default}` : p.optional ? '?' : ''}`,
  );
  return `${e.name}(${ps.join(', ')})${e.returns && e.kind !== 'property' && e.kind !== 'var' ? `: ${e.returns}` : ''}`;
}

/** Markdown documentation of an entry. */
export function describe(e: Entry, lang: Lang): string {
  const zh = lang === 'zh';
  const out: string[] = [];
  const names = [e.zh, e.en ? `"${e.en}"` : ''].filter(Boolean).join(' ');
  out.push(
    `**${kindName(e.kind, lang)}** \`${e.kind === 'property' || e.kind === 'var' ? `${e.name}: ${e.returns ?? ''}` : e.kind === 'hint' ? e.detail : sig(e)}\`${names ? ` — ${names}` : ''}`,
  );
  if (e.text) {
    const mine = zh ? e.text.zh : e.text.en;
    // A window's text is the phrase it is worded by, for "a player"; an entity's is its rule text.
    if (mine) out.push(e.kind === 'window' ? `${zh ? '即' : 'Reads'}: “${mine}”` : `> ${mine}`);
  }
  if (e.kind === 'keyword') {
    const d = KEYWORD_DOCS[e.name];
    if (d) out.push(d[zh ? 0 : 1]);
  }
  if (e.kind === 'member' && e.enumOf) out.push(zh ? `\`${e.enumOf}\` 的成员` : `a member of \`${e.enumOf}\``);
  if (e.detail && e.kind !== 'hint') out.push(e.detail); // a hint's is its heading
  if (e.kind === 'window' && e.openers?.length) {
    const list = e.openers
      .slice(0, 6)
      .map((o) => `\`${o.by}\` (${o.kind}) ${zh ? '为' : 'for'} \`${o.subject}\` — ${o.file}:${o.line}`);
    out.push(
      (zh ? '开启于：\n' : 'Opened by:\n') +
        list.map((l) => `- ${l}`).join('\n') +
        (e.openers.length > 6 ? `\n- … (${e.openers.length - 6})` : ''),
    );
    const evs = e.openers.filter((o) => o.kind === 'event').map((o) => o.by);
    if (evs.length)
      out.push(
        zh
          ? `触发体中 \`event\` 是 ${[...new Set(evs)].map((x) => `\`${x}\``).join('、')} 事件。`
          : `In a trigger, \`event\` is the ${[...new Set(evs)].map((x) => `\`${x}\``).join(' / ')} event.`,
      );
  }
  if (e.kind === 'hint') {
    const spec = HINTS[e.name]!;
    out.push(zh ? spec.zh : spec.en);
    const places = spec.on.map((p) => PLACE_NAMES[p][zh ? 0 : 1]).join(zh ? '、' : ', ');
    out.push(
      zh
        ? `写在${places}；AI 或工具读取它，引擎和规则书忽略它。`
        : `Written as ${places}; read by an AI or a tool, ignored by the engine and the rulebook.`,
    );
    return out.join('\n\n');
  }
  if (e.kind === 'builtin') {
    if (e.doc) out.push(e.doc);
    if (e.effect) out.push(effectText(e.effect, lang, 'long'));
    out.push(zh ? '引擎内置。带 `?` 的参数可省略。' : 'Built into the engine. Parameters marked `?` may be left out.');
    return out.join('\n\n');
  }
  if (e.doc) out.push(e.doc);
  if (e.file && e.kind !== 'window') out.push(`*${e.file}:${e.line}*`);
  return out.join('\n\n');
}

// ------------------------------------------------------------------ completion

export interface Completion {
  label: string;
  kind: EntryKind;
  insertText: string;
  snippet: boolean;
  detail: string;
  documentation: string;
  sortText: string;
}

function item(e: Entry, lang: Lang, rank: number, withCall = true): Completion {
  const callable =
    withCall &&
    e.params &&
    (e.kind === 'function' || e.kind === 'action' || e.kind === 'event' || e.kind === 'builtin' || e.kind === 'zone');
  const required = (e.params ?? []).filter((p) => !p.optional);
  const insertText = callable ? `${e.name}(${required.map((p, i) => `\${${i + 1}:${p.name}}`).join(', ')})` : e.name;
  return {
    label: e.name,
    kind: e.kind,
    insertText,
    snippet: !!callable,
    detail:
      e.kind === 'builtin'
        ? [kindName(e.kind, lang), e.effect && effectText(e.effect, lang, 'short'), e.doc].filter(Boolean).join(' · ')
        : [kindName(e.kind, lang), e.zh, e.en].filter(Boolean).join(' · '),
    documentation: '', // resolved lazily (the editor asks for the hover text of the item it shows)
    sortText: `${rank}${e.name}`,
  };
}

/** Completion at the end of `before` (the text from the start of the file to the cursor). */
export function complete(parts: IndexPart[], before: string, lang: Lang, trigger?: string): Completion[] {
  const line = before.slice(before.lastIndexOf('\n') + 1);
  const entries = allEntries(parts);
  const windows = [...allWindows(parts).values()];
  const of = (...kinds: EntryKind[]) => entries.filter((e) => kinds.includes(e.kind));
  const members = (enumId: string) =>
    entries.filter((e) => e.kind === 'member' && e.enumOf === enumId).map((e) => item(e, lang, 0));

  // `property … as |`, `zone … as |`: the hints read there.
  const decl = /^\s*(property|zone)\b.*\sas\s+[\p{L}_]*$/u.exec(line);
  if (decl) return hintItems(decl[1] === 'zone' ? 'zone' : 'property', lang);
  // The start of a line among an event's hints (after its `{`, before its statements): the event hints.
  if (/\bevent\s+[^{}]*\{(\s*\n\s*[\p{L}_][\p{L}\p{N}_]*\s*:[^\n]*)*\s*\n\s*[\p{L}_]*$/u.test(before))
    return hintItems('event', lang);
  // `on |` and `timing |`: timing windows.
  if (/(^|\s)(on|timing)\s+[\p{L}_]*$/u.test(line)) return windows.map((w) => item(w, lang, 0));
  // `modify |`: hooks.
  if (/(^|\s)modify\s+[\p{L}_]*$/u.test(line)) return of('hook').map((e) => item(e, lang, 0, false));
  // `mode |` in a scenario.
  if (/^\s*mode\s+[\p{L}_]*$/u.test(line)) return of('mode').map((e) => item(e, lang, 0));
  // `viewAs |`: card kinds.
  if (/(^|\s)viewAs\s+[\p{L}_]*$/u.test(line)) return of('card').map((e) => item(e, lang, 0));
  // Seat and general fields.
  if (/\bgeneral:\s*[\p{L}_]*$/u.test(line)) return of('general').map((e) => item(e, lang, 0));
  if (/\bskills:\s*(\[)?[\p{L}\p{N}_,\s]*$/u.test(line)) return of('skill').map((e) => item(e, lang, 0));
  // `field: |`: the members of the field's enum (a general's required field, a seat's player property).
  const field = /\b([\p{L}_][\p{L}\p{N}_]*):\s*[\p{L}_]*$/u.exec(line);
  const fieldType = field && parts.map((p) => p.fieldTypes.get(field[1]!)).find(Boolean);
  const values = fieldType ? members(fieldType) : [];
  if (values.length) return values;
  if (/^\s*start\s+[\p{L}\p{N}_]+\s+[\p{L}_]*$/u.test(line))
    return [...new Set(parts.flatMap((p) => [...p.startTypes]))].flatMap(members);
  // `x.|`: members. After `event.`, the parameters of the events that open the enclosing trigger's window first.
  const dot = /([\p{L}\p{N}_)\]]+)\s*\.\s*[\p{L}_]*$/u.exec(line);
  if (dot) {
    const out: Completion[] = [];
    const seen = new Set<string>();
    const push = (c: Completion) => {
      if (!seen.has(c.label)) {
        seen.add(c.label);
        out.push(c);
      }
    };
    const field = (name: string, detail: string, rank: number, doc = '') =>
      push({
        label: name,
        kind: 'property',
        insertText: name,
        snippet: false,
        detail,
        documentation: doc,
        sortText: `${rank}${name}`,
      });
    if (dot[1] === 'event') {
      const trig = [...before.matchAll(/\bon\s+([\p{L}_][\p{L}\p{N}_]*)\s*\(/gu)].pop();
      const win = trig ? allWindows(parts).get(trig[1]!) : undefined;
      for (const o of win?.openers ?? []) {
        if (o.kind !== 'event') continue;
        for (const p of parts)
          for (const pi of p.eventParams.get(o.by) ?? []) {
            field(
              pi.name,
              `${lang === 'zh' ? '事件参数' : 'event parameter'} · ${o.by}${pi.type ? ` · ${pi.type}` : ''}`,
              0,
            );
          }
      }
      for (const n of ['kind', 'stopped', 'parent']) field(n, lang === 'zh' ? '事件' : 'event', 1);
    }
    for (const e of of('property')) push({ ...item(e, lang, 2), kind: 'property' });
    for (const n of ['alive', 'seat', 'name', 'skills']) field(n, lang === 'zh' ? '角色' : 'player', 2);
    for (const n of ['kind', 'suit', 'rank', 'id', 'subcards', 'via']) field(n, lang === 'zh' ? '卡牌' : 'card', 3);
    for (const p of parts) for (const n of p.cardFields) field(n, lang === 'zh' ? '卡牌字段' : 'card field', 3);
    for (const p of parts) for (const n of p.generalFields) field(n, lang === 'zh' ? '武将字段' : 'general field', 4);
    for (const p of parts)
      for (const ps of p.eventParams.values())
        for (const pi of ps) field(pi.name, lang === 'zh' ? '事件参数' : 'event parameter', 5);
    return out;
  }
  // Anywhere else: everything, most useful first (but a space or colon alone does not open the list).
  if (trigger === ' ' || trigger === ':') return [];
  const rank: Partial<Record<EntryKind, number>> = {
    function: 1,
    action: 1,
    event: 1,
    builtin: 2,
    card: 3,
    general: 3,
    skill: 3,
    member: 4,
    zone: 4,
    var: 4,
    hook: 5,
    property: 6,
    enum: 6,
    option: 6,
    mode: 6,
    deck: 7,
    scenario: 8,
  };
  const out: Completion[] = [];
  for (const k of [...reservedKeywords, ...contextualKeywords, 'it']) {
    out.push({
      label: k,
      kind: 'keyword',
      insertText: k,
      snippet: false,
      detail: kindName('keyword', lang),
      documentation: '',
      sortText: `0${k}`,
    });
  }
  for (const e of entries) if (e.kind !== 'property') out.push(item(e, lang, rank[e.kind] ?? 9));
  for (const name of Object.keys(BUILTINS))
    if (!entries.some((e) => e.name === name)) out.push(item(builtinEntry(name), lang, 2));
  for (const w of windows) if (!entries.some((e) => e.name === w.name)) out.push(item(w, lang, 7));
  return out;
}

/** Scenarios declared by files, in order. */
export function scenariosOf(
  files: A.SourceFile[],
): { id: string; zh?: string; en?: string; file: string; line: number }[] {
  const out: { id: string; zh?: string; en?: string; file: string; line: number }[] = [];
  for (const f of files)
    for (const d of f.decls)
      if (d.kind === 'Scenario' && d.names.id.name) {
        out.push({ id: d.names.id.name, zh: d.names.zh?.name, en: d.names.en, file: f.file, line: lineOf(d) });
      }
  return out;
}

/** Signature help: the innermost call still open at the end of `before`, and which argument the cursor is in. */
export function signatureAt(
  parts: IndexPart[],
  before: string,
  lang: Lang,
): { label: string; params: string[]; active: number; doc: string } | null {
  let depth = 0;
  let commas = 0;
  // Strings and comments cannot open or close calls: blank them out first.
  const text = before
    .slice(-2000)
    .replace(/"(?:[^"\\\n]|\\.)*"/g, '""')
    .replace(/#[^\n]*/g, '');
  for (let i = text.length - 1; i >= 0; i--) {
    const ch = text[i]!;
    if (ch === ')' || ch === ']') depth++;
    else if (ch === '[') {
      if (depth === 0) return null;
      depth--;
    } else if (ch === '(') {
      if (depth > 0) {
        depth--;
        continue;
      }
      const m = /([\p{L}_][\p{L}\p{N}_]*)\s*$/u.exec(text.slice(0, i));
      if (!m) return null;
      const e = lookup(parts, m[1]!);
      if (!e?.params) return null;
      const ps = e.params.map(
        (p) =>
          `${p.name}${p.type ? `: ${p.type}` : ''}${p.default !== undefined ? ` = ${p.default}` : p.optional ? '?' : ''}`,
      );
      return { label: `${e.name}(${ps.join(', ')})`, params: ps, active: commas, doc: describe(e, lang) };
    } else if (ch === ',' && depth === 0) commas++;
    else if ((ch === '{' || ch === '}') && depth === 0) return null;
  }
  return null;
}

// ------------------------------------------------------------------ quick fixes

export interface QuickFix {
  title: string;
  start: number; // offsets into the file's text
  end: number;
  newText: string;
}

const SUGGESTION = /\u2014 did you mean '([^']+)'\?$/u;
const QUOTED_NAME = /'([\p{L}_][\p{L}\p{N}_]*)'/gu;

/** The fixes a diagnostic offers: a "— did you mean 'x'?" (lower/symbols.ts `suggest`) replaces the name it
 *  complains about, found as a whole word inside the diagnostic's span, by x. None when that name is not there. */
export function quickFixes(
  d: { message: string; span: { start: number; end: number } },
  text: string,
  lang: Lang,
): QuickFix[] {
  const m = SUGGESTION.exec(d.message);
  if (!m) return [];
  const better = m[1]!;
  const head = d.message.slice(0, m.index);
  const wrong = [...head.matchAll(QUOTED_NAME)].map((q) => q[1]!).reverse();
  const inSpan = text.slice(d.span.start, Math.max(d.span.start, d.span.end));
  const isWord = (ch: string | undefined) => !!ch && /[\p{L}\p{N}_]/u.test(ch);
  for (const w of wrong) {
    for (let i = inSpan.indexOf(w); i >= 0; i = inSpan.indexOf(w, i + 1)) {
      if (isWord(inSpan[i - 1]) || isWord(inSpan[i + w.length])) continue;
      const start = d.span.start + i;
      const title = lang === 'zh' ? `把 ${w} 改为 ${better}` : `Change ${w} to ${better}`;
      return [{ title, start, end: start + w.length, newText: better }];
    }
  }
  return [];
}
