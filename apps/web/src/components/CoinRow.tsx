import type { CoinListItem } from '@coinlens/contract';
import { memo, useMemo, useRef } from 'react';
import { useTranslation } from '@/lib/i18n';

import { Change } from './Change';
import { Logo } from './Logo';
import { Money } from './Money';
import { Sparkline } from './Sparkline';
import { coinCell, useLiveCell, writeText } from '../lib/live/live-cells';
import { ScoreBadge } from './ScoreBadge';

export const COIN_ROW_HEIGHT = 64;
/** Narrower than the default, so the market cap beside it is not cut off (see .cl-coin-row). */
const TREND_WIDTH = 48;

export interface CoinRowProps {
  coin: CoinListItem;
  onOpen: (coin: CoinListItem) => void;
  /** Hide the rank column (watch lists, search results). */
  showRank?: boolean;
}

/** The row's cells that ticks write into. */
function liveCellsOf(coinId: string) {
  return {
    rank: coinCell(coinId, 'rank'),
    marketCap: coinCell(coinId, 'circulating_market_cap'),
    price: coinCell(coinId, 'price'),
    turnover: coinCell(coinId, 'amount_24h'),
    change: coinCell(coinId, 'change_24h'),
  };
}

function writeRank(element: HTMLElement, rank: number | null): void {
  writeText(element, rank === null ? '' : String(rank));
}

/**
 * One coin: rank with its score, logo, symbol with market cap, price with 24h turnover, 7-day trend, 24h change. A
 * live tick writes its values into the row's cells without rendering it (lib/live/live-cells.ts); the price
 * flashes briefly when a tick moves it.
 */
export const CoinRow = memo(function CoinRow({ coin, onOpen, showRank = true }: CoinRowProps) {
  const { t } = useTranslation();
  const live = useMemo(() => liveCellsOf(coin.id), [coin.id]);
  const rankRef = useRef<HTMLSpanElement>(null);
  useLiveCell(rankRef, showRank ? live.rank : undefined, coin.rank, writeRank);
  return (
    <button
      type="button"
      className="cl-coin-row"
      data-testid={`coin-row-${coin.id}`}
      data-coin-id={coin.id}
      onClick={() => onOpen(coin)}
    >
      {showRank && (
        <span className="cl-rank-cell">
          <span className="cl-coin-rank" ref={rankRef}>
            {coin.rank}
          </span>
          <ScoreBadge score={coin.score} testId={`coin-score-${coin.id}`} />
        </span>
      )}
      <Logo src={coin.logo} name={coin.symbol} />
      <span className="cl-coin-name">
        <span className="cl-coin-symbol">{coin.symbol}</span>
        <span className="cl-coin-sub">
          <span className="cl-visually-hidden">{t('marketList.marketCap')} </span>
          <Money value={coin.circulating_market_cap} compact live={live.marketCap} />
        </span>
      </span>
      <span className="cl-coin-price">
        <Money value={coin.price} className="cl-price" live={live.price} flash />
        <span className="cl-coin-sub">
          <span className="cl-visually-hidden">{t('marketList.volume')} </span>
          <Money value={coin.amount_24h} compact live={live.turnover} />
        </span>
      </span>
      <Sparkline points={coin.sparkline_7d} width={TREND_WIDTH} />
      <Change value={coin.change_24h} pill live={live.change} />
    </button>
  );
});
