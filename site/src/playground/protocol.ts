// Messages between the playground page and its two workers (language service, scenario runner).
import type { Completion } from '../../../compiler/services/language.ts';

export const AUTHOR_FILE = 'playground.sgs';

export interface Marker {
  severity: 'error' | 'warning';
  code: string;
  message: string;
  start: number; // offsets into the author's text
  end: number;
  line: number;
  col: number;
  file: string; // the author's file, or a built-in file the author's code broke
}

export interface ScenarioInfo {
  id: string;
  zh?: string;
  en?: string;
  file: string;
  line: number;
}

export type LangRequest =
  | { type: 'init'; sourcesUrl: string; lang: 'zh' | 'en' }
  | { type: 'check'; version: number; text: string }
  | { type: 'complete'; id: number; before: string; trigger?: string }
  | { type: 'signature'; id: number; before: string }
  | { type: 'hover'; id: number; word: string }
  | { type: 'program'; id: number; text: string };

export type LangReply =
  | { type: 'ready'; builtin: ScenarioInfo[]; files: number; ms: number }
  | { type: 'failed'; message: string; id?: number }
  | { type: 'checked'; version: number; markers: Marker[]; scenarios: ScenarioInfo[]; ms: number; ok: boolean }
  | { type: 'completed'; id: number; items: Completion[] }
  | { type: 'hovered'; id: number; markdown: string | null }
  | { type: 'signed'; id: number; help: { label: string; params: string[]; active: number; doc: string } | null }
  | { type: 'program'; id: number; json: string; version: number; names: Record<string, [string, string]> }
  | { type: 'program'; id: number; errors: Marker[] };

export type RunRequest = { type: 'run'; version: number; json?: string; scenario: string; seed: number };
export type RunReply =
  | {
      type: 'result';
      scenario: string;
      ok: boolean;
      failure?: { step: number; at: string; message: string };
      steps: number;
      log: string[];
      ms: number;
    }
  | { type: 'error'; scenario: string; message: string; needProgram?: boolean };
