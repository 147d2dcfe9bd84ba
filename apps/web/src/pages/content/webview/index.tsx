import { useTranslation } from '@/lib/i18n';

import { EmptyState } from '@/components/EmptyState';
import type { WebviewSearch } from '@/config/search-params';
import { httpUrl } from '@/lib/url';

/**
 * Embedded web page (param url). The frame is sandboxed without the allow-scripts + allow-same-origin pair,
 * so an embedded page can never lift its own sandbox.
 */
export default function WebviewPage({ url }: WebviewSearch) {
  const { t } = useTranslation();
  const src = httpUrl(url);
  if (!src) {
    return (
      <div data-testid="page-webview">
        <EmptyState testId="webview-blocked" title={t('webview.unsupported')} description={url ?? ''} />
      </div>
    );
  }
  return (
    <div className="cl-webview" data-testid="page-webview">
      <iframe
        className="cl-webview-frame"
        src={src.href}
        title={src.host}
        sandbox="allow-scripts allow-forms allow-popups allow-popups-to-escape-sandbox"
        referrerPolicy="no-referrer"
        loading="lazy"
        data-testid="webview-frame"
      />
    </div>
  );
}
