/**
 * The spec's version-update states (§4) mapped to the service worker lifecycle:
 *
 * | stage         | service worker                                                              |
 * | ------------- | --------------------------------------------------------------------------- |
 * | `found`       | `updatefound`: a new worker is `installing` (or version_check announced one) |
 * | `downloading` | the installing worker reports its precache progress                         |
 * | `downloaded`  | the new worker is `installed` and waits while the old one controls the page |
 * | `installing`  | the user accepted: SKIP_WAITING posted, the worker is activating            |
 * | `installed`   | `controllerchange`: the new worker controls the page → restart (reload)     |
 * | `failed`      | the new worker became `redundant` before taking over, or the check threw    |
 */
export type UpdateStage =
  'idle' | 'found' | 'downloading' | 'downloaded' | 'installing' | 'installed' | 'failed';

/** The states of the newest worker that is not yet in control (`parsed` is reported as `installing`). */
export type WorkerPhase = 'installing' | 'installed' | 'activating' | 'activated' | 'redundant';

export interface UpdateFacts {
  /** version_check (server-announced release) says there is a newer version. */
  announced: boolean;
  /** The new worker's state; null when no new worker has been seen. */
  worker: WorkerPhase | null;
  /** The installing worker has started reporting its download (precache) progress. */
  downloadStarted: boolean;
  /** The user accepted the update (SKIP_WAITING was posted). */
  accepted: boolean;
  /** A new worker took control of this page after an earlier one had it. */
  controllerChanged: boolean;
  /** An update check the user asked for failed. */
  checkFailed: boolean;
}

export function updateStage(facts: UpdateFacts): UpdateStage {
  if (facts.controllerChanged) return 'installed';
  if (facts.checkFailed || facts.worker === 'redundant') return 'failed';
  switch (facts.worker) {
    case 'installing':
      return facts.downloadStarted ? 'downloading' : 'found';
    case 'installed':
      return facts.accepted ? 'installing' : 'downloaded';
    case 'activating':
    case 'activated':
      return 'installing';
    case null:
      return facts.announced ? 'found' : 'idle';
  }
}

export function workerPhase(state: ServiceWorkerState): WorkerPhase {
  return state === 'parsed' ? 'installing' : state;
}
