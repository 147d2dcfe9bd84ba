import { UploadOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';

import { showToast } from '../lib/toast';

export interface ShareButtonProps {
  title: string;
  /** The hash route and query to share, e.g. `/pages/exchange/currencyIntro/index?coin_id=bitcoin`. */
  route: string;
}

/** The web share link of a screen: `{website}/#/{route}?{query}` (spec §2). */
export function shareUrl(
  route: string,
  origin: string = window.location.origin + window.location.pathname,
): string {
  return `${origin.replace(/\/$/, '')}/#${route}`;
}

/** Shares through the Web Share API where the browser has it, else copies the link. */
export function ShareButton({ title, route }: ShareButtonProps) {
  const { t } = useTranslation();
  const share = async () => {
    const url = shareUrl(route);
    try {
      if (typeof navigator.share === 'function') {
        await navigator.share({ title, url });
        return;
      }
      await navigator.clipboard.writeText(url);
      showToast(t('share.copied'));
    } catch (error) {
      if (error instanceof DOMException && error.name === 'AbortError') return;
      showToast(t('share.failed'));
    }
  };
  return (
    <button
      type="button"
      className="cl-icon-button"
      aria-label={t('share.action')}
      onClick={() => void share()}
      data-testid="share"
    >
      <UploadOutline aria-hidden="true" />
    </button>
  );
}
