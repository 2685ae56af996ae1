// The play page's share link (site/src/lib/game-link.ts): a game goes into `#game=1.…` and comes back the same,
// and a link that was cut, edited or made up is refused with the layer that failed.
import { describe, expect, it } from 'vitest';
import {
  decodeGame,
  encodeGame,
  fromBase64Url,
  GameLinkError,
  gameInFragment,
  toBase64Url,
} from '../site/src/lib/game-link.ts';
import type { ReplayFile } from '../runtime/index.ts';

const GAME: ReplayFile = {
  seed: 123456,
  players: 5,
  mode: 'identity',
  options: { edition: 'firstEdition', beginner: false },
  rules: '0b4e4f8de425ea',
  answers: Array.from({ length: 600 }, (_, i) => (i % 7 === 0 ? [] : i % 5 === 0 ? [1, 3] : [i % 4])),
};

async function refusal(value: string): Promise<GameLinkError> {
  const e = await decodeGame(value).catch((x: unknown) => x);
  expect(e).toBeInstanceOf(GameLinkError);
  return e as GameLinkError;
}

describe('share link', () => {
  it('a game comes back from its link field for field, in a link far shorter than its file', async () => {
    const link = await encodeGame(GAME);
    expect(link).toMatch(/^1\.[A-Za-z0-9_-]+$/);
    expect(await decodeGame(link)).toEqual(GAME);
    expect(link.length).toBeLessThan(JSON.stringify(GAME).length / 3);
    const small: ReplayFile = { seed: 0, players: 2, answers: [] };
    expect(await decodeGame(await encodeGame(small))).toEqual(small);
  });

  it('base64url round-trips every length and byte', () => {
    for (let n = 0; n < 40; n++) {
      const bytes = Uint8Array.from({ length: n }, (_, i) => (i * 97 + n * 31) & 255);
      expect(fromBase64Url(toBase64Url(bytes))).toEqual(bytes);
    }
    expect(toBase64Url(Uint8Array.from([251, 255]))).toBe('-_8');
  });

  it('a cut, edited or foreign link is refused, naming the layer that failed', async () => {
    const link = await encodeGame(GAME);
    expect((await refusal(`2${link.slice(1)}`)).reason).toBe('version');
    expect((await refusal('hello')).reason).toBe('version');
    expect((await refusal(`${link.slice(0, 20)}!${link.slice(21)}`)).reason).toBe('encoding');
    expect((await refusal(link.slice(0, Math.floor(link.length / 2)))).reason).toMatch(/encoding|compression/);
    // One character changed inside the compressed data: the zlib checksum (or the inflater) notices.
    const i = Math.floor(link.length / 2);
    const edited = link.slice(0, i) + (link[i] === 'A' ? 'B' : 'A') + link.slice(i + 1);
    expect((await refusal(edited)).reason).toBe('compression');
  });

  it('a well-made link whose game does not fit the file schema is refused with the field', async () => {
    const bad = await encodeGame({ ...GAME, answers: [[0], [-1]] } as ReplayFile);
    const e = await refusal(bad);
    expect(e.reason).toBe('content');
    expect(e.message).toBe('the link: "answers"[1] must be a list of option numbers (whole numbers from 0), not [-1]');
  });

  it('the game is found in the page fragment', () => {
    expect(gameInFragment('#game=1.abc')).toBe('1.abc');
    expect(gameInFragment('#x=1&game=1.abc&y')).toBe('1.abc');
    expect(gameInFragment('#top')).toBeNull();
    expect(gameInFragment('')).toBeNull();
  });
});
