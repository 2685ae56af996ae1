// A game log for reading in a terminal: asks and answers indented and marked, so the story lines stand out.
import type { LogEntry } from '../runtime/index.ts';

const MARK: Record<LogEntry['k'], string> = { ask: '  ? ', answer: '  > ', event: '  * ', msg: '' };

export function formatLogLine(l: LogEntry): string {
  return MARK[l.k] + l.text;
}
