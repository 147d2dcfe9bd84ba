import { formatPercent, type PortfolioHolding } from '@coinlens/contract';
import { memo, useRef } from 'react';
import { useTranslation } from '@/lib/i18n';

import { directionOf } from '@/components/Change';
import { Logo } from '@/components/Logo';
import { coinCell, useLiveCell } from '@/lib/live/live-cells';
import { formatMoney } from '@/lib/money-format';
import type { LivePortfolio } from '../live-portfolio';
import { formatAmount, formatSignedMoney } from '../portfolio-format';

export interface HoldingRowProps {
  holding: PortfolioHolding;
  live: LivePortfolio;
  unit: string;
  onOpen: (coinId: string) => void;
}

/**
 * One holding: coin, amount, value, average cost, unrealised P&L. The row's price and 24 h change are live
 * cells; a tick hands them to the portfolio, which rewrites this row, the totals and the allocation.
 */
export const HoldingRow = memo(function HoldingRow({ holding, live, unit, onOpen }: HoldingRowProps) {
  const { t } = useTranslation();
  const id = holding.coin_id;
  const quote = live.quote(id);
  const valuation = live.valuation(id);
  const closed = holding.amount === 0;
  // The value cell is the live cell of the coin's price and change; the portfolio writes what they move.
  const valueRef = useRef<HTMLSpanElement | null>(null);
  const registerValue = live.holdingRef(id, 'value');
  useLiveCell(valueRef, closed ? undefined : coinCell(id, 'price'), quote.price, (_element, price) =>
    live.update(id, { price }),
  );
  useLiveCell(
    valueRef,
    closed ? undefined : coinCell(id, 'change_24h'),
    quote.change24h,
    (_element, change24h) => live.update(id, { change24h }),
  );
  return (
    <li>
      <button type="button" className="cl-pf-row" data-testid={`holding-${id}`} onClick={() => onOpen(id)}>
        <Logo src={holding.logo} name={holding.symbol} />
        <span className="cl-pf-row-name">
          <span className="cl-pf-symbol">{holding.symbol}</span>
          <span className="cl-pf-sub" data-testid={`holding-amount-${id}`}>
            {formatAmount(holding.amount)}
          </span>
        </span>
        <span className="cl-pf-row-cost">
          <span className="cl-pf-sub">{t('portfolio.avgCost')}</span>
          <span className="cl-pf-sub-strong">{formatMoney(holding.average_cost, unit)}</span>
        </span>
        <span className="cl-pf-row-value">
          <span
            className="cl-pf-value"
            ref={(element) => {
              valueRef.current = element;
              registerValue(element);
            }}
            data-testid={`holding-value-${id}`}
          >
            {closed ? formatMoney(0, unit) : formatMoney(valuation.value, unit)}
          </span>
          {closed ? (
            <span className="cl-pf-sub">{t('portfolio.closed')}</span>
          ) : (
            <span className="cl-pf-sub">
              <span
                className={`cl-${directionOf(valuation.unrealisedPnl)}`}
                ref={live.holdingRef(id, 'pnl')}
                data-testid={`holding-pnl-${id}`}
              >
                {formatSignedMoney(valuation.unrealisedPnl, unit)}
              </span>{' '}
              <span
                className={`cl-${directionOf(valuation.unrealisedPct)}`}
                ref={live.holdingRef(id, 'pnlPct')}
              >
                {formatPercent(valuation.unrealisedPct)}
              </span>
            </span>
          )}
        </span>
      </button>
    </li>
  );
});
