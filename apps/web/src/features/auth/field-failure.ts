import { showToast } from '@/lib/toast';
import type { AccountFailure } from './account-call';
import { serverProblem, type FieldProblem } from './field-problem';

/**
 * Where a failed account call's message goes: under the form field the server named when the form shows it
 * (`formFieldOf` answers null otherwise), else into a toast. Returns the errors to show on the form, or null.
 */
export function placeFieldFailure<F extends string>(
  failure: AccountFailure,
  formFieldOf: (serverField: string) => F | null,
): Partial<Record<F, FieldProblem>> | null {
  if (failure.kind === 'shown') return null;
  const field = formFieldOf(failure.field);
  if (field === null) {
    showToast(failure.message);
    return null;
  }
  const errors: Partial<Record<F, FieldProblem>> = {};
  errors[field] = serverProblem(failure.message);
  return errors;
}
