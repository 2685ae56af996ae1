// A compile for playing games leaves the rules' scenarios out (CompileOptions.forGames): they are half the
// text of rules/, and nothing a game plays reads them. Their declarations are cut from a file's tokens before it is
// parsed, so they are neither parsed, checked nor lowered. Only a plain shape is cut: `scenario` at the top level,
// a header of a few tokens with no bracket and no other declaration's keyword, then one balanced `{ … }`. Anything
// else is left to the parser, which reads and reports it as in any compile.
import { tokenMatcher, type IToken } from 'chevrotain';
import { kw, LCurly, LParen, LSquare, RCurly, RParen, RSquare } from './tokens.ts';
import { declStarters } from './parser.ts';

// `scenario id 名字 "description" {`: three tokens, with room to spare.
const MAX_HEADER = 6;

const opens = (t: IToken) => tokenMatcher(t, LCurly) || tokenMatcher(t, LParen) || tokenMatcher(t, LSquare);
const closes = (t: IToken) => tokenMatcher(t, RCurly) || tokenMatcher(t, RParen) || tokenMatcher(t, RSquare);

/** The index after the scenario declaration starting at `i`, or -1 when its shape is not plain. */
function scenarioEnd(tokens: readonly IToken[], i: number): number {
  let j = i + 1;
  for (; j < tokens.length && !tokenMatcher(tokens[j]!, LCurly); j++) {
    const t = tokens[j]!;
    if (j - i > MAX_HEADER || opens(t) || closes(t) || declStarters.some((s) => tokenMatcher(t, s))) return -1;
  }
  let depth = 0;
  for (; j < tokens.length; j++) {
    const t = tokens[j]!;
    if (tokenMatcher(t, LCurly)) depth++;
    else if (tokenMatcher(t, RCurly) && --depth === 0) return j + 1;
  }
  return -1;
}

/** The tokens without the scenario declarations at their top level (the same array when there are none). */
export function withoutScenarios(tokens: IToken[]): IToken[] {
  const scenario = kw.scenario!;
  let out: IToken[] | undefined;
  let depth = 0;
  for (let i = 0; i < tokens.length; i++) {
    const t = tokens[i]!;
    const end = depth === 0 && tokenMatcher(t, scenario) ? scenarioEnd(tokens, i) : -1;
    if (end > 0) {
      out ??= tokens.slice(0, i);
      i = end - 1;
      continue;
    }
    if (opens(t)) depth++;
    else if (closes(t) && depth > 0) depth--;
    out?.push(t);
  }
  return out ?? tokens;
}
