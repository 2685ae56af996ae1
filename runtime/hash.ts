// A fast, portable 53-bit string hash (cyrb53), chained over log lines to give a game's trace hash.
export function hashString(str: string, seed = 0): number {
  return new StringHash(seed).add(str).value();
}

/** hashString of a text given in pieces: `new StringHash().add(a).add(b).value() === hashString(a + b)`, without
 *  keeping the text (a run's hash over every game's, 100,000 games long). */
export class StringHash {
  private h1: number;
  private h2: number;

  constructor(seed = 0) {
    this.h1 = 0xdeadbeef ^ seed;
    this.h2 = 0x41c6ce57 ^ seed;
  }

  add(str: string): this {
    return this.addRange(str, 0, str.length);
  }

  /** add(str.slice(from, to)) without making the slice. */
  addRange(str: string, from: number, to: number): this {
    let { h1, h2 } = this;
    for (let i = from; i < to; i++) {
      const ch = str.charCodeAt(i);
      h1 = Math.imul(h1 ^ ch, 2654435761);
      h2 = Math.imul(h2 ^ ch, 1597334677);
    }
    this.h1 = h1;
    this.h2 = h2;
    return this;
  }

  /** Start again from `seed`: one hasher serves every line of a game. */
  reset(seed: number): this {
    this.h1 = 0xdeadbeef ^ seed;
    this.h2 = 0x41c6ce57 ^ seed;
    return this;
  }

  value(): number {
    let { h1, h2 } = this;
    h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
    h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
    return 4294967296 * (2097151 & h2) + (h1 >>> 0);
  }
}

export function hashHex(n: number): string {
  return n.toString(16).padStart(14, '0');
}
