import { useQuery } from '@tanstack/react-query';
import { Popup, SearchBar } from 'antd-mobile';
import { CheckOutline } from 'antd-mobile-icons';
import { useDeferredValue, useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from '@/lib/i18n';

import { EmptyState } from '@/components/EmptyState';
import { ErrorView } from '@/components/ErrorView';
import { LoadingView } from '@/components/LoadingView';
import { failureMessage } from '@/components/QueryView';
import { Logo } from '@/components/Logo';
import { useSettingsStore } from '@/lib/settings-store';
import { sameAsset, type Asset } from './conversion';
import { converterQueries } from './converter-queries';

export interface AssetPickerProps {
  open: boolean;
  /** The asset on this side now (ticked in the list). */
  value: Asset;
  currencies: readonly Extract<Asset, { kind: 'currency' }>[];
  onPick: (asset: Asset) => void;
  onClose: () => void;
  testId: string;
}

function matchesCurrency(asset: Extract<Asset, { kind: 'currency' }>, keyword: string): boolean {
  const needle = keyword.toLowerCase();
  return asset.code.includes(needle) || asset.name.toLowerCase().includes(needle) || asset.unit === keyword;
}

/** Coins: the top by rank, or what the search finds for the typed keyword. */
function useCoinChoices(keyword: string, currency: string) {
  const top = useQuery({ ...converterQueries.topCoins(currency), enabled: keyword === '' });
  const found = useQuery({ ...converterQueries.searchCoins(keyword, currency), enabled: keyword !== '' });
  const query = keyword === '' ? top : found;
  const coins = keyword === '' ? top.data?.list : found.data?.coins.list;
  return { query, coins };
}

/** A bottom sheet choosing any coin or display currency, with a search over both. */
export function AssetPicker({ open, value, currencies, onPick, onClose, testId }: AssetPickerProps) {
  const { t } = useTranslation();
  const currency = useSettingsStore((state) => state.price.currency_code);
  const [typed, setTyped] = useState('');
  const keyword = useDeferredValue(typed.trim());
  const { query, coins } = useCoinChoices(keyword, currency);
  const shownCurrencies = useMemo(
    () => (keyword === '' ? currencies : currencies.filter((entry) => matchesCurrency(entry, keyword))),
    [currencies, keyword],
  );
  const pick = (asset: Asset) => {
    onPick(asset);
    setTyped('');
  };
  const row = (asset: Asset, key: string, prefix: ReactNode, title: string, detail: string) => {
    const chosen = sameAsset(asset, value);
    return (
      <li key={key}>
        <button
          type="button"
          className="cl-asset-row"
          onClick={() => pick(asset)}
          aria-current={chosen ? 'true' : undefined}
          data-testid={`${testId}-${key}`}
        >
          {prefix}
          <span className="cl-asset-row-text">
            <span className="cl-asset-row-title">{title}</span>
            <span className="cl-asset-row-detail">{detail}</span>
          </span>
          {chosen && <CheckOutline aria-hidden="true" className="cl-asset-row-check" />}
        </button>
      </li>
    );
  };
  const group = (title: string, rows: ReactNode) => (
    <section className="cl-asset-group" aria-label={title}>
      <h2 className="cl-asset-group-title">{title}</h2>
      <ul className="cl-asset-rows">{rows}</ul>
    </section>
  );
  const noMatch = keyword !== '' && shownCurrencies.length === 0 && coins !== undefined && coins.length === 0;

  return (
    <Popup visible={open} onMaskClick={onClose} onClose={onClose} destroyOnClose>
      <div className="cl-asset-picker" role="dialog" aria-label={t('converter.choose')} data-testid={testId}>
        <SearchBar
          placeholder={t('converter.search')}
          value={typed}
          onChange={setTyped}
          aria-label={t('converter.search')}
          data-testid={`${testId}-search`}
        />
        <div className="cl-asset-picker-list">
          {noMatch && (
            <EmptyState
              testId={`${testId}-empty`}
              title={t('converter.noMatch', { query: keyword })}
              description={t('converter.noMatchHint')}
            />
          )}
          {shownCurrencies.length > 0 &&
            group(
              t('converter.currencies'),
              shownCurrencies.map((entry) =>
                row(
                  entry,
                  `currency-${entry.code}`,
                  <span className="cl-asset-unit" aria-hidden="true">
                    {entry.unit}
                  </span>,
                  entry.code.toUpperCase(),
                  entry.name,
                ),
              ),
            )}
          {query.error && coins === undefined ? (
            <ErrorView
              message={failureMessage(query.error, t('data.loadFailed'))}
              onRetry={() => void query.refetch()}
            />
          ) : coins === undefined ? (
            <LoadingView testId={`${testId}-loading`} />
          ) : (
            coins.length > 0 &&
            group(
              t('converter.coins'),
              coins.map((coin) =>
                row(
                  {
                    kind: 'coin',
                    id: coin.id,
                    symbol: coin.symbol,
                    name: coin.local_name,
                    logo: coin.logo,
                  },
                  `coin-${coin.id}`,
                  <Logo src={coin.logo} name={coin.symbol} size={28} />,
                  coin.symbol.toUpperCase(),
                  coin.local_name,
                ),
              ),
            )
          )}
        </div>
      </div>
    </Popup>
  );
}
