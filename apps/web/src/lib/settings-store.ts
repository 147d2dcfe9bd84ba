import { create } from 'zustand';

import {
  UP_DOWN_PRESETS,
  onStorageChange,
  readStored,
  writeStored,
  type Homepage,
  type PriceSetting,
  type RefreshRate,
  type Theme,
  type UpDownColor,
} from './storage';

/** The persisted display settings (decision D14). Language lives in lib/i18n. */
export interface SettingsState {
  theme: Theme;
  homepage: Homepage;
  refreshRate: RefreshRate;
  upDown: UpDownColor;
  price: PriceSetting;
  setTheme: (theme: Theme) => void;
  setHomepage: (homepage: Homepage) => void;
  setRefreshRate: (rate: RefreshRate) => void;
  setUpDownType: (type: UpDownColor['type']) => void;
  setPrice: (price: PriceSetting) => void;
}

function snapshot() {
  return {
    theme: readStored('system_theme'),
    homepage: readStored('homepage'),
    refreshRate: readStored('refresh_rate'),
    upDown: readStored('up_down_colcor'),
    price: readStored('price'),
  };
}

export const useSettingsStore = create<SettingsState>()(() => ({
  ...snapshot(),
  setTheme: (theme) => writeStored('system_theme', theme),
  setHomepage: (homepage) => writeStored('homepage', homepage),
  setRefreshRate: (rate) => writeStored('refresh_rate', rate),
  setUpDownType: (type) => writeStored('up_down_colcor', UP_DOWN_PRESETS[type]),
  setPrice: (price) => writeStored('price', price),
}));

const settingKeys = new Set(['system_theme', 'homepage', 'refresh_rate', 'up_down_colcor', 'price']);

/** Writes go to storage first; the store follows every write (and other tabs' writes via reloadSettings). */
onStorageChange((key) => {
  if (settingKeys.has(key)) useSettingsStore.setState(snapshot());
});

export function reloadSettings(): void {
  useSettingsStore.setState(snapshot());
}
