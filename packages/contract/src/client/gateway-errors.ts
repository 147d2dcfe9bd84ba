/** The gateway answered with a non-zero code from the error catalogue. */
export class GatewayError extends Error {
  override readonly name = 'GatewayError';

  constructor(
    readonly code: number,
    message: string,
    readonly procedure: string,
    readonly data: unknown = null,
  ) {
    super(message);
  }
}

export type TransportFailureKind = 'http' | 'network' | 'timeout' | 'abort';

/** The call did not produce a gateway answer: a non-200 status, a network failure, a timeout or an abort. */
export class TransportError extends Error {
  override readonly name = 'TransportError';

  constructor(
    readonly kind: TransportFailureKind,
    message: string,
    readonly procedure: string,
    /** HTTP status for kind `http`; 0 otherwise. */
    readonly status = 0,
    /** The gateway code carried by a non-200 answer (e.g. 802009 with 429), when there was one. */
    readonly code: number | null = null,
    /** Seconds from a Retry-After header, when there was one. */
    readonly retryAfterSeconds: number | null = null,
  ) {
    super(message);
  }
}
