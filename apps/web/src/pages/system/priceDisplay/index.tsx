import { useQuery } from '@tanstack/react-query';
import type { CurrencyEntry } from '@coinlens/contract';
import { CheckList, SearchBar } from 'antd-mobile';
import { useMemo, useState } from 'react';
import { useTranslation } from '@/lib/i18n';

import { EmptyState } from '@/components/EmptyState';
import { QueryView } from '@/components/QueryView';
import { marketQueries } from '@/features/market/api/market-queries';
import { useSettingsStore } from '@/lib/settings-store';
import { useDisplayLanguage } from '@/lib/use-display-language';
import { filterCurrencies, groupCurrencies } from './currency-filter';
import './price-display.css';

/** Price display currency (decision D14): every currency the server lists, searchable. */
export default function PriceDisplayPage() {
  const { t } = useTranslation();
  const language = useDisplayLanguage();
  const price = useSettingsStore((state) => state.price);
  const setPrice = useSettingsStore((state) => state.setPrice);
  const [keyword, setKeyword] = useState('');
  const query = useQuery(marketQueries.currencies());
  const groups = useMemo(
    () => groupCurrencies(filterCurrencies(query.data?.list ?? [], keyword)),
    [query.data, keyword],
  );
  const nameOf = (entry: CurrencyEntry) => (language === 'zh-Hans' ? entry.cn_name : entry.en_name);
  const choose = (code: string) => {
    const entry = query.data?.list.find((candidate) => candidate.currency_code === code);
    if (entry) setPrice(entry);
  };
  return (
    <div data-testid="page-priceDisplay">
      <p className="cl-page-hint">{t('currency.hint')}</p>
      <div className="cl-currency-search">
        <SearchBar
          clearable={false}
          value={keyword}
          onChange={setKeyword}
          placeholder={t('currency.search')}
          aria-label={t('currency.search')}
          data-testid="currency-search"
        />
      </div>
      <QueryView query={query} testId="currencies">
        {() =>
          groups.length === 0 ? (
            <EmptyState testId="currency-no-match" title={t('currency.noMatch', { keyword })} />
          ) : (
            groups.map((group) => (
              <section key={group.type} aria-label={t(`currency.type.${group.type}`)}>
                <h3 className="cl-currency-group">{t(`currency.type.${group.type}`)}</h3>
                <CheckList value={[price.currency_code]} onChange={(value) => choose(String(value[0]))}>
                  {group.entries.map((entry) => (
                    <CheckList.Item
                      key={entry.currency_code}
                      value={entry.currency_code}
                      description={nameOf(entry)}
                      data-testid={`currency-${entry.currency_code}`}
                    >
                      <span className="cl-currency-code">{entry.currency_code.toUpperCase()}</span>
                      <span className="cl-currency-unit">{entry.unit}</span>
                    </CheckList.Item>
                  ))}
                </CheckList>
              </section>
            ))
          )
        }
      </QueryView>
    </div>
  );
}
