import { describe, expect, it, vi, afterEach, beforeEach } from 'vitest';

import { GatewayError, TransportError, procedures } from '@coinlens/contract';

import { createFakeFetch, deferred, fail, ok, type FakeHandler } from '@/testing/fake-fetch';
import {
  contractRedirectExempt,
  createAppGateway,
  type AppGatewayOptions,
  type GatewayMessage,
} from './app-gateway';

const config = {
  app_id: 'coinlens-web',
  app_name: 'Coinlens',
  app_names: { en: 'Coinlens', vi: 'Coinlens', 'zh-Hans': '币镜' },
  website: 'http://localhost',
  contact: { email: 'a@b.c', telegram: '@c', x: '@c' },
  languages: ['zh-Hans', 'en', 'vi'],
  default_language: 'en',
  default_currency: 'usd',
  theme: 'light',
  dark_mode: false,
  platform: 'web',
};

function setup(handler: FakeHandler, overrides: Partial<AppGatewayOptions> = {}) {
  const { fetch, requests } = createFakeFetch(handler);
  const messages: GatewayMessage[] = [];
  const session = {
    accessToken: 'old' as string | undefined,
    refreshToken: 'refresh-1' as string | undefined,
  };
  const onSessionExpired = vi.fn();
  const onAccessLimited = vi.fn();
  const onAppRefused = vi.fn();
  const gateway = createAppGateway({
    appId: 'coinlens-web',
    appSecret: 'secret',
    fetch,
    headers: () => ({ ...session, deviceId: 'device-1', language: 'en' }),
    notify: (message) => messages.push(message),
    onAccessLimited,
    onAppRefused,
    onSessionExpired,
    ...overrides,
  });
  return { gateway, requests, messages, session, onSessionExpired, onAccessLimited, onAppRefused };
}

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('headers and success', () => {
  it('sends AccessToken, RefreshToken, DeviceId and Lang, and returns the data', async () => {
    const { gateway, requests } = setup(() => ok(config));
    await expect(gateway.call('appsys_msrv/app_config', {})).resolves.toEqual(config);
    expect(requests[0]?.url).toBe('/gwapi/v1/appsys_msrv/app_config');
    expect(requests[0]?.headers).toMatchObject({
      accesstoken: 'old',
      refreshtoken: 'refresh-1',
      deviceid: 'device-1',
      lang: 'en',
    });
  });

  it('omits the token headers for a visitor', async () => {
    const { gateway, requests, session } = setup(() => ok(config));
    session.accessToken = undefined;
    session.refreshToken = undefined;
    await gateway.call('appsys_msrv/app_config', {});
    expect(requests[0]?.headers.accesstoken).toBeUndefined();
    expect(requests[0]?.headers.refreshtoken).toBeUndefined();
    expect(requests[0]?.headers.deviceid).toBe('device-1');
  });

  it('passes other gateway codes to the caller without a toast', async () => {
    const { gateway, messages } = setup(() => fail(3002, 'Not found'));
    await expect(gateway.call('appsys_msrv/app_config', {})).rejects.toMatchObject({
      code: 3002,
      message: 'Not found',
    });
    await expect(gateway.call('appsys_msrv/app_config', {})).rejects.toBeInstanceOf(GatewayError);
    expect(messages).toEqual([]);
  });
});

