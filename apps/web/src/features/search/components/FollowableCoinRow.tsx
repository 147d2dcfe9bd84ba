import type { CoinListItem } from '@coinlens/contract';

import { CoinRow } from '@/components/CoinRow';
import { FollowButton } from '@/features/watchlists/components/FollowButton';
import './search.css';

/** A coin row with its follow star beside it (search results: how coins are added to the watch list). */
export function FollowableCoinRow({
  coin,
  onOpen,
}: {
  coin: CoinListItem;
  onOpen: (coin: CoinListItem) => void;
}) {
  return (
    <div className="cl-followable-row">
      <CoinRow coin={coin} onOpen={onOpen} showRank={false} />
      <FollowButton kind="coins" id={coin.id} compact />
    </div>
  );
}
