// `sgs lsp`: the language server on stdin/stdout, for an editor to start (see editors/vscode).
import { EXIT_OK } from '../errors.ts';
import { serveStdio } from '../lsp.ts';
import type { Command } from './command.ts';

export const lspCommand: Command = {
  name: 'lsp',
  usage: 'sgs lsp',
  summary: 'run the language server (diagnostics, completion, hover, go to definition) over stdio for an editor',
  flags: { stdio: 'bool' }, // editors often pass --stdio; it is the only transport
  run() {
    serveStdio();
    return EXIT_OK; // the server keeps the process alive until the editor closes stdin or says exit
  },
};
