import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense } from 'react';

import { versionCheckQuery } from '../api';

const AppUpdateOverlay = lazy(() => import('./AppUpdateOverlay'));

/** Asks version_check once per session; the overlay's code loads only when there is an update to show. */
export function AppUpdateCheck() {
  const { data } = useQuery({ ...versionCheckQuery(), retry: false });
  if (!data?.has_update) return null;
  return (
    <Suspense fallback={null}>
      <AppUpdateOverlay data={data} />
    </Suspense>
  );
}
