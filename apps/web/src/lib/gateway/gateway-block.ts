import { create } from 'zustand';

/**
 * Why the server will not serve this app, shown over it instead of a toast: `region` on HTTP 451 (the
 * Access Limited screen), `app` when the server refuses this build's signing pair.
 */
export type GatewayBlock = 'region' | 'app';

export interface GatewayBlockState {
  block: GatewayBlock | null;
  show: (block: GatewayBlock) => void;
  dismiss: () => void;
}

export const useGatewayBlockStore = create<GatewayBlockState>()((set) => ({
  block: null,
  show: (block) => set({ block }),
  dismiss: () => set({ block: null }),
}));
