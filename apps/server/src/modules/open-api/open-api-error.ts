/** A refusal of the open API: its HTTP status, a stable code a program can test, and words for a person. */
export class OpenApiError extends Error {
  override readonly name = 'OpenApiError';

  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}
