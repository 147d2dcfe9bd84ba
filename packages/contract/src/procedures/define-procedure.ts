import type { z } from 'zod';

/** Who may call a procedure: anyone, anyone (with the user attached when logged in), or only a logged-in user. */
export type AuthRequirement = 'public' | 'optional' | 'required';

export interface ProcedureSpec<Input extends z.ZodType = z.ZodType, Output extends z.ZodType = z.ZodType> {
  readonly input: Input;
  readonly output: Output;
  readonly auth: AuthRequirement;
  /** Code 1000 on this procedure never sends the user to the login page (decision D19). */
  readonly sessionRedirectExempt?: boolean;
}

export function defineProcedure<Input extends z.ZodType, Output extends z.ZodType>(
  spec: ProcedureSpec<Input, Output>,
): ProcedureSpec<Input, Output> {
  return spec;
}
