// Starts `sgs lsp` (the rules project's language server, cli/lsp.ts) for .sgs files. Minimal on purpose: every
// feature lives in the server, so this client and the playground can never disagree.
const path = require('node:path');
const vscode = require('vscode');
const { LanguageClient } = require('vscode-languageclient/node');

let client;

function activate(context) {
  const config = vscode.workspace.getConfiguration('sgs');
  const sgs = config.get('command') || path.join(__dirname, '..', '..', 'bin', 'sgs.mjs');
  const run = { command: process.execPath, args: [sgs, 'lsp', '--stdio'] };
  client = new LanguageClient(
    'sgs',
    '三国杀 rules',
    { run, debug: run },
    {
      documentSelector: [{ scheme: 'file', language: 'sgs' }],
      initializationOptions: { lang: config.get('language') || 'en' },
    },
  );
  context.subscriptions.push({ dispose: () => client?.stop() });
  return client.start();
}

function deactivate() {
  return client ? client.stop() : undefined;
}

module.exports = { activate, deactivate };
