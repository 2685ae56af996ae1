// Sharing: the source, deflate-raw compressed and base64url encoded, in the URL's hash (`#src=…`). Nothing is
// sent to a server; the link carries the whole file.

async function pump(stream: ReadableStream<Uint8Array>): Promise<Uint8Array> {
  const buf = await new Response(stream).arrayBuffer();
  return new Uint8Array(buf);
}

function toBase64Url(bytes: Uint8Array): string {
  let s = '';
  for (let i = 0; i < bytes.length; i += 0x8000) s += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(s).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

function fromBase64Url(text: string): Uint8Array {
  const b64 = text.replace(/-/g, '+').replace(/_/g, '/') + '==='.slice((text.length + 3) % 4);
  const s = atob(b64);
  const out = new Uint8Array(s.length);
  for (let i = 0; i < s.length; i++) out[i] = s.charCodeAt(i);
  return out;
}

export async function encodeSource(text: string): Promise<string> {
  const input = new Blob([new TextEncoder().encode(text)]).stream();
  return toBase64Url(await pump(input.pipeThrough(new CompressionStream('deflate-raw'))));
}

export async function decodeSource(code: string): Promise<string> {
  const input = new Blob([fromBase64Url(code) as BlobPart]).stream();
  return new TextDecoder().decode(await pump(input.pipeThrough(new DecompressionStream('deflate-raw'))));
}

/** The `src` parameter of a hash such as `#src=…`. */
export function sourceParam(hash: string): string | null {
  const h = hash.replace(/^#/, '');
  for (const part of h.split('&')) {
    const [k, v] = part.split('=');
    if (k === 'src' && v) return v;
  }
  return null;
}
