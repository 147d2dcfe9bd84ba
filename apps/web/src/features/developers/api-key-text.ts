import { formatDateTime, type ApiKeyView } from '@coinlens/contract';

import type { TFunction } from '@/lib/i18n';

/** The header the screen shows and the curl example uses: the one CoinGecko's demo clients send. */
export const API_KEY_HEADER = 'x-cg-demo-api-key';

/** The most characters a key's name may have (the contract's `api_key_create` label). */
export const API_KEY_LABEL_MAX = 40;

/** The open API's base URL on this site: what a CoinGecko client is given instead of CoinGecko's. */
export function apiBaseUrl(origin: string): string {
  return `${origin.replace(/\/+$/, '')}/api/v3`;
}

/** A one-line call of the API's ping with `secret` in the key header, to paste into a terminal. */
export function curlExample(baseUrl: string, secret: string): string {
  return `curl -H "${API_KEY_HEADER}: ${secret}" ${baseUrl}/ping`;
}

/** The end of a secret as the list shows it, so keys can be told apart without it: `…a1B2`. */
export function keyHint(hint: string): string {
  return `…${hint}`;
}

/** A count of calls with thousands separators, as the app writes numbers (`12,345`). */
export function formatCount(count: number): string {
  return new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 }).format(count);
}

/** The label as it will be sent (trimmed), or null when nothing is left to send. */
export function keyLabel(raw: string): string | null {
  const label = raw.trim();
  return label.length === 0 ? null : label.slice(0, API_KEY_LABEL_MAX);
}

/** The limit of a key a minute, read from the user's keys (each answers it); null when there is no key yet. */
export function perKeyLimit(keys: readonly ApiKeyView[]): number | null {
  return keys[0]?.limit_per_minute ?? null;
}

/** The lines under a key's name: created, last used (or never) and its calls today and in all. */
export function keyUsage(key: ApiKeyView, t: TFunction) {
  return {
    created: t('developers.keys.created', { date: formatDateTime(key.created_at, 'YYYY-MM-DD') }),
    lastUsed:
      key.last_used_at === null
        ? t('developers.keys.neverUsed')
        : t('developers.keys.lastUsed', { time: formatDateTime(key.last_used_at, 'YYYY-MM-DD HH:mm') }),
    calls: t('developers.keys.calls', {
      today: formatCount(key.calls_today),
      total: formatCount(key.calls_total),
    }),
  };
}
