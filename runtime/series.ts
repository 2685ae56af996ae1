// A series: several games of the same rules in a row, each starting with the values the previous one left in the
// declarations marked `carried` (scores, whose turn it is to be lord, who was first out). The engine carries what
// the rules declare and nothing else; the rules say how a value changes from game to game (the mode's `setup`
// and `gameOver`).
import { Game } from './game.ts';
import type { Program } from './ir.ts';
import { deriveSeed } from './rng.ts';
import type { Carried, GameOptions } from './types.ts';
import { RuleError } from './values.ts';

export interface SeriesOptions extends Omit<GameOptions, 'seed' | 'carried' | 'scenario'> {
  /** The series' seed (default 1): game i plays with `deriveSeed(seed, first + i, 'game')`. */
  seed?: number;
  /** The index of the series' first game in a longer run (default 0): `sgs simulate --series K` starts series s
   *  at game s·K, so every game keeps the seed it has without series. */
  first?: number;
}

export class Series {
  /** How many games have been started. */
  played = 0;
  /** What the next game starts with (none before the first game: the declared defaults). */
  carried: Carried | undefined;
  private last: Game | null = null;

  constructor(
    readonly program: Program,
    readonly options: SeriesOptions = {},
  ) {}

  /** The seed of game `i` of the series (0-based). */
  seedOf(i: number): number {
    return deriveSeed(this.options.seed ?? 1, (this.options.first ?? 0) + i, 'game');
  }

  /** The next game, with what the previous one left; the previous game must be over. Call `start()` on it. */
  next(): Game {
    if (this.last) {
      if (!this.last.over) throw new RuleError('the previous game of the series is not over yet', '');
      this.carried = this.last.carried();
    }
    const { seed: _seed, first: _first, ...game } = this.options;
    const g = new Game(this.program, { ...game, seed: this.seedOf(this.played), carried: this.carried });
    this.played++;
    this.last = g;
    return g;
  }
}
