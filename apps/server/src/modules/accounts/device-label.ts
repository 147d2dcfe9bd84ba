/** The label of a client whose User-Agent names nothing this code knows (stored in English, see device-label-text). */
export const UNKNOWN_DEVICE = 'Unknown device';

const BROWSERS: readonly [RegExp, string][] = [
  [/Edg\//, 'Edge'],
  [/OPR\//, 'Opera'],
  [/SamsungBrowser\//, 'Samsung Internet'],
  [/Firefox\//, 'Firefox'],
  [/Chrome\//, 'Chrome'],
  [/Safari\//, 'Safari'],
];

const SYSTEMS: readonly [RegExp, string][] = [
  [/Android/, 'Android'],
  [/iPhone|iPad|iPod/, 'iOS'],
  [/Windows/, 'Windows'],
  [/Mac OS X|Macintosh/, 'macOS'],
  [/CrOS/, 'ChromeOS'],
  [/Linux/, 'Linux'],
];

/** Every browser and system name a label can carry. */
export const BROWSER_NAMES: readonly string[] = BROWSERS.map(([, name]) => name);
export const SYSTEM_NAMES: readonly string[] = SYSTEMS.map(([, name]) => name);

/** The leading product name of a User-Agent ("curl/8.5.0" → "curl"), letters, digits and `._-` only. */
const PRODUCT_TOKEN = /^([A-Za-z][A-Za-z0-9._-]{0,31})\//;

/**
 * "Chrome on Android" from a User-Agent, for the sessions list. Built only from names this code knows or a
 * product token of a strict shape, so the label never carries caller text (markup, control bytes, lengths).
 */
export function deviceLabel(userAgent: string): string {
  const browser = BROWSERS.find(([pattern]) => pattern.test(userAgent))?.[1];
  const system = SYSTEMS.find(([pattern]) => pattern.test(userAgent))?.[1];
  if (browser && system) return `${browser} on ${system}`;
  return browser ?? system ?? PRODUCT_TOKEN.exec(userAgent.trim())?.[1] ?? UNKNOWN_DEVICE;
}
