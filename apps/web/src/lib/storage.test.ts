import { describe, expect, it, vi } from 'vitest';

import {
  DEFAULT_PRICE,
  UP_DOWN_PRESETS,
  addSearchHistory,
  clearSearchHistory,
  clearUser,
  getDeviceId,
  isLoggedIn,
  onStorageChange,
  readStored,
  readUser,
  storageName,
  storeUser,
  writeStored,
} from './storage';

const user = { AccessToken: 'a', RefreshToken: 'r', uid: 7, authorInfo: { nickname: 'Kim', uid: '7' } };

describe('storage keys', () => {
  it('prefixes every key with coinlens_', () => {
    writeStored('system_theme', 'dark');
    expect(localStorage.getItem('coinlens_system_theme')).toBe('"dark"');
    expect(storageName('price')).toBe('coinlens_price');
  });

  it('reads the spec defaults when nothing is stored', () => {
    expect(readStored('user')).toBeNull();
    expect(readStored('language')).toBeNull();
    expect(readStored('price')).toEqual({
      cn_name: '美元',
      en_name: 'US Dollar',
      currency_code: 'usd',
      currency_type: 'fiat',
      status: 1,
      unit: '$',
    });
    expect(readStored('up_down_colcor')).toEqual({
      type: 1,
      up: UP_DOWN_PRESETS[1].up,
      down: UP_DOWN_PRESETS[1].down,
    });
    expect(readStored('system_theme')).toBe('light');
    expect(readStored('search')).toEqual([]);
    expect(readStored('homepage')).toBe('market');
    expect(readStored('refresh_rate')).toBe('live');
    expect(readStored('url_params')).toBeNull();
    expect(readStored('login_time')).toBeNull();
    expect(readStored('other_uid')).toBeNull();
  });

  it('type 1 is up green / down red and type 2 the reverse', () => {
    expect(UP_DOWN_PRESETS[1].up).toBe(UP_DOWN_PRESETS[2].down);
    expect(UP_DOWN_PRESETS[1].down).toBe(UP_DOWN_PRESETS[2].up);
  });

  it('reads corrupt JSON and out-of-schema values as the default', () => {
    localStorage.setItem('coinlens_price', '{not json');
    localStorage.setItem('coinlens_system_theme', '"purple"');
    localStorage.setItem('coinlens_search', '{"a":1}');
    localStorage.setItem('coinlens_user', '"someone"');
    expect(readStored('price')).toEqual(DEFAULT_PRICE);
    expect(readStored('system_theme')).toBe('light');
    expect(readStored('search')).toEqual([]);
    expect(readStored('user')).toBeNull();
  });

  it('refuses to write a value outside the schema', () => {
    expect(() => writeStored('homepage', 'news' as never)).toThrow();
    expect(readStored('homepage')).toBe('market');
  });

  it('round-trips every setting', () => {
    writeStored('refresh_rate', '30s');
    writeStored('homepage', 'viewpoint');
    writeStored('up_down_colcor', UP_DOWN_PRESETS[2]);
    writeStored('language', 'vi');
    writeStored('url_params', { path: '/pages/system/notice/index', query: { a: '1' } });
    expect(readStored('refresh_rate')).toBe('30s');
    expect(readStored('homepage')).toBe('viewpoint');
    expect(readStored('up_down_colcor').type).toBe(2);
    expect(readStored('language')).toBe('vi');
    expect(readStored('url_params')).toEqual({ path: '/pages/system/notice/index', query: { a: '1' } });
  });

  it('notifies listeners of writes', () => {
    const listener = vi.fn();
    const stop = onStorageChange(listener);
    writeStored('system_theme', 'dark');
    stop();
    writeStored('system_theme', 'light');
    expect(listener).toHaveBeenCalledTimes(1);
    expect(listener).toHaveBeenCalledWith('system_theme');
  });
});

describe('stored user', () => {
  it('storing the user writes the login time; logged in ⇔ user non-empty', () => {
    expect(isLoggedIn()).toBe(false);
    storeUser(user, 1_700_000_000_123);
    expect(isLoggedIn()).toBe(true);
    expect(readUser()).toEqual({ ...user, uid: '7' });
    expect(readStored('login_time')).toBe(1_700_000_000_123);
  });

  it('removing the user clears the login time too', () => {
    storeUser(user);
    clearUser();
    expect(isLoggedIn()).toBe(false);
    expect(localStorage.getItem('coinlens_user')).toBeNull();
    expect(localStorage.getItem('coinlens_login_time')).toBeNull();
  });

  it('an empty user object is not a login', () => {
    localStorage.setItem(
      'coinlens_user',
      JSON.stringify({ AccessToken: '', RefreshToken: '', uid: '', authorInfo: { nickname: '', uid: '' } }),
    );
    expect(isLoggedIn()).toBe(false);
  });
});

describe('search history', () => {
  it('keeps newest first, without duplicates, at most 10', () => {
    for (let i = 1; i <= 12; i += 1) addSearchHistory(`q${i}`);
    addSearchHistory('q5');
    addSearchHistory('  ');
    const history = readStored('search');
    expect(history).toHaveLength(10);
    expect(history[0]).toBe('q5');
    expect(history.filter((entry) => entry === 'q5')).toHaveLength(1);
    expect(history).not.toContain('q1');
    expect(history).not.toContain('');
    clearSearchHistory();
    expect(readStored('search')).toEqual([]);
  });
});

describe('device id', () => {
  it('is generated once and kept', () => {
    const first = getDeviceId();
    expect(first).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(localStorage.getItem('coinlens_device_id')).toBe(first);
    expect(getDeviceId()).toBe(first);
  });

  it('survives in storage across sessions', () => {
    localStorage.setItem('coinlens_device_id', '3f2b8c1e-7d4a-4e5f-9a6b-0c1d2e3f4a5b');
    expect(getDeviceId()).toBe('3f2b8c1e-7d4a-4e5f-9a6b-0c1d2e3f4a5b');
  });
});
