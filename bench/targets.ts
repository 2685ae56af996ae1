// The speed and memory targets of the engine (issue 9), read from the rows `npm run bench` printed before: one
// line that says, for each, what this run measured and whether the target is met.
type Row = Record<string, unknown>;

interface Target {
  measure: string;
  /** The row and the figure in it: a field's name, or a path into the row (`cli.jobs2OverJobs1`). */
  bench: string;
  field: string;
  /** Which of several rows of that bench. */
  where?: (r: Row) => boolean;
  atMost?: number;
  atLeast?: number;
}

const TARGETS: Target[] = [
  { measure: 'engine ÷ hand-written, cost per turn on the slice', bench: 'baseline', field: 'ratio', atMost: 1.5 },
  {
    measure: 'full rules, 5 players, random play, one core: games/s',
    bench: 'simulate',
    field: 'gamesPerSecond',
    atLeast: 1000,
  },
  // As a user runs the two commands (bench/cli-jobs.ts); the row also has the same in one process (`jobs2OverJobs1`).
  {
    measure: 'sgs simulate --jobs 2 ÷ --jobs 1 throughput',
    bench: 'parallel',
    field: 'cli.jobs2OverJobs1',
    atLeast: 1.8,
  },
  {
    measure: 'full compile of rules/, as sgs check: ms (warm median)',
    bench: 'compile',
    field: 'warmMedianMs',
    atMost: 200,
  },
  { measure: 're-check of one edited file: ms (steady)', bench: 'recheckCode', field: 'steadyMs', atMost: 5 },
  {
    measure: 're-check of one edited file, an edit inside a skill: ms (steady)',
    bench: 'recheckSkill',
    field: 'steadyMs',
    atMost: 5,
  },
  {
    measure: 'RSS of a long run in one process, as sgs simulate: MB at most',
    bench: 'memory',
    field: 'rssMaxMB',
    where: (r) => r.collectedAtSamples === false,
    atMost: 150,
  },
  { measure: 'playground worker, 1,000 games after warm-up: ms', bench: 'playground', field: 'ms', atMost: 2000 },
];

export function targetRows(rows: Row[]) {
  return TARGETS.map((t) => {
    const row = rows.find((r) => r.bench === t.bench && (t.where?.(r) ?? true));
    let value: unknown = row;
    for (const k of t.field.split('.')) value = (value as Row | undefined)?.[k];
    const target = t.atMost !== undefined ? `<= ${t.atMost}` : `>= ${t.atLeast}`;
    if (typeof value !== 'number') return { measure: t.measure, target, value: null, met: false };
    const met = t.atMost !== undefined ? value <= t.atMost : value >= t.atLeast!;
    return { measure: t.measure, target, value, met };
  });
}
