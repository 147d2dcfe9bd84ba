import type { CoinListQuery } from '@coinlens/contract';
import { useTranslation } from '@/lib/i18n';

import type { SortState } from '../sort-state';
import { SortHeader, type SortColumn } from './SortHeader';

export type CoinSortKey = CoinListQuery['sort'];

export interface CoinListHeaderProps {
  sort: SortState<CoinSortKey>;
  onSort: (key: CoinSortKey) => void;
  showRank?: boolean;
}

/** The coin lists' column heads: rank, score, name / market cap, price, volume, 24h change. */
export function CoinListHeader({ sort, onSort, showRank = true }: CoinListHeaderProps) {
  const { t } = useTranslation();
  const columns: SortColumn<CoinSortKey>[] = [
    ...(showRank ? [{ key: 'rank' as const, label: '#', className: 'cl-sort-rank' }] : []),
    { key: 'score', label: t('score.sort'), className: 'cl-sort-score' },
    { key: 'circulating_market_cap', label: t('marketList.sortMarketCap'), className: 'cl-sort-name' },
    { key: 'price', label: t('marketList.sortPrice'), className: 'cl-sort-price' },
    { key: 'amount_24h', label: t('marketList.sortVolume'), className: 'cl-sort-volume' },
    { key: 'change_24h', label: t('marketList.sortChange'), className: 'cl-sort-change' },
  ];
  return <SortHeader columns={columns} sort={sort} onSort={onSort} testId="coin-list-header" />;
}
