import type { CoinListItem } from '@coinlens/contract';
import { memo } from 'react';
import { useTranslation } from '@/lib/i18n';

import { Change } from './Change';
import { Logo } from './Logo';
import { Money } from './Money';
import { Sparkline } from './Sparkline';
import { useFlash } from '../lib/use-flash';
import { ScoreBadge } from './ScoreBadge';

export const COIN_ROW_HEIGHT = 64;

export interface CoinRowProps {
  coin: CoinListItem;
  onOpen: (coin: CoinListItem) => void;
  /** Hide the rank column (watch lists, search results). */
  showRank?: boolean;
}

/**
 * One coin: rank with its score, logo, symbol with market cap, price with 24h turnover, 7-day trend, 24h change. The price
 * flashes briefly when a live tick moves it.
 */
export const CoinRow = memo(function CoinRow({ coin, onOpen, showRank = true }: CoinRowProps) {
  const { t } = useTranslation();
  const priceRef = useFlash<HTMLSpanElement>(coin.price);
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
          <span className="cl-coin-rank">{coin.rank}</span>
          <ScoreBadge score={coin.score} testId={`coin-score-${coin.id}`} />
        </span>
      )}
      <Logo src={coin.logo} />
      <span className="cl-coin-name">
        <span className="cl-coin-symbol">{coin.symbol}</span>
        <span className="cl-coin-sub">
          <span className="cl-visually-hidden">{t('marketList.marketCap')} </span>
          <Money value={coin.circulating_market_cap} compact />
        </span>
      </span>
      <span className="cl-coin-price">
        <Money value={coin.price} className="cl-price" ref={priceRef} />
        <span className="cl-coin-sub">
          <span className="cl-visually-hidden">{t('marketList.volume')} </span>
          <Money value={coin.amount_24h} compact />
        </span>
      </span>
      <Sparkline points={coin.sparkline_7d} />
      <Change value={coin.change_24h} pill />
    </button>
  );
});
