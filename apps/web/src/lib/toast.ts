import { TOAST_DURATION_MS } from '../config/app';

/**
 * Every toast of the app; 1500 ms unless told otherwise (business constants, docs/decisions.md).
 * antd-mobile's Toast (and its animation library) loads on the first toast, not with the first page.
 */
export function showToast(content: string, durationMs: number = TOAST_DURATION_MS): void {
  void import('./toast-impl').then(({ Toast }) => Toast.show({ content, duration: durationMs }));
}
