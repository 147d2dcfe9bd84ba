/** Base of every provider failure; `retryable` tells ingest whether trying again later can help. */
export abstract class ProviderError extends Error {
  abstract readonly retryable: boolean;

  constructor(
    readonly provider: string,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(`${provider}: ${message}`, options);
  }
}

/** 429 or a quota: retry after `retryAfterMs`. */
export class RateLimitedError extends ProviderError {
  override readonly name = 'RateLimitedError';
  readonly retryable = true;

  constructor(
    provider: string,
    readonly retryAfterMs: number,
  ) {
    super(provider, `rate limited; retry after ${retryAfterMs} ms`);
  }
}

/** Down, 5xx, timed out or unreachable: retry later. */
export class UnavailableError extends ProviderError {
  override readonly name = 'UnavailableError';
  readonly retryable = true;
}

/** The thing asked for does not exist there (delisted coin, unknown pair): do not retry. */
export class NotFoundError extends ProviderError {
  override readonly name = 'NotFoundError';
  readonly retryable = false;
}

/** The answer did not have the documented shape: retrying the same request will not help soon. */
export class MalformedResponseError extends ProviderError {
  override readonly name = 'MalformedResponseError';
  readonly retryable = false;
}

/** The provider does not offer this capability. */
export class UnsupportedError extends ProviderError {
  override readonly name = 'UnsupportedError';
  readonly retryable = false;
}
