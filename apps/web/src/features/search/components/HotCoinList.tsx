import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useTranslation } from '@/lib/i18n';

import { EmptyState } from '@/components/EmptyState';
import { QueryView } from '@/components/QueryView';
import { useSettingsStore } from '@/lib/settings-store';
import { useOpenCoin } from '@/lib/use-open-coin';
import { CoinRow } from '@/components/CoinRow';
import { useLiveTopics } from '@/lib/live/live-prices';
import { coinTopics } from '@/lib/live/topics';
import { searchQueries } from '../api/search-queries';
import './search.css';

/** The coins people look up most now, numbered, with live prices. */
export function HotCoinList({ limit, testId }: { limit: number; testId: string }) {
  const { t } = useTranslation();
  const currency = useSettingsStore((state) => state.price.currency_code);
  const query = useQuery(searchQueries.hot(limit, currency));
  const open = useOpenCoin();
  const ids = useMemo(() => query.data?.list.map((coin) => coin.id) ?? [], [query.data]);
  useLiveTopics(useMemo(() => coinTopics(ids), [ids]));
  return (
    <QueryView query={query} testId={testId}>
      {(data) =>
        data.list.length === 0 ? (
          <EmptyState testId={`${testId}-empty`} title={t('search.emptyHot')} />
        ) : (
          <ol className="cl-hot-list" data-testid={testId}>
            {data.list.map((coin, index) => (
              <li key={coin.id} className="cl-hot-row">
                <span className={index < 3 ? 'cl-hot-rank cl-hot-rank-top' : 'cl-hot-rank'}>{index + 1}</span>
                <CoinRow coin={coin} onOpen={open} showRank={false} />
              </li>
            ))}
          </ol>
        )
      }
    </QueryView>
  );
}
