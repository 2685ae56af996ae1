// Every builtin the rules may call: its parameters, what calling it may do, and what it gives. One table, read by
// the compiler (arity, named arguments, where a call may stand, rule texts), the editor (completion and hover) and
// the engine (runtime/builtins.ts implements exactly these names, each in the map its effect calls for).

/** `pure` reads the game; `changes` changes it (not in functions, conditions or hooks); `asks` may ask a player
 *  (a whole statement, `let x = …`, `x = …` or `return …` only). */
export type BuiltinEffect = 'pure' | 'changes' | 'asks';

export type BuiltinGroup = 'lists' | 'cards' | 'players' | 'skills' | 'effects' | 'asking';

export interface BuiltinSpec {
  /** Parameter names in order; a trailing `?` marks an optional one (named arguments use these names). */
  params: readonly string[];
  effect: BuiltinEffect;
  group: BuiltinGroup;
  /** What it gives or does, in a line (the editor's hover). */
  doc: string;
}

const b = (params: string[], effect: BuiltinEffect, group: BuiltinGroup, doc: string): BuiltinSpec => ({
  params,
  effect,
  group,
  doc,
});

export const BUILTINS: Record<string, BuiltinSpec> = {
  count: b(['x'], 'pure', 'lists', 'the number of items of a list or cards of a zone (a number stays a number)'),
  first: b(['list'], 'pure', 'lists', 'the first item, or none'),
  last: b(['list'], 'pure', 'lists', 'the last item, or none'),
  at: b(['list', 'index'], 'pure', 'lists', 'the item at index (0 is the first), or none'),
  contains: b(['list', 'item'], 'pure', 'lists', 'whether item is in list (same as `item in list`)'),
  indexOf: b(['list', 'item'], 'pure', 'lists', 'the position of item in list, or -1'),
  reverse: b(['list'], 'pure', 'lists', 'the list reversed'),
  unique: b(['list'], 'pure', 'lists', 'the list without repeats'),
  take: b(['list', 'n'], 'pure', 'lists', 'the first n items'),
  drop: b(['list', 'n'], 'pure', 'lists', 'all but the first n items'),
  max: b(['a', 'b?'], 'pure', 'lists', 'the larger of two numbers, or the largest of a list (none if it is empty)'),
  min: b(['a', 'b?'], 'pure', 'lists', 'the smaller of two numbers, or the smallest of a list (none if it is empty)'),
  sum: b(['list'], 'pure', 'lists', 'the sum of a list of numbers'),
  abs: b(['n'], 'pure', 'lists', 'the absolute value'),
  range: b(['from', 'to'], 'pure', 'lists', 'the numbers from, …, to'),
  text: b(['x'], 'pure', 'lists', "x as text (a player's name, `slash ♠7`, …)"),

  cards: b(['zone'], 'pure', 'cards', 'the cards of a zone as a list (top first)'),
  top: b(['zone', 'n?'], 'pure', 'cards', 'the top n cards of a zone (1 by default)'),
  bottom: b(['zone', 'n?'], 'pure', 'cards', 'the bottom n cards of a zone (1 by default)'),
  zoneOf: b(['card'], 'pure', 'cards', 'the id of the zone the card lies in (hand, drawPile, …), or none'),
  ownerOf: b(['card'], 'pure', 'cards', 'the player whose zone holds the card, or none'),
  physical: b(['card'], 'pure', 'cards', 'the physical cards behind a card, a virtual card, a zone or a list'),
  virtual: b(
    ['kind', 'cards?'],
    'pure',
    'cards',
    'a virtual card of kind made of those cards (none: no physical part)',
  ),
  kindOf: b(['card'], 'pure', 'cards', 'the kind a card counts as (after filters); a kind id is returned as is'),
  asCounted: b(
    ['card'],
    'pure',
    'cards',
    'the card as it counts now, fixed: a card a filter changes becomes a stand-in of the kind (and suit) it counts as',
  ),
  isVirtual: b(['card'], 'pure', 'cards', 'whether the card is virtual'),
  isCard: b(['x'], 'pure', 'cards', 'whether x is a card'),
  isPlayer: b(['x'], 'pure', 'cards', 'whether x is a player'),
  isText: b(['x'], 'pure', 'cards', 'whether x is text (an id)'),
  isAction: b(['x'], 'pure', 'cards', 'whether x is an action'),
  hasMethod: b(['card', 'name'], 'pure', 'cards', "whether the card's kind has that method"),

  players: b([], 'pure', 'players', 'every seat, out of the game too, in seat order'),
  alive: b([], 'pure', 'players', 'the players in the game, from the current player on'),
  aliveFrom: b(['player'], 'pure', 'players', 'the players in the game, from player on'),
  others: b(['player'], 'pure', 'players', 'the players in the game except player, in order after them'),
  nextAlive: b(['player'], 'pure', 'players', 'the next player in the game after player'),
  seatDistance: b(['from', 'to'], 'pure', 'players', 'seats between two players the shorter way round'),
  current: b([], 'pure', 'players', 'the player whose seat orders triggers'),
  generals: b([], 'pure', 'players', 'every general id'),

  hasSkill: b(['player', 'skill'], 'pure', 'skills', 'whether the player has the skill now (own or granted by cards)'),
  skillsOf: b(['player'], 'pure', 'skills', "the player's skills now (own and granted by cards)"),
  hasTag: b(['skill', 'tag'], 'pure', 'skills', 'whether the skill has that tag'),
  conversions: b(['player', 'kinds?'], 'pure', 'skills', "every virtual card the player's viewAs items allow now"),
  actions: b(['player'], 'pure', 'skills', 'the active items the player may take now'),
  revealed: b(['player', 'property'], 'pure', 'skills', 'whether the property was revealed to everyone'),
  within: b(['event'], 'pure', 'skills', 'the innermost running event of that kind, or none'),

  put: b(['cards', 'to', 'bottom?'], 'changes', 'effects', 'move cards to a zone (on top, or at the bottom), no event'),
  putAs: b(
    ['cards', 'to', 'kind?'],
    'changes',
    'effects',
    'move cards to a zone, remembering which kind they stand for',
  ),
  shuffle: b(['zone'], 'changes', 'effects', 'shuffle a zone in place'),
  shuffled: b(['list'], 'changes', 'effects', 'a shuffled copy of a list'),
  random: b(['list'], 'changes', 'effects', 'a random item of a list'),
  randomInt: b(['n'], 'changes', 'effects', 'a random number from 0 to n − 1'),
  log: b(['text', 'a?', 'b?', 'c?', 'd?'], 'changes', 'effects', 'write a log line; {0} … {3} are replaced by a … d'),
  setCurrent: b(['player'], 'changes', 'effects', 'the player from whom windows are ordered'),
  endGame: b(['winners', 'text?'], 'changes', 'effects', 'end the game'),
  reveal: b(['player', 'property'], 'changes', 'effects', "show a hidden property to everyone (a dead player's role)"),
  setSkills: b(['player', 'skills'], 'changes', 'effects', "replace a player's skills"),
  gainSkill: b(['player', 'skill'], 'changes', 'effects', 'give a player a skill'),
  loseSkill: b(['player', 'skill'], 'changes', 'effects', 'take a skill from a player'),

  choose: b(
    ['who', 'from', 'prompt?', 'optional?'],
    'asks',
    'asking',
    'one item of from chosen by who (none if they pass)',
  ),
  chooseMany: b(
    ['who', 'from', 'min?', 'max?', 'prompt?'],
    'asks',
    'asking',
    'a list of min to max items chosen by who',
  ),
  ask: b(['who', 'prompt?'], 'asks', 'asking', 'yes or no, as true / false'),
  perform: b(['action'], 'asks', 'asking', 'run an action from actions(p); gives its result'),
  callMode: b(['method', 'a?', 'b?', 'c?', 'd?'], 'asks', 'asking', 'run a method of the current mode'),
};

/** A builtin's parameters as name + optional, for named arguments and arity checks. */
export function builtinParams(name: string): { name: string; optional: boolean }[] {
  return (BUILTINS[name]?.params ?? []).map((p) => ({ name: p.replace('?', ''), optional: p.endsWith('?') }));
}

export function builtinEffect(name: string): BuiltinEffect | undefined {
  return BUILTINS[name]?.effect;
}
