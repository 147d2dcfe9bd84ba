import type { PortfolioHolding } from '@coinlens/contract';
import { useTranslation } from '@/lib/i18n';

import { shareText, type LivePortfolio } from '../live-portfolio';

/** Colours of the first slices; the rest share the last, muted one. */
const SLICE_COLOURS = 6;

/** The allocation as one stacked bar with a legend; ticks move the widths and the shares. */
export function AllocationBar({
  live,
  holdings,
}: {
  live: LivePortfolio;
  holdings: readonly PortfolioHolding[];
}) {
  const { t } = useTranslation();
  const slices = live.allocation();
  if (slices.length === 0) return null;
  const symbolOf = new Map(holdings.map((holding) => [holding.coin_id, holding.symbol]));
  return (
    <section className="cl-pf-card" aria-labelledby="cl-pf-allocation" data-testid="portfolio-allocation">
      <h2 className="cl-pf-heading" id="cl-pf-allocation">
        {t('portfolio.allocation')}
      </h2>
      <div className="cl-pf-bar" aria-hidden="true">
        {slices.map((slice, index) => (
          <span
            key={slice.coinId}
            className={`cl-pf-slice cl-pf-slice-${Math.min(index, SLICE_COLOURS - 1)}`}
            style={{ flexGrow: slice.share }}
            ref={live.allocationRef(slice.coinId, 'bar')}
          />
        ))}
      </div>
      <ul className="cl-pf-legend">
        {slices.map((slice, index) => (
          <li key={slice.coinId}>
            <span
              className={`cl-pf-swatch cl-pf-slice-${Math.min(index, SLICE_COLOURS - 1)}`}
              aria-hidden="true"
            />
            <span className="cl-pf-legend-symbol">{symbolOf.get(slice.coinId) ?? slice.coinId}</span>
            <span className="cl-pf-legend-share" ref={live.allocationRef(slice.coinId, 'share')}>
              {shareText(slice.share)}
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}
