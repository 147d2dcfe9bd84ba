import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense } from 'react';

import { versionCheckQuery } from '../api';
import { updateStage } from '../update/update-stage';
import { useWorkerUpdates } from '../update/use-worker-updates';
import { useWorkerUpdateStore } from '../update/worker-update-store';

const AppUpdateOverlay = lazy(() => import('./AppUpdateOverlay'));

/**
 * Asks version_check once per session and follows the service worker's updates; the overlay's code loads
 * only when there is an update to show (a release the server announces, or a new build it serves).
 */
export function AppUpdateCheck() {
  const version = useQuery({ ...versionCheckQuery(), retry: false });
  useWorkerUpdates(version.dataUpdatedAt);
  const facts = useWorkerUpdateStore();
  const announced = version.data?.has_update ? version.data : null;
  const stage = updateStage({ ...facts, announced: announced !== null });
  if (stage === 'idle') return null;
  return (
    <Suspense fallback={null}>
      <AppUpdateOverlay stage={stage} announced={announced} progress={facts.progress} />
    </Suspense>
  );
}
