// The objects of fixed fields compiled code makes for the engine (compiler/emit objectMakers): besides events'
// fields, a player's properties, in the lists the engine looks up when it links a program (variants.ts
// playerValues). Both sides take the lists from here, so that they agree.
import type { Program } from '../ir.ts';

/** A player's properties as the engine makes objects of them: all of them (the state's), those a reader sees of its
 *  own seat, those it sees of another's (view.ts; a property revealed to everyone makes another list, made without
 *  a maker). */
export function playerValueLists(properties: Program['properties']): { all: string[]; own: string[]; other: string[] } {
  const props = Object.values(properties);
  return {
    all: props.map((p) => p.id),
    own: props.filter((p) => p.visibility !== 'hidden').map((p) => p.id),
    other: props.filter((p) => p.visibility === 'public').map((p) => p.id),
  };
}
