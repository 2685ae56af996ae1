// `sgs new NAME`: a folder for a new expansion package — a general with a skill, their wording, a scenario and a
// README — that `sgs check NAME`, `sgs test NAME` and the playground accept as it is. The files are those of
// templates/package (a package named `myPack`, itself checked and tested), with `myPack` renamed to NAME.
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { EXIT_OK, invalid, usage } from '../errors.ts';
import type { Command } from './command.ts';

const TEMPLATE = fileURLToPath(new URL('../../templates/package/', import.meta.url));
const TEMPLATE_NAME = 'myPack';

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
    const files = readdirSync(TEMPLATE).sort();
    for (const file of files)
      writeFileSync(join(dir, file), readFileSync(join(TEMPLATE, file), 'utf8').replaceAll(TEMPLATE_NAME, name));
    io.out(`made ${dir}/ with ${files.join(', ')}`);
    io.out(`next: sgs check ${dir} && sgs test ${dir}`);
    return EXIT_OK;
  },
};
