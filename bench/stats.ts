// The bench's one statistic: medians, so that one slow run (a GC pause, a busy minute) does not decide a figure.

/** The median of `xs` (the mean of the middle two for an even count). */
export function median(xs: number[]): number {
  const s = xs.slice().sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
}
