import { useQuery } from '@tanstack/react-query';
import type { ExchangeDetail } from '@coinlens/contract';
import type { ReactNode } from 'react';
import { useTranslation } from '@/lib/i18n';

import { QueryView } from '@/components/QueryView';
import { useSettingsStore } from '@/lib/settings-store';
import { marketQueries } from '../api/market-queries';

/** Loads one exchange in the display currency: loading, failure, not found (3002) or its content. */
export function ExchangeQuery({
  exchangeId,
  children,
}: {
  exchangeId: string;
  children: (exchange: ExchangeDetail) => ReactNode;
}) {
  const { t } = useTranslation();
  const currency = useSettingsStore((state) => state.price.currency_code);
  const query = useQuery(marketQueries.exchangeDetail(exchangeId, currency));
  return (
    <QueryView query={query} testId="exchange" notFoundTitle={t('exchange.missing')}>
      {children}
    </QueryView>
  );
}
