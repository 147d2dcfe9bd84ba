import type { ErrorCode } from '@coinlens/contract';

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

/** A successful answer whose `msg` is a catalogue text other than "Success" (SPEC-DECISIONS 18). */
export class SuccessWithMessage<T> {
  constructor(
    readonly data: T,
    readonly messageCode: ErrorCode,
  ) {}
}
