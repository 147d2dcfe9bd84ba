import { useNavigate } from '@tanstack/react-router';
import type { CoinListItem } from '@coinlens/contract';
import { useCallback } from 'react';

import { paths } from '../config/paths';

/** Opens a coin's introduction page. */
export function useOpenCoin(): (coin: Pick<CoinListItem, 'id' | 'symbol'>) => void {
  const navigate = useNavigate();
  return useCallback(
    (coin) => void navigate({ to: paths.currencyIntro, search: { coin_id: coin.id, symbol: coin.symbol } }),
    [navigate],
  );
}
