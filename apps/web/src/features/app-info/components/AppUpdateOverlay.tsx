import { Button } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import type { VersionInfo } from '@coinlens/contract';

/** Only http(s) download links are opened. */
function safeDownloadUrl(url: string): string | null {
  try {
    const parsed = new URL(url, window.location.href);
    return parsed.protocol === 'http:' || parsed.protocol === 'https:' ? parsed.href : null;
  } catch {
    return null;
  }
}

/**
 * The spec's "app-update page": a transparent overlay that fades in when version_check reports a newer
 * release (see AppUpdateCheck). A forced update cannot be dismissed.
 */
export default function AppUpdateOverlay({ data }: { data: VersionInfo }) {
  const { t } = useTranslation();
  const [dismissed, setDismissed] = useState(false);
  if (!data.has_update || (dismissed && !data.force_update)) return null;
  const downloadUrl = safeDownloadUrl(data.download_url);
  return (
    <div
      className="cl-update-overlay"
      role="dialog"
      aria-modal="true"
      aria-labelledby="cl-update-title"
      data-testid="app-update"
    >
      <div className="cl-update-card">
        <h2 id="cl-update-title" className="cl-update-title">
          {t('update.title', { version: data.display_version })}
        </h2>
        {data.release_notes && <p className="cl-update-notes">{data.release_notes}</p>}
        {data.force_update && <p className="cl-update-force">{t('update.required')}</p>}
        <div className="cl-update-actions">
          {downloadUrl && (
            <Button
              block
              color="primary"
              onClick={() => {
                window.open(downloadUrl, '_blank', 'noopener');
              }}
            >
              {t('update.download')}
            </Button>
          )}
          {!data.force_update && (
            <Button block fill="none" onClick={() => setDismissed(true)}>
              {t('update.later')}
            </Button>
          )}
        </div>
      </div>
    </div>
  );
}
