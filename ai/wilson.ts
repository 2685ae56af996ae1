// The Wilson score interval for a proportion: unlike "rate ± 1.96·stderr" it stays within [0, 1] and behaves at
// 0 or n successes and for small n, which a general played 40 times needs.

/** z for a two-sided 95% interval. */
export const Z95 = 1.959963984540054;

/** Bounds for `successes` out of `n`; the whole [0, 1] when n is 0. */
export function wilson(successes: number, n: number, z = Z95): { low: number; high: number } {
  if (n <= 0) return { low: 0, high: 1 };
  const p = successes / n;
  const z2 = z * z;
  const denom = 1 + z2 / n;
  const center = (p + z2 / (2 * n)) / denom;
  const half = (z * Math.sqrt((p * (1 - p)) / n + z2 / (4 * n * n))) / denom;
  return { low: Math.max(0, center - half), high: Math.min(1, center + half) };
}
