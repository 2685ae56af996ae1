// The table speaks the reader's language: every prompt and log line the rules show players has its wording in
// both languages (SGS311), and a table in Chinese writes a whole game's log — the rules' lines, the engine's own
// (answers, skills that fire, the end of the game) and the values in them — without English.
import { describe, expect, it } from 'vitest';
import { loadSources } from '../compiler/node/load.ts';
import { compile } from '../compiler/index.ts';
import { RandomAI } from '../ai/random.ts';
import { Game } from '../runtime/game.ts';
import { logFor } from '../runtime/visibility.ts';
import type { SourceFile } from '../compiler/ast/nodes.ts';
import { Labels } from '../site/src/islands/labels.ts';
import { tableWords } from '../site/src/lib/table-words.ts';

const result = compile(loadSources(['rules']));
const program = result.program!;
const words = tableWords(result.files as SourceFile[]);

/** Latin words of two letters or more: card faces (♠J, ♦10) and seat names (p1) are not words. */
const english = (line: string) => line.match(/[A-Za-z]{2,}/g);

function playGame(seed: number, players = 5): Game {
  const g = new Game(program, { players, seed });
  const ai = new RandomAI(seed);
  g.start();
  while (g.pending && g.state.decisions < 3000) g.answer(ai.pick(g.pending)!);
  return g;
}

