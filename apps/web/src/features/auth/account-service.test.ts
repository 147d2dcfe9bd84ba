import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { ErrorCode, errorMessage, type SessionTokens } from '@coinlens/contract';

import { setSessionRefresher } from '@/lib/gateway/gateway';
import { reloadSession } from '@/lib/session-store';
import { readStored, storeUser } from '@/lib/storage';
import { showToast } from '@/lib/toast';
import { fail, ok } from '@/testing/fake-fetch';
import { procedureOf } from './testing/fake-gateway-server';
import { accountService } from './account-service';
import { refreshSession } from './session-refresher';

// Before any import creates the gateway singleton: its calls go to this fake server.
const server = await vi.hoisted(async () =>
  (await import('./testing/fake-gateway-server')).installFakeGatewayServer(),
);
vi.mock('@/lib/toast', () => ({ showToast: vi.fn() }));

beforeEach(() => {
  server.reset();
});
afterEach(() => {
  vi.useRealTimers();
  setSessionRefresher(null);
  reloadSession();
});

const session = (access: string, refresh: string): SessionTokens => ({
  AccessToken: access,
  RefreshToken: refresh,
  uid: 42,
  authorInfo: { nickname: 'Satoshi', uid: 42 },
  expires_in: 900,
});
const stored = (access: string, refresh: string) => ({
  AccessToken: access,
  RefreshToken: refresh,
  uid: '42',
  authorInfo: { nickname: 'Satoshi', uid: '42' },
});

describe('accountService.login', () => {
  it('posts email and password and stores the answer as the user, with the login time', async () => {
    server.handler = () => ok(session('at-1', 'rt-1'));
    const result = await accountService.login({ email: 'a@b.co', password: 'abc12345' });
    expect(result.ok).toBe(true);
    expect(procedureOf(server.requests[0])).toBe('user_msrv/login');
    expect(server.requests[0]?.payload).toEqual({ email: 'a@b.co', password: 'abc12345' });
    expect(readStored('user')).toEqual(stored('at-1', 'rt-1'));
    expect(readStored('login_time')).toEqual(expect.any(Number));
  });

  it('toasts a refusal (40001) and stores nothing', async () => {
    server.handler = () => fail(ErrorCode.LoginFailed, 'Login failed');
    const result = await accountService.login({ email: 'a@b.co', password: 'abc12345' });
    expect(result).toEqual({ ok: false, kind: 'shown' });
    expect(showToast).toHaveBeenCalledWith('Login failed');
    expect(readStored('user')).toBeNull();
  });

  it('a 429 is toasted by the gateway once, not again here', async () => {
    server.handler = () => ({
      status: 429,
      body: { code: ErrorCode.TooFrequent, msg: 'Too frequent, retry later', data: null },
      headers: { 'Retry-After': '30' },
    });
    const result = await accountService.login({ email: 'a@b.co', password: 'abc12345' });
    expect(result).toEqual({ ok: false, kind: 'shown' });
    expect(showToast).toHaveBeenCalledTimes(1);
    expect(showToast).toHaveBeenCalledWith('api error: Too frequent, retry later');
  });
});

describe('failures naming a field', () => {
  it('a 50500 with data.field comes back untoasted with the field and the localised msg', async () => {
    const msg = 'Parameter validation error: repeat_password (Two passwords are inconsistent)';
    server.handler = () => ({ code: ErrorCode.ParameterInvalid, msg, data: { field: 'repeat_password' } });
    const result = await accountService.resetPassword({
      email: 'a@b.co',
      code: '123456',
      password: 'abc12345',
      repeatPassword: 'abc12399',
    });
    expect(result).toEqual({ ok: false, kind: 'field', field: 'repeat_password', message: msg });
    expect(showToast).not.toHaveBeenCalled();
  });

  it('a 50500 without a field is toasted', async () => {
    server.handler = () => ({
      code: ErrorCode.ParameterInvalid,
      msg: 'Parameter validation error',
      data: null,
    });
    const result = await accountService.requestEmailCode('a@b.co', 'register');
    expect(result).toEqual({ ok: false, kind: 'shown' });
    expect(showToast).toHaveBeenCalledWith('Parameter validation error');
  });

  it('a wrong original password (40005) is a failure of original_password', async () => {
    storeUser(stored('at', 'rt'));
    server.handler = () => fail(ErrorCode.OldPasswordWrong, errorMessage(ErrorCode.OldPasswordWrong, 'en'));
    const result = await accountService.changePassword({
      originalPassword: 'wrong123',
      password: 'abc12345',
      repeatPassword: 'abc12345',
      signOutOthers: true,
    });
    expect(result).toEqual({
      ok: false,
      kind: 'field',
      field: 'original_password',
      message: 'Old password is wrong',
    });
    expect(server.requests[0]?.payload).toEqual({
      original_password: 'wrong123',
      password: 'abc12345',
      repeat_password: 'abc12345',
      sign_out_others: true,
    });
  });
});

