import { createHash } from 'node:crypto';

import type { ContentEncoding } from '../../gateway/content-negotiation.js';
import { COMPRESSION_THRESHOLD_BYTES, compressBody } from '../../gateway/shared-answer.js';

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
  private generation = '';
  private readonly entries = new Map<string, Promise<EncodedAnswer>>();

  constructor(
    private readonly currentGeneration: () => string,
    private readonly maxEntries = 2_000,
  ) {}

  get(key: string, build: () => unknown): Promise<EncodedAnswer> {
    const generation = this.currentGeneration();
    if (generation !== this.generation) {
      this.entries.clear();
      this.generation = generation;
    }
    const cached = this.entries.get(key);
    if (cached) return cached;
    const built = Promise.resolve()
      .then(build)
      .then((answer) => new EncodedAnswer(answer));
    if (this.entries.size < this.maxEntries) {
      this.entries.set(key, built);
      // A refusal is not kept: the next caller asks again.
      built.catch(() => this.entries.delete(key));
    }
    return built;
  }
}
