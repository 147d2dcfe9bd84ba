import type { CoinListItem } from '@coinlens/contract';
import { useQuery } from '@tanstack/react-query';
import { useCallback, useLayoutEffect, useMemo, useRef, useState, type RefObject } from 'react';
import { useTranslation } from '@/lib/i18n';

import { EmptyState } from '@/components/EmptyState';
import { QueryView } from '@/components/QueryView';
import { useLiveTopics } from '@/lib/live/live-prices';
import { coinTopics } from '@/lib/live/topics';
import { formatCompactMoney } from '@/lib/money-format';
import { useSettingsStore } from '@/lib/settings-store';
import { useOpenCoin } from '@/lib/use-open-coin';
import { LEGEND } from './heat-scale';
import { heatmapCoinsQuery, sectorsQuery } from './heatmap-queries';
import { HeatTile } from './HeatTile';
import { squarify, squarifyGroups, type GroupTile, type Rect, type Tile } from './treemap';
import './heatmap.css';

export type HeatmapMode = 'coins' | 'sectors';

const GROUP_LAYOUT = { labelHeight: 16, minLabelledSide: 44 };
/** Height over width of the map: fills a 390 × 844 screen under the controls and above the legend. */
const ASPECT = 1.6;
const OTHER_SECTOR = '';

const marketCapOf = (coin: CoinListItem) => coin.market_cap ?? 0;

function useWidth(): [RefObject<HTMLDivElement | null>, number] {
  const ref = useRef<HTMLDivElement>(null);
  const [width, setWidth] = useState(0);
  useLayoutEffect(() => {
    const element = ref.current;
    if (!element) return undefined;
    setWidth(element.clientWidth);
    if (typeof ResizeObserver === 'undefined') return undefined;
    const observer = new ResizeObserver(() => setWidth(element.clientWidth));
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  return [ref, width];
}

function Legend() {
  const { t } = useTranslation();
  return (
    <div className="cl-heat-legend" data-testid="heat-legend">
      <span className="cl-heat-legend-title">{t('heatmap.legend')}</span>
      <div className="cl-heat-legend-scale" aria-hidden="true">
        {LEGEND.map((step) => (
          <span key={step.heat} className={`cl-heat-legend-step cl-heat-${step.heat}`}>
            {step.label}
          </span>
        ))}
      </div>
      <span className="cl-heat-legend-title">{t('heatmap.area')}</span>
    </div>
  );
}

function Treemap({ coins, mode }: { coins: readonly CoinListItem[]; mode: HeatmapMode }) {
  const { t, language } = useTranslation();
  const currency = useSettingsStore((state) => state.price.currency_code);
  const unit = useSettingsStore((state) => state.price.unit);
  const openCoin = useOpenCoin();
  // Asked for at once, so the names are there by the time "by sector" is chosen.
  const concepts = useQuery(sectorsQuery(currency));
  const [ref, width] = useWidth();
  const height = Math.round(width * ASPECT);
  useLiveTopics(useMemo(() => coinTopics(coins.map((coin) => coin.id)), [coins]));

  const layout = useMemo((): { groups: GroupTile<CoinListItem>[]; tiles: Tile<CoinListItem>[] } => {
    const bounds: Rect = { x: 0, y: 0, width, height };
    if (width === 0) return { groups: [], tiles: [] };
    if (mode === 'coins') return { groups: [], tiles: squarify(coins, marketCapOf, bounds) };
    const bySector = new Map<string, CoinListItem[]>();
    for (const coin of coins) {
      const key = coin.sector ?? OTHER_SECTOR;
      bySector.set(key, [...(bySector.get(key) ?? []), coin]);
    }
    const groups = squarifyGroups(
      [...bySector].map(([key, items]) => ({ key, items })),
      marketCapOf,
      bounds,
      GROUP_LAYOUT,
    );
    return { groups, tiles: groups.flatMap((group) => group.tiles) };
  }, [coins, mode, width, height]);

  /** Undefined until the names arrive (an id is no label). */
  const sectorName = (key: string) =>
    key === OTHER_SECTOR
      ? t('heatmap.other')
      : concepts.data?.list.find((concept) => concept.id === key)?.name;
  const details = useMemo(
    () =>
      new Map(
        coins.map((coin) => [
          coin.id,
          `, ${t('heatmap.tile', {
            name: coin.local_name,
            cap: formatCompactMoney(coin.market_cap, unit, language),
          })}`,
        ]),
      ),
    [coins, t, unit, language],
  );
  const open = useCallback((coin: CoinListItem) => openCoin(coin), [openCoin]);

  return (
    <div ref={ref} className="cl-heat-map" style={{ height }} data-testid={`heatmap-${mode}`}>
      {layout.tiles.map((tile) => (
        <HeatTile
          key={tile.item.id}
          coin={tile.item}
          rect={tile}
          detail={details.get(tile.item.id) ?? ''}
          onOpen={open}
        />
      ))}
      {layout.groups.map(
        (group) =>
          group.label &&
          sectorName(group.key) !== undefined && (
            <span
              key={group.key || 'other'}
              className="cl-heat-group-label"
              style={{ left: group.label.x, top: group.label.y, width: group.label.width }}
              data-testid="heat-group"
            >
              {sectorName(group.key)}
            </span>
          ),
      )}
      {layout.groups.map((group) => (
        <span
          key={`frame-${group.key}`}
          className="cl-heat-group-frame"
          style={{ left: group.x, top: group.y, width: group.width, height: group.height }}
          aria-hidden="true"
        />
      ))}
    </div>
  );
}

/** The market heatmap (issue 25): the top 100 coins by market cap, by coin or grouped by sector. */
export function Heatmap() {
  const { t } = useTranslation();
  const currency = useSettingsStore((state) => state.price.currency_code);
  const query = useQuery(heatmapCoinsQuery(currency));
  const [mode, setMode] = useState<HeatmapMode>('coins');
  return (
    <div className="cl-heatmap" data-testid="heatmap">
      <div className="cl-heat-modes" role="group" aria-label={t('heatmap.view')}>
        {(['coins', 'sectors'] as const).map((key) => (
          <button
            key={key}
            type="button"
            className="cl-heat-mode"
            aria-pressed={mode === key}
            onClick={() => setMode(key)}
            data-testid={`heatmap-mode-${key}`}
          >
            {t(key === 'coins' ? 'heatmap.byCoin' : 'heatmap.bySector')}
          </button>
        ))}
      </div>
      <QueryView query={query} testId="heatmap">
        {(answer) => {
          const coins = answer.list.filter((coin) => marketCapOf(coin) > 0);
          if (coins.length === 0)
            return (
              <EmptyState
                testId="heatmap-empty"
                title={t('heatmap.empty')}
                description={t('heatmap.emptyHint')}
              />
            );
          return <Treemap coins={coins} mode={mode} />;
        }}
      </QueryView>
      <Legend />
    </div>
  );
}
