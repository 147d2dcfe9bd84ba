import type { TFunction } from '@/lib/i18n';
import { showToast } from '@/lib/toast';

/** Copies `text` and says so; where the browser refuses (no clipboard, no permission) it says how to copy by hand. */
export async function copyText(text: string, t: TFunction): Promise<void> {
  try {
    await navigator.clipboard.writeText(text);
    showToast(t('developers.copied'));
  } catch {
    showToast(t('developers.copyFailed'));
  }
}
