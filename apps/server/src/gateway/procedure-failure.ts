import type { AppLanguage, ErrorCode, ValidationMessageKey } from '@coinlens/contract';

/** Thrown by services and handlers to answer a catalogue code other than success. */
export class ProcedureFailure extends Error {
  override readonly name = 'ProcedureFailure';

  constructor(
    readonly code: ErrorCode,
    /** A field or reason; for 50500 it names the offending field. */
    readonly detail: string | null = null,
    readonly data: unknown = null,
  ) {
    super(`procedure failed with code ${code}${detail ? ` (${detail})` : ''}`);
  }
}

/** A successful answer whose `msg` is a catalogue text other than "Success" (decision D18). */
export class SuccessWithMessage<T> {
  constructor(
    readonly data: T,
    readonly messageCode: ErrorCode,
  ) {}
}

/** A field that passed its schema but was refused by a rule (e.g. a wrong email code): 50500 naming it. */
export class FieldRejected extends Error {
  override readonly name = 'FieldRejected';

  constructor(
    readonly field: string,
    readonly messageKey: ValidationMessageKey,
  ) {
    super(`${field}: ${messageKey}`);
  }
}

/** Too many attempts of something guarded (logins, email codes): HTTP 429, code 802009, Retry-After. */
export class TooManyAttempts extends Error {
  override readonly name = 'TooManyAttempts';

  constructor(readonly retryAfterSeconds: number) {
    super(`too many attempts; retry after ${retryAfterSeconds}s`);
  }

  static afterMs(milliseconds: number): TooManyAttempts {
    return new TooManyAttempts(Math.max(1, Math.ceil(milliseconds / 1000)));
  }
}

/** A failure whose `msg` is specific rather than the code's catalogue text (e.g. why an upload was refused). */
export class LocalisedFailure extends Error {
  override readonly name = 'LocalisedFailure';

  constructor(
    readonly code: ErrorCode,
    readonly render: (language: AppLanguage) => string,
    readonly data: unknown = null,
  ) {
    super(`failed with code ${code}`);
  }
}
