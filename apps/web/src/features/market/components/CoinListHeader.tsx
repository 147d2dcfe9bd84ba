import type { CoinListQuery } from '@coinlens/contract';
import { useTranslation } from 'react-i18next';

import { ariaSort, type SortState } from '../sort-state';
import './coin-list.css';

export type CoinSortKey = CoinListQuery['sort'];

export interface CoinListHeaderProps {
  sort: SortState<CoinSortKey>;
  onSort: (key: CoinSortKey) => void;
  showRank?: boolean;
}

interface Column {
  key: CoinSortKey;
  label: string;
  className: string;
}

/** Sortable column heads aligned with the coin rows; each tap cycles natural → reversed → default. */
export function CoinListHeader({ sort, onSort, showRank = true }: CoinListHeaderProps) {
  const { t } = useTranslation();
  const columns: Column[] = [
    ...(showRank ? [{ key: 'rank' as const, label: '#', className: 'cl-sort-rank' }] : []),
    { key: 'circulating_market_cap', label: t('marketList.sortMarketCap'), className: 'cl-sort-name' },
    { key: 'price', label: t('marketList.sortPrice'), className: 'cl-sort-price' },
    { key: 'amount_24h', label: t('marketList.sortVolume'), className: 'cl-sort-volume' },
    { key: 'change_24h', label: t('marketList.sortChange'), className: 'cl-sort-change' },
  ];
  return (
    <div
      className="cl-coin-header"
      role="group"
      aria-label={t('marketList.sortBy')}
      data-testid="coin-list-header"
    >
      {columns.map((column) => {
        const state = ariaSort(sort, column.key);
        return (
          <button
            key={column.key}
            type="button"
            className={`cl-sort ${column.className}${state === 'none' ? '' : ' cl-sort-active'}`}
            onClick={() => onSort(column.key)}
            aria-label={`${t('marketList.sortBy')} ${column.label}`}
            aria-pressed={state !== 'none'}
            data-sort={state}
            data-testid={`sort-${column.key}`}
          >
            {column.label}
            <span className="cl-sort-arrows" aria-hidden="true">
              <span className={state === 'ascending' ? 'cl-sort-on' : ''}>▲</span>
              <span className={state === 'descending' ? 'cl-sort-on' : ''}>▼</span>
            </span>
          </button>
        );
      })}
    </div>
  );
}
