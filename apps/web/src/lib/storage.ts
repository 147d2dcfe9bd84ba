import { z } from 'zod';

import { APP_LANGUAGES } from '@coinlens/contract';

/** Key prefix of every stored value (SPEC-DECISIONS 13). */
export const STORAGE_PREFIX = 'coinlens_';

export const storedUser = z.object({
  AccessToken: z.string(),
  RefreshToken: z.string(),
  uid: z.union([z.string(), z.number()]).transform(String),
  authorInfo: z.object({
    nickname: z.string(),
    uid: z.union([z.string(), z.number()]).transform(String),
  }),
});
export type StoredUser = z.output<typeof storedUser>;
export type StoredUserInput = z.input<typeof storedUser>;

/** Price display currency (spec §3). */
export const priceSetting = z.object({
  cn_name: z.string(),
  en_name: z.string(),
  currency_code: z.string(),
  currency_type: z.string(),
  status: z.number(),
  unit: z.string(),
});
export type PriceSetting = z.output<typeof priceSetting>;

export const DEFAULT_PRICE: PriceSetting = {
  cn_name: '美元',
  en_name: 'US Dollar',
  currency_code: 'usd',
  currency_type: 'fiat',
  status: 1,
  unit: '$',
};

export const UP_DOWN_COLORS = {
  green: '#16b979',
  red: '#f04a4a',
} as const;

/** Up/down colour setting (spec §3): type 1 up green / down red (default), type 2 up red / down green. */
export const upDownColor = z.object({
  type: z.union([z.literal(1), z.literal(2)]),
  up: z.string(),
  down: z.string(),
});
export type UpDownColor = z.output<typeof upDownColor>;

export const UP_DOWN_PRESETS: Record<UpDownColor['type'], UpDownColor> = {
  1: { type: 1, up: UP_DOWN_COLORS.green, down: UP_DOWN_COLORS.red },
  2: { type: 2, up: UP_DOWN_COLORS.red, down: UP_DOWN_COLORS.green },
};

/** A route to resume after login (SPEC-DECISIONS 13). */
export const urlParams = z.object({
  path: z.string(),
  query: z.record(z.string(), z.string()),
});
export type UrlParams = z.output<typeof urlParams>;

export const THEMES = ['light', 'dark'] as const;
export type Theme = (typeof THEMES)[number];

export const HOMEPAGES = ['market', 'viewpoint'] as const;
export type Homepage = (typeof HOMEPAGES)[number];

export const REFRESH_RATES = ['live', '5s', '10s', '30s', 'manual'] as const;
export type RefreshRate = (typeof REFRESH_RATES)[number];

/** Search history cap (spec §9). */
export const SEARCH_HISTORY_MAX = 10;

/**
 * Every stored key with its schema and default. A value that is missing, not JSON, or not of the schema
 * reads as the default.
 */
export const storageKeys = {
  user: { schema: storedUser.nullable(), fallback: null },
  language: { schema: z.enum(APP_LANGUAGES).nullable(), fallback: null },
  price: { schema: priceSetting, fallback: DEFAULT_PRICE },
  up_down_colcor: { schema: upDownColor, fallback: UP_DOWN_PRESETS[1] },
  url_params: { schema: urlParams.nullable(), fallback: null },
  login_time: { schema: z.number().nullable(), fallback: null },
  system_theme: { schema: z.enum(THEMES), fallback: 'light' },
  search: { schema: z.array(z.string()), fallback: [] },
  other_uid: { schema: z.string().nullable(), fallback: null },
  homepage: { schema: z.enum(HOMEPAGES), fallback: 'market' },
  refresh_rate: { schema: z.enum(REFRESH_RATES), fallback: 'live' },
} as const satisfies Record<string, { schema: z.ZodType; fallback: unknown }>;

export type StorageKey = keyof typeof storageKeys;
export type StoredValue<K extends StorageKey> = z.output<(typeof storageKeys)[K]['schema']>;
export type StoredInput<K extends StorageKey> = z.input<(typeof storageKeys)[K]['schema']>;

