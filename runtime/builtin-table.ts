// Every builtin the rules may call: its parameters, what calling it may do, and what it gives. One table, read by
// the compiler (arity, named arguments, where a call may stand, rule texts), the editor (completion and hover) and
// the engine (runtime/builtins.ts implements exactly these names, each in the map its effect calls for).

/** `pure` reads the game; `changes` changes it (not in functions, conditions or hooks); `asks` may ask a player
 *  (a whole statement, `let x = …`, `x = …` or `return …` only). */
export type BuiltinEffect = 'pure' | 'changes' | 'asks';

export type BuiltinGroup = 'lists' | 'cards' | 'players' | 'skills' | 'effects' | 'asking';

export interface BuiltinSpec {
  /** Parameters in order; a trailing `?` marks an optional one (named arguments use these names); `: place`
   *  marks a zone taken as a place (`put(cards, to)`) rather than read as its cards (`cards(zone)`). */
  params: readonly string[];
  effect: BuiltinEffect;
  group: BuiltinGroup;
  /** What it gives, in the rules' type syntax (`int`, `[card]`), or in terms of a parameter: `list` (the same type
   *  as the parameter `list`), `item of list`, `[item of from]`; `any` when it gives nothing worth typing. */
  returns: string;
  /** What it gives or does, in a line (the editor's hover). */
  doc: string;
  /** The parameters whose text players read at the table (a log line's template, a question's prompt, the words
   *  the game ends with): a literal there needs its wording in both languages (a text phrase; SGS311). */
  shown?: readonly string[];
}

const b = <E extends BuiltinEffect>(
  params: string[],
  effect: E,
  group: BuiltinGroup,
  returns: string,
  doc: string,
  shown?: string[],
): BuiltinSpec & { effect: E } =>
  shown ? { params, effect, group, returns, doc, shown } : { params, effect, group, returns, doc };

