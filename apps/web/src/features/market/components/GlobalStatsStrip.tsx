import { useQuery, useQueryClient } from '@tanstack/react-query';
import { formatPercent } from '@coinlens/contract';
import { RedoOutline } from 'antd-mobile-icons';
import { useTranslation } from '@/lib/i18n';

import { Change } from '@/components/Change';
import { DataAge } from '@/components/DataAge';
import { Money } from '@/components/Money';
import { useSettingsStore } from '@/lib/settings-store';
import { outcomeOf } from '@/lib/offline/network-failure';
import { useLastSnapshot } from '@/lib/offline/use-last-snapshot';
import { marketQueries } from '../api/market-queries';
import { marketSnapshots } from '../api/market-snapshots';
import { GLOBAL_TOPIC, useLiveTopics } from '@/lib/live/live-prices';
import './global-stats.css';

const LIVE_GLOBAL = [GLOBAL_TOPIC];

/**
 * The market at a glance: total market cap with its 24h change, 24h turnover, BTC dominance and the
 * rising / falling split. A failed call shows a one-line retry, never zeros.
 */
export function GlobalStatsStrip() {
  const { t } = useTranslation();
  const currency = useSettingsStore((state) => state.price.currency_code);
  const manual = useSettingsStore((state) => state.refreshRate === 'manual');
  const queryClient = useQueryClient();
  const query = useQuery(marketQueries.globalStats(currency));
  // Offline, the kept figures stand in; their own `as_of` shows how old they are.
  const kept = useLastSnapshot({
    store: marketSnapshots.globalStats,
    scope: currency,
    fresh: query.data,
    receivedAt: query.dataUpdatedAt,
    outcome: outcomeOf(query),
  });
  useLiveTopics(LIVE_GLOBAL);
  const stats = query.data ?? kept?.value;
  if (stats === undefined) {
    return (
      <div className="cl-global-strip cl-global-strip-placeholder" data-testid="global-stats">
        {query.error ? (
          <button
            type="button"
            className="cl-global-retry"
            onClick={() => void query.refetch()}
            data-testid="global-stats-error"
          >
            {t('data.loadFailed')} · {t('data.retry')}
          </button>
        ) : null}
      </div>
    );
  }
  const total = stats.rising + stats.falling + stats.unchanged;
  const risingShare = total > 0 ? (stats.rising / total) * 100 : 50;
  return (
    <section className="cl-global" aria-label={t('marketList.globalTitle')} data-testid="global-stats">
      <div className="cl-global-strip">
        <div className="cl-global-cell">
          <span className="cl-global-label">{t('marketList.totalMarketCap')}</span>
          <Money className="cl-global-value" value={stats.total_market_cap} compact />
          <Change value={stats.market_cap_change_24h} className="cl-global-change" />
        </div>
        <div className="cl-global-cell">
          <span className="cl-global-label">{t('marketList.totalVolume')}</span>
          <Money className="cl-global-value" value={stats.total_volume_24h} compact />
        </div>
        <div className="cl-global-cell">
          <span className="cl-global-label">{t('marketList.btcDominance')}</span>
          <span className="cl-global-value">{formatPercent(stats.btc_dominance).replace('+', '')}</span>
        </div>
        {manual && (
          <button
            type="button"
            className="cl-global-refresh"
            aria-label={t('data.refresh')}
            onClick={() => void queryClient.refetchQueries({ type: 'active' })}
            data-testid="market-refresh"
          >
            <RedoOutline aria-hidden="true" />
          </button>
        )}
      </div>
      <div className="cl-breadth" data-testid="market-breadth">
        <span className="cl-up">{t('marketList.rising', { count: stats.rising })}</span>
        <span className="cl-breadth-bar" aria-hidden="true">
          <span className="cl-breadth-rising" style={{ width: `${risingShare}%` }} />
        </span>
        <span className="cl-down">{t('marketList.falling', { count: stats.falling })}</span>
      </div>
      <DataAge asOf={stats.as_of} stale={stats.stale} />
    </section>
  );
}
