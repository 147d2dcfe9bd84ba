import { ErrorCode } from '@coinlens/contract';
import type { AppLanguage, ProcedureName, ProcedureOutput, ProcedureParsedInput } from '@coinlens/contract';
import type { FastifyBaseLogger } from 'fastify';

import type { AuthenticatedUser } from './authenticator.js';
import { ProcedureFailure } from './procedure-failure.js';
import type { SuccessWithMessage } from './procedure-failure.js';
import type { SharedAnswer } from './shared-answer.js';

export interface ProcedureContext {
  language: AppLanguage;
  /** Null for visitors; always set for procedures whose auth is `required`. */
  user: AuthenticatedUser | null;
  ip: string;
  deviceId: string | null;
  userAgent: string;
  /** The raw token headers, for the procedures that manage sessions themselves (refresh, logout). */
  accessToken: string | null;
  refreshToken: string | null;
  log: FastifyBaseLogger;
}

/** The caller's user id; the gateway guarantees a user for `auth: 'required'` calls, this narrows the type. */
export function callerIdOf(context: ProcedureContext): number {
  if (!context.user) throw new ProcedureFailure(ErrorCode.NotLoggedIn);
  return context.user.userId;
}

/** The context of a procedure that requires login: the user is there. */
export type AuthenticatedContext = ProcedureContext & { user: AuthenticatedUser };

/** The output itself, the output with a success message, or (for answers many callers share) its encoded bytes. */
export type ProcedureResult<P extends ProcedureName> =
  ProcedureOutput<P> | SuccessWithMessage<ProcedureOutput<P>> | SharedAnswer;

export type ProcedureHandler<P extends ProcedureName> = (
  input: ProcedureParsedInput<P>,
  context: ProcedureContext,
) => Promise<ProcedureResult<P>>;

/** One handler per procedure of the contract; the compiler rejects a missing one. */
export type ProcedureHandlers = { [P in ProcedureName]: ProcedureHandler<P> };

/** A module's share of the handlers. */
export type HandlersFor<P extends ProcedureName> = { [K in P]: ProcedureHandler<K> };
