// `npm run golden`: rewrite the texts of test/golden/texts.txt from the rules as they are now. Review the diff
// (`git diff test/golden`) as a reader would before committing it: the file holds what a person approved.
// To add an entity, add a line `## skill ID` (or `## card ID`, `## event ID`, `## window NAME`,
// `## skill ID (option = value)`) and run this.
import { writeFileSync } from 'node:fs';
import { compile } from '../../compiler/index.ts';
import { loadSources } from '../../compiler/node/load.ts';
import { generateTexts } from '../../compiler/text/index.ts';
import { GOLDEN_FILE, printGolden, readGolden, textOf } from './golden.ts';

const result = compile(loadSources(['rules']));
if (!result.program) {
  console.error('golden: the rules do not compile; run sgs check rules');
  process.exit(1);
}
const texts = generateTexts(result);
const golden = readGolden();
let changed = 0;
for (const e of golden.entries) {
  const t = textOf(texts, e.key);
  if (!t) {
    console.error(`golden: no entity ${e.key} in the rules`);
    process.exit(1);
  }
  if (t.zh !== e.zh || t.en !== e.en) changed++;
  e.zh = t.zh;
  e.en = t.en;
}
writeFileSync(GOLDEN_FILE, printGolden(golden));
console.log(`golden: ${golden.entries.length} texts, ${changed} changed; review them with git diff test/golden`);
