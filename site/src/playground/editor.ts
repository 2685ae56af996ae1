// Monaco, set up for the rules language: the slim editor entry plus only the features the playground uses,
// the editor worker only, highlighting from the project's TextMate grammar through Shiki (JavaScript regex
// engine, no WASM), completion / hover / signature help answered by the language worker, and the quick fixes the
// worker attached to its diagnostics.
import * as monaco from 'monaco-editor/editor';
import 'monaco-editor/features/suggest/register';
// monaco-editor 0.57's features/suggest/register only brings inline suggestions: the suggest widget itself is
// the suggest controller (editor.main imports it separately).
import 'monaco-editor/editor/contrib/suggest/browser/suggestController';
import 'monaco-editor/features/hover/register';
import 'monaco-editor/features/parameterHints/register';
import 'monaco-editor/features/snippet/register';
import 'monaco-editor/features/bracketMatching/register';
import 'monaco-editor/features/comment/register';
import 'monaco-editor/features/find/register';
import 'monaco-editor/features/folding/register';
import 'monaco-editor/features/gotoError/register';
import 'monaco-editor/features/multicursor/register';
import 'monaco-editor/features/clipboard/register';
import 'monaco-editor/features/contextmenu/register';
import 'monaco-editor/features/wordHighlighter/register';
import 'monaco-editor/features/linesOperations/register';
import 'monaco-editor/features/indentation/register';
import 'monaco-editor/features/codeAction/register';
import EditorWorker from 'monaco-editor/editor/editor.worker?worker';
import { createHighlighterCore } from 'shiki/core';
import { createJavaScriptRegexEngine } from 'shiki/engine/javascript';
import githubLight from '@shikijs/themes/github-light';
import { shikiToMonaco } from '@shikijs/monaco';
import grammar from '../lib/sgs.tmLanguage.json';
import type { Completion, EntryKind, QuickFix } from '../../../compiler/services/language.ts';

export type Monaco = typeof monaco;
export type Editor = monaco.editor.IStandaloneCodeEditor;

export interface LanguageClient {
  complete(before: string, trigger?: string): Promise<Completion[]>;
  hover(word: string): Promise<string | null>;
  signature(before: string): Promise<{ label: string; params: string[]; active: number; doc: string } | null>;
  /** The fixes of the marker that starts there and says that (the last check's). */
  fixes(line: number, col: number, message: string): QuickFix[];
}

export const LANGUAGE_ID = (grammar as { name?: string }).name ?? 'sgs';
const THEME = 'github-light';

(self as unknown as { MonacoEnvironment: monaco.Environment }).MonacoEnvironment = {
  getWorker: () => new EditorWorker(),
};

function completionKind(k: EntryKind): monaco.languages.CompletionItemKind {
  const K = monaco.languages.CompletionItemKind;
  switch (k) {
    case 'keyword':
      return K.Keyword;
    case 'function':
    case 'builtin':
      return K.Function;
    case 'action':
      return K.Method;
    case 'event':
    case 'window':
      return K.Event;
    case 'card':
      return K.Class;
    case 'general':
      return K.Struct;
    case 'skill':
      return K.Module;
    case 'member':
      return K.EnumMember;
    case 'enum':
      return K.Enum;
    case 'zone':
      return K.Folder;
    case 'property':
      return K.Property;
    case 'var':
      return K.Variable;
    case 'hook':
      return K.Interface;
    case 'invariant':
      return K.Constant;
    case 'option':
      return K.Constant;
    case 'mode':
      return K.Unit;
    case 'deck':
      return K.Value;
    case 'scenario':
      return K.Reference;
    case 'hint':
      // A field of the declaration it is written in (Text would be hidden: `showWords: false` below).
      return K.Field;
  }
}

