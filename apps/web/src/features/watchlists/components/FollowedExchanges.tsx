import { useTranslation } from '@/lib/i18n';

import { paths } from '@/config/paths';
import { useWatchList } from '../api/watch-list-queries';
import { useWatchListSnapshot } from '../hooks/use-watch-list-snapshot';
import { useOpenExchange } from '@/lib/use-open-exchange';
import { EXCHANGE_ROW_HEIGHT, ExchangeRow } from '@/components/ExchangeRow';
import { exchangeFollowStar } from './FollowButton';
import { WatchedList } from './WatchedList';

/** The Following sub-tab: the exchanges the user follows, in their order. */
export function FollowedExchanges() {
  const { t } = useTranslation();
  const query = useWatchList('exchange');
  const offlineCopy = useWatchListSnapshot('exchange', query);
  const open = useOpenExchange();
  return (
    <WatchedList
      query={query}
      offlineCopy={offlineCopy}
      editorPath={paths.editFollow}
      texts={{
        login: t('platform.loginForFollowing'),
        empty: t('platform.emptyFollowing'),
        add: t('exchanges.addFollowing'),
        edit: t('platform.manage'),
      }}
      rowHeight={EXCHANGE_ROW_HEIGHT}
      renderRow={(exchange) => (
        <ExchangeRow exchange={exchange} onOpen={open} renderAction={exchangeFollowStar} />
      )}
      testId="following"
    />
  );
}
