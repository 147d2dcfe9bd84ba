import { useMemo } from 'react';
import { useTranslation } from '@/lib/i18n';

import { paths } from '@/config/paths';
import { useWatchList } from '../api/watch-list-queries';
import { useWatchListSnapshot } from '../hooks/use-watch-list-snapshot';
import { useLiveTopics } from '@/lib/live/live-prices';
import { coinTopics } from '@/lib/live/topics';
import { useOpenCoin } from '@/lib/use-open-coin';
import { COIN_ROW_HEIGHT, CoinRow } from '@/components/CoinRow';
import { WatchedList } from './WatchedList';

/** The Favourites sub-tab: the user's coins in their order, with live prices. */
export function FavouriteCoins() {
  const { t } = useTranslation();
  const query = useWatchList('coins');
  const offlineCopy = useWatchListSnapshot('coins', query);
  const open = useOpenCoin();
  const ids = useMemo(() => query.data?.list.map((coin) => coin.id) ?? [], [query.data]);
  useLiveTopics(useMemo(() => coinTopics(ids), [ids]));
  return (
    <WatchedList
      query={query}
      offlineCopy={offlineCopy}
      editorPath={paths.editOptional}
      texts={{
        login: t('market.loginForFavourites'),
        empty: t('market.emptyFavourites'),
        add: t('market.addFavourites'),
        edit: t('marketList.editFavourites'),
      }}
      rowHeight={COIN_ROW_HEIGHT}
      renderRow={(coin) => <CoinRow coin={coin} onOpen={open} />}
      testId="favourites"
    />
  );
}