export async function createEditor(
  el: HTMLElement,
  text: string,
  client: LanguageClient,
): Promise<{ monaco: Monaco; editor: Editor }> {
  monaco.languages.register({ id: LANGUAGE_ID, extensions: ['.sgs'] });
  monaco.languages.setLanguageConfiguration(LANGUAGE_ID, {
    comments: { lineComment: '#' },
    brackets: [
      ['{', '}'],
      ['[', ']'],
      ['(', ')'],
    ],
    autoClosingPairs: [
      { open: '{', close: '}' },
      { open: '[', close: ']' },
      { open: '(', close: ')' },
      { open: '"', close: '"', notIn: ['string', 'comment'] },
    ],
    surroundingPairs: [
      { open: '{', close: '}' },
      { open: '[', close: ']' },
      { open: '(', close: ')' },
      { open: '"', close: '"' },
    ],
    // Names may be Chinese: 奸雄 is one word.
    wordPattern: /[\p{L}_][\p{L}\p{N}_]*/gu,
    indentationRules: { increaseIndentPattern: /\{[^}"]*$/, decreaseIndentPattern: /^\s*\}/ },
    folding: { offSide: false, markers: { start: /^\s*#\s*region\b/, end: /^\s*#\s*endregion\b/ } },
  });
  const highlighter = await createHighlighterCore({
    themes: [githubLight],
    langs: [grammar as never],
    engine: createJavaScriptRegexEngine({ forgiving: true }),
  });
  shikiToMonaco(highlighter, monaco);

  monaco.languages.registerCompletionItemProvider(LANGUAGE_ID, {
    triggerCharacters: ['.', ' ', ':'],
    async provideCompletionItems(model, position, context) {
      const before = model.getValueInRange({
        startLineNumber: 1,
        startColumn: 1,
        endLineNumber: position.lineNumber,
        endColumn: position.column,
      });
      const items = await client.complete(before, context.triggerCharacter);
      const word = model.getWordUntilPosition(position);
      const range = {
        startLineNumber: position.lineNumber,
        endLineNumber: position.lineNumber,
        startColumn: word.startColumn,
        endColumn: word.endColumn,
      };
      return {
        suggestions: items.map((c) => ({
          label: c.label,
          kind: completionKind(c.kind),
          insertText: c.insertText,
          insertTextRules: c.snippet ? monaco.languages.CompletionItemInsertTextRule.InsertAsSnippet : undefined,
          detail: c.detail,
          documentation: c.documentation ? { value: c.documentation } : undefined,
          sortText: c.sortText,
          range,
        })),
      };
    },
    // Documentation only for the item the list shows: the same text as hovering the name.
    async resolveCompletionItem(item) {
      if (!item.documentation) {
        const label = typeof item.label === 'string' ? item.label : item.label.label;
        const md = await client.hover(label);
        if (md) item.documentation = { value: md };
      }
      return item;
    },
  });

  monaco.languages.registerHoverProvider(LANGUAGE_ID, {
    async provideHover(model, position) {
      const w = model.getWordAtPosition(position);
      if (!w) return null;
      const md = await client.hover(w.word);
      if (!md) return null;
      return {
        range: new monaco.Range(position.lineNumber, w.startColumn, position.lineNumber, w.endColumn),
        contents: [{ value: md }],
      };
    },
  });

  monaco.languages.registerSignatureHelpProvider(LANGUAGE_ID, {
    signatureHelpTriggerCharacters: ['(', ','],
    signatureHelpRetriggerCharacters: [','],
    async provideSignatureHelp(model, position) {
      const before = model.getValueInRange({
        startLineNumber: 1,
        startColumn: 1,
        endLineNumber: position.lineNumber,
        endColumn: position.column,
      });
      const h = await client.signature(before);
      if (!h) return null;
      return {
        value: {
          signatures: [
            { label: h.label, documentation: { value: h.doc }, parameters: h.params.map((p) => ({ label: p })) },
          ],
          activeSignature: 0,
          activeParameter: Math.min(h.active, Math.max(0, h.params.length - 1)),
        },
        dispose() {},
      };
    },
  });

  monaco.languages.registerCodeActionProvider(
    LANGUAGE_ID,
    {
      provideCodeActions(model, _range, context) {
        const actions: monaco.languages.CodeAction[] = [];
        for (const mk of context.markers)
          for (const f of client.fixes(mk.startLineNumber, mk.startColumn, mk.message)) {
            const a = model.getPositionAt(f.start);
            const b = model.getPositionAt(f.end);
            actions.push({
              title: f.title,
              kind: 'quickfix',
              diagnostics: [mk],
              isPreferred: true,
              edit: {
                edits: [
                  {
                    resource: model.uri,
                    versionId: model.getVersionId(),
                    textEdit: {
                      range: new monaco.Range(a.lineNumber, a.column, b.lineNumber, b.column),
                      text: f.newText,
                    },
                  },
                ],
              },
            });
          }
        return { actions, dispose() {} };
      },
    },
    { providedCodeActionKinds: ['quickfix'] },
  );

  el.textContent = '';
  const editor = monaco.editor.create(el, {
    value: text,
    language: LANGUAGE_ID,
    theme: THEME,
    automaticLayout: true,
    minimap: { enabled: false },
    fontSize: 14,
    lineHeight: 21,
    fontFamily: '"Noto Sans Mono CJK SC", "Noto Sans Mono", ui-monospace, Menlo, Consolas, monospace',
    tabSize: 2,
    insertSpaces: true,
    scrollBeyondLastLine: false,
    renderLineHighlight: 'line',
    fixedOverflowWidgets: true,
    quickSuggestions: { other: true, comments: false, strings: false },
    suggest: { showWords: false },
    wordBasedSuggestions: 'off',
    'semanticHighlighting.enabled': false,
  });
  return { monaco, editor };
}
