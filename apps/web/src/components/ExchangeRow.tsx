import type { ExchangeListItem } from '@coinlens/contract';
import { memo } from 'react';
import { useTranslation } from 'react-i18next';

import { Logo } from './Logo';
import { Money } from './Money';
import { btcText } from '../lib/fact-format';
import { useDisplayLanguage } from '../lib/use-display-language';
import { FollowButton } from '../features/watchlists/components/FollowButton';
import { ScoreBadge } from './ScoreBadge';
import '../features/market/components/exchange-list.css';

export const EXCHANGE_ROW_HEIGHT = 64;

export interface ExchangeRowProps {
  exchange: ExchangeListItem;
  onOpen: (exchange: ExchangeListItem) => void;
  showRank?: boolean;
}

/** One exchange: rank with its score, logo, name with kind and coin count, 24h turnover (and in BTC), pairs, follow star. */
export const ExchangeRow = memo(function ExchangeRow({
  exchange,
  onOpen,
  showRank = true,
}: ExchangeRowProps) {
  const { t } = useTranslation();
  const language = useDisplayLanguage();
  return (
    <div className="cl-coin-row cl-exchange-row" data-testid={`exchange-row-${exchange.id}`}>
      <button type="button" className="cl-exchange-open" onClick={() => onOpen(exchange)}>
        {showRank && (
          <span className="cl-rank-cell">
            <span className="cl-coin-rank">{exchange.ex_rank}</span>
            <ScoreBadge score={exchange.score} testId={`exchange-score-${exchange.id}`} />
          </span>
        )}
        <Logo src={exchange.logo} />
        <span className="cl-coin-name">
          <span className="cl-coin-symbol">{exchange.local_name || exchange.name}</span>
          <span className="cl-coin-sub">
            {exchange.kind === 'dex' && <span className="cl-dex-badge">{t('exchanges.kind.dex')}</span>}
            {t('exchanges.coins', { count: exchange.coin_count })}
          </span>
        </span>
        <span className="cl-coin-price cl-exchange-volume">
          <Money value={exchange.amount_24h} compact className="cl-exchange-amount" />
          <span className="cl-coin-sub">{btcText(exchange.volume_24h_btc, language)}</span>
        </span>
        <span
          className="cl-exchange-pairs"
          aria-label={t('exchanges.pairsLabel', { count: exchange.pair_count })}
        >
          {exchange.pair_count}
        </span>
      </button>
      <FollowButton kind="exchange" id={exchange.id} compact />
    </div>
  );
});
