// Facts the text generator finds about a program (compiler/text/facts.ts): which events a parameter of type
// `event` may hold, followed through calls to a fixpoint however long the chain.
import { describe, expect, it } from 'vitest';
import type * as A from '../compiler/ast/nodes.ts';
import { DeclCaches } from '../compiler/decl-cache.ts';
import { Facts, WalkCache, walkKey } from '../compiler/text/facts.ts';
import { collect } from '../compiler/lower/symbols.ts';
import { parse } from '../compiler/syntax/parse.ts';

/** An event handed down a chain of `depth` functions, declared deepest first (so each round of the fixpoint reaches
 *  one level further). */
function chain(depth: number): string {
  const fns: string[] = [];
  for (let i = depth; i >= 1; i--)
    fns.push(i === depth ? `function f${i}(e: event): int = 1` : `function f${i}(e: event): int = f${i + 1}(e)`);
  return [
    'event hurt(to: player, n: int) { timing hurtDone for to }',
    ...fns,
    'skill s 技 "S" { on hurtDone(you) { let x = f1(event) } }',
  ].join('\n');
}

describe('the facts of the texts', () => {
  it('follows an event through a chain of calls of any length', () => {
    for (const depth of [3, 12]) {
      const { ast, diagnostics } = parse(chain(depth), 'chain.sgs');
      expect(diagnostics).toEqual([]);
      const S = collect([ast], []);
      const facts = new Facts(S, [ast]);
      for (let i = 1; i <= depth; i++) expect(facts.kindsOfParam(`function:f${i}`, 0), `f${i}`).toEqual(['hurt']);
    }
  });

  it('walks a skill the same after a number in its body changes, differently once it passes the event on', () => {
    const key = (body: string) => {
      const { ast, diagnostics } = parse(chain(3).replace('{ let x = f1(event) }', `{ ${body} }`), 'chain.sgs');
      expect(diagnostics).toEqual([]);
      const S = collect([ast], []);
      const skill = ast.decls.find((d) => d.kind === 'Skill')!;
      return walkKey(new Facts(S, [ast]).walkedOf(skill, new WalkCache(new DeclCaches().cache())));
    };
    expect(key('let x = f1(event)\n let n = 2')).toBe(key('let x = f1(event)\n let n = 3'));
    expect(key('let x = f1(event)')).not.toBe(key('let x = f2(event)'));
    expect(key('let n = 2')).not.toBe(key('let x = f1(event)'));
  });

  it('tells facts found again from the same trees from facts that changed', () => {
    const source = chain(3);
    const { ast } = parse(source, 'chain.sgs');
    const S = collect([ast], []);
    expect(new Facts(S, [ast]).sameAs(new Facts(S, [ast]))).toBe(true);
    // The same text parsed again: other trees, so other facts (they point into the trees).
    const again = parse(source, 'chain.sgs').ast;
    expect(new Facts(S, [ast]).sameAs(new Facts(collect([again], []), [again]))).toBe(false);
    // The skill no longer hands the event down: f1 … f3 hold no event kinds.
    const cut = { ...ast, decls: ast.decls.filter((d) => d.kind !== 'Skill') };
    expect(new Facts(S, [ast]).sameAs(new Facts(collect([cut], []), [cut]))).toBe(false);
  });

  it('finds again what a declaration hands on by name when a card method it calls takes its parameters in another order', () => {
    // The skill is the same declaration in both compiles; only the card changed, so what walking the skill found
    // is kept per declaration, unless the methods' parameters tell it not to be (WalkCache.tag).
    const skill = parse(
      'event hurt(to: player) { timing hurtDone for to }\nskill s 技 "S" { on hurtDone(you) { let x = card.effect(e: event) } }',
      'skill.sgs',
    ).ast;
    const cardV1 = parse('card c 卡 "C" {\n  effect(n: int, e: event) { }\n}', 'card.sgs').ast;
    const cardV2 = parse('card c 卡 "C" {\n  effect(e: event, n: int) { }\n}', 'card.sgs').ast;
    const caches = new DeclCaches();
    const walks = new WalkCache(caches.cache());
    const facts = (card: A.SourceFile) => {
      const files = [skill, card];
      const S = collect(files, []);
      caches.begin(S);
      return new Facts(S, files, undefined, walks);
    };
    expect(facts(cardV1).kindsOfParam('method:effect', 1)).toEqual(['hurt']);
    const again = facts(cardV2);
    expect(again.kindsOfParam('method:effect', 0)).toEqual(['hurt']);
    expect(again.kindsOfParam('method:effect', 1)).toEqual([]);
  });
});
