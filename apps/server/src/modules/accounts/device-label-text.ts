import type { LocalisedText } from '@coinlens/contract';

import { BROWSER_NAMES, SYSTEM_NAMES, UNKNOWN_DEVICE } from './device-label.js';

const UNKNOWN_DEVICE_TEXT: LocalisedText = {
  en: UNKNOWN_DEVICE,
  vi: 'Thiết bị không xác định',
  'zh-Hans': '未知设备',
};

/**
 * A stored device label ("Chrome on Android", "Unknown device", "curl") in every app language, for messages
 * that quote it. Labels are stored in English (deviceLabel); only their words of ours are translated, never
 * product names.
 */
export function localisedDeviceLabel(label: string): LocalisedText {
  if (label === UNKNOWN_DEVICE) return UNKNOWN_DEVICE_TEXT;
  const [browser, system] = label.split(' on ');
  if (browser && system && BROWSER_NAMES.includes(browser) && SYSTEM_NAMES.includes(system))
    return { en: label, vi: `${browser} trên ${system}`, 'zh-Hans': `${system} 版 ${browser}` };
  return { en: label, vi: label, 'zh-Hans': label };
}
