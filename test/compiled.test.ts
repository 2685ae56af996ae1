// The compiled code (compiler/emit) against the interpreter on every statement and operator shape, in one small
// game: loops with break and continue, while and repeat, returns from inside loops, an event stopped in a window
// with its cleanup, assignments to locals, globals, event fields and properties, and the `count(…) > 0` forms. Both
// engines must write the same log, which also says what each construct computed. Then how compiled code is
// attached and refused.
import { beforeAll, describe, expect, it } from 'vitest';
import { Game } from '../runtime/game.ts';
import { attachCompiled, compiledOf } from '../runtime/aot/bind.ts';
import type { CompiledModule } from '../runtime/aot/support.ts';
import { loadCompiled, UNUSED_DAYS, writeCompiled } from '../compiler/node/compiled.ts';
import { emitModule } from '../compiler/emit/emit.ts';
import { existsSync, mkdtempSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Program } from '../runtime/ir.ts';
import { compileOrThrow, inline } from './helpers.ts';

const SRC = `
package tests
property points 分 "Points": int = 0
property seen 见 "Seen": [int] = []
var total: int = 0
var trail: [int] = []

function above(xs: [int], k: int = 2): [int] = xs where it > k
function anyAbove(xs: [int]): bool = count(above(xs)) > 0
function noneAbove(xs: [int]): bool = count(xs where it > 2) == 0
function firstOver(xs: [int], k: int): int {
  for x in xs {
    if x > k { return x }
  }
  return -1
}
option spiceLevel 风味 "Flavour" { plain 原味 "Plain", spicy 辣味 "Spicy" } = plain
function heat(n: int): int = n + 1
variant spiceLevel == spicy {
  function heat(n: int): int = n * 10
}
hook boost 增益 "Boost" (n: int): int = sum
function boosted(n: int): int = heat(n) + boost(n)
hook lift 抬升 "Lift" (n: int): int = sum
function lifted(n: int): int = heat(n) + lift(n)
function tally(xs: [int], k: int): int {
  let n = 0
  for x in xs {
    if x == k { continue }
    if x > 8 { break }
    n += x
  }
  let big = xs where it > k and it != n
  if count(big) == 0 { return n }
  return n * 100 + count(xs where it > n)
}
function kinds(x: int): text {
  if x % 2 == 0 and not (x > 4) { return "small even" }
  if x in [1, 3] or x == 7 { return "picked odd" }
  return "other"
}

event probe 探测 "Probe" (who: player, n: int = 1) {
  timing probing for who
  n += 10
  log("probe {0} reached {1}", who, n)
} cleanup { log("probe {0} cleaned up", who) }
event sieve 筛 "Sieve" (who: player, xs: [int]) {
  let k = 2
  let big = xs where it > k
  log("sieve {0} {1}", count(big), k)
}
event quiet 安静 "Quiet" (who: player) {
  timing nobodyListens for who
  log("quiet {0}", who)
}

rule exStopper 拦截 "Stopper" before skills {
  modify lift(n) = n * 2
  on probing(anyone) if event.n == 2 {
    event.n = 5
    stop
  }
}

action script 脚本 "Script" (p: player) {
  let xs = [1, 2, 3, 4, 5, 6]
  for x in xs {
    if x == 2 { continue }
    if x == 5 { break }
    total += x
    trail += [x]
  }
  log("for: total {0}", total)
  let k = 0
  while k < 10 {
    k += 1
    if k % 3 == 0 { continue }
    if k > 7 { break }
    p.points += k
  }
  log("while: k {0}, points {1}", k, p.points)
  let r = 0
  repeat 4 {
    r += 2
    probe(p, r / 2)
  }
  repeat {
    r -= 3
    if r < 0 { break }
  }
  log("repeat: r {0}", r)
  p.seen = above(xs, 3)
  p.seen += [9]
  log("seen {0}, first over 4: {1}, none: {2}", count(p.seen), firstOver(xs, 4), firstOver(xs, 9))
  log("any {0} {1}, none {2} {3}", anyAbove([1, 2]), anyAbove([1, 5]), noneAbove([1]), noneAbove([3]))
  log("{0} / {1} / {2}", kinds(2), kinds(7), kinds(6))
  log("math {0} {1} {2} {3}", 7 / 2, 7 % 3, -(3) * 2, 10 - 4 - 1)
  log("tally {0} {1} {2}", tally([1, 2, 3, 9, 4], 2), tally([1, 2], 5), tally([], 0))
  log("heat {0}", heat(4))
  log("boosted {0}", boosted(2))
  log("lifted {0}", lifted(3))
  sieve(p, [1, 2, 3, 4])
  quiet(p)
}

mode bare 空 "Bare" {
  minPlayers: 2
  maxPlayers: 4
  setup() { return first(players()) }
  play(first: player, from: int?) {
    script(first)
    endGame(first, "done")
  }
}
`;

let program: Program;
beforeAll(async () => {
  program = compileOrThrow(inline(SRC));
  await loadCompiled(program);
});

const logOf = (engine: 'compiled' | 'resolved' | 'reference', options?: Record<string, unknown>) => {
  const g = new Game(program, { mode: 'bare', players: 2, engine, options });
  g.start();
  expect(g.state.error).toBeNull();
  return g.state.log.map((l) => l.text);
};

