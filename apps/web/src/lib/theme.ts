import type { Theme, UpDownColor } from './storage';

const THEME_COLORS: Record<Theme, string> = { light: '#ffffff', dark: '#1a1b1f' };

/** Night mode: antd-mobile's dark variables plus ours (styles/global.css), and the browser chrome colour. */
export function applyTheme(theme: Theme, root: HTMLElement = document.documentElement): void {
  if (theme === 'dark') root.setAttribute('data-prefers-color-scheme', 'dark');
  else root.removeAttribute('data-prefers-color-scheme');
  root.dataset.theme = theme;
  root.style.colorScheme = theme;
  document.querySelector('meta[name="theme-color"]')?.setAttribute('content', THEME_COLORS[theme]);
}

/** Up/down colours for every price change (CSS variables --cl-up / --cl-down). */
export function applyUpDownColors(colors: UpDownColor, root: HTMLElement = document.documentElement): void {
  root.style.setProperty('--cl-up', colors.up);
  root.style.setProperty('--cl-down', colors.down);
}
