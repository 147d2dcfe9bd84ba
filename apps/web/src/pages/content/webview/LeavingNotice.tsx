import { Button } from 'antd-mobile';

import { paths } from '@/config/paths';
import { useGoBack } from '@/features/auth/use-go-back';
import { useTranslation } from '@/lib/i18n';

export interface LeavingNoticeProps {
  url: URL;
}

/**
 * Shown instead of framing a page that is neither ours nor a configured partner's: inside our frame a
 * foreign page could pass for the app ("session expired, sign in"), so it is named and opened outside.
 */
export function LeavingNotice({ url }: LeavingNoticeProps) {
  const { t } = useTranslation();
  const goBack = useGoBack(paths.market);
  return (
    <section className="cl-leaving" aria-labelledby="cl-leaving-title" data-testid="webview-leaving">
      <svg className="cl-leaving-art" viewBox="0 0 48 48" aria-hidden="true" focusable="false">
        <rect x="6" y="10" width="28" height="28" rx="5" className="cl-leaving-box" />
        <path d="M24 6h18v18M42 6 22 26" className="cl-leaving-arrow" />
      </svg>
      <h1 id="cl-leaving-title" className="cl-leaving-title">
        {t('webview.leaving.title')}
      </h1>
      <p className="cl-leaving-lead">{t('webview.leaving.lead')}</p>
      <p className="cl-leaving-host" data-testid="webview-leaving-host">
        {url.host}
      </p>
      <p className="cl-leaving-url" data-testid="webview-leaving-url">
        {url.href}
      </p>
      <p className="cl-leaving-warning">{t('webview.leaving.warning')}</p>
      <div className="cl-leaving-actions">
        <Button
          block
          color="primary"
          onClick={() => {
            window.open(url.href, '_blank', 'noopener,noreferrer');
          }}
        >
          {t('webview.leaving.open')}
        </Button>
        <Button block onClick={goBack}>
          {t('webview.leaving.back')}
        </Button>
      </div>
    </section>
  );
}
