import { brotliCompressSync, constants as zlibConstants, gzipSync } from 'node:zlib';

import { ErrorCode, errorMessage } from '@coinlens/contract';
import type { AppLanguage } from '@coinlens/contract';

import type { ContentEncoding } from './content-negotiation.js';

/** Below this a compressed body saves less than its headers cost (the same threshold as the compress plugin). */
export const COMPRESSION_THRESHOLD_BYTES = 1024;
/**
 * Quality 5 compresses a 60 KB list in about a millisecond to within a few per cent of quality 11, which takes
 * a hundred times longer; it runs once per distinct answer and tick, so it must stay cheap.
 */
const BROTLI_QUALITY = 5;
const GZIP_LEVEL = 6;

/**
 * A success answer many callers share (a list page between two ticks): the whole envelope encoded once into a
 * Buffer, and compressed at most once per encoding on first demand. The gateway writes these bytes as they
 * are, so a thousand callers of the same page cost one serialisation and one compression.
 */
export class SharedAnswer {
  private readonly bodies = new Map<AppLanguage, EncodedBodies>();

  constructor(
    /** The answer's `data` as JSON text. */
    readonly json: string,
  ) {}

  /** The envelope in `language` in `encoding`; `identity` when compression would not pay. */
  body(language: AppLanguage, encoding: ContentEncoding): { bytes: Buffer; encoding: ContentEncoding } {
    let bodies = this.bodies.get(language);
    if (!bodies) {
      const envelope = `{"code":0,"msg":${JSON.stringify(errorMessage(ErrorCode.Success, language))},"data":${this.json}}`;
      bodies = { identity: Buffer.from(envelope) };
      this.bodies.set(language, bodies);
    }
    if (encoding === 'identity' || bodies.identity.length < COMPRESSION_THRESHOLD_BYTES) {
      return { bytes: bodies.identity, encoding: 'identity' };
    }
    const compressed = (bodies[encoding] ??= compressBody(bodies.identity, encoding));
    return { bytes: compressed, encoding };
  }
}

type EncodedBodies = { identity: Buffer } & Partial<Record<Exclude<ContentEncoding, 'identity'>, Buffer>>;

/** A body compressed once for many callers: cheap settings (see BROTLI_QUALITY). */
export function compressBody(body: Buffer, encoding: Exclude<ContentEncoding, 'identity'>): Buffer {
  return encoding === 'br'
    ? brotliCompressSync(body, {
        params: {
          [zlibConstants.BROTLI_PARAM_MODE]: zlibConstants.BROTLI_MODE_TEXT,
          [zlibConstants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY,
          [zlibConstants.BROTLI_PARAM_SIZE_HINT]: body.length,
        },
      })
    : gzipSync(body, { level: GZIP_LEVEL });
}
