import { useTranslation } from '@/lib/i18n';

import { reloadPage } from '../lib/location';

export interface ErrorViewProps {
  /** What a tap does; reloading the page by default. */
  onRetry?: () => void;
  message?: string;
}

/** The page-load / crash error view: the whole area is one button. Kept light: it is part of the first load. */
export function ErrorView({ onRetry = reloadPage, message }: ErrorViewProps) {
  const { t } = useTranslation();
  return (
    <button type="button" className="cl-error-view" data-testid="page-error" onClick={onRetry}>
      <svg className="cl-error-icon" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
        <circle cx="12" cy="12" r="9.5" fill="none" stroke="currentColor" strokeWidth="1.6" />
        <path d="M12 7v6.5" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" />
        <circle cx="12" cy="16.8" r="1.1" fill="currentColor" />
      </svg>
      <span className="cl-error-title">{message ?? t('pageLoad.error')}</span>
      <span className="cl-error-action">{t('pageLoad.tapToReload')}</span>
    </button>
  );
}
