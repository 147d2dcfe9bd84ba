import { validationMessage, type ValidationMessageKey } from '@coinlens/contract';

import { currentLanguage } from '../../../lib/i18n';

/** An inline validation prompt under a field (texts from the contract, in the current language). */
export function FieldError({ field, error }: { field: string; error: ValidationMessageKey | undefined }) {
  if (!error) return null;
  return (
    <div className="cl-field-error" role="alert" data-testid={`field-error-${field}`}>
      {validationMessage(error, currentLanguage())}
    </div>
  );
}
