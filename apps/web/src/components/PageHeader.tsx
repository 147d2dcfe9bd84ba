import { LeftOutline } from 'antd-mobile-icons';
import type { ReactNode } from 'react';
import { useTranslation } from '@/lib/i18n';

export interface PageHeaderProps {
  title: string;
  /** Shows the back arrow (every non-tab page). */
  onBack?: (() => void) | undefined;
  right?: ReactNode;
}

/** The header of every page: translated title, back arrow on non-tab pages (a plain bar: antd's NavBar
 * wraps its left side in a role=button, which nests our back button inside another control). */
export function PageHeader({ title, onBack, right }: PageHeaderProps) {
  const { t } = useTranslation();
  return (
    <header className="cl-page-header">
      <div className="cl-nav">
        <div className="cl-nav-side">
          {onBack && (
            <button
              type="button"
              className="cl-back"
              aria-label={t('common.back')}
              onClick={onBack}
              data-testid="page-back"
            >
              <LeftOutline aria-hidden="true" />
            </button>
          )}
        </div>
        <h1 className="cl-page-title" data-testid="page-title">
          {title}
        </h1>
        <div className="cl-nav-side cl-nav-right">{right}</div>
      </div>
    </header>
  );
}
