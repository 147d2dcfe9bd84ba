import { useMemo } from 'react';

import { useSettingsStore } from '@/lib/settings-store';
import type { ChartPalette } from './components/PriceChart';

function cssVariable(name: string, fallback: string): string {
  if (typeof document === 'undefined') return fallback;
  return getComputedStyle(document.documentElement).getPropertyValue(name).trim() || fallback;
}

/** The chart colours from the theme and the up/down setting (CSS variables), read again when either changes. */
export function useChartPalette(): ChartPalette {
  const theme = useSettingsStore((state) => state.theme);
  const upDown = useSettingsStore((state) => state.upDown);
  return useMemo(
    () => ({
      background: cssVariable('--cl-surface', theme === 'dark' ? '#1a1b1f' : '#ffffff'),
      text: cssVariable('--cl-text-muted', '#6b7079'),
      grid: cssVariable('--cl-border', '#e8eaee'),
      up: upDown.up,
      down: upDown.down,
    }),
    [theme, upDown],
  );
}
