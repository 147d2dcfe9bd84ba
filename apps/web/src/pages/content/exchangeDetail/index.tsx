import type { ExchangeDetailSearch } from '@/config/search-params';
import { ExchangePage } from '@/features/market/components/ExchangePage';
import { FollowButton } from '@/features/watchlists/components/FollowButton';

/** An exchange's full profile (param exchange_id, decision D8). */
export default function ExchangeDetailPage({ exchange_id }: ExchangeDetailSearch) {
  return (
    <ExchangePage
      exchangeId={exchange_id}
      route="exchangeDetail"
      follow={(id) => <FollowButton kind="exchange" id={id} compact />}
    />
  );
}
