import { useQuery } from '@tanstack/react-query';
import { List, Popup, SearchBar } from 'antd-mobile';
import { CheckOutline } from 'antd-mobile-icons';
import { useMemo, useState } from 'react';
import { useTranslation } from '@/lib/i18n';

import { countryListQuery } from '../api';
import './account.css';

export interface CountryFieldProps {
  /** The chosen ISO 3166-1 alpha-2 code, '' for none. */
  value: string;
  onChange: (code: string) => void;
  invalid: boolean;
}

/** Folds case and diacritics so "viet" finds "Việt Nam". */
function searchable(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').toLocaleLowerCase();
}

/** The register step's country (required, decision D23): a searchable list of `user_msrv/country_list`. */
export function CountryField({ value, onChange, invalid }: CountryFieldProps) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [search, setSearch] = useState('');
  const countries = useQuery(countryListQuery());
  const selected = countries.data?.find((country) => country.code === value);

  const matches = useMemo(() => {
    const term = searchable(search.trim());
    const list = countries.data ?? [];
    if (term === '') return list;
    return list.filter(
      (country) => searchable(country.name).includes(term) || country.code.toLowerCase() === term,
    );
  }, [countries.data, search]);

  const choose = (code: string) => {
    onChange(code);
    setOpen(false);
    setSearch('');
  };

  return (
    <>
      <button
        type="button"
        className="cl-field-trigger"
        aria-haspopup="dialog"
        aria-invalid={invalid ? true : undefined}
        onClick={() => setOpen(true)}
        data-testid="input-country"
      >
        {selected ? (
          selected.name
        ) : (
          <span className="cl-field-placeholder">{t('login.placeholder.country')}</span>
        )}
      </button>
      <Popup visible={open} onMaskClick={() => setOpen(false)} onClose={() => setOpen(false)} destroyOnClose>
        <div
          className="cl-country-popup"
          role="dialog"
          aria-label={t('login.country')}
          data-testid="country-picker"
        >
          <SearchBar
            placeholder={t('login.countrySearch')}
            value={search}
            onChange={setSearch}
            data-testid="country-search"
          />
          <div className="cl-country-list">
            {countries.isError && (
              <button
                type="button"
                className="cl-link-button cl-country-status"
                onClick={() => void countries.refetch()}
              >
                {t('login.countryLoadFailed')}
              </button>
            )}
            {countries.isPending && <div className="cl-country-status">{t('common.loading')}</div>}
            {countries.data && matches.length === 0 && (
              <div className="cl-country-status">{t('login.countryEmpty')}</div>
            )}
            {matches.length > 0 && (
              <List>
                {matches.map((country) => (
                  <List.Item
                    key={country.code}
                    arrowIcon={false}
                    extra={country.code === value ? <CheckOutline aria-hidden="true" /> : undefined}
                    onClick={() => choose(country.code)}
                    aria-selected={country.code === value}
                    data-testid={`country-${country.code}`}
                  >
                    {country.name}
                  </List.Item>
                ))}
              </List>
            )}
          </div>
        </div>
      </Popup>
    </>
  );
}
