// `sgs new NAME`: a folder for a new expansion package — a general with a skill, their wording, a scenario and a
// README — that `sgs check NAME`, `sgs test NAME` and the playground accept as it is.
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { EXIT_OK, invalid, usage } from '../errors.ts';
import type { Command } from './command.ts';

export const newCommand: Command = {
  name: 'new',
  usage: 'sgs new NAME',
  summary: 'make a folder NAME with a new expansion package: a general, its skill and wording, a scenario, a README',
  flags: {},
  run(args, io) {
    const [dir, ...extra] = args.positionals;
    if (!dir || extra.length) throw usage('sgs new takes one name');
    const name = basename(dir);
    if (!/^[a-z][A-Za-z0-9]*$/.test(name))
      throw invalid(`'${name}' cannot name a package: use letters and digits, starting with a small letter`);
    if (existsSync(dir)) throw invalid(`${dir} already exists`);
    mkdirSync(dir, { recursive: true });
    for (const [file, text] of Object.entries(files(name))) writeFileSync(join(dir, file), text);
    io.out(`made ${dir}/ with ${Object.keys(files(name)).join(', ')}`);
    io.out(`next: sgs check ${dir} && sgs test ${dir}`);
    return EXIT_OK;
  },
};

function files(name: string): Record<string, string> {
  const hero = `${name}Hero`;
  const skill = `${name}Insight`;
  const ready = `${name}EmptyHanded`;
  return {
    'general.sgs': `# The package ${name}: one general and its skill. Add yours beside them.
package ${name}
import core
import standard
import identity

general ${hero} 新武将 "New Hero" { kingdom: wei  gender: male  hp: 4  skills: ${skill} }

# Whether a player holds no hand card (its wording is in phrases.sgs).
function ${ready}(p: player): bool = count(hand(p)) == 0

# 洞察: at the start of your finish phase, if you hold no hand card, you may draw a card.
skill ${skill} 洞察 "Insight" {
  on phaseStart(you) may if event.phase == finishPhase and ${ready}(you) {
    draw(you, 1)
  }
}
`,
    'phrases.sgs': `# How the package's own names read in the generated rule texts (\`sgs text ${skill} --rules .\`); a name
# without wording is a warning (SGS310).
package ${name}
import core

phrase ${ready}(p) "{p}没有手牌" "{p} holds no hand card" not "{p}有手牌" "{p} holds a hand card"
`,
    'scenarios.sgs': `# Scenarios: positions and scripts that check the skill (\`sgs test\`), and show it in the playground.
package ${name}
import core
import standard
import identity

scenario ${name}InsightDraws 洞察摸牌 "洞察: with no hand card at the finish phase, draw a card" {
  mode identity
  seat a { general: ${hero}, role: lord }
  seat b { general: caocao, role: rebel }
  # The top of the draw pile: a's card, then b's two.
  deck: [peach ♥3, slash ♠7, slash ♠8]
  start a finishPhase
  expect ask a
  a: yes
  # b's turn has begun: b is asked what to play.
  expect ask b
  expect peach ♥3 in hand(a) and count(hand(a)) == 1
}

scenario ${name}InsightNeedsEmptyHand 洞察需无手牌 "洞察: not offered while you hold a card" {
  mode identity
  seat a { general: ${hero}, role: lord, hand: [peach ♥3] }
  seat b { general: caocao, role: rebel }
  deck: [slash ♠7, slash ♠8]
  start a finishPhase
  # Nothing is asked of a: the next question is b's, in b's turn.
  expect ask b
  expect not log "${skill}"
  expect count(hand(a)) == 1
}
`,
    'README.md': `# ${name}

A 三国杀 expansion package written in the rules language (see docs/language.md of the rules project).

- \`general.sgs\`: the general ${hero} and its skill ${skill}.
- \`phrases.sgs\`: how the package's own names read in the generated rule texts, in Chinese and English.
- \`scenarios.sgs\`: positions and scripts that check the skill.

\`\`\`sh
sgs check ${name}                 # compile with the built-in rules it imports (core, standard, identity)
sgs test ${name}                  # run its scenarios
sgs text ${skill} --rules ${name} # the generated rule text
sgs simulate ${name} --games 200  # the package's general among the built-in ones, random play
\`\`\`

In the playground, paste \`general.sgs\` (and the scenarios below it) into the editor.
`,
  };
}
