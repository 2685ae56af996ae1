// Seeded random numbers whose whole state is four 32-bit integers kept inside the game state (sfc32).
export type RngState = [number, number, number, number];

export function seedRng(seed: number): RngState {
  const s: RngState = [0x9e3779b9, 0x243f6a88, 0xb7e15162, (seed >>> 0) ^ 0xdeadbeef];
  for (let i = 0; i < 12; i++) nextU32(s);
  return s;
}

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

/** Uniform integer in [0, n). */
export function randInt(s: RngState, n: number): number {
  return n <= 1 ? 0 : nextU32(s) % n;
}

export function shuffleInPlace<T>(s: RngState, xs: T[]): void {
  for (let i = xs.length - 1; i > 0; i--) {
    const j = randInt(s, i + 1);
    const t = xs[i]!;
    xs[i] = xs[j]!;
    xs[j] = t;
  }
}
