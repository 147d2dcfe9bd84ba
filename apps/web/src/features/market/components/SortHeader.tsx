import { useTranslation } from '@/lib/i18n';

import { ariaSort, type SortState } from '../sort-state';
import './coin-list.css';

export interface SortColumn<K extends string> {
  key: K;
  label: string;
  className: string;
}

export interface SortHeaderProps<K extends string> {
  columns: readonly SortColumn<K>[];
  sort: SortState<K>;
  onSort: (key: K) => void;
  testId: string;
}

/** Sortable column heads aligned with a list's rows; each tap cycles natural → reversed → default. */
export function SortHeader<K extends string>({ columns, sort, onSort, testId }: SortHeaderProps<K>) {
  const { t } = useTranslation();
  return (
    <div className="cl-coin-header" role="group" aria-label={t('marketList.sortBy')} data-testid={testId}>
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