describe('code 1000: session expired', () => {
  it('toasts once and redirects once after 1 s, however many calls fail together', async () => {
    const { gateway, messages, onSessionExpired } = setup(() => fail(1000));
    const calls = [1, 2, 3].map(() =>
      gateway.call('appsys_msrv/app_config', {}).catch((error: unknown) => error),
    );
    const errors = await Promise.all(calls);
    for (const error of errors) expect(error).toMatchObject({ code: 1000 });
    expect(messages).toEqual([{ key: 'sessionExpired' }]);
    expect(gateway.redirectPending).toBe(true);
    await vi.advanceTimersByTimeAsync(999);
    expect(onSessionExpired).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(onSessionExpired).toHaveBeenCalledTimes(1);
    expect(gateway.redirectPending).toBe(false);

    // One at a time, not once ever: a later expiry redirects again.
    await gateway.call('appsys_msrv/app_config', {}).catch(() => undefined);
    await vi.advanceTimersByTimeAsync(1000);
    expect(onSessionExpired).toHaveBeenCalledTimes(2);
  });

  it('never redirects for an exempt procedure', async () => {
    const { gateway, messages, onSessionExpired } = setup(() => fail(1000), {
      isRedirectExempt: (procedure) => procedure === 'appsys_msrv/version_check',
    });
    await expect(gateway.call('appsys_msrv/version_check', {})).rejects.toMatchObject({ code: 1000 });
    await vi.advanceTimersByTimeAsync(2000);
    expect(messages).toEqual([]);
    expect(onSessionExpired).not.toHaveBeenCalled();
  });

  it('reads the exemption from the contract procedure specs', () => {
    for (const [name, spec] of Object.entries(procedures) as [
      string,
      { sessionRedirectExempt?: boolean },
    ][]) {
      expect(contractRedirectExempt(name)).toBe(spec.sessionRedirectExempt === true);
    }
    expect(contractRedirectExempt('appsys_msrv/app_config')).toBe(false);
    expect(contractRedirectExempt('no_such/procedure')).toBe(false);
  });

  it('request() returns the whole answer but still handles the expiry', async () => {
    const { gateway, messages } = setup(() => fail(1000, 'Session expired'));
    await expect(gateway.request('appsys_msrv/app_config', {})).resolves.toMatchObject({ code: 1000 });
    expect(messages).toEqual([{ key: 'sessionExpired' }]);
  });
});

describe('code 1003: token failed verification', () => {
  it('refreshes once for concurrent calls and retries each call once', async () => {
    const harness = setup((request) => (request.headers.accesstoken === 'new' ? ok(config) : fail(1003)));
    const refresher = vi.fn(async () => {
      await Promise.resolve();
      harness.session.accessToken = 'new';
      return true;
    });
    harness.gateway.setSessionRefresher(refresher);
    const results = await Promise.all([
      harness.gateway.call('appsys_msrv/app_config', {}),
      harness.gateway.call('appsys_msrv/app_config', {}),
    ]);
    expect(results).toEqual([config, config]);
    expect(refresher).toHaveBeenCalledTimes(1);
    expect(harness.requests).toHaveLength(4);
    expect(harness.messages).toEqual([]);
  });

  it('a call that fails after a refresh it did not wait for just retries', async () => {
    const slow = deferred<ReturnType<typeof fail>>();
    const harness = setup((request, index) => {
      if (index === 1) return slow.promise; // the second call's first answer arrives late
      return request.headers.accesstoken === 'new' ? ok(config) : fail(1003);
    });
    const refresher = vi.fn(() => {
      harness.session.accessToken = 'new';
      return Promise.resolve(true);
    });
    harness.gateway.setSessionRefresher(refresher);
    const first = harness.gateway.call('appsys_msrv/app_config', {});
    const second = harness.gateway.call('appsys_msrv/app_config', {});
    await expect(first).resolves.toEqual(config);
    slow.resolve(fail(1003));
    await expect(second).resolves.toEqual(config);
    expect(refresher).toHaveBeenCalledTimes(1);
  });

  it('retries only once: a second 1003 is a session expiry', async () => {
    const harness = setup(() => fail(1003));
    const refresher = vi.fn(() => Promise.resolve(true));
    harness.gateway.setSessionRefresher(refresher);
    await expect(harness.gateway.call('appsys_msrv/app_config', {})).rejects.toMatchObject({ code: 1003 });
    expect(harness.requests).toHaveLength(2);
    expect(harness.messages).toEqual([{ key: 'sessionExpired' }]);
    await vi.advanceTimersByTimeAsync(1000);
    expect(harness.onSessionExpired).toHaveBeenCalledTimes(1);
  });

  it('without a refresher, or when the refresh fails or throws, it is treated as 1000', async () => {
    for (const refresher of [null, () => Promise.resolve(false), () => Promise.reject(new Error('down'))]) {
      const harness = setup(() => fail(1003));
      harness.gateway.setSessionRefresher(refresher);
      await expect(harness.gateway.call('appsys_msrv/app_config', {})).rejects.toMatchObject({ code: 1003 });
      expect(harness.requests).toHaveLength(1);
      expect(harness.messages).toEqual([{ key: 'sessionExpired' }]);
      await vi.advanceTimersByTimeAsync(1000);
      expect(harness.onSessionExpired).toHaveBeenCalledTimes(1);
    }
  });
});

