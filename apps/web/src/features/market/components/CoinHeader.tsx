import type { CoinDetail } from '@coinlens/contract';
import { formatNumber } from '@coinlens/contract';
import type { ReactNode } from 'react';
import { useTranslation } from '@/lib/i18n';

import { Change } from '@/components/Change';
import { DataAge } from '@/components/DataAge';
import { Logo } from '@/components/Logo';
import { Money } from '@/components/Money';
import { ShareButton } from '@/components/ShareButton';
import { paths } from '@/config/paths';
import { useFlash } from '@/lib/use-flash';
import { CertificationBadge } from './CertificationBadge';
import './coin-page.css';

/** Price header of the coin introduction: live price with flash, 24h change, BTC price, 24h range, follow, share. */
export function CoinHeader({ coin, follow }: { coin: CoinDetail; follow: ReactNode }) {
  const { t } = useTranslation();
  const priceRef = useFlash<HTMLSpanElement>(coin.price);
  const route = `${paths.currencyIntro}?coin_id=${encodeURIComponent(coin.id)}&symbol=${encodeURIComponent(coin.symbol)}`;
  return (
    <header className="cl-coin-head" data-testid="coin-header">
      <div className="cl-coin-head-top">
        <Logo src={coin.logo} name={coin.symbol} size={36} />
        <div className="cl-coin-head-names">
          <h2 className="cl-coin-head-name">
            {coin.local_name}
            <span className="cl-coin-head-symbol">{coin.symbol}</span>
          </h2>
          <span className="cl-coin-head-meta">
            <span className="cl-rank-badge">#{coin.rank}</span>
            <CertificationBadge state={coin.certification} />
          </span>
        </div>
        <ShareButton title={`${coin.name} (${coin.symbol})`} route={route} />
        {follow}
      </div>
      <div className="cl-coin-head-price">
        <Money value={coin.price} className="cl-big-price cl-price" ref={priceRef} />
        <Change value={coin.change_24h} pill />
      </div>
      <dl className="cl-coin-head-stats">
        <div>
          <dt>{t('coin.priceBtc')}</dt>
          <dd>
            {coin.price_btc === null
              ? '-'
              : `${formatNumber(coin.price_btc, coin.price_btc >= 1 ? 4 : 8)} BTC`}
          </dd>
        </div>
        <div>
          <dt>{t('coin.high24h')}</dt>
          <dd>
            <Money value={coin.high_24h} />
          </dd>
        </div>
        <div>
          <dt>{t('coin.low24h')}</dt>
          <dd>
            <Money value={coin.low_24h} />
          </dd>
        </div>
      </dl>
      <DataAge asOf={coin.as_of} stale={coin.stale} />
    </header>
  );
}
