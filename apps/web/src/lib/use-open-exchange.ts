import { useNavigate } from '@tanstack/react-router';
import type { ExchangeListItem } from '@coinlens/contract';
import { useCallback } from 'react';

import { paths } from '../config/paths';

/** Opens an exchange's introduction page. */
export function useOpenExchange(): (exchange: Pick<ExchangeListItem, 'id' | 'name'>) => void {
  const navigate = useNavigate();
  return useCallback(
    (exchange) =>
      void navigate({ to: paths.introduce, search: { exchange_id: exchange.id, name: exchange.name } }),
    [navigate],
  );
}