/** The device id key (spec §3: "generated locally and kept in browser storage"). */
export const DEVICE_ID_KEY = 'device_id';

// ---- access ----

type Listener = (key: StorageKey) => void;
const listeners = new Set<Listener>();

function backend(): Storage | null {
  try {
    return globalThis.localStorage ?? null;
  } catch {
    return null; // storage disabled (private mode, sandboxed frame)
  }
}

export function storageName(key: string): string {
  return STORAGE_PREFIX + key;
}

function readRaw(key: string): string | null {
  try {
    return backend()?.getItem(storageName(key)) ?? null;
  } catch {
    return null;
  }
}

function writeRaw(key: string, value: string | null): void {
  try {
    const store = backend();
    if (!store) return;
    if (value === null) store.removeItem(storageName(key));
    else store.setItem(storageName(key), value);
  } catch {
    // quota exceeded or storage disabled: the in-memory stores still hold the value for this session
  }
}

function notify(key: StorageKey): void {
  for (const listener of listeners) listener(key);
}

/** Reads a key; missing, corrupt or out-of-schema values read as the key's default. */
export function readStored<K extends StorageKey>(key: K): StoredValue<K> {
  const { schema, fallback } = storageKeys[key];
  const raw = readRaw(key);
  if (raw === null) return fallback as StoredValue<K>;
  try {
    const parsed = schema.safeParse(JSON.parse(raw));
    return (parsed.success ? parsed.data : fallback) as StoredValue<K>;
  } catch {
    return fallback as StoredValue<K>;
  }
}

/** Writes a key after checking it against its schema; `null` removes it. */
export function writeStored<K extends StorageKey>(key: K, value: StoredInput<K>): void {
  if (value === null) {
    writeRaw(key, null);
  } else {
    const parsed: unknown = storageKeys[key].schema.parse(value);
    writeRaw(key, JSON.stringify(parsed));
  }
  notify(key);
}

export function removeStored(key: StorageKey): void {
  writeRaw(key, null);
  notify(key);
}

/** Called after every write through this module (the zustand stores follow it). */
export function onStorageChange(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

// ---- user / session (SPEC-DECISIONS 13) ----

export function readUser(): StoredUser | null {
  return readStored('user');
}

/** Logged in ⇔ the stored user has content. */
export function isLoggedIn(): boolean {
  return hasContent(readUser());
}

export function hasContent(user: StoredUser | null): user is StoredUser {
  return user !== null && (user.AccessToken !== '' || user.uid !== '');
}

/** Stores the user and the login time (ms). */
export function storeUser(user: StoredUserInput, now: number = Date.now()): void {
  writeStored('user', user);
  writeStored('login_time', now);
}

/** Removes the user and the login time together. */
export function clearUser(): void {
  removeStored('user');
  removeStored('login_time');
}

// ---- search history (spec §3, §9) ----

/** Newest first, no duplicates (trimmed), at most SEARCH_HISTORY_MAX entries. */
export function addSearchHistory(keyword: string): string[] {
  const entry = keyword.trim();
  const current = readStored('search');
  if (!entry) return current;
  const next = [entry, ...current.filter((item) => item !== entry)].slice(0, SEARCH_HISTORY_MAX);
  writeStored('search', next);
  return next;
}

export function clearSearchHistory(): void {
  writeStored('search', []);
}

// ---- device id (spec §3, SPEC-DECISIONS 17) ----

let memoryDeviceId: string | null = null;

function newDeviceId(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  // randomUUID needs a secure context; format random bytes as a v4 UUID instead.
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = ((bytes[6] ?? 0) & 0x0f) | 0x40;
  bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80;
  const hex = Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The device id: generated once, then kept. */
export function getDeviceId(): string {
  const stored = readRaw(DEVICE_ID_KEY);
  if (stored && UUID.test(stored)) return stored;
  memoryDeviceId ??= newDeviceId();
  writeRaw(DEVICE_ID_KEY, memoryDeviceId);
  return memoryDeviceId;
}
