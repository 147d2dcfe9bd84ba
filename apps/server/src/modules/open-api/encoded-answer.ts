import { createHash } from 'node:crypto';

import type { ContentEncoding } from '../../gateway/content-negotiation.js';
import { COMPRESSION_THRESHOLD_BYTES, compressBody } from '../../gateway/shared-answer.js';
import { GenerationMap } from '../../market-store/generation-map.js';

/**
 * One answer's bytes, its entity tag, and its compressed forms made on first demand: an answer many callers ask
 * for between two ticks is serialised, hashed and compressed once.
 */
export class EncodedAnswer {
  readonly identity: Buffer;
  /** A strong validator of the bytes: equal answers get equal tags on every instance. */
  readonly etag: string;
  private readonly compressed = new Map<Exclude<ContentEncoding, 'identity'>, Buffer>();

  constructor(answer: unknown) {
    this.identity = Buffer.from(JSON.stringify(answer));
    this.etag = `"${createHash('sha1').update(this.identity).digest('base64url')}"`;
  }

  body(encoding: ContentEncoding): { bytes: Buffer; encoding: ContentEncoding } {
    if (encoding === 'identity' || this.identity.length < COMPRESSION_THRESHOLD_BYTES)
      return { bytes: this.identity, encoding: 'identity' };
    let bytes = this.compressed.get(encoding);
    if (!bytes) {
      bytes = compressBody(this.identity, encoding);
      this.compressed.set(encoding, bytes);
    }
    return { bytes, encoding };
  }
}

/** Answers valid for one market generation (a tick, or the source turning stale), by request. */
export class AnswerCache {
  private readonly answers: GenerationMap<Promise<EncodedAnswer>>;

  constructor(currentGeneration: () => string, maxEntries = 2_000) {
    this.answers = new GenerationMap(currentGeneration, maxEntries);
  }

  get(key: string, build: () => unknown): Promise<EncodedAnswer> {
    return this.answers.get(key, () => {
      const built = Promise.resolve()
        .then(build)
        .then((answer) => new EncodedAnswer(answer));
      // A refusal is not kept: the next caller asks again.
      built.catch(() => this.answers.forget(key, built));
      return built;
    });
  }
}