describe('compiled code against the interpreter', () => {
  it('runs every statement shape as the interpreter does, with the same log', () => {
    const compiled = logOf('compiled');
    expect(logOf('resolved')).toEqual(compiled);
    expect(logOf('reference')).toEqual(compiled);
    const text = compiled.join('\n');
    expect(text).toContain('for: total 8'); // 1 + 3 + 4: 2 skipped, stopped at 5
    expect(text).toContain('while: k 8, points 19'); // 1 2 4 5 7 (3 and 6 skipped), left at 8
    expect(text).toContain('repeat: r -1'); // 8, then 5 2 -1
    // The probe with n = 2 was stopped in its window (no "reached"), and every probe cleaned up.
    expect(text.match(/reached/g)).toHaveLength(3);
    expect(text.match(/cleaned up/g)).toHaveLength(4);
    expect(text).toContain('seen 4, first over 4: 5, none: -1');
    expect(text).toContain('any false true, none true false');
    expect(text).toContain('small even / picked odd / other');
    expect(text).toContain('math 3 1 -6 5');
    expect(text).toContain('quiet p1');
    // An event's body whose where reads its local k (held in the context: compiler/emit/held.ts), beside bodies
    // that keep every local in variables and run without a list of them (Run.v).
    expect(text).toContain('sieve 2 2');
    expect(text).toContain('tally 401 3 0'); // 1 + 3 (2 skipped, stopped at 9); 3 and 9 above 2; 9 above 4
    expect(text).toContain('heat 5');
    expect(text).toContain('boosted 3');
    expect(text).toContain('lifted 10');
  });

  it('computes a function of its parameters and locals alone from its arguments, without a context, cached or not', () => {
    const contexts = (engine: 'compiled' | 'resolved') => {
      const g = new Game(program, { mode: 'bare', players: 2, engine });
      let made = 0;
      const ctx = g.ctx.bind(g);
      g.ctx = (...a: Parameters<Game['ctx']>) => {
        made++;
        return ctx(...a);
      };
      // boosted calls a hook, so its result is cached; heat, which it calls, is a leaf.
      expect(g.callFunction('boosted', [2], 'test')).toBe(3);
      expect(g.callFunction('heat', [4], 'test')).toBe(5);
      // A body of locals, loops and wheres, and count(f(…)) > 0 over a function whose value is a where.
      expect(g.callFunction('tally', [[5, 6, 1], 5], 'test')).toBe(700);
      expect(g.callFunction('anyAbove', [[1, 3]], 'test')).toBe(true);
      return made;
    };
    expect(contexts('compiled')).toBe(0);
    expect(contexts('resolved')).toBeGreaterThanOrEqual(5);
  });

  it('writes a hook nothing in the program contributes to as its start, and calls the others', () => {
    const text = emitModule(program);
    expect(text).toContain('rt.hookRef("lift")');
    expect(text).not.toContain('rt.hookRef("boost")');
  });

  it('calls the function a variant puts in place of a leaf function (compiled code calls leaves directly)', () => {
    const spicy = logOf('compiled', { spiceLevel: 'spicy' });
    expect(spicy).toContain('heat 40');
    expect(logOf('reference', { spiceLevel: 'spicy' })).toEqual(spicy);
  });

  it('runs games on compiled code by default once it is attached', () => {
    const g = new Game(program, { mode: 'bare', players: 2 });
    expect(g.engine).toBe('compiled');
    expect(compiledOf(program)).toBeDefined();
  });

  it('refuses compiled code of another version or of another program', () => {
    const mod = compiledOf(program)!;
    const other = compileOrThrow(inline(SRC.replace('function kinds', 'function extra(): int = 1\nfunction kinds')));
    expect(() => attachCompiled(other, { ...mod, version: 99 } as CompiledModule)).toThrow(/version 99/);
    attachCompiled(other, mod);
    expect(() => new Game(other, { mode: 'bare', players: 2 })).toThrow(/another program/);
  });

  it('removes the modules not used for a week when it writes one, and marks a module used when it finds it', () => {
    const dir = mkdtempSync(join(tmpdir(), 'sgs-compiled-test-'));
    try {
      const old = (file: string, days: number) => {
        writeFileSync(join(dir, file), '');
        const t = new Date(Date.now() - days * 24 * 60 * 60 * 1000);
        utimesSync(join(dir, file), t, t);
      };
      old('stale.mjs', UNUSED_DAYS + 1);
      old('stale.mjs.1.2.part', UNUSED_DAYS + 1);
      old('recent.mjs', UNUSED_DAYS - 1);
      old('notes.txt', UNUSED_DAYS + 1);
      const file = writeCompiled(program, dir);
      expect(existsSync(file)).toBe(true);
      expect(
        ['stale.mjs', 'stale.mjs.1.2.part', 'recent.mjs', 'notes.txt'].map((f) => existsSync(join(dir, f))),
      ).toEqual([false, false, true, true]);
      const t = new Date(Date.now() - (UNUSED_DAYS - 1) * 24 * 60 * 60 * 1000);
      utimesSync(file, t, t);
      expect(writeCompiled(program, dir)).toBe(file);
      expect(Date.now() - statSync(file).mtimeMs).toBeLessThan(60 * 60 * 1000);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('says how to get compiled code when a game asks for it and the program has none', () => {
    const bare = compileOrThrow(inline(SRC));
    expect(() => new Game(bare, { mode: 'bare', players: 2, engine: 'compiled' })).toThrow(/loadCompiled/);
    expect(new Game(bare, { mode: 'bare', players: 2 }).engine).toBe('resolved');
  });
});
