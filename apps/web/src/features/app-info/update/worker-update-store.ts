import { create } from 'zustand';

import type { UpdateFacts, WorkerPhase } from './update-stage';

export interface DownloadProgress {
  done: number;
  total: number;
}

type WorkerFacts = Omit<UpdateFacts, 'announced'> & { progress: DownloadProgress | null };

interface WorkerUpdateState extends WorkerFacts {
  /** A new worker appeared (or was found waiting): its lifecycle starts over. */
  newWorker: (phase: WorkerPhase) => void;
  workerChanged: (phase: WorkerPhase) => void;
  downloadProgressed: (progress: DownloadProgress) => void;
  userAccepted: () => void;
  tookControl: () => void;
  checkOutcome: (failed: boolean) => void;
}

const NOTHING_YET: WorkerFacts = {
  worker: null,
  downloadStarted: false,
  progress: null,
  accepted: false,
  controllerChanged: false,
  checkFailed: false,
};

/** What this page has seen of a newer service worker (fed by followWorkerUpdates). */
export const useWorkerUpdateStore = create<WorkerUpdateState>()((set) => ({
  ...NOTHING_YET,
  newWorker: (phase) => set({ ...NOTHING_YET, worker: phase }),
  workerChanged: (phase) => set({ worker: phase }),
  downloadProgressed: (progress) => set({ downloadStarted: true, progress }),
  userAccepted: () => set({ accepted: true }),
  tookControl: () => set({ controllerChanged: true }),
  checkOutcome: (failed) => set({ checkFailed: failed }),
}));

export function resetWorkerUpdates(): void {
  useWorkerUpdateStore.setState(NOTHING_YET);
}
