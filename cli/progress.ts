// A progress bar for long simulations, drawn only where the Io can redraw a line (a terminal's stderr).
import type { Io } from './io.ts';

export function progressBar(io: Io, label: string): { update(done: number, total: number): void; clear(): void } {
  const draw = io.status;
  let last = -1;
  return {
    update(done, total) {
      if (!draw) return;
      const width = 30;
      const filled = total ? Math.round((done / total) * width) : width;
      if (filled === last && done !== total) return; // redraw only when the bar moves
      last = filled;
      draw(`${label} [${'#'.repeat(filled)}${'.'.repeat(width - filled)}] ${done}/${total}`);
    },
    clear() {
      last = -1; // drawn again at the next update
      draw?.('');
    },
  };
}
