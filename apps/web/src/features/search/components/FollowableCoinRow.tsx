import type { CoinListItem } from '@coinlens/contract';
import type { ReactNode } from 'react';

import { CoinRow } from '@/components/CoinRow';
import './search.css';

/** A coin row with an action beside it (search results: the follow star, how coins are added to the watch list). */
export function FollowableCoinRow({
  coin,
  onOpen,
  renderAction,
}: {
  coin: CoinListItem;
  onOpen: (coin: CoinListItem) => void;
  renderAction: (coin: CoinListItem) => ReactNode;
}) {
  return (
    <div className="cl-followable-row">
      <CoinRow coin={coin} onOpen={onOpen} showRank={false} />
      {renderAction(coin)}
    </div>
  );
}
