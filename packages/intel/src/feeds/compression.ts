// Compression recognised by magic bytes (gzip 1f8b, xz fd377a585a00, zip 504b0304) and streaming decompression.
import { createRequire } from 'node:module';
import { Readable, pipeline } from 'node:stream';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import { createGunzip } from 'node:zlib';
import type * as XzModule from 'xz-decompress';
import type { ByteStream } from './bytes.ts';

export type Compression = 'gzip' | 'xz' | 'zip';

const startsWith = (head: Uint8Array, magic: number[]): boolean => magic.every((b, i) => head[i] === b);

/** The compression of a stream from its first bytes (at least 6), or null for plain content. */
export function detectCompression(head: Uint8Array): Compression | null {
  if (startsWith(head, [0x1f, 0x8b])) return 'gzip';
  if (startsWith(head, [0xfd, 0x37, 0x7a, 0x58, 0x5a, 0x00])) return 'xz';
  if (startsWith(head, [0x50, 0x4b, 0x03, 0x04])) return 'zip';
  return null;
}

/** gunzip as a stream (concatenated gzip members included), in chunks as large as a file's reads (not 16 KB). */
export function gunzip(source: ByteStream): ByteStream {
  return pipeline(Readable.from(source), createGunzip({ chunkSize: 256 * 1024 }), () => {
    // Errors surface through the returned stream's iteration.
  });
}

// xz-embedded's return codes, for messages a person can act on.
const XZ_ERRORS: Record<string, string> = {
  '2': 'unsupported integrity check',
  '3': 'out of memory',
  '4': 'memory limit reached',
  '5': 'not an xz stream',
  '6': 'unsupported xz options (SHA-256 checks and BCJ filters are not supported; recompress with the default CRC64 check)',
  '7': 'corrupt xz data',
  '8': 'truncated xz data',
};

let xzModule: typeof XzModule | undefined;

/**
 * xz through xz-decompress (xz-embedded compiled to WebAssembly, no install script). It decodes one stream at a time
 * process-wide, so a reader must drain or cancel it before the next xz feed can start: readFeed does.
 */
export async function* unxz(source: ByteStream): AsyncGenerator<Uint8Array> {
  // A CommonJS (webpack UMD) module: loaded with require, and only when an xz feed shows up.
  xzModule ??= createRequire(import.meta.url)('xz-decompress') as typeof XzModule;
  const input = Readable.toWeb(Readable.from(source)) as unknown as ReadableStream<Uint8Array>;
  const output = Readable.fromWeb(new xzModule.XzReadableStream(input) as unknown as WebReadableStream<Uint8Array>);
  try {
    for await (const chunk of output) yield chunk as Uint8Array;
  } catch (e) {
    const code = /error code (\d+)/.exec((e as Error).message)?.[1];
    throw new Error(code && XZ_ERRORS[code] ? `xz: ${XZ_ERRORS[code]}` : `xz: ${(e as Error).message}`);
  } finally {
    output.destroy();
  }
}
