import { ExclamationCircleOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';

import { reloadPage } from '../lib/location';

export interface ErrorViewProps {
  /** What a tap does; reloading the page by default (spec §2: "clicking the error view reloads the page"). */
  onRetry?: () => void;
  message?: string;
}

/** The page-load / crash error view: the whole area is one button. Kept light: it is part of the first load. */
export function ErrorView({ onRetry = reloadPage, message }: ErrorViewProps) {
  const { t } = useTranslation();
  return (
    <button type="button" className="cl-error-view" data-testid="page-error" onClick={onRetry}>
      <ExclamationCircleOutline className="cl-error-icon" aria-hidden="true" />
      <span className="cl-error-title">{message ?? t('pageLoad.error')}</span>
      <span className="cl-error-action">{t('pageLoad.tapToReload')}</span>
    </button>
  );
}
