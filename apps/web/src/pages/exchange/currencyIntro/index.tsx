import { useNavigate } from '@tanstack/react-router';
import { Button } from 'antd-mobile';
import { useTranslation } from 'react-i18next';

import { Disclaimer } from '../../../components/Disclaimer';
import { EmptyState } from '../../../components/EmptyState';
import { paths } from '../../../config/paths';
import type { CurrencyIntroSearch } from '../../../config/search-params';

/** Coin introduction (params coin_id, symbol; the title shows the symbol). Disclaimer at the foot. */
export default function CurrencyIntroPage({ coin_id, symbol }: CurrencyIntroSearch) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <div className="cl-detail" data-testid="page-currencyIntro">
      {coin_id ? (
        <>
          <div className="cl-detail-head">
            <h2 className="cl-detail-name">{symbol ?? coin_id}</h2>
            <Button
              size="small"
              onClick={() => void navigate({ to: paths.briefIntroduction, search: { coin_id } })}
              data-testid="currency-brief"
            >
              {t('title.briefIntroduction')}
            </Button>
          </div>
          <EmptyState testId="currency-empty" title={t('coin.marketEmpty')} />
        </>
      ) : (
        <EmptyState testId="currency-missing" title={t('coin.missing')} />
      )}
      <Disclaimer />
    </div>
  );
}
