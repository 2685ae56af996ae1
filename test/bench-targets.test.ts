import { describe, expect, it } from 'vitest';
import { targetRows } from '../bench/targets.ts';

describe('the bench targets row', () => {
  const rows = [
    { bench: 'compile', warmMedianMs: 180 },
    { bench: 'simulate', gamesPerSecond: 120 },
    { bench: 'parallel', jobs2OverJobs1: 1.9, cli: { jobs2OverJobs1: 1.3 } },
    { bench: 'memory', collectedAtSamples: true, rssMaxMB: 120 },
    { bench: 'memory', collectedAtSamples: false, rssMaxMB: 160 },
    { bench: 'playground', skipped: 'no site build (npm run build)' },
  ];
  const byMeasure = (start: string) => targetRows(rows).find((t) => t.measure.startsWith(start))!;

  it('says a target is met when the figure is within it, in either direction', () => {
    expect(byMeasure('full compile')).toMatchObject({ value: 180, target: '<= 200', met: true });
    expect(byMeasure('full rules')).toMatchObject({ value: 120, target: '>= 1000', met: false });
  });

  it('reads --jobs 2 ÷ --jobs 1 from the two commands run as a user runs them, not from one process', () => {
    expect(byMeasure('sgs simulate --jobs 2')).toMatchObject({ value: 1.3, target: '>= 1.8', met: false });
  });

  it('reads RSS from the run that V8 sized itself, not the one collected at every sample', () => {
    expect(byMeasure('RSS')).toMatchObject({ value: 160, met: false });
  });

  it('gives no value, and not met, for a row that was skipped or not printed', () => {
    expect(byMeasure('playground')).toMatchObject({ value: null, met: false });
    expect(byMeasure('engine')).toMatchObject({ value: null, met: false });
  });
});
