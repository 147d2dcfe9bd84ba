import { APP_LANGUAGES, SEARCH_HISTORY_LIMIT } from '@coinlens/contract';

import {
  arrayOf,
  finiteNumber,
  idText,
  nullable,
  oneOf,
  recordOf,
  shape,
  text,
  type Check,
  type CheckedType,
} from './value-check';

/** Key prefix of every stored value (decision D13). */
export const STORAGE_PREFIX = 'coinlens_';

export const storedUser = shape({
  AccessToken: text,
  RefreshToken: text,
  uid: idText,
  authorInfo: shape({ nickname: text, uid: idText }),
});
export type StoredUser = CheckedType<typeof storedUser>;
/** What may be written: the server sends uids as numbers, stored as strings. */
export type StoredUserInput = Omit<StoredUser, 'uid' | 'authorInfo'> & {
  uid: string | number;
  authorInfo: { nickname: string; uid: string | number };
};

/** Price display currency (decision D14). */
export const priceSetting = shape({
  cn_name: text,
  en_name: text,
  currency_code: text,
  currency_type: text,
  status: finiteNumber,
  unit: text,
});
export type PriceSetting = CheckedType<typeof priceSetting>;

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

/** Up/down colour (decision D14): type 1 up green / down red (default), type 2 up red / down green. */
export const upDownColor = shape({ type: oneOf([1, 2] as const), up: text, down: text });
export type UpDownColor = CheckedType<typeof upDownColor>;

export const UP_DOWN_PRESETS: Record<UpDownColor['type'], UpDownColor> = {
  1: { type: 1, up: UP_DOWN_COLORS.green, down: UP_DOWN_COLORS.red },
  2: { type: 2, up: UP_DOWN_COLORS.red, down: UP_DOWN_COLORS.green },
};

/** A route to resume after login (decision D13). */
export const urlParams = shape({ path: text, query: recordOf(text) });
export type UrlParams = CheckedType<typeof urlParams>;

export const THEMES = ['light', 'dark'] as const;
export type Theme = (typeof THEMES)[number];

export const HOMEPAGES = ['market', 'viewpoint'] as const;
export type Homepage = (typeof HOMEPAGES)[number];

export const REFRESH_RATES = ['live', '5s', '10s', '30s', 'manual'] as const;
export type RefreshRate = (typeof REFRESH_RATES)[number];

/**
 * Every stored key with its schema and default. A value that is missing, not JSON, or not of the schema
 * reads as the default.
 */
export const storageKeys = {
  user: { schema: nullable(storedUser), fallback: null },
  language: { schema: nullable(oneOf(APP_LANGUAGES)), fallback: null },
  price: { schema: priceSetting, fallback: DEFAULT_PRICE },
  up_down_colcor: { schema: upDownColor, fallback: UP_DOWN_PRESETS[1] },
  url_params: { schema: nullable(urlParams), fallback: null },
  login_time: { schema: nullable(finiteNumber), fallback: null },
  system_theme: { schema: oneOf(THEMES), fallback: 'light' },
  search: { schema: arrayOf(text), fallback: [] },
  other_uid: { schema: nullable(text), fallback: null },
  homepage: { schema: oneOf(HOMEPAGES), fallback: 'market' },
  refresh_rate: { schema: oneOf(REFRESH_RATES), fallback: 'live' },
} as const satisfies Record<string, { schema: Check<unknown>; fallback: unknown }>;

export type StorageKey = keyof typeof storageKeys;
export type StoredValue<K extends StorageKey> = CheckedType<(typeof storageKeys)[K]['schema']>;
export type StoredInput<K extends StorageKey> = K extends 'user' ? StoredUserInput | null : StoredValue<K>;

/**
 * Prefix (after STORAGE_PREFIX) of every key holding one signed-in user's own data, such as the kept copies of their
 * watch lists: all of them go at sign-out, so a signed-out device keeps nothing of the previous user's.
 */
export const ACCOUNT_DATA_PREFIX = 'account_';
/** Where releases before ACCOUNT_DATA_PREFIX kept the watch lists; removed at sign-out as well. */
const EARLIER_ACCOUNT_DATA_KEYS = ['offline_watch_coins', 'offline_watch_exchange'];

/** The device id key: the id is generated in the browser and kept in storage (decision D17). */
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
    const checked = (schema as Check<unknown>)(JSON.parse(raw));
    return (checked.ok ? checked.value : fallback) as StoredValue<K>;
  } catch {
    return fallback as StoredValue<K>;
  }
}

/** Writes a key after checking it against its schema; `null` removes it. */
export function writeStored<K extends StorageKey>(key: K, value: StoredInput<K>): void {
  if (value === null) {
    writeRaw(key, null);
  } else {
    const checked = (storageKeys[key].schema as Check<unknown>)(value);
    if (!checked.ok) throw new TypeError(`not a valid stored ${key}`);
    writeRaw(key, JSON.stringify(checked.value));
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

// ---- user / session (decision D13) ----

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

/** Removes every ACCOUNT_DATA_PREFIX key (and the earlier names of such keys). */
function removeAccountData(): void {
  try {
    const store = backend();
    if (!store) return;
    const prefix = storageName(ACCOUNT_DATA_PREFIX);
    const names = EARLIER_ACCOUNT_DATA_KEYS.map(storageName);
    for (let index = 0; index < store.length; index += 1) {
      const name = store.key(index);
      if (name?.startsWith(prefix)) names.push(name);
    }
    for (const name of names) store.removeItem(name);
  } catch {
    // storage disabled: nothing was kept
  }
}

/**
 * Signs the user out on this device: their own kept data first (so nothing reacting to the sign-out can still
 * read it), then the user and the login time.
 */
export function clearUser(): void {
  removeAccountData();
  removeStored('user');
  removeStored('login_time');
}

// ---- search history ----

/** Newest first, no duplicates (trimmed), at most SEARCH_HISTORY_LIMIT entries (business constants, docs/decisions.md). */
export function addSearchHistory(keyword: string): string[] {
  const entry = keyword.trim();
  const current = readStored('search');
  if (!entry) return current;
  const next = [entry, ...current.filter((item) => item !== entry)].slice(0, SEARCH_HISTORY_LIMIT);
  writeStored('search', next);
  return next;
}

export function clearSearchHistory(): void {
  writeStored('search', []);
}

// ---- device id (decision D17) ----

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
