import { useTranslation } from '@/lib/i18n';

import { EmptyState } from '@/components/EmptyState';
import { FRAME_ORIGINS } from '@/config/app';
import type { WebviewSearch } from '@/config/search-params';
import { isFrameable } from '@/lib/frame-policy';
import { httpUrl } from '@/lib/url';

import { LeavingNotice } from './LeavingNotice';
import './webview.css';

/**
 * Embedded web page (param url), reached from links, `url` pushes and the shared-link dialog. Only our own
 * pages and configured partners are framed; any other destination gets a notice naming it. Frames may run
 * scripts but get no forms, popups, top navigation or same-origin access, so a framed page can neither lift
 * its sandbox nor pose as a sign-in form; the CSP's frame-src holds the same list.
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
  if (!isFrameable(src, { ownOrigin: window.location.origin, partnerOrigins: FRAME_ORIGINS })) {
    return (
      <div data-testid="page-webview">
        <LeavingNotice url={src} />
      </div>
    );
  }
  return (
    <div className="cl-webview" data-testid="page-webview">
      <iframe
        className="cl-webview-frame"
        src={src.href}
        title={src.host}
        sandbox="allow-scripts"
        referrerPolicy="no-referrer"
        loading="lazy"
        data-testid="webview-frame"
      />
    </div>
  );
}
