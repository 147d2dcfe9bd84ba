import { create } from 'zustand';

/** Set when the server answers 451 (region restricted); the app then shows the Access Limited screen. */
export interface AccessLimitState {
  limited: boolean;
  show: () => void;
  dismiss: () => void;
}

export const useAccessLimitStore = create<AccessLimitState>()((set) => ({
  limited: false,
  show: () => set({ limited: true }),
  dismiss: () => set({ limited: false }),
}));
