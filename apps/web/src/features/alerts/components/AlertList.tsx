import { useNavigate } from '@tanstack/react-router';
import { Button, Dialog } from 'antd-mobile';
import { DeleteOutline } from 'antd-mobile-icons';
import { formatDateTime, type AlertItem } from '@coinlens/contract';
import { useTranslation } from '@/lib/i18n';

import { EmptyState } from '@/components/EmptyState';
import { Logo } from '@/components/Logo';
import { QueryView } from '@/components/QueryView';
import { paths } from '@/config/paths';
import { showToast } from '@/lib/toast';
import { useAlertList, useAlertMutation } from '../api/alert-queries';
import { alertSentence, cooldownText } from '../alert-text';
import './alerts.css';

function PauseIcon() {
  return (
    <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <rect x="6.5" y="5" width="3.6" height="14" rx="1" fill="currentColor" />
      <rect x="13.9" y="5" width="3.6" height="14" rx="1" fill="currentColor" />
    </svg>
  );
}

function PlayIcon() {
  return (
    <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path
        d="M8 5.5v13a1 1 0 0 0 1.5.86l10.2-6.5a1 1 0 0 0 0-1.72L9.5 4.64A1 1 0 0 0 8 5.5Z"
        fill="currentColor"
      />
    </svg>
  );
}

function AlertRow({ alert }: { alert: AlertItem }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const mutation = useAlertMutation();
  const sentence = alertSentence(alert, t);
  const status = alert.paused
    ? t('alerts.paused')
    : alert.repeat === 'repeat'
      ? t('alerts.repeatEvery', { cooldown: cooldownText(t, alert.cooldown_minutes ?? 0) })
      : t('alerts.onceOnly');
  const lastFired =
    alert.last_fired_at === null
      ? null
      : t('alerts.lastFired', { time: formatDateTime(alert.last_fired_at, 'MM-DD HH:mm') });
  const togglePause = () =>
    mutation.mutate(
      { action: 'update', payload: { id: alert.id, paused: !alert.paused } },
      { onSuccess: (saved) => showToast(saved?.paused ? t('alerts.pausedToast') : t('alerts.resumedToast')) },
    );
  const remove = async () => {
    const confirmed = await Dialog.confirm({
      content: t('alerts.deleteConfirm'),
      confirmText: t('alerts.delete'),
      cancelText: t('common.cancel'),
    });
    if (confirmed)
      mutation.mutate(
        { action: 'delete', id: alert.id },
        { onSuccess: () => showToast(t('alerts.deleted')) },
      );
  };
  return (
    <li
      className={alert.paused ? 'cl-alert-row cl-alert-row-paused' : 'cl-alert-row'}
      data-testid={`alert-row-${alert.id}`}
      data-paused={alert.paused}
    >
      <button
        type="button"
        className="cl-alert-row-main"
        onClick={() => void navigate({ to: paths.alertEdit, search: { id: String(alert.id) } })}
        data-testid="alert-row-edit"
      >
        <Logo src={alert.coin_logo} name={alert.coin_symbol} size={32} />
        <span className="cl-alert-row-text">
          <span className="cl-alert-row-title">
            <span className="cl-alert-row-symbol">{alert.coin_symbol}</span>
            <span className="cl-alert-row-sentence" data-testid="alert-sentence">
              {sentence}
            </span>
          </span>
          <span className="cl-alert-row-sub">
            <span className={alert.paused ? 'cl-alert-badge cl-alert-badge-paused' : 'cl-alert-badge'}>
              {status}
            </span>
            {lastFired && <span>{lastFired}</span>}
          </span>
        </span>
      </button>
      <button
        type="button"
        className="cl-icon-button cl-alert-row-action"
        aria-label={alert.paused ? t('alerts.resume') : t('alerts.pause')}
        aria-pressed={alert.paused}
        disabled={mutation.isPending}
        onClick={togglePause}
        data-testid="alert-toggle"
      >
        {alert.paused ? <PlayIcon /> : <PauseIcon />}
      </button>
      <button
        type="button"
        className="cl-icon-button cl-alert-row-action cl-alert-row-delete"
        aria-label={t('alerts.delete')}
        disabled={mutation.isPending}
        onClick={() => void remove()}
        data-testid="alert-delete-row"
      >
        <DeleteOutline aria-hidden="true" />
      </button>
    </li>
  );
}

/** The user's alerts with the count against the limit; tapping one edits it. */
export function AlertList() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const query = useAlertList();
  return (
    <QueryView query={query} testId="alerts">
      {(data) => (
        <div data-testid="alert-list">
          <div className="cl-alert-bar">
            <span data-testid="alert-count">
              {t('alerts.count', { count: data.list.length, limit: data.limit })}
            </span>
          </div>
          {data.list.length === 0 ? (
            <EmptyState
              testId="alerts-empty"
              title={t('alerts.empty.title')}
              description={t('alerts.empty.description')}
              action={
                <Button
                  color="primary"
                  size="small"
                  onClick={() => void navigate({ to: paths.market })}
                  data-testid="alerts-empty-markets"
                >
                  {t('alerts.empty.action')}
                </Button>
              }
            />
          ) : (
            <ul className="cl-alert-list">
              {data.list.map((alert) => (
                <AlertRow key={alert.id} alert={alert} />
              ))}
            </ul>
          )}
        </div>
      )}
    </QueryView>
  );
}
