import type { ExchangeListItem } from '@coinlens/contract';
import { memo, type ReactNode } from 'react';
import { useTranslation } from '@/lib/i18n';

import { Logo } from './Logo';
import { Money } from './Money';
import { btcText } from '../lib/fact-format';
import { useDisplayLanguage } from '../lib/use-display-language';
import { ScoreBadge } from './ScoreBadge';
import './exchange-row.css';

export const EXCHANGE_ROW_HEIGHT = 64;

export interface ExchangeRowProps {
  exchange: ExchangeListItem;
  onOpen: (exchange: ExchangeListItem) => void;
  showRank?: boolean;
  /** Beside the row, outside its open button (the follow star); keep it stable, the row is memoised. */
  renderAction?: (exchange: ExchangeListItem) => ReactNode;
}

/** One exchange: rank with its score, logo, name with kind and coin count, 24h turnover (and in BTC), pairs, an action. */
export const ExchangeRow = memo(function ExchangeRow({
  exchange,
  onOpen,
  showRank = true,
  renderAction,
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
        <Logo src={exchange.logo} name={exchange.local_name || exchange.name} />
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
      {renderAction?.(exchange)}
    </div>
  );
});
