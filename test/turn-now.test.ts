// The table's status line says whose turn and which phase it is from the running events' hints (`turnOf`,
// `phaseOf`): in a phase, the phase's own event; just before one begins (a beforePhase window), the turn's.
import { describe, expect, it } from 'vitest';
import { ScenarioRunner } from '../runtime/scenario.ts';
import { turnNow } from '../site/src/lib/turn-now.ts';
import { rulesProgram } from './helpers.ts';

describe('whose turn and which phase the table shows', () => {
  it('names the phase about to begin while its beforePhase window asks (神速, the official timing)', () => {
    const run = new ScenarioRunner(rulesProgram(), 'shensuOfficialTiming');
    while (!run.done && run.game.pending?.subject?.window !== 'beforePhase') run.runStep();
    const g = run.game;
    expect(g.pending?.subject?.window).toBe('beforePhase');
    const now = turnNow(g);
    expect(now.player?.name).toBe('x');
    expect(now.phase).toBe('judgePhase');
  });

  it('names the running phase as each phase begins', () => {
    const run = new ScenarioRunner(rulesProgram(), 'shensuOfficialTiming');
    const seen: string[] = [];
    run.game.observers.push((f, phase) => {
      if (phase === 'start' && f.id === 'runPhase') seen.push(String(turnNow(run.game).phase));
    });
    while (!run.done) run.runStep();
    expect(run.failure).toBeUndefined();
    expect(seen.length).toBeGreaterThan(0);
    expect(seen.every((p) => p.endsWith('Phase'))).toBe(true);
  });
});
