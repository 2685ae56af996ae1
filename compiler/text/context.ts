// What a piece of wording is rendered in: the values names stand for (locals, parameters, `it`), what `you`,
// `event` and `subject` mean, and the wording still missing from the phrasebook.
import { forEachStmt } from '../ast/walk.ts';
import type * as A from '../ast/nodes.ts';
import type { Text } from './lang.ts';
import type { Ty } from './types.ts';
import type { Callee } from './facts.ts';

/** A rendered value: its wording, its type, whether it is the owner (`you`), and for conditions their negation. */
export interface Val extends Text {
  ty?: Ty;
  you?: boolean;
  neg?: Text; // the wording of `not` this value (a condition), or of "nothing was chosen / used" for a result
  cond?: boolean; // the wording is a sentence (a condition), not a noun
  result?: Text; // for a call that asks or runs an event: how the value it returns is called (`as …`)
  doer?: Val; // for such a call: the player who asks or acts (its first player argument)
  pos?: Text; // for a local holding what a player chose: "they did choose" (若你如此做 / if you do)
  sure?: boolean; // for a local holding a choice that cannot be declined (it is none only when there was nothing)
  chosenBy?: Val; // for a local holding one of a few options a player chose: `x == a` reads "they chose a"
  later?: Val; // what the value reads as once it has been named (牌堆顶的两张牌, then 这些牌)
  seen?: boolean;
  demo?: boolean; // the wording is a demonstrative or letter standing for a local (never expanded again)
  qual?: { base: Text; rels: Text[] }; // a list already narrowed by `where`: its noun and relative clauses
  place?: Text; // for a zone: the zone as a place (你的手牌 / your hand), where the value reads as its cards
  same?: string; // a local holding a value only to check later that it has not changed: the value's spelling
  owned?: { owner: Text; noun: Text }; // someone's cards: who holds them and what (你 + 除武器以外的牌), for 你有…
  konst?: boolean; // a condition known when the rules are read (`true`, an option-free function returning false …)
}

export type Binding = Val | (() => Val);

/** One described body (a trigger, a method, an event): what its special names mean. */
export interface Body {
  you: boolean; // `you` is the skill's owner (or a method parameter reads as 你)
  eventKinds: string[]; // what `event` is
  alias?: string; // `on damaged(you) as d`
  subject?: Val; // `subject`
  subjectField?: string; // the field of `event` that is the window's subject (it reads as `subject`)
  callee?: Callee; // for the event kinds of parameters
  params?: A.Param[];
  mutable: Set<string>; // locals assigned after their `let`
  members?: Set<string>; // members (`x.f`) assigned somewhere in the body: reading them is not a fixed value
  cardUser?: boolean; // a card's method: the `user` of the card's use and effect reads as 你 / you
  ownFields?: Map<string, string>; // a card's method: the card's own fields that name a member (`nature: normal`)
  letters: number; // X, Y, Z … handed out
  demos: Set<string>; // demonstratives (该角色 …) already standing for a local
}

export const LETTERS = ['X', 'Y', 'Z', 'W', 'U', 'V', 'P', 'Q', 'R'];

export class Env {
  private vars = new Map<string, Binding>();
  /** The loop this scope is the body of: `break` leaves a `for` (the rest are skipped) or a `repeat`. */
  loop?: 'for' | 'repeat';
  constructor(
    public body: Body,
    private parent?: Env,
  ) {}

  child(): Env {
    return new Env(this.body, this);
  }

  bind(name: string, v: Binding): void {
    this.vars.set(name, v);
  }

  lookup(name: string): Val | undefined {
    const b = this.vars.get(name);
    if (b !== undefined) {
      if (typeof b === 'function') {
        const v = b();
        this.vars.set(name, v);
        return v;
      }
      return b;
    }
    return this.parent?.lookup(name);
  }

  /** The innermost loop around this scope. */
  loopKind(): 'for' | 'repeat' | undefined {
    return this.loop ?? this.parent?.loopKind();
  }

  has(name: string): boolean {
    return this.vars.has(name) || (this.parent?.has(name) ?? false);
  }
}

export function newBody(init: Partial<Body> = {}): Body {
  return { you: false, eventKinds: [], mutable: new Set(), letters: 0, demos: new Set(), ...init };
}

/** A body's bookkeeping for block `b`: its reassigned locals and members. */
export function bodyOf(b: A.Block | undefined, init: Partial<Body> = {}): Body {
  return newBody({ mutable: assignedNames(b), members: assignedNames(b, true), ...init });
}

/** Locals assigned somewhere after being declared (they need a name of their own, not an alias); with
 *  `members`, the member names assigned (`you.rendeGiven += …`) instead. */
export function assignedNames(b: A.Block | undefined, members = false): Set<string> {
  const out = new Set<string>();
  forEachStmt(b, (s) => {
    if (s.kind !== 'Assign') return;
    if (!members && s.target.kind === 'Name') out.add(s.target.name);
    if (members && s.target.kind === 'Member') out.add(s.target.name.name);
  });
  return out;
}

/** A wording the phrasebook lacks: reported once per key, at its first use. */
export interface Missing {
  key: string;
  span: A.Span;
  hint: string;
}
