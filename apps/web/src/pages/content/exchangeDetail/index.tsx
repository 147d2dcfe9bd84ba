import { useTranslation } from 'react-i18next';

import { EmptyState } from '../../../components/EmptyState';
import type { ExchangeDetailSearch } from '../../../config/search-params';

/** An exchange's full profile (param exchange_id, SPEC-DECISIONS 8). */
export default function ExchangeDetailPage({ exchange_id }: ExchangeDetailSearch) {
  const { t } = useTranslation();
  return (
    <div className="cl-detail" data-testid="page-exchangeDetail">
      <EmptyState
        testId="exchange-detail-empty"
        title={exchange_id ? t('exchange.profileEmpty') : t('exchange.missing')}
      />
    </div>
  );
}
