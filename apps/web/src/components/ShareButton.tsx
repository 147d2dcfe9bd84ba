import { UploadOutline } from 'antd-mobile-icons';
import { useTranslation } from '@/lib/i18n';

import { useSessionStore } from '../lib/session-store';
import { shareText, shareUrl } from '../lib/share-text';
import { showToast } from '../lib/toast';

export interface ShareButtonProps {
  title: string;
  /** The hash route and query to share, e.g. `/pages/exchange/currencyIntro/index?coin_id=bitcoin`. */
  route: string;
}

/**
 * Shares a screen as the localised share text with its link `{website}/#/{route}?{query}` and the sharer's
 * `FXH_<uid>` (decision D28): through the Web Share API where the browser has it, else the clipboard.
 */
export function ShareButton({ title, route }: ShareButtonProps) {
  const { t } = useTranslation();
  const user = useSessionStore((state) => state.user);
  const share = async () => {
    const url = shareUrl(route, window.location.origin + window.location.pathname);
    const text = shareText(t('share.text'), {
      userName: user?.authorInfo.nickname || t('share.someone'),
      title,
      url,
      uid: user?.uid ?? 0,
      appName: t('app.name'),
    });
    try {
      if (typeof navigator.share === 'function') {
        await navigator.share({ title, text, url });
        return;
      }
      await navigator.clipboard.writeText(text);
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
