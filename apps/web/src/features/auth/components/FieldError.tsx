import { validationMessage } from '@coinlens/contract';

import { currentLanguage } from '@/lib/i18n';
import type { FieldProblem } from '../field-problem';

/** An inline prompt under a field: a contract rule's text in the current language, or the server's message. */
export function FieldError({ field, error }: { field: string; error: FieldProblem | undefined }) {
  if (!error) return null;
  return (
    <div className="cl-field-error" role="alert" data-testid={`field-error-${field}`}>
      {typeof error === 'string' ? validationMessage(error, currentLanguage()) : error.text}
    </div>
  );
}
