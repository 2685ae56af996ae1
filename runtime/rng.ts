// The engine's one random number generator: sfc32, whose whole state is four 32-bit integers kept inside the game
// state (so a snapshot holds it and a game replays from its seed and answers). The AIs use it too, with states of
// their own. Two mappings from a 32-bit draw to [0, n) are in use, each kept exactly as it is because changing
// either changes every recorded game: `randBelow` (scaling) for the rules' random draws, `randMod` (remainder)
// for shuffles.
import { hashString } from './hash.ts';

export type RngState = [number, number, number, number];

/** A 32-bit seed for stream `stream` (`game`, `ai`, …) of the `index`-th game played from base seed `base`: the
 *  game seeds of `sgs simulate --seed base` and of a `Series` with that seed. */
export function deriveSeed(base: number, index: number, stream: string): number {
  return hashString(`${stream}:${base}:${index}`) % 4294967296;
}

export function seedRng(seed: number): RngState {
  const s: RngState = [0x9e3779b9, 0x243f6a88, 0xb7e15162, (seed >>> 0) ^ 0xdeadbeef];
  for (let i = 0; i < 12; i++) nextU32(s);
  return s;
}

/** The next 32-bit draw (sfc32), advancing the state in place. */
export function nextU32(s: RngState): number {
  const [a, b, c, d] = s;
  const t = (((a + b) | 0) + d) | 0;
  s[3] = (d + 1) | 0;
  s[0] = b ^ (b >>> 9);
  s[1] = (c + (c << 3)) | 0;
  const c2 = (c << 21) | (c >>> 11);
  s[2] = (c2 + t) | 0;
  return t >>> 0;
}

/** An integer in [0, n) by scaling: floor(u32 / 2^32 · n). The rules' `random`, `randomInt` and `shuffled` draw
 *  with this (and the random AI). n ≤ 1 gives 0 without drawing. */
export function randBelow(s: RngState, n: number): number {
  return n <= 1 ? 0 : Math.floor((nextU32(s) / 4294967296) * n);
}

/** An integer in [0, n) by remainder: u32 mod n (very slightly biased for large n). The deck shuffle (and the
 *  heuristic AI) draw with this; it stays so that recorded games replay. n ≤ 1 gives 0 without drawing. */
export function randMod(s: RngState, n: number): number {
  return n <= 1 ? 0 : nextU32(s) % n;
}

/** Fisher–Yates from the end, each swap index drawn with `randMod`. */
export function shuffleInPlace<T>(s: RngState, xs: T[]): void {
  for (let i = xs.length - 1; i > 0; i--) {
    const j = randMod(s, i + 1);
    const t = xs[i]!;
    xs[i] = xs[j]!;
    xs[j] = t;
  }
}