describe('the table in Chinese and in English', () => {
  it('words every prompt and log line of the rules and the examples in both languages (no SGS311)', () => {
    const all = compile(loadSources(['rules', 'docs/examples']));
    expect(all.diagnostics.filter((d) => d.code === 'SGS311').map((d) => d.message)).toEqual([]);
  });

  it('warns about a prompt or log line without wording, also one handed on through an action parameter', () => {
    const src = `package mine
import standard
action askTwice 问两次 "Ask twice" (p: player, prompt: text = "twice: default prompt") {
  let x = ask(p, prompt)
}
skill shout 呐喊 "Shout" {
  on turnStart(you) {
    log("{0} shouts", you)
    askTwice(you, "twice: shout again?")
  }
}`;
    const r = compile([...loadSources(['rules']), { file: 'mine.sgs', text: src }]);
    const msgs = r.diagnostics.filter((d) => d.code === 'SGS311' && d.span.file === 'mine.sgs').map((d) => d.message);
    expect(msgs.some((m) => m.includes('"{0} shouts"'))).toBe(true);
    expect(msgs.some((m) => m.includes('"twice: shout again?"'))).toBe(true);
    expect(msgs.some((m) => m.includes('"twice: default prompt"'))).toBe(true);
    // Worded, they are quiet.
    const worded = `${src}
phrase "{0} shouts" "{0}呐喊" "{0} shouts"
phrase "twice: shout again?" "是否再呐喊" "Shout again?"
phrase "twice: default prompt" "是否继续" "Go on?"`;
    const q = compile([...loadSources(['rules']), { file: 'mine.sgs', text: worded }]);
    expect(q.diagnostics.filter((d) => d.code === 'SGS311')).toEqual([]);
  });

  it('warns about a text handed round a cycle of calls, whichever callable of the cycle is declared first', () => {
    const pingA = `action pingA 甲 "Ping A" (p: player, t: text, n: int) {
  if n > 0 { pingB(p, t, n - 1) }
}`;
    const pingB = `action pingB 乙 "Ping B" (p: player, t: text, n: int) {
  pingA(p, t, n)
  let y = ask(p, t)
}`;
    const skill = `skill shout 呐喊 "Shout" {
  on turnStart(you) {
    pingA(you, "ping: back?", 2)
  }
}`;
    for (const order of [
      [pingA, pingB, skill],
      [pingB, pingA, skill],
      [skill, pingB, pingA],
    ]) {
      const src = `package mine\nimport standard\n${order.join('\n')}\n`;
      const r = compile([...loadSources(['rules']), { file: 'mine.sgs', text: src }]);
      const msgs = r.diagnostics.filter((d) => d.code === 'SGS311' && d.span.file === 'mine.sgs');
      expect(msgs.map((d) => d.message).some((m) => m.includes('"ping: back?"'))).toBe(true);
    }
  });

  it('writes a whole game in Chinese, as a seat reads it, without English words', () => {
    for (const seed of [1, 2, 3]) {
      const g = playGame(seed);
      const L = new Labels('zh', program, words.names, words.texts);
      for (const seat of [0, null]) {
        const lines = logFor(g.state.log, seat)
          .filter((e) => e.k !== 'ask')
          .map((e) => L.logLine(e));
        expect(lines.length).toBeGreaterThan(20);
        const bad = lines.filter((l) => english(l));
        expect(bad.slice(0, 5)).toEqual([]);
      }
      // The end of the game, too.
      if (g.state.over) expect(english(L.text(g.state.over.text))).toBeNull();
    }
  });

  it('asks every question and offers every choice in Chinese, in every mode and variant', () => {
    const L = new Labels('zh', program, words.names, words.texts);
    const configs: [string, number, Record<string, boolean>][] = [
      ['identity', 5, {}],
      ['identity', 8, { darkSouls: true, reincarnation: true }],
      ['identity', 6, { threeLeft: true, scoring: true }],
      ['threeVsThree', 6, {}],
      ['dualIdentity', 5, {}],
      ['dualDuel', 2, {}],
      ['dualTwoVsTwo', 4, {}],
      ['deputyGenerals', 5, {}],
    ];
    const bad = new Set<string>();
    for (const [mode, players, options] of configs) {
      for (let seed = 1; seed <= 6; seed++) {
        const g = new Game(program, { players, seed, mode, options });
        const ai = new RandomAI(seed);
        g.start();
        while (g.pending && g.state.decisions < 3000) {
          const r = g.pending;
          if (english(L.prompt(r.prompt))) bad.add(`${mode}: ${r.prompt} → ${L.prompt(r.prompt)}`);
          // The table shows a string option by its name or its text phrase (site/src/islands/table.ts `value`).
          for (const o of r.options)
            if (typeof o.value === 'string' && !program.generals[o.value]) {
              const shown = L.choice(o.value === o.label ? o.value : o.label);
              if (english(shown)) bad.add(`${mode}: ${r.prompt}: ${shown}`);
            }
          g.answer(ai.pick(r)!);
        }
      }
    }
    expect([...bad]).toEqual([]);
  });

  it('writes the same game in English from the same entries, and hides from a seat what it did not see', () => {
    const g = playGame(4);
    const en = new Labels('en', program, words.names, words.texts);
    const zh = new Labels('zh', program, words.names, words.texts);
    const mine = logFor(g.state.log, 0);
    const drew = mine.find((e) => e.tpl === '{0} draws {1} card(s)');
    expect(drew && en.logLine(drew)).toMatch(/draws \d+ card\(s\)/);
    expect(drew && zh.logLine(drew)).toMatch(/摸\d+张牌/);
    // A discard someone else made is announced; a card moved face down to someone else is "a card" (一张牌) in the
    // same place where the seat's own text writes "a card".
    for (const e of mine) {
      if (!e.text.includes('a card') || !e.args) continue;
      expect(zh.logLine(e)).toContain('一张牌');
    }
  });

  it('shows prompts in the reader’s language, and a quoted choice without its quotes', () => {
    const L = new Labels('zh', program, words.names, words.texts);
    expect(L.prompt('discard down to your hand limit')).toBe('弃牌阶段：弃置手牌至手牌上限');
    expect(L.prompt('use:guanxing')).toBe('是否发动【观星】');
    expect(L.text('discard a hand card')).toBe('弃置一张手牌');
    expect(new Labels('en', program, words.names, words.texts).prompt('play')).toMatch(/^Play phase/);
  });

  it('names the timing window of a which-skill-first question by its wording, not its id', () => {
    expect(new Labels('zh', program, words.names, words.texts).prompt('order:damaged')).toBe(
      '选择先发动的技能（角色受到伤害后）',
    );
    expect(new Labels('en', program, words.names, words.texts).prompt('order:damaged')).toBe(
      'Which skill fires first (after a player takes damage)',
    );
  });

  it('titles every scenario in both languages: no Chinese in the English title, no English words in the Chinese', () => {
    const all = compile(loadSources(['rules', 'docs/examples'])).program!;
    const scenarios = Object.values(all.scenarios);
    expect(scenarios.length).toBeGreaterThan(400);
    expect(scenarios.filter((x) => !x.zh || !x.en).map((x) => x.id)).toEqual([]);
    expect(scenarios.filter((x) => /[\u4e00-\u9fff]/.test(x.en ?? '')).map((x) => `${x.id}: ${x.en}`)).toEqual([]);
    expect(scenarios.filter((x) => english(x.zh ?? '')).map((x) => `${x.id}: ${x.zh}`)).toEqual([]);
  });
});
