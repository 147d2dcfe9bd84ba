import { create } from 'zustand';

import type { AdPosition } from '@coinlens/contract';

interface AdFlags {
  closed: ReadonlySet<AdPosition>;
  close: (position: AdPosition) => void;
}

/** Closed ad slots (decision D16): in memory only, so every slot is back after a reload. */
export const useAdFlags = create<AdFlags>((set) => ({
  closed: new Set(),
  close: (position) => set((state) => ({ closed: new Set([...state.closed, position]) })),
}));
