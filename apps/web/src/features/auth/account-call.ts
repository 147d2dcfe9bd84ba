import { z } from 'zod';

import {
  ErrorCode,
  TransportError,
  type GatewayAnswer,
  type ProcedureInput,
  type ProcedureName,
  type ProcedureOutput,
} from '@coinlens/contract';

import { contractRedirectExempt } from '@/lib/gateway/app-gateway';
import { gateway } from '@/lib/gateway/gateway';
import { showToast } from '@/lib/toast';

/**
 * Why an account call did not succeed. `field`: the server named a field (50500 with `data.field`, or a code the
 * caller ties to a field); its localised `message` is not shown yet — the form puts it under the field or toasts
 * it. `shown`: the user has already been told (a gateway toast, the session-expired message, or a toast here).
 */
export type AccountFailure =
  { ok: false; kind: 'field'; field: string; message: string } | { ok: false; kind: 'shown' };

export type AccountResult<T> = { ok: true; data: T; message: string } | AccountFailure;

export interface AccountCallOptions {
  /** Codes that are about one field, e.g. 40005 → `original_password`. */
  fieldOfCode?: Readonly<Partial<Record<number, string>>>;
}

const SHOWN: AccountFailure = { ok: false, kind: 'shown' };

const namedField = z.object({ field: z.string().min(1) });

function fieldOf(code: number, data: unknown, options: AccountCallOptions): string | null {
  if (code === ErrorCode.ParameterInvalid) {
    const parsed = namedField.safeParse(data);
    return parsed.success ? parsed.data.field : null;
  }
  return options.fieldOfCode?.[code] ?? null;
}

/** 1000, and a 1003 no refresh could cure, already toasted the session message (unless the procedure is exempt). */
function toastedByGateway(procedure: ProcedureName, code: number): boolean {
  const sessionCode = code === ErrorCode.SessionExpired || code === ErrorCode.TokenInvalid;
  return sessionCode && !contractRedirectExempt(procedure);
}

/**
 * Calls an account procedure through the app gateway and sorts the answer. Transport failures (network, 413, 429
 * with 802009, 451) were handled by the gateway; other codes are toasted with their localised `msg`.
 */
export async function callAccount<P extends ProcedureName>(
  procedure: P,
  payload: ProcedureInput<P>,
  options: AccountCallOptions = {},
): Promise<AccountResult<ProcedureOutput<P>>> {
  let answer: GatewayAnswer<ProcedureOutput<P>>;
  try {
    answer = await gateway.request(procedure, payload);
  } catch (error) {
    if (error instanceof TransportError) return SHOWN;
    throw error;
  }
  if (answer.code === ErrorCode.Success) return { ok: true, data: answer.data, message: answer.msg };
  const field = fieldOf(answer.code, answer.data, options);
  if (field !== null) return { ok: false, kind: 'field', field, message: answer.msg };
  if (!toastedByGateway(procedure, answer.code)) showToast(answer.msg);
  return SHOWN;
}
