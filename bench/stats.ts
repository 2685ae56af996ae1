// The bench's one statistic: medians, so that one slow run (a GC pause, a busy minute) does not decide a figure;
// and how its rows round them.

/** The median of `xs` (the mean of the middle two for an even count). */
export function median(xs: number[]): number {
  const s = xs.slice().sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
}

/** x to one decimal (games per second). */
export function round1(x: number): number {
  return Math.round(x * 10) / 10;
}

/** x to two decimals (ratios). */
export function round2(x: number): number {
  return Math.round(x * 100) / 100;
}
