// A game in a link: the replay file (runtime/replay-file.ts, the same text `sgs replay` reads) compressed with the
// browser's CompressionStream ('deflate': zlib, whose checksum catches a changed character) and written in
// base64url after `#game=1.` (the format's version). It stays in the URL's fragment, which the browser never sends
// to a server: nothing leaves the page. Decoding checks every layer and says which one failed.
import { readReplayFile, ReplayFileError, writeReplayFile, type ReplayFile } from '../../../runtime/index.ts';

export const LINK_KEY = 'game';
const VERSION = '1';

/** Why a link could not be read: `reason` says which layer (for the page's own wording), the message says more. */
export class GameLinkError extends Error {
  constructor(
    public reason: 'version' | 'encoding' | 'compression' | 'content',
    message: string,
  ) {
    super(message);
  }
}

async function through(bytes: Uint8Array, stream: CompressionStream | DecompressionStream): Promise<Uint8Array> {
  const out = new Response(new Blob([bytes as BlobPart]).stream().pipeThrough(stream));
  return new Uint8Array(await out.arrayBuffer());
}

const B64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';

/** base64url without padding (written here: btoa works on strings of bytes and knows only the other alphabet). */
export function toBase64Url(bytes: Uint8Array): string {
  let s = '';
  for (let i = 0; i < bytes.length; i += 3) {
    const n = (bytes[i]! << 16) | ((bytes[i + 1] ?? 0) << 8) | (bytes[i + 2] ?? 0);
    const chars = Math.min(4, Math.ceil(((bytes.length - i) * 8) / 6));
    for (let k = 0; k < chars; k++) s += B64[(n >> (18 - 6 * k)) & 63];
  }
  return s;
}

export function fromBase64Url(text: string): Uint8Array {
  if (text.length % 4 === 1)
    throw new GameLinkError('encoding', 'the link is cut short (a base64url length is never 4n+1)');
  const out = new Uint8Array(Math.floor((text.length * 6) / 8));
  let bits = 0,
    acc = 0,
    j = 0;
  for (let i = 0; i < text.length; i++) {
    const v = B64.indexOf(text[i]!);
    if (v < 0) throw new GameLinkError('encoding', `the link holds '${text[i]}', which base64url does not use`);
    acc = (acc << 6) | v;
    bits += 6;
    if (bits >= 8) {
      bits -= 8;
      out[j++] = (acc >> bits) & 255;
    }
  }
  return out;
}

/** The fragment's value for a game (without `#game=`). */
export async function encodeGame(r: ReplayFile): Promise<string> {
  const bytes = new TextEncoder().encode(writeReplayFile(r));
  return `${VERSION}.${toBase64Url(await through(bytes, new CompressionStream('deflate')))}`;
}

/** The game in a fragment's value, checked against the file's schema (not yet against the rules). */
export async function decodeGame(value: string): Promise<ReplayFile> {
  const dot = value.indexOf('.');
  const version = dot < 0 ? '' : value.slice(0, dot);
  if (version !== VERSION)
    throw new GameLinkError('version', `not a game link of version ${VERSION} (it starts '${value.slice(0, 8)}')`);
  const bytes = fromBase64Url(value.slice(dot + 1));
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(await through(bytes, new DecompressionStream('deflate')));
  } catch (e) {
    throw new GameLinkError('compression', `the link's data is damaged (${e instanceof Error ? e.message : e})`);
  }
  try {
    return readReplayFile(text, 'the link');
  } catch (e) {
    if (e instanceof ReplayFileError) throw new GameLinkError('content', e.message);
    throw e;
  }
}

/** The game a page's fragment holds (`#game=…`), or null when it holds none. */
export function gameInFragment(hash: string): string | null {
  const m = /^#?(?:.*&)?game=([^&]*)/.exec(hash);
  return m ? m[1]! : null;
}
