// Messages between the playground page and its workers (language service, scenario runner, balance games).
import type { FeaturedCounts } from '../../../ai/featured-tally.ts';
import type { Completion, QuickFix } from '../../../compiler/services/language.ts';
import type { EntityTexts } from '../../../compiler/text/index.ts';
import type { EngineKind } from '../../../runtime/index.ts';
import type { Names, Texts } from '../lib/table-words.ts';

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
  fixes?: QuickFix[]; // edits of the author's file that fix it ("did you mean 'x'?")
}

export interface ScenarioInfo {
  id: string;
  zh?: string;
  en?: string;
  file: string;
  line: number;
}

/** A general the author's file declares (the balance panel plays it). */
export interface GeneralInfo {
  id: string;
  zh?: string;
  en?: string;
}

export type LangRequest =
  | { type: 'init'; sourcesUrl: string; lang: 'zh' | 'en' }
  | { type: 'check'; version: number; text: string }
  | { type: 'complete'; id: number; before: string; trigger?: string }
  | { type: 'signature'; id: number; before: string }
  | { type: 'hover'; id: number; word: string }
  | { type: 'program'; id: number; text: string }
  | { type: 'baseProgram'; id: number };

export type LangReply =
  | { type: 'ready'; builtin: ScenarioInfo[]; files: number; ms: number }
  | { type: 'failed'; message: string; id?: number }
  | {
      type: 'checked';
      version: number;
      markers: Marker[];
      scenarios: ScenarioInfo[];
      generals: GeneralInfo[];
      ms: number;
      ok: boolean;
    }
  /** The rule texts of the author's entities, after the `checked` of the same version (stale: the file has
   *  errors, these are the texts of the last version that compiled). */
  | { type: 'texts'; version: number; texts: EntityTexts; stale: boolean }
  | { type: 'completed'; id: number; items: Completion[] }
  | { type: 'hovered'; id: number; markdown: string | null }
  | { type: 'signed'; id: number; help: { label: string; params: string[]; active: number; doc: string } | null }
  | { type: 'program'; id: number; json: string; version: number; names: Names; texts: Texts }
  | { type: 'program'; id: number; errors: Marker[] }
  | { type: 'baseProgram'; id: number; json: string };

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
      /** Which code ran it (GameOptions.engine): compiled, unless loading the compiled module failed. */
      engine: EngineKind;
    }
  | { type: 'error'; scenario: string; message: string; needProgram?: boolean };

/** Balance games: `run` starts generation `gen` (a newer `run` or a `cancel` stops it between two games). The
 *  programs are sent when they change (`version`, `baseVersion`); the worker keeps the last ones. */
export type BalanceRequest =
  | {
      type: 'run';
      gen: number;
      version: number;
      json?: string; // the author's program
      baseJson?: string; // the built-in rules alone (the baseline table)
      general: string;
      games: number;
      players: number;
      seed: number;
      /** This worker's part of the run (the balance pool splits a run among its workers): games `index`,
       *  `index + of`, `index + 2 × of`… of the run's `games`. */
      part: { index: number; of: number };
    }
  | { type: 'cancel'; gen: number };

export type BalanceReply =
  | {
      type: 'progress' | 'done';
      gen: number;
      done: number; // games played of `total` (featured and baseline), in this worker's part
      total: number;
      counts: FeaturedCounts; // this worker's part (featured-tally.ts mergeCounts makes the run's)
    }
  | { type: 'error'; gen: number; message: string; needProgram?: boolean };
