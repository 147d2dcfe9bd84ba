import { Popup, SearchBar, Button } from 'antd-mobile';
import { useEffect, useState } from 'react';
import { useTranslation } from '@/lib/i18n';

import { Logo } from '@/components/Logo';
import { LoadingView } from '@/components/LoadingView';
import { ErrorView } from '@/components/ErrorView';
import { failureMessage } from '@/components/QueryView';
import { useCoinSearch } from '../api/portfolio-queries';

export interface PickedCoin {
  id: string;
  symbol: string;
  name: string;
  logo: string;
}

const SEARCH_DELAY_MS = 250;

function useSettled(text: string): string {
  const [settled, setSettled] = useState(text);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(text), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [text]);
  return settled;
}

function Results({ keyword, onPick }: { keyword: string; onPick: (coin: PickedCoin) => void }) {
  const { t } = useTranslation();
  const query = useCoinSearch(keyword);
  if (keyword.trim() === '') return <p className="cl-pf-picker-note">{t('portfolio.form.searchHint')}</p>;
  if (query.error && !query.data)
    return (
      <ErrorView
        message={failureMessage(query.error, t('data.loadFailed'))}
        onRetry={() => void query.refetch()}
      />
    );
  if (!query.data) return <LoadingView testId="coin-search-loading" />;
  const coins = query.data.coins.list;
  if (coins.length === 0)
    return <p className="cl-pf-picker-note">{t('portfolio.form.noCoins', { keyword: keyword.trim() })}</p>;
  return (
    <ul className="cl-pf-picker-list">
      {coins.map((coin) => (
        <li key={coin.id}>
          <button
            type="button"
            className="cl-pf-picker-item"
            onClick={() =>
              onPick({ id: coin.id, symbol: coin.symbol, name: coin.local_name, logo: coin.logo })
            }
            data-testid={`pick-coin-${coin.id}`}
          >
            <Logo src={coin.logo} name={coin.symbol} />
            <span>
              <span className="cl-pf-symbol">{coin.symbol}</span>{' '}
              <span className="cl-pf-sub">{coin.local_name}</span>
            </span>
          </button>
        </li>
      ))}
    </ul>
  );
}

/** The form's coin: a button showing the chosen coin, opening a search sheet. */
export function CoinPicker({
  coin,
  onPick,
  invalid,
}: {
  coin: PickedCoin | null;
  onPick: (coin: PickedCoin) => void;
  invalid: boolean;
}) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [text, setText] = useState('');
  const keyword = useSettled(text);
  return (
    <>
      <button
        type="button"
        id="pf-coinId"
        className="cl-pf-coin-button"
        onClick={() => setOpen(true)}
        aria-invalid={invalid || undefined}
        aria-haspopup="dialog"
        data-testid="input-coin"
      >
        {coin ? (
          <>
            <Logo src={coin.logo} name={coin.symbol} />
            <span>
              <span className="cl-pf-symbol">{coin.symbol}</span>{' '}
              <span className="cl-pf-sub">{coin.name}</span>
            </span>
          </>
        ) : (
          <span className="cl-pf-placeholder">{t('portfolio.form.pickCoin')}</span>
        )}
      </button>
      <Popup
        visible={open}
        onMaskClick={() => setOpen(false)}
        destroyOnClose
        bodyClassName="cl-pf-picker-body"
      >
        <div className="cl-pf-picker" role="dialog" aria-label={t('portfolio.form.searchCoin')}>
          <div className="cl-pf-picker-head">
            <SearchBar
              placeholder={t('portfolio.form.searchCoin')}
              value={text}
              onChange={setText}
              autoFocus
              aria-label={t('portfolio.form.searchCoin')}
              data-testid="coin-search"
            />
            <Button size="small" fill="none" onClick={() => setOpen(false)}>
              {t('portfolio.form.close')}
            </Button>
          </div>
          <Results
            keyword={keyword}
            onPick={(picked) => {
              onPick(picked);
              setOpen(false);
              setText('');
            }}
          />
        </div>
      </Popup>
    </>
  );
}