describe('accountService.register', () => {
  it('sends every field with the agreement and signs in', async () => {
    server.handler = () => ok(session('at-r', 'rt-r'));
    const result = await accountService.register({
      email: 'a@b.co',
      code: '123456',
      password: 'abc12345',
      repeatPassword: 'abc12345',
      nickname: 'Satoshi',
      country: 'VN',
    });
    expect(result.ok).toBe(true);
    expect(server.requests[0]?.payload).toEqual({
      email: 'a@b.co',
      code: '123456',
      password: 'abc12345',
      repeat_password: 'abc12345',
      country: 'VN',
      nickname: 'Satoshi',
      agreement: true,
    });
    expect(readStored('user')).toEqual(stored('at-r', 'rt-r'));
  });
});

describe('accountService.logout', () => {
  it('ends the session on the server with the stored tokens, then forgets it', async () => {
    storeUser(stored('at', 'rt'));
    server.handler = () => ok({});
    await accountService.logout();
    expect(procedureOf(server.requests[0])).toBe('user_msrv/logout');
    expect(server.requests[0]?.headers).toMatchObject({ accesstoken: 'at', refreshtoken: 'rt' });
    expect(readStored('user')).toBeNull();
    expect(readStored('login_time')).toBeNull();
  });

  it('forgets the session even when the call fails', async () => {
    storeUser(stored('at', 'rt'));
    server.handler = () => new TypeError('Failed to fetch');
    await accountService.logout();
    expect(readStored('user')).toBeNull();
  });
});

describe('the session refresher', () => {
  it('stores the new pair and answers true, keeping the login time', async () => {
    storeUser(stored('at-old', 'rt-old'), 1234);
    server.handler = () => ok(session('at-new', 'rt-new'));
    await expect(refreshSession()).resolves.toBe(true);
    expect(procedureOf(server.requests[0])).toBe('user_msrv/refresh_token');
    expect(server.requests[0]?.headers).toMatchObject({ accesstoken: 'at-old', refreshtoken: 'rt-old' });
    expect(readStored('user')).toEqual(stored('at-new', 'rt-new'));
    expect(readStored('login_time')).toBe(1234);
  });

  it('answers false on 1000 (and the gateway ends the session)', async () => {
    vi.useFakeTimers();
    storeUser(stored('at-old', 'rt-old'));
    server.handler = () => fail(ErrorCode.SessionExpired, 'Session expired');
    await expect(refreshSession()).resolves.toBe(false);
    expect(readStored('user')).toEqual(stored('at-old', 'rt-old'));
    await vi.advanceTimersByTimeAsync(1000);
    expect(readStored('user')).toBeNull();
  });

  it('plugged into the gateway, a 1003 is renewed and the call retried with the new token', async () => {
    storeUser(stored('at-old', 'rt-old'));
    setSessionRefresher(refreshSession);
    const profile = {
      uid: 42,
      email: 'a@b.co',
      nickname: 'Satoshi',
      bio: '',
      avatar: '',
      country: 'VN',
      created_at: 1,
    };
    server.handler = (request) => {
      if (procedureOf(request) === 'user_msrv/refresh_token') return ok(session('at-new', 'rt-new'));
      return request.headers.accesstoken === 'at-new' ? ok(profile) : fail(ErrorCode.TokenInvalid);
    };
    const { gateway } = await import('@/lib/gateway/gateway');
    await expect(gateway.call('user_msrv/user_info', {})).resolves.toEqual(profile);
    expect(server.requests.map(procedureOf)).toEqual([
      'user_msrv/user_info',
      'user_msrv/refresh_token',
      'user_msrv/user_info',
    ]);
    expect(readStored('user')).toEqual(stored('at-new', 'rt-new'));
  });

  it('stores nothing when the user logged out while the refresh was under way', async () => {
    server.handler = () => ok(session('at-new', 'rt-new'));
    await expect(refreshSession()).resolves.toBe(false);
    expect(readStored('user')).toBeNull();
  });
});
