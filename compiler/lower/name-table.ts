// The symbol table's names: each name a small number, given once for the life of the process, and a table of
// symbols an array indexed by those numbers. A re-check builds the whole table again from every file's kept part
// (symbols.ts collect); inserting ~2,800 names into a new Map (and growing it) was a tenth of a re-check, where
// writing them into an array by numbers each declaration's part made once costs little.

/** Names by number, for the tables made while it is current. Replaced by a new one when it grows past LIMIT
 *  (an editor's session declares new names for hours): tables keep the one they were made with. */
class Numbering {
  readonly ids = new Map<string, number>();
  readonly names: string[] = [];
  idOf(name: string): number {
    let id = this.ids.get(name);
    if (id === undefined) {
      id = this.names.length;
      this.ids.set(name, id);
      this.names.push(name);
    }
    return id;
  }
}
const LIMIT = 1 << 16;
let current = new Numbering();

/** Number names afresh from now on (a compile from scratch: compiler/index.ts clearParseCache); the tables made
 *  before keep their numbering, the kept parts find their names' numbers again. */
export function renumber(): void {
  current = new Numbering();
}

/** The numbering names are given numbers in now (a declaration's part keeps it with the numbers it gave). */
export function numbering(): Numbering {
  return current;
}

export type { Numbering };

/** Symbols by name, in the order they were added (what a Map gave: `suggest` and table comparisons go through
 *  them in that order). A name is added once: a second declaration of it is reported, not added. */
export class NameTable<Sym extends object> {
  /** The numbering of this table's names. */
  readonly of: Numbering;
  private readonly syms: (Sym | undefined)[];
  private readonly order: number[] = [];

  constructor() {
    if (current.names.length > LIMIT) renumber();
    this.of = current;
    this.syms = new Array<Sym | undefined>(current.names.length);
  }

  get size(): number {
    return this.order.length;
  }

  get(name: string): Sym | undefined {
    const id = this.of.ids.get(name);
    return id === undefined ? undefined : this.syms[id];
  }

  has(name: string): boolean {
    return this.get(name) !== undefined;
  }

  /** The symbol under the name numbered `id` (in this table's numbering). */
  at(id: number): Sym | undefined {
    return this.syms[id];
  }

  /** Add a symbol under the name numbered `id`, which has none in this table. */
  add(id: number, sym: Sym): void {
    if (this.syms[id] === undefined) this.order.push(id);
    this.syms[id] = sym;
  }

  forEach(fn: (sym: Sym, name: string) => void): void {
    const { order, syms } = this;
    const names = this.of.names;
    for (let i = 0; i < order.length; i++) fn(syms[order[i]!]!, names[order[i]!]!);
  }
}
