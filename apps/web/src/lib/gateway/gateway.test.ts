import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { ErrorCode, errorMessage } from '@coinlens/contract';

import { createFakeFetch, fail, ok, type FakeReply } from '@/testing/fake-fetch';
import { readStored, storeUser, getDeviceId } from '../storage';
import { showToast } from '../toast';
import { useGatewayBlockStore } from './gateway-block';
import { gateway, setLoginNavigator } from './gateway';

// The singleton binds `fetch` when it is created: install a forwarder before any import runs.
const fake = vi.hoisted(() => {
  const holder: { fetch: typeof fetch | null } = { fetch: null };
  globalThis.fetch = (input, init) => holder.fetch!(input, init);
  return holder;
});
vi.mock('../toast', () => ({ showToast: vi.fn() }));

const server: { reply: () => FakeReply } = { reply: () => ok({}) };
let requests: ReturnType<typeof createFakeFetch>['requests'];
beforeEach(() => {
  const created = createFakeFetch(() => server.reply());
  fake.fetch = created.fetch;
  requests = created.requests;
});
afterEach(() => {
  vi.useRealTimers();
  useGatewayBlockStore.getState().dismiss();
});

const user = { AccessToken: 'at', RefreshToken: 'rt', uid: '9', authorInfo: { nickname: 'N', uid: '9' } };

describe('the app gateway', () => {
  it('calls the same origin with the stored tokens, the device id and the api language', async () => {
    storeUser(user);
    server.reply = () => ok({ anything: true });
    await gateway.call('appsys_msrv/app_config', {});
    expect(requests[0]?.url).toBe('/gwapi/v1/appsys_msrv/app_config');
    expect(requests[0]?.headers).toMatchObject({
      accesstoken: 'at',
      refreshtoken: 'rt',
      deviceid: getDeviceId(),
      lang: 'en',
    });
  });

  it('on 1000 it toasts the session message, then keeps the route, forgets the user and opens login', async () => {
    vi.useFakeTimers();
    storeUser(user);
    window.location.hash = '#/pages/system/notice/index?tab=2';
    const toLogin = vi.fn();
    setLoginNavigator(toLogin);
    server.reply = () => fail(1000, 'Session expired');
    await expect(gateway.call('appsys_msrv/app_config', {})).rejects.toMatchObject({ code: 1000 });
    expect(showToast).toHaveBeenCalledWith(errorMessage(ErrorCode.SessionExpired, 'en'));
    expect(toLogin).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1000);
    expect(toLogin).toHaveBeenCalledTimes(1);
    expect(readStored('url_params')).toEqual({ path: '/pages/system/notice/index', query: { tab: '2' } });
    expect(readStored('user')).toBeNull();
    expect(readStored('login_time')).toBeNull();
  });

  it('on 451 it raises the Access Limited screen without a toast', async () => {
    server.reply = () => ({ status: 451, body: { code: 1006, msg: 'blocked', data: null } });
    await expect(gateway.call('appsys_msrv/app_config', {})).rejects.toMatchObject({ status: 451 });
    expect(useGatewayBlockStore.getState().block).toBe('region');
    expect(showToast).not.toHaveBeenCalled();
  });

  it('on another HTTP status it toasts "api error:" and the message', async () => {
    server.reply = () => ({
      status: 429,
      body: { code: 802009, msg: 'Too frequent, retry later', data: null },
    });
    await expect(gateway.call('appsys_msrv/app_config', {})).rejects.toMatchObject({ status: 429 });
    expect(showToast).toHaveBeenCalledWith('api error: Too frequent, retry later');
  });
});
