import type { IntroduceSearch } from '@/config/search-params';
import { ExchangePage } from '@/features/market/components/ExchangePage';
import { FollowButton } from '@/features/watchlists/components/FollowButton';

/** Exchange introduction (params exchange_id, name; the title shows the name): profile and its markets. */
export default function IntroducePage({ exchange_id }: IntroduceSearch) {
  return (
    <ExchangePage
      exchangeId={exchange_id}
      route="introduce"
      follow={(id) => <FollowButton kind="exchange" id={id} compact />}
    />
  );
}
