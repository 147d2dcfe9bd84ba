import { Button, ProgressBar, SpinLoading } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from '@/lib/i18n';

import type { VersionInfo } from '@coinlens/contract';

import { acceptWorkerUpdate, checkForWorkerUpdate } from '../update/follow-worker-updates';
import type { UpdateStage } from '../update/update-stage';
import type { DownloadProgress } from '../update/worker-update-store';
import './app-update.css';

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
 * "Update now" on a release only version_check knows of: the service worker is asked for the new build; if
 * the server serves none, the release's download link opens, else a fresh load is the update.
 */
async function startAnnouncedUpdate(downloadUrl: string | null): Promise<void> {
  if (await checkForWorkerUpdate({ userAsked: true })) return;
  if (downloadUrl) window.open(downloadUrl, '_blank', 'noopener');
  else window.location.reload();
}

function percent(progress: DownloadProgress | null): number {
  return progress && progress.total > 0 ? Math.round((progress.done / progress.total) * 100) : 0;
}

export interface AppUpdateOverlayProps {
  stage: Exclude<UpdateStage, 'idle'>;
  /** The release version_check announced, if any (its version, notes, whether it is forced). */
  announced: VersionInfo | null;
  progress: DownloadProgress | null;
}

/**
 * The spec's "app-update page": a transparent overlay that fades in with the update's state — found,
 * downloading, download complete, installing, installed (restart), failed (retry). See update-stage.ts for
 * how the states follow the service worker. A forced update cannot be dismissed.
 */
export default function AppUpdateOverlay({ stage, announced, progress }: AppUpdateOverlayProps) {
  const { t } = useTranslation();
  const [dismissed, setDismissed] = useState(false);
  const forced = announced?.force_update ?? false;
  if (dismissed && !forced && stage !== 'installed') return null;
  const canPutOff = !forced && stage !== 'installing' && stage !== 'installed';
  const busy = stage === 'installing';
  return (
    <div
      className="cl-update-overlay"
      role="dialog"
      aria-modal="true"
      aria-labelledby="cl-update-title"
      data-testid="app-update"
      data-stage={stage}
    >
      <div className="cl-update-card">
        <h2 id="cl-update-title" className="cl-update-title">
          {announced ? t('update.title', { version: announced.display_version }) : t('update.titleNew')}
        </h2>
        {announced?.release_notes && <p className="cl-update-notes">{announced.release_notes}</p>}
        {forced && <p className="cl-update-force">{t('update.required')}</p>}
        <p className="cl-update-stage" role="status" aria-live="polite" data-testid="app-update-stage">
          {busy && <SpinLoading style={{ '--size': '16px' }} />}
          {t(`update.stage.${stage}`)}
        </p>
        {stage === 'downloading' && (
          <ProgressBar percent={percent(progress)} className="cl-update-progress" aria-hidden="true" />
        )}
        <div className="cl-update-actions">
          {stage === 'found' && announced && !progress && (
            <Button
              block
              color="primary"
              onClick={() => void startAnnouncedUpdate(safeDownloadUrl(announced.download_url))}
            >
              {t('update.download')}
            </Button>
          )}
          {stage === 'downloaded' && (
            <Button
              block
              color="primary"
              onClick={() => void acceptWorkerUpdate()}
              data-testid="app-update-accept"
            >
              {t('update.download')}
            </Button>
          )}
          {stage === 'installed' && (
            <Button
              block
              color="primary"
              onClick={() => window.location.reload()}
              data-testid="app-update-restart"
            >
              {t('update.restart')}
            </Button>
          )}
          {stage === 'failed' && (
            <Button
              block
              color="primary"
              onClick={() => void checkForWorkerUpdate({ userAsked: true })}
              data-testid="app-update-retry"
            >
              {t('update.retry')}
            </Button>
          )}
          {canPutOff && (
            <Button block fill="none" onClick={() => setDismissed(true)} data-testid="app-update-later">
              {t('update.later')}
            </Button>
          )}
        </div>
      </div>
    </div>
  );
}
