// How the scenario player lists a script's steps (its expectations panel). No DOM here, so a unit test can render
// every step kind the IR has (runtime/ir.ts STEP_KINDS).
import type { IStep } from '../../../runtime/index.ts';
import type { Labels } from './labels.ts';

/** One step of a scenario script in words, in the reader's language (`L.t(zh, en)`). */
export function stepText(st: IStep, L: Pick<Labels, 't'>): string {
  switch (st.k) {
    case 'expect':
      return st.text;
    case 'expectLog': {
      const zh = st.player ? `${st.player} 的日志` : '日志';
      const en = st.player ? `${st.player}’s log` : 'the log';
      return st.negated
        ? L.t(`${zh}未提到 “${st.text}”`, `${en} does not mention “${st.text}”`)
        : L.t(`${zh}提到 “${st.text}”`, `${en} mentions “${st.text}”`);
    }
    case 'expectAsk':
      return L.t(`轮到 ${st.player} 决定`, `${st.player} is asked`);
    case 'expectOffer':
      return st.negated
        ? L.t(`不可选 ${st.text}`, `${st.text} is not offered`)
        : L.t(`可选 ${st.text}`, `${st.text} is offered`);
    case 'expectEnd':
      return L.t('游戏结束', 'the game is over');
    case 'answer':
      return L.t(`${st.player} 作答`, `${st.player} answers`);
    default:
      return unknownStep(st);
  }
}

/** Compile-time exhaustiveness: a new step kind without a case above makes `st` not `never` here. At run time
 *  (a rules file newer than this page) the kind is shown as it is rather than breaking the list. */
function unknownStep(st: never): string {
  return String((st as { k?: unknown }).k);
}
