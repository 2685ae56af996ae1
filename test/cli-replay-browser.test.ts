// `sgs replay` on the files the play page saves (site/src/lib/game-file.ts builds them): the same trace hash as the
// game itself and as the engine's replay; a damaged file is exit 2 with one line, a tampered answer is reported with
// the engine's reason, and a file from other rules is replayed with a note.
import { describe, expect, it, beforeAll, afterAll } from 'vitest';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { compile } from '../compiler/index.ts';
import { loadSources } from '../compiler/node/load.ts';
import { main } from '../cli/main.ts';
import { memoryIo } from '../cli/io.ts';
import { playGame } from '../cli/play.ts';
import { AIS } from '../ai/registry.ts';
import { readReplayFile, replay, type ReplayFile } from '../runtime/index.ts';
import { recordedFile, savedFile } from '../site/src/lib/game-file.ts';

function run(...argv: string[]) {
  const io = memoryIo();
  const code = main(argv, io);
  return { code, out: io.stdout.join('\n'), err: io.stderr.join('\n') };
}

let tmp: string;
let file: ReplayFile; // as the play page saves it
let playedHash: string;
beforeAll(() => {
  tmp = mkdtempSync(join(tmpdir(), 'sgs-replay-browser-'));
  const program = compile(loadSources(['rules'])).program!;
  // The page's game: identity mode, heuristic AI at every seat (托管), the page's own recording of it.
  const g = playGame(program, { seed: 31337, aiSeed: 31337, policy: AIS.heuristic, players: 5, mode: 'identity' });
  expect(g.outcome).toBe('completed');
  playedHash = g.traceHash;
  file = recordedFile(program, { seed: 31337, players: 5, mode: 'identity', answers: g.replay.answers });
  expect(replay(program, file).game.traceHash()).toBe(playedHash);
});
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

function write(name: string, text: string): string {
  const f = join(tmp, name);
  writeFileSync(f, text);
  return f;
}

describe('sgs replay on a file saved by the play page', () => {
  it('prints the trace hash of the game played, with no note about the rules', () => {
    const saved = savedFile(file);
    expect(saved.name).toBe(`sgs-game-31337-${file.answers.length}.json`);
    expect(readReplayFile(saved.text)).toEqual(file);
    const r = run('replay', write(saved.name, saved.text));
    expect(r.err).toBe('');
    expect(r.code).toBe(0);
    expect(r.out).toContain(`trace hash: ${playedHash}`);
    expect(r.out).toContain(`decisions:  ${file.answers.length} of ${file.answers.length}`);
  });

  it('a damaged file is exit 2 with one line naming it, from the installed binary too (no stack trace)', () => {
    const text = savedFile(file).text;
    const cut = write('cut.json', text.slice(0, Math.floor(text.length / 2)));
    const r = run('replay', cut);
    expect(r.code).toBe(2);
    expect(r.err).toMatch(new RegExp(`^sgs: ${cut} is not valid JSON: [^\\n]+$`));
    const junk = write('junk.json', '\u0000\u00ff PK\u0003\u0004');
    expect(run('replay', junk).code).toBe(2);
    const wrong = write('wrong.json', JSON.stringify({ ...file, answers: [[0], 'x'] }));
    const bin = spawnSync(process.execPath, ['bin/sgs.mjs', 'replay', wrong], { encoding: 'utf8' });
    expect(bin.status).toBe(2);
    expect(bin.stderr).toBe(
      `sgs: ${wrong}: "answers"[1] must be a list of option numbers (whole numbers from 0), not "x"\n`,
    );
    expect(bin.stdout).toBe('');
  }, 30_000);

  it('a tampered answer is reported with the engine’s reason, the game replayed up to it', () => {
    const answers = file.answers.map((a) => a.slice());
    answers[10] = [999];
    const r = run('replay', write('tampered.json', savedFile({ ...file, answers }).text));
    expect(r.code).toBe(1);
    expect(r.out).toContain(`decisions:  10 of ${answers.length}`);
    expect(r.err).toMatch(/^replay: answer 11 \[999\] was rejected: [^\n]+$/);
  });

  it('a file saved with other rules replays with a note on stderr', () => {
    const r = run('replay', write('other.json', savedFile({ ...file, rules: '00000000000000' }).text));
    expect(r.code).toBe(0);
    expect(r.out).toContain(`trace hash: ${playedHash}`);
    expect(r.err).toMatch(/^note: .*other\.json was saved with other rules \(00000000000000; these are [0-9a-f]{14}\)/);
  });
});
