// The scenario player's expectation list (site/src/islands/steps.ts) has words for every step kind of the IR
// (runtime/ir.ts STEP_KINDS): a new kind without a rendering fails here, not in a reader's browser.
import { describe, expect, it } from 'vitest';
import { STEP_KINDS, type IStep, type StepKind } from '../runtime/ir.ts';
import { stepText } from '../site/src/islands/steps.ts';
import { rulesProgram } from './helpers.ts';

const at = 'test.sgs:1:1';
const zh = { t: (z: string, _e: string) => z };
const en = { t: (_z: string, e: string) => e };

/** One step of each kind (typed: a kind missing here is a compile error in `npm run typecheck`). */
const SAMPLES: { [K in StepKind]: Extract<IStep, { k: K }>[] } = {
  answer: [{ k: 'answer', player: 'a', picks: [{ k: 'name', name: 'yes' }], at }],
  expect: [{ k: 'expect', e: { k: 'lit', v: true }, text: 'z.hp == 2', at }],
  expectLog: [
    { k: 'expectLog', text: 'draws 2', at },
    { k: 'expectLog', text: 'peach ♥5', negated: true, player: 'z', at },
  ],
  expectAsk: [{ k: 'expectAsk', player: 'z', at }],
  expectOffer: [
    { k: 'expectOffer', negated: false, picks: [{ k: 'name', name: 'c' }], text: 'c', at },
    { k: 'expectOffer', negated: true, picks: [{ k: 'pass' }], text: 'pass', at },
  ],
  expectEnd: [{ k: 'expectEnd', at }],
};

describe('scenario step texts', () => {
  it('lists the step kinds of IStep', () => {
    expect(STEP_KINDS.length).toBeGreaterThan(0);
    expect(new Set(STEP_KINDS).size).toBe(STEP_KINDS.length);
  });

  it.each(STEP_KINDS.map((k) => [k]))('renders a %s step in both languages', (kind) => {
    const samples: IStep[] | undefined = SAMPLES[kind];
    expect(samples, `no sample step of kind ${kind} in this test`).toBeDefined();
    for (const st of samples!) {
      for (const L of [zh, en]) {
        const text = stepText(st, L);
        expect(typeof text).toBe('string');
        expect(text.trim()).not.toBe('');
        expect(text, `step kind ${kind} has no rendering in steps.ts`).not.toBe(kind);
      }
    }
  });

  it('tells an offered option from one that is not', () => {
    const [yes, no] = SAMPLES.expectOffer;
    expect(stepText(yes!, en)).toBe('c is offered');
    expect(stepText(no!, en)).toBe('pass is not offered');
    expect(stepText(yes!, zh)).not.toBe(stepText({ ...yes!, negated: true }, zh));
  });

  it('renders every step of every scenario in the rules', () => {
    const seen = new Set<string>();
    for (const scen of Object.values(rulesProgram().scenarios)) {
      for (const st of scen.steps) {
        seen.add(st.k);
        for (const L of [zh, en]) expect(stepText(st, L).trim(), `${scen.id}: ${st.k}`).not.toBe('');
      }
    }
    // Every kind the rules use is one STEP_KINDS lists.
    for (const k of seen) expect(STEP_KINDS).toContain(k);
  });
});
