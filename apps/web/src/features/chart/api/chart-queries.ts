import type { KlineRange } from '@coinlens/contract';

import { procedureQuery } from '@/lib/gateway/procedure-query';

/** Query options of the price chart (appmarket_msrv/coin_kline). */
export const chartQueries = {
  coinKline: (coinId: string, range: KlineRange, currency: string) =>
    procedureQuery('appmarket_msrv/coin_kline', { coin_id: coinId, range, currency }),
};
