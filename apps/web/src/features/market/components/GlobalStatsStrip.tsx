import { useQuery, useQueryClient } from '@tanstack/react-query';
import { formatPercent } from '@coinlens/contract';
import { RedoOutline } from 'antd-mobile-icons';
import { useRef } from 'react';
import { useTranslation } from '@/lib/i18n';

import { Change } from '@/components/Change';
import { DataAge } from '@/components/DataAge';
import { Money } from '@/components/Money';
import { useSettingsStore } from '@/lib/settings-store';
import { outcomeOf } from '@/lib/offline/network-failure';
import { useLastSnapshot } from '@/lib/offline/use-last-snapshot';
import { marketQueries } from '../api/market-queries';
import { marketSnapshots } from '../api/market-snapshots';
import { globalCell, useLiveCell, writeText, type LiveGlobalField } from '@/lib/live/live-cells';
import { useLiveTopics } from '@/lib/live/live-prices';
import { GLOBAL_TOPIC } from '@/lib/live/topics';
import './global-stats.css';

const LIVE_GLOBAL = [GLOBAL_TOPIC];
/** The figures ticks write straight into the strip (lib/live/live-cells.ts), without rendering it. */
const LIVE = {
  marketCap: globalCell('total_market_cap'),
  volume: globalCell('total_volume_24h'),
  dominance: globalCell('btc_dominance'),
  rising: globalCell('rising'),
  falling: globalCell('falling'),
  unchanged: globalCell('unchanged'),
};

type Breadth = Record<'rising' | 'falling' | 'unchanged', number>;

function dominanceText(share: number | null): string {
  return formatPercent(share).replace('+', '');
}

/** The rising coins' share of the breadth bar, in percent; half when nothing is counted. */
function risingShareOf({ rising, falling, unchanged }: Breadth): number {
  const total = rising + falling + unchanged;
  return total > 0 ? (rising / total) * 100 : 50;
}

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
  const dominanceRef = useRef<HTMLSpanElement>(null);
  const risingRef = useRef<HTMLSpanElement>(null);
  const fallingRef = useRef<HTMLSpanElement>(null);
  const barRef = useRef<HTMLSpanElement>(null);
  const breadth = useRef<Breadth>({ rising: 0, falling: 0, unchanged: 0 });
  if (stats) breadth.current = { rising: stats.rising, falling: stats.falling, unchanged: stats.unchanged };
  useLiveCell(dominanceRef, LIVE.dominance, stats?.btc_dominance, (element, share) =>
    writeText(element, dominanceText(share)),
  );
  useLiveCell(risingRef, LIVE.rising, stats?.rising, (element, count) =>
    writeText(element, t('marketList.rising', { count: count ?? 0 })),
  );
  useLiveCell(fallingRef, LIVE.falling, stats?.falling, (element, count) =>
    writeText(element, t('marketList.falling', { count: count ?? 0 })),
  );
  const showBreadth =
    (field: keyof Breadth & LiveGlobalField) => (element: HTMLElement, count: number | null) => {
      breadth.current = { ...breadth.current, [field]: count ?? 0 };
      element.style.width = `${risingShareOf(breadth.current)}%`;
    };
  useLiveCell(barRef, LIVE.rising, stats?.rising, showBreadth('rising'));
  useLiveCell(barRef, LIVE.falling, stats?.falling, showBreadth('falling'));
  useLiveCell(barRef, LIVE.unchanged, stats?.unchanged, showBreadth('unchanged'));
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
  return (
    <section className="cl-global" aria-label={t('marketList.globalTitle')} data-testid="global-stats">
      <div className="cl-global-strip">
        <div className="cl-global-cell">
          <span className="cl-global-label">{t('marketList.totalMarketCap')}</span>
          <Money className="cl-global-value" value={stats.total_market_cap} compact live={LIVE.marketCap} />
          <Change value={stats.market_cap_change_24h} className="cl-global-change" />
        </div>
        <div className="cl-global-cell">
          <span className="cl-global-label">{t('marketList.totalVolume')}</span>
          <Money className="cl-global-value" value={stats.total_volume_24h} compact live={LIVE.volume} />
        </div>
        <div className="cl-global-cell">
          <span className="cl-global-label">{t('marketList.btcDominance')}</span>
          <span className="cl-global-value" ref={dominanceRef}>
            {dominanceText(stats.btc_dominance)}
          </span>
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
        <span className="cl-up" ref={risingRef}>
          {t('marketList.rising', { count: stats.rising })}
        </span>
        <span className="cl-breadth-bar" aria-hidden="true">
          <span
            className="cl-breadth-rising"
            ref={barRef}
            style={{ width: `${risingShareOf(breadth.current)}%` }}
          />
        </span>
        <span className="cl-down" ref={fallingRef}>
          {t('marketList.falling', { count: stats.falling })}
        </span>
      </div>
      <DataAge asOf={stats.as_of} stale={stats.stale} />
    </section>
  );
}