const TABLE = {
  count: b(['x'], 'pure', 'lists', 'int', 'the number of items of a list or cards of a zone (a number stays a number)'),
  first: b(['list'], 'pure', 'lists', 'item of list', 'the first item, or none'),
  last: b(['list'], 'pure', 'lists', 'item of list', 'the last item, or none'),
  at: b(['list', 'index'], 'pure', 'lists', 'item of list', 'the item at index (0 is the first), or none'),
  contains: b(['list', 'item'], 'pure', 'lists', 'bool', 'whether item is in list (same as `item in list`)'),
  indexOf: b(['list', 'item'], 'pure', 'lists', 'int', 'the position of item in list, or -1'),
  reverse: b(['list'], 'pure', 'lists', 'list', 'the list reversed'),
  unique: b(['list'], 'pure', 'lists', 'list', 'the list without repeats'),
  take: b(['list', 'n'], 'pure', 'lists', 'list', 'the first n items'),
  drop: b(['list', 'n'], 'pure', 'lists', 'list', 'all but the first n items'),
  max: b(
    ['a', 'b?'],
    'pure',
    'lists',
    'int',
    'the larger of two numbers, or the largest of a list (none if it is empty)',
  ),
  min: b(
    ['a', 'b?'],
    'pure',
    'lists',
    'int',
    'the smaller of two numbers, or the smallest of a list (none if it is empty)',
  ),
  sum: b(['list'], 'pure', 'lists', 'int', 'the sum of a list of numbers'),
  abs: b(['n'], 'pure', 'lists', 'int', 'the absolute value'),
  range: b(['from', 'to'], 'pure', 'lists', '[int]', 'the numbers from, …, to'),
  text: b(['x'], 'pure', 'lists', 'text', "x as text (a player's name, a card's kind and face, …)"),

  cards: b(['zone'], 'pure', 'cards', '[card]', 'the cards of a zone as a list (top first)'),
  top: b(['zone: place', 'n?'], 'pure', 'cards', '[card]', 'the top n cards of a zone (1 by default)'),
  bottom: b(['zone: place', 'n?'], 'pure', 'cards', '[card]', 'the bottom n cards of a zone (1 by default)'),
  zoneOf: b(['card'], 'pure', 'cards', 'zone', 'the id of the zone the card lies in (hand, drawPile, …), or none'),
  ownerOf: b(['card'], 'pure', 'cards', 'player', 'the player whose zone holds the card, or none'),
  heldBy: b(
    ['player'],
    'pure',
    'cards',
    '[card]',
    "every card in the player's own zones (each per-player zone, in declaration order)",
  ),
  physical: b(
    ['card'],
    'pure',
    'cards',
    '[card]',
    'the physical cards behind a card, a virtual card, a zone or a list',
  ),
  virtual: b(
    ['kind', 'cards?'],
    'pure',
    'cards',
    'card',
    'a virtual card of kind made of those cards (none: no physical part)',
  ),
  kindOf: b(
    ['card'],
    'pure',
    'cards',
    'kind',
    'the kind a card counts as (after filters); a kind id is returned as is',
  ),
  printed: b(
    ['card'],
    'pure',
    'cards',
    'card',
    'the physical card as printed: its own kind, suit and rank, before any filter or conversion (none for several cards)',
  ),
  asCounted: b(
    ['card'],
    'pure',
    'cards',
    'any',
    'the card as it counts now, fixed: a card a filter changes becomes a stand-in of the kind (and suit) it counts as',
  ),
  isVirtual: b(['card'], 'pure', 'cards', 'bool', 'whether the card is virtual'),
  isCard: b(['x'], 'pure', 'cards', 'bool', 'whether x is a card'),
  isPlayer: b(['x'], 'pure', 'cards', 'bool', 'whether x is a player'),
  isText: b(['x'], 'pure', 'cards', 'bool', 'whether x is text (an id)'),
  isAction: b(['x'], 'pure', 'cards', 'bool', 'whether x is an action'),
  hasMethod: b(['card', 'name'], 'pure', 'cards', 'bool', "whether the card's kind has that method"),
  canSee: b(
    ['player', 'card'],
    'pure',
    'cards',
    'bool',
    "whether the player sees the card's face now (its zone's visibility, unless it is face down, shown or revealed)",
  ),

  players: b([], 'pure', 'players', '[player]', 'every seat, out of the game too, in seat order'),
  alive: b([], 'pure', 'players', '[player]', 'the players in the game, from the current player on'),
  aliveFrom: b(['player'], 'pure', 'players', '[player]', 'the players in the game, from player on'),
  others: b(['player'], 'pure', 'players', '[player]', 'the players in the game except player, in order after them'),
  nextAlive: b(['player'], 'pure', 'players', 'player', 'the next player in the game after player'),
  seatDistance: b(['from', 'to'], 'pure', 'players', 'int', 'seats between two players the shorter way round'),
  current: b([], 'pure', 'players', 'player', 'the player whose seat orders triggers'),
  generals: b([], 'pure', 'players', '[general]', 'every general id'),

  hasSkill: b(
    ['player', 'skill'],
    'pure',
    'skills',
    'bool',
    'whether the player has the skill now (own or granted by cards)',
  ),
  skillsOf: b(['player'], 'pure', 'skills', '[skill]', "the player's skills now (own and granted by cards)"),
  hasTag: b(['skill', 'tag'], 'pure', 'skills', 'bool', 'whether the skill has that tag'),
  conversions: b(
    ['player', 'kinds?'],
    'pure',
    'skills',
    '[card]',
    "every virtual card the player's viewAs items allow now",
  ),
  actions: b(['player'], 'pure', 'skills', '[action]', 'the active items the player may take now'),
  revealed: b(['player', 'property'], 'pure', 'skills', 'bool', 'whether the property was revealed to everyone'),
  within: b(['event'], 'pure', 'skills', 'any', 'the innermost running event of that kind, or none'),
  involved: b(
    ['player'],
    'pure',
    'skills',
    'bool',
    'whether a running event names the player in one of its fields (the damaged, the dying, the dead…)',
  ),
  gameOver: b([], 'pure', 'skills', 'bool', 'whether the game has ended (invariants read it: the final state)'),
  outcome: b([], 'pure', 'skills', 'any', 'what won the game, as the rule that ended it said (none while it runs)'),
  winningPlayers: b(
    [],
    'pure',
    'skills',
    '[player]',
    'the players who won, as the rule that ended the game named them (empty while it runs)',
  ),

  put: b(
    ['cards', 'to: place', 'bottom?', 'holder?'],
    'changes',
    'effects',
    'any',
    'move cards to a zone (on top, or at the bottom), no event; in a shared zone, held for holder (their filters apply)',
  ),
  putAs: b(
    ['cards', 'to: place', 'kind?'],
    'changes',
    'effects',
    'any',
    'move cards to a zone, remembering which kind they stand for',
  ),
  makeCard: b(
    ['kind', 'suit', 'rank', 'to: place'],
    'changes',
    'effects',
    'card',
    "a new physical card of kind with that suit and rank, on top of zone to; only in the mode's setup",
  ),
  shuffle: b(['zone: place'], 'changes', 'effects', 'any', 'shuffle a zone in place'),
  shuffled: b(['list'], 'changes', 'effects', 'list', 'a shuffled copy of a list'),
  random: b(['list'], 'changes', 'effects', 'item of list', 'a random item of a list'),
  randomInt: b(['n'], 'changes', 'effects', 'int', 'a random number from 0 to n − 1'),
  log: b(
    ['text', 'a?', 'b?', 'c?', 'd?'],
    'changes',
    'effects',
    'any',
    'write a log line; {0} … {3} are replaced by a … d',
    ['text'],
  ),
  logTo: b(
    ['who', 'text', 'a?', 'b?', 'c?', 'd?'],
    'changes',
    'effects',
    'any',
    'write a log line only who (a player or a list) may read',
    ['text'],
  ),
  logExcept: b(
    ['who', 'text', 'a?', 'b?', 'c?', 'd?'],
    'changes',
    'effects',
    'any',
    'write a log line everyone but who (a player or a list) may read',
    ['text'],
  ),
  faceDown: b(
    ['cards', 'knownTo?'],
    'changes',
    'effects',
    'any',
    'turn cards face down where they lie: nobody sees them but knownTo (a player or a list), until they move',
  ),
  showCards: b(
    ['cards', 'to'],
    'changes',
    'effects',
    'any',
    'show cards to a player or a list of players: they see them until the cards move',
  ),
  revealCards: b(['cards'], 'changes', 'effects', 'any', 'turn cards face up for everyone, until they move'),
  setCurrent: b(['player'], 'changes', 'effects', 'any', 'the player from whom windows are ordered'),
  endGame: b(
    ['winners', 'text?', 'players?'],
    'changes',
    'effects',
    'any',
    'end the game: winners is what won (a side), players the players who won (tools read them)',
    ['text'],
  ),
  reveal: b(
    ['player', 'property'],
    'changes',
    'effects',
    'any',
    "show a hidden property to everyone (a dead player's role)",
  ),
  setSkills: b(['player', 'skills'], 'changes', 'effects', 'any', "replace a player's skills"),
  gainSkill: b(['player', 'skill'], 'changes', 'effects', 'any', 'give a player a skill'),
  loseSkill: b(['player', 'skill'], 'changes', 'effects', 'any', 'take a skill from a player'),

  choose: b(
    ['who', 'from', 'prompt?', 'optional?', 'asks?', 'about?'],
    'asks',
    'asking',
    'item of from',
    'one item of from chosen by who (none if they pass); asks: what is asked, about: what it is about (for AIs)',
    ['prompt'],
  ),
  chooseMany: b(
    ['who', 'from', 'min?', 'max?', 'prompt?', 'asks?', 'about?'],
    'asks',
    'asking',
    '[item of from]',
    'a list of min to max items chosen by who; asks: what is asked, about: what it is about (for AIs)',
    ['prompt'],
  ),
  ask: b(
    ['who', 'prompt?', 'asks?', 'about?'],
    'asks',
    'asking',
    'bool',
    'yes or no, as true / false; asks: what is asked, about: what it is about (for AIs)',
    ['prompt'],
  ),
  askEach: b(
    ['who', 'prompt?', 'asks?', 'about?'],
    'asks',
    'asking',
    '[bool]',
    'a sealed yes or no from each of who, in order: nobody sees another answer until all have answered; asks: what is asked, about: what it is about (for AIs)',
    ['prompt'],
  ),
  chooseEach: b(
    ['who', 'from', 'prompt?', 'optional?', 'shown?'],
    'asks',
    'asking',
    'any',
    'a sealed choice by each of who from its own list in from (or all from one list), in order: nobody sees another answer until all have answered; shown: false keeps each answer for its seat (the rules show what they will)',
    ['prompt'],
  ),
  perform: b(['action'], 'asks', 'asking', 'any', 'run an action from actions(p); gives its result'),
  callMode: b(['method', 'a?', 'b?', 'c?', 'd?'], 'asks', 'asking', 'any', 'run a method of the current mode'),
};

export const BUILTINS: Record<string, BuiltinSpec> = TABLE;

/** Every builtin's name. */
export type BuiltinName = keyof typeof TABLE;
/** The names of the builtins with a given effect (the engine's implementation maps are typed with these). */
export type BuiltinNameWith<E extends BuiltinEffect> = {
  [K in BuiltinName]: (typeof TABLE)[K]['effect'] extends E ? K : never;
}[BuiltinName];

/** A builtin's parameters as name + optional, for named arguments and arity checks. */
export function builtinParams(name: string): { name: string; optional: boolean; place: boolean }[] {
  return (BUILTINS[name]?.params ?? []).map((p) => {
    const place = p.endsWith(': place');
    const bare = place ? p.slice(0, -': place'.length) : p;
    return { name: bare.replace('?', ''), optional: bare.endsWith('?'), place };
  });
}

export function builtinEffect(name: string): BuiltinEffect | undefined {
  return BUILTINS[name]?.effect;
}
