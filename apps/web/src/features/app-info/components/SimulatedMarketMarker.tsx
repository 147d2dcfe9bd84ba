import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from '@/lib/i18n';

import { appConfigQuery } from '../api';
import './simulated-market.css';

// The explanation is read rarely: not part of the first load.
const SimulatedMarketSheet = lazy(() =>
  import('./SimulatedMarketSheet').then((module) => ({ default: module.SimulatedMarketSheet })),
);

/**
 * On every screen while the server runs its built-in simulator (`app_config.market_source`): a small marker
 * that opens a sheet saying what that means. Nothing shows while the answer is unknown or the market is live.
 */
export function SimulatedMarketMarker() {
  const { t } = useTranslation();
  const config = useQuery(appConfigQuery());
  const [open, setOpen] = useState(false);
  if (config.data?.market_source !== 'simulator') return null;
  return (
    <>
      <button
        type="button"
        className="cl-simulated-marker"
        onClick={() => setOpen(true)}
        data-testid="simulated-market"
        aria-haspopup="dialog"
      >
        <span className="cl-simulated-dot" aria-hidden="true" />
        {t('simulated.badge')}
      </button>
      {open && (
        <Suspense fallback={null}>
          <SimulatedMarketSheet onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
