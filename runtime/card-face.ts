// The card-face notation of the rules language — `♠7`, `♥A`, `♦Q` — in one place. The suits are the members of
// the rules' `suit` enum; the language fixes which symbol writes which member. The compiler reads faces with it,
// the engine prints them with it (logs, decision labels) and the site draws them with it.

/** Suit member → its symbol. */
export const SUIT_SYMBOLS: Readonly<Record<string, string>> = { spade: '♠', heart: '♥', club: '♣', diamond: '♦' };

/** Symbol → suit member (the inverse of SUIT_SYMBOLS). */
export const SUIT_OF_SYMBOL: Readonly<Record<string, string>> = Object.fromEntries(
  Object.entries(SUIT_SYMBOLS).map(([suit, sym]) => [sym, suit]),
);

/** Ranks written as letters; the others are written as numbers. */
export const RANK_LETTERS: Readonly<Record<number, string>> = { 1: 'A', 11: 'J', 12: 'Q', 13: 'K' };

/** Letter → rank (the inverse of RANK_LETTERS). */
export const RANK_OF_LETTER: Readonly<Record<string, number>> = Object.fromEntries(
  Object.entries(RANK_LETTERS).map(([rank, letter]) => [letter, Number(rank)]),
);

export function suitSymbol(suit: string): string {
  return SUIT_SYMBOLS[suit] ?? suit;
}

export function rankText(rank: number): string {
  return RANK_LETTERS[rank] ?? String(rank);
}

/** `♠7` for a card with suit spade and rank 7. Kept per suit and rank: every log line and question labels cards. */
export function faceText(c: { suit: string; rank: number }): string {
  let byRank = FACES.get(c.suit);
  if (byRank === undefined) FACES.set(c.suit, (byRank = new Map()));
  let t = byRank.get(c.rank);
  if (t === undefined) byRank.set(c.rank, (t = `${suitSymbol(c.suit)}${rankText(c.rank)}`));
  return t;
}
const FACES = new Map<string, Map<number, string>>();

/** Whether `suit` is one of the suits a card face can show. */
export function isSuit(suit: string): boolean {
  return Object.hasOwn(SUIT_SYMBOLS, suit);
}
