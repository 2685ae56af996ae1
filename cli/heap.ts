// The heap of a process that plays games. After each full collection V8 lets the old generation grow to a few times
// what survived before it collects again (sized for throughput): a run of `sgs simulate` with ~30 MB live kept
// ~160 MB of heap and an RSS of ~230 MB, flat but large. Games leave little behind (a finished game is garbage), so
// a heap that grows by a fifth collects more often at no measurable cost: ~155 MB of RSS over the same games, the
// same games per second in alternating runs. V8 reads this flag at every full collection, so setting it while the
// process runs takes effect; it changes when memory is reclaimed, never what a game does.
// Marking starts once the old generation has used MARKING_START_PERCENT of that room. V8 would start it a little
// before the limit from a task, but a command that plays games runs one synchronous loop, which runs no task: marking
// started at the limit itself, and when a cycle ran long (the machine busy) all that was promoted meanwhile survived
// it and raised the next limit (with 8 MB semi-spaces, peaks of 140–170 MB over runs that sit at ~135). With 90 %:
// at most 130–137 MB in six runs of 2,000 games on a loaded machine, games per second within the noise. V8 reads it
// at every allocation that may start marking.
// Young collections (scavenges) run on the game's own thread, not shared with V8's helper threads: games make a
// scavenge every few milliseconds, each of a small young generation (cli/game-thread.ts), and handing one out to
// helpers and waiting for them cost more than the work on our two-core machines, where the other core is playing
// too. Measured with this flag set while the process runs (V8 reads it at every scavenge), 1,500 to 2,000 random
// games without and with it: one warm thread 85–89 → 115–124 games/s, `--jobs 2` 137–143 → 156–182, `sgs
// simulate` (alternating) 47–48 → 58–60 with `--jobs 1`; the slice 46–48 → 36 µs a turn (its twin 15 → 13). The other collectors' helpers are left on: without them marking or sweeping it was the
// same or slower.
import { setFlagsFromString } from 'node:v8';

const GROWING_PERCENT = 20;
const MARKING_START_PERCENT = 90;

/** The heap of a process that plays games (this process and its workers): the old generation grows by
 *  GROWING_PERCENT after a full collection and starts marking at MARKING_START_PERCENT of that; scavenges run on
 *  the thread that allocates. Setting them again changes nothing. */
export function gameHeap(): void {
  setFlagsFromString(`--heap-growing-percent=${GROWING_PERCENT}`);
  setFlagsFromString(`--incremental-marking-hard-trigger=${MARKING_START_PERCENT}`);
  setFlagsFromString('--no-parallel-scavenge');
}