describe('transport failures (decision D20)', () => {
  it('HTTP ≠ 200 toasts "api error:" with the message, 413 and 429 included', async () => {
    for (const [status, msg] of [
      [500, 'System error'],
      [413, 'Request too large'],
      [429, 'Too frequent, retry later'],
    ] as const) {
      const { gateway, messages, onAccessLimited } = setup(() => ({
        status,
        body: { code: 802009, msg, data: null },
      }));
      const error: unknown = await gateway.call('appsys_msrv/app_config', {}).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(TransportError);
      expect(error).toMatchObject({ kind: 'http', status });
      expect(messages).toEqual([{ key: 'api', message: msg }]);
      expect(onAccessLimited).not.toHaveBeenCalled();
    }
  });

  it('a non-200 answer without the gateway’s envelope (a proxy’s page) names only its status', async () => {
    const { gateway, messages } = setup(() => ({ status: 503 }));
    await expect(gateway.call('appsys_msrv/app_config', {})).rejects.toMatchObject({
      kind: 'http',
      status: 503,
      code: null,
    });
    expect(messages).toEqual([{ key: 'http', status: 503 }]);
  });

  it('451 shows the Access Limited screen instead of a toast', async () => {
    const { gateway, messages, onAccessLimited } = setup(() => ({
      status: 451,
      body: { code: 1006, msg: 'x', data: null },
    }));
    await expect(gateway.call('appsys_msrv/app_config', {})).rejects.toMatchObject({ status: 451 });
    expect(onAccessLimited).toHaveBeenCalledTimes(1);
    expect(messages).toEqual([]);
  });

  it('a refused app id or signature shows the app-refused screen; other field errors do not', async () => {
    for (const field of ['app_id', 'signature']) {
      const { gateway, onAppRefused } = setup(() => ({
        status: 200,
        body: { code: 50500, msg: 'x', data: { field } },
      }));
      await expect(gateway.call('appsys_msrv/app_config', {})).rejects.toMatchObject({ code: 50500 });
      expect(onAppRefused).toHaveBeenCalledTimes(1);
    }
    const { gateway, onAppRefused } = setup(() => ({
      status: 200,
      body: { code: 50500, msg: 'x', data: { field: 'email' } },
    }));
    await expect(gateway.call('appsys_msrv/app_config', {})).rejects.toMatchObject({ code: 50500 });
    expect(onAppRefused).not.toHaveBeenCalled();
  });

  it('a network failure toasts its message', async () => {
    const { gateway, messages } = setup(() => new TypeError('Failed to fetch'));
    await expect(gateway.call('appsys_msrv/app_config', {})).rejects.toMatchObject({ kind: 'network' });
    expect(messages).toEqual([{ key: 'network', message: 'Failed to fetch' }]);
  });

  it('an abort the caller asked for is silent; another abort is toasted', async () => {
    const { gateway, messages } = setup(() => Object.assign(new Error('aborted'), { name: 'AbortError' }));
    const controller = new AbortController();
    controller.abort();
    await expect(
      gateway.call('appsys_msrv/app_config', {}, { signal: controller.signal }),
    ).rejects.toMatchObject({
      kind: 'abort',
    });
    expect(messages).toEqual([]);
    await expect(gateway.call('appsys_msrv/app_config', {})).rejects.toMatchObject({ kind: 'abort' });
    expect(messages).toEqual([{ key: 'abort', message: 'Request aborted' }]);
  });
});
