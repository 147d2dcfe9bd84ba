import type { ExchangeDetail } from '@coinlens/contract';
import type { ReactNode } from 'react';
import { useTranslation } from '@/lib/i18n';

import { DataAge } from '@/components/DataAge';
import { Logo } from '@/components/Logo';
import { Money } from '@/components/Money';
import { ShareButton } from '@/components/ShareButton';
import { paths } from '@/config/paths';
import { btcText } from '@/lib/fact-format';
import { useDisplayLanguage } from '@/lib/use-display-language';
import './coin-page.css';

/** Head of the exchange pages: logo, name, ExRank and kind, 24h turnover, pairs and coins, share, follow. */
export function ExchangeHeader({ exchange, follow }: { exchange: ExchangeDetail; follow: ReactNode }) {
  const { t } = useTranslation();
  const language = useDisplayLanguage();
  const route = `${paths.introduce}?exchange_id=${encodeURIComponent(exchange.id)}&name=${encodeURIComponent(exchange.name)}`;
  return (
    <header className="cl-coin-head" data-testid="exchange-header">
      <div className="cl-coin-head-top">
        <Logo src={exchange.logo} name={exchange.local_name || exchange.name} size={36} />
        <div className="cl-coin-head-names">
          <h2 className="cl-coin-head-name">{exchange.local_name || exchange.name}</h2>
          <span className="cl-coin-head-meta">
            <span className="cl-rank-badge">#{exchange.ex_rank}</span>
            <span className="cl-muted">{t(`exchanges.kind.${exchange.kind}`)}</span>
            {exchange.fictional && (
              <span className="cl-fictional-badge" data-testid="exchange-fictional">
                {t('exchange.fictional')}
              </span>
            )}
          </span>
        </div>
        <ShareButton title={exchange.name} route={route} />
        {follow}
      </div>
      <div className="cl-coin-head-price">
        <Money value={exchange.amount_24h} compact className="cl-big-price" />
        <span className="cl-muted">{t('exchanges.turnover24h')}</span>
      </div>
      <dl className="cl-coin-head-stats">
        <div>
          <dt>{t('exchanges.field.volumeBtc')}</dt>
          <dd>{btcText(exchange.volume_24h_btc, language)}</dd>
        </div>
        <div>
          <dt>{t('exchanges.colPairs')}</dt>
          <dd>{exchange.pair_count}</dd>
        </div>
        <div>
          <dt>{t('exchanges.colCoins')}</dt>
          <dd>{exchange.coin_count}</dd>
        </div>
      </dl>
      <DataAge asOf={exchange.as_of} stale={exchange.stale} />
    </header>
  );
}
