import { useNavigate } from '@tanstack/react-router';
import { useTranslation } from '@/lib/i18n';

import { Disclaimer } from '@/components/Disclaimer';
import { EmptyState } from '@/components/EmptyState';
import { paths } from '@/config/paths';
import type { ExchangeDetailSearch } from '@/config/search-params';
import { useOpenCoin } from '@/lib/use-open-coin';
import { ExchangeHeader } from '@/features/market/components/ExchangeHeader';
import { ExchangeProfile } from '@/features/market/components/ExchangeProfile';
import { ExchangeScoreSection } from '@/features/market/components/ExchangeScoreSection';
import { ExchangeQuery } from '@/features/market/components/ExchangeQuery';
import { FollowButton } from '@/features/watchlists/components/FollowButton';

/** An exchange's full profile (param exchange_id, decision D8). */
export default function ExchangeDetailPage({ exchange_id }: ExchangeDetailSearch) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const openCoin = useOpenCoin();
  return (
    <div className="cl-detail" data-testid="page-exchangeDetail">
      {exchange_id ? (
        <ExchangeQuery exchangeId={exchange_id}>
          {(exchange) => (
            <>
              <ExchangeHeader
                exchange={exchange}
                follow={<FollowButton kind="exchange" id={exchange.id} compact />}
              />
              <ExchangeScoreSection exchange={exchange} />
              <ExchangeProfile
                exchange={exchange}
                onOpenCoin={openCoin}
                onOpenLink={(url) => void navigate({ to: paths.webview, search: { url } })}
              />
            </>
          )}
        </ExchangeQuery>
      ) : (
        <EmptyState testId="exchange-detail-missing" title={t('exchange.missing')} />
      )}
      <Disclaimer />
    </div>
  );
}
