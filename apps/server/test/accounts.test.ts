import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { callAs, DEVICE_ID, latestCode, outboxFor, PASSWORD, registerAccount } from './support/accounts.js';
import { TEST_DIALECTS } from './support/test-databases.js';
import { startTestServerOn } from './support/test-server.js';
import type { TestServer } from './support/test-server.js';

const FIFTEEN_MINUTES = 15 * 60_000;

describe.each(TEST_DIALECTS)('accounts on %s', (dialect) => {
  let clock = Date.now();
  let server: TestServer;
  let counter = 0;
  const freshEmail = () => `user${++counter}-${dialect}@example.org`;

  beforeAll(async () => {
    server = await startTestServerOn(dialect, { TRUST_PROXY: 'true' }, { now: () => clock });
  });
  afterAll(() => server.close());

  it('lists every ISO country with names in the caller language', async () => {
    const en = await callAs(server, 'user_msrv/country_list', {}, { lang: 'en' });
    const vi = await callAs(server, 'user_msrv/country_list', {}, { lang: 'vi' });
    const zh = await callAs(server, 'user_msrv/country_list', {}, { lang: 'zh' });
    expect(en.data.list.length).toBeGreaterThanOrEqual(249);
    expect(vi.data.list.find((country) => country.code === 'VN')?.name).toBe('Việt Nam');
    expect(zh.data.list.find((country) => country.code === 'VN')?.name).toBe('越南');
    expect(en.data.list.find((country) => country.code === 'DE')?.name).toBe('Germany');
  });

  it('registers, logs in, refreshes with rotation, detects reuse and logs out', async () => {
    const email = freshEmail();
    const registered = await registerAccount(server, email);
    expect(registered.uid).toBeGreaterThan(0);
    expect(registered.authorInfo).toEqual({ nickname: 'Satoshi', uid: registered.uid });
    expect(registered.RefreshToken.length).toBeGreaterThanOrEqual(43);

    const login = await callAs(server, 'user_msrv/login', { email: email.toUpperCase(), password: PASSWORD });
    expect(login.code).toBe(0);
    const profile = await callAs(server, 'user_msrv/user_info', {}, { accessToken: login.data.AccessToken });
    expect(profile.data).toMatchObject({ email, nickname: 'Satoshi', country: 'VN' });

    const refreshed = await callAs(
      server,
      'user_msrv/refresh_token',
      {},
      { refreshToken: login.data.RefreshToken },
    );
    expect(refreshed.code).toBe(0);
    expect(refreshed.data.RefreshToken).not.toBe(login.data.RefreshToken);
    expect(
      (await callAs(server, 'user_msrv/user_info', {}, { accessToken: refreshed.data.AccessToken })).code,
    ).toBe(0);

    clock += 11_000; // past the grace window
    const reuse = await callAs(
      server,
      'user_msrv/refresh_token',
      {},
      { refreshToken: login.data.RefreshToken },
    );
    expect(reuse.code).toBe(1000);
    // The whole family is gone: the newer refresh token and its access token no longer work.
    expect(
      (await callAs(server, 'user_msrv/refresh_token', {}, { refreshToken: refreshed.data.RefreshToken }))
        .code,
    ).toBe(1000);
    expect(
      (await callAs(server, 'user_msrv/user_info', {}, { accessToken: refreshed.data.AccessToken })).code,
    ).toBe(1003);
    // The registration session was a different family and still works until it logs out.
    expect(
      (await callAs(server, 'user_msrv/user_info', {}, { accessToken: registered.AccessToken })).code,
    ).toBe(0);
    expect((await callAs(server, 'user_msrv/logout', {}, { accessToken: registered.AccessToken })).code).toBe(
      0,
    );
    expect(
      (await callAs(server, 'user_msrv/user_info', {}, { accessToken: registered.AccessToken })).code,
    ).toBe(1003);
    expect(
      (await callAs(server, 'user_msrv/refresh_token', {}, { refreshToken: registered.RefreshToken })).code,
    ).toBe(1000);
    expect((await callAs(server, 'user_msrv/logout', {}, {})).code).toBe(1008);
  });

  it('gives parallel refreshes with one token inside the grace window the same successor', async () => {
    const session = await registerAccount(server, freshEmail());
    const answers = await Promise.all(
      Array.from({ length: 3 }, () =>
        callAs(server, 'user_msrv/refresh_token', {}, { refreshToken: session.RefreshToken }),
      ),
    );
    expect(answers.map((answer) => answer.code)).toEqual([0, 0, 0]);
    expect(new Set(answers.map((answer) => answer.data.RefreshToken)).size).toBe(1);
    const next = await callAs(
      server,
      'user_msrv/refresh_token',
      {},
      { refreshToken: answers[0]!.data.RefreshToken },
    );
    expect(next.code).toBe(0);
  });

  it('binds refresh tokens to the device: another device id ends the session', async () => {
    const session = await registerAccount(server, freshEmail());
    const stolen = await callAs(
      server,
      'user_msrv/refresh_token',
      {},
      { refreshToken: session.RefreshToken, deviceId: 'device-thief' },
    );
    expect(stolen.code).toBe(1000);
    expect(
      (await callAs(server, 'user_msrv/refresh_token', {}, { refreshToken: session.RefreshToken })).code,
    ).toBe(1000);
  });

  it('answers 1002 to visitors and 1003 for an expired or forged access token', async () => {
    expect((await callAs(server, 'user_msrv/user_info', {})).code).toBe(1002);
    const session = await registerAccount(server, freshEmail());
    const forged = `${session.AccessToken.slice(0, -2)}xx`;
    expect((await callAs(server, 'user_msrv/user_info', {}, { accessToken: forged })).code).toBe(1003);
    clock += FIFTEEN_MINUTES + 1_000;
    expect((await callAs(server, 'user_msrv/user_info', {}, { accessToken: session.AccessToken })).code).toBe(
      1003,
    );
    const refreshed = await callAs(
      server,
      'user_msrv/refresh_token',
      {},
      { refreshToken: session.RefreshToken },
    );
    expect(
      (await callAs(server, 'user_msrv/user_info', {}, { accessToken: refreshed.data.AccessToken })).code,
    ).toBe(0);
  });

  it('refuses a wrong code five times, then even the right one (wrong code ×6)', async () => {
    const email = freshEmail();
    await callAs(server, 'user_msrv/captcha', { email, purpose: 'register' });
    const code = await latestCode(server, email);
    const wrong = code === '000000' ? '111111' : '000000';
    const attempt = (value: string) =>
      callAs(server, 'user_msrv/register', {
        email,
        code: value,
        password: PASSWORD,
        repeat_password: PASSWORD,
        country: 'VN',
        nickname: 'n',
        agreement: true,
      });
    for (let i = 0; i < 5; i++) {
      const answer = await attempt(wrong);
      expect(answer.code).toBe(50500);
      expect(answer.msg).toContain('Verification code error');
    }
    expect((await attempt(code)).code).toBe(50500);
  });

  it('refuses an expired code and a used one', async () => {
    const email = freshEmail();
    await callAs(server, 'user_msrv/captcha', { email, purpose: 'register' });
    const code = await latestCode(server, email);
    clock += 10 * 60_000 + 1_000;
    const payload = {
      email,
      code,
      password: PASSWORD,
      repeat_password: PASSWORD,
      country: 'VN',
      nickname: 'n',
      agreement: true as const,
    };
    expect((await callAs(server, 'user_msrv/register', payload)).code).toBe(50500);
    await callAs(server, 'user_msrv/captcha', { email, purpose: 'register' });
    const fresh = await latestCode(server, email, 1);
    expect((await callAs(server, 'user_msrv/register', { ...payload, code: fresh })).code).toBe(0);
    expect((await callAs(server, 'user_msrv/register', { ...payload, code: fresh })).code).toBe(50500);
  });

  it('binds a code to its purpose and answers 40008 only after a valid code', async () => {
    const email = freshEmail();
    await registerAccount(server, email);
    clock += 61_000;
    await callAs(server, 'user_msrv/captcha', { email, purpose: 'reset_password' });
    const resetCode = await latestCode(server, email, 1);
    const payload = {
      email,
      code: resetCode,
      password: PASSWORD,
      repeat_password: PASSWORD,
      country: 'VN',
      nickname: 'n',
      agreement: true as const,
    };
    expect((await callAs(server, 'user_msrv/register', payload)).code).toBe(50500);
    clock += 61_000;
    await callAs(server, 'user_msrv/captcha', { email, purpose: 'register' });
    const registerCode = await latestCode(server, email, 2);
    expect((await callAs(server, 'user_msrv/register', { ...payload, code: registerCode })).code).toBe(40008);
  });

  it('limits resends per requester and email (1 a minute, 3 per 30 minutes) and answers 429 with Retry-After', async () => {
    const email = freshEmail();
    expect((await callAs(server, 'user_msrv/captcha', { email, purpose: 'register' })).code).toBe(0);
    const again = await server.postForm('user_msrv/captcha', server.sign({ email, purpose: 'register' }));
    expect(again.status).toBe(429);
    expect(again.json?.code).toBe(802009);
    expect(Number(again.headers.get('retry-after'))).toBeGreaterThan(0);
    for (let i = 0; i < 2; i++) {
      clock += 61_000;
      expect((await callAs(server, 'user_msrv/captcha', { email, purpose: 'register' })).code).toBe(0);
    }
    clock += 61_000;
    expect(
      (await server.postForm('user_msrv/captcha', server.sign({ email, purpose: 'register' }))).status,
    ).toBe(429);
  });

  it('never reveals whether an email is registered: captcha, reset and login answer alike', async () => {
    const known = freshEmail();
    const unknown = freshEmail();
    await registerAccount(server, known);
    clock += 61_000;
    const captchaKnown = await callAs(server, 'user_msrv/captcha', {
      email: known,
      purpose: 'reset_password',
    });
    const captchaUnknown = await callAs(server, 'user_msrv/captcha', {
      email: unknown,
      purpose: 'reset_password',
    });
    expect(captchaUnknown).toEqual(captchaKnown);
    const loginKnown = await callAs(server, 'user_msrv/login', { email: known, password: 'Wrong-pass1' });
    const loginUnknown = await callAs(server, 'user_msrv/login', { email: unknown, password: 'Wrong-pass1' });
    expect(loginKnown.code).toBe(40001);
    expect(loginUnknown).toEqual(loginKnown);
    // Only the owner of a registered mailbox receives a reset code.
    await latestCode(server, known, 1);
    expect(await outboxFor(server, unknown)).toEqual([]);
  });

  it('takes about as long to refuse an unknown email as a wrong password', async () => {
    const known = freshEmail();
    await registerAccount(server, known);
    const time = async (email: string, ip: string) => {
      const started = performance.now();
      await callAs(
        server,
        'user_msrv/login',
        { email, password: 'Wrong-pass1' },
        { ip, deviceId: 'device-of-a-prober' },
      );
      return performance.now() - started;
    };
    const samples: Record<'known' | 'unknown', number[]> = { known: [], unknown: [] };
    for (let i = 0; i < 12; i++) {
      samples.known.push(await time(known, `198.51.100.${i}`));
      samples.unknown.push(await time(`nobody-${i}@example.org`, `198.51.100.${i}`));
    }
    const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
    const ratio = median(samples.unknown) / median(samples.known);
    expect(ratio).toBeGreaterThan(0.6);
    expect(ratio).toBeLessThan(1.6);
  });

  it('resets a forgotten password with an email code and ends every session', async () => {
    const email = freshEmail();
    const session = await registerAccount(server, email);
    clock += 61_000;
    await callAs(server, 'user_msrv/captcha', { email, purpose: 'reset_password' });
    const code = await latestCode(server, email, 1);
    const reset = await callAs(server, 'user_msrv/reset_password', {
      email,
      code,
      password: 'New-pass-22',
      repeat_password: 'New-pass-22',
    });
    expect(reset.code).toBe(0);
    expect((await callAs(server, 'user_msrv/user_info', {}, { accessToken: session.AccessToken })).code).toBe(
      1003,
    );
    expect((await callAs(server, 'user_msrv/login', { email, password: PASSWORD })).code).toBe(40001);
    expect((await callAs(server, 'user_msrv/login', { email, password: 'New-pass-22' })).code).toBe(0);
  });

  it('changes the password: 40005 for a wrong original, other sessions end, this one stays', async () => {
    const email = freshEmail();
    const first = await registerAccount(server, email);
    const second = (
      await callAs(server, 'user_msrv/login', { email, password: PASSWORD }, { deviceId: 'device-other' })
    ).data;
    const wrong = await callAs(
      server,
      'user_msrv/update_password',
      { original_password: 'Not-the-pass1', password: 'Brand-new-9', repeat_password: 'Brand-new-9' },
      { accessToken: first.AccessToken },
    );
    expect(wrong.code).toBe(40005);
    const changed = await callAs(
      server,
      'user_msrv/update_password',
      { original_password: PASSWORD, password: 'Brand-new-9', repeat_password: 'Brand-new-9' },
      { accessToken: first.AccessToken },
    );
    expect(changed.code).toBe(0);
    expect(changed.data.signed_out_sessions).toBe(1);
    expect((await callAs(server, 'user_msrv/user_info', {}, { accessToken: first.AccessToken })).code).toBe(
      0,
    );
    expect(
      (
        await callAs(
          server,
          'user_msrv/user_info',
          {},
          { accessToken: second.AccessToken, deviceId: 'device-other' },
        )
      ).code,
    ).toBe(1003);
    const mails = await outboxFor(server, email);
    await expect.poll(async () => (await outboxFor(server, email)).length).toBeGreaterThan(mails.length - 1);
  });

  it('updates the profile and refuses an avatar URL it did not issue', async () => {
    const session = await registerAccount(server, freshEmail());
    const updated = await callAs(
      server,
      'user_msrv/update_user_info',
      { nickname: '  Vitalik  ', bio: 'Hello' },
      { accessToken: session.AccessToken },
    );
    expect(updated.code).toBe(0);
    expect(updated.data).toMatchObject({ nickname: 'Vitalik', bio: 'Hello' });
    const avatar = await callAs(
      server,
      'user_msrv/update_user_info',
      { avatar: 'https://evil.example/x.png' },
      { accessToken: session.AccessToken },
    );
    expect(avatar.code).toBe(50500);
    expect(avatar.msg).toContain('avatar');
    expect(
      (await callAs(server, 'user_msrv/update_user_info', {}, { accessToken: session.AccessToken })).code,
    ).toBe(50500);
  });

  it('stores nicknames and bios without control characters and device labels without caller text', async () => {
    const email = freshEmail();
    const session = await registerAccount(server, email);
    const update = (changes: { nickname?: string; bio?: string }) =>
      callAs(server, 'user_msrv/update_user_info', changes, { accessToken: session.AccessToken });
    const cleaned = await update({ nickname: 'Sa\u0000to\u202Eshi\t Na', bio: 'one\r\ntwo\u0007' });
    expect(cleaned.code).toBe(0);
    expect(cleaned.data).toMatchObject({ nickname: 'Satoshi Na', bio: 'one\ntwo' });
    const markup = await update({ nickname: '<b>x</b>' });
    expect(markup.code).toBe(50500);
    expect(markup.msg).toContain('letters, digits');
    const login = await server.postForm('user_msrv/login', server.sign({ email, password: PASSWORD }), {
      DeviceId: 'device-scripted',
      'User-Agent': '<script>alert("ua")</script>',
      'X-Forwarded-For': '192.0.2.200',
    });
    const token = (login.json?.data as { AccessToken: string }).AccessToken;
    const info = await callAs(
      server,
      'user_msrv/security_info',
      {},
      { accessToken: token, deviceId: 'device-scripted' },
    );
    const devices = info.data.sessions.map((entry) => entry.device);
    expect(devices).toContain('Unknown device');
    expect(JSON.stringify(info.data)).not.toContain('<script>');
    // Stored in English, shown in the caller's language.
    const chinese = await callAs(
      server,
      'user_msrv/security_info',
      {},
      { accessToken: token, deviceId: 'device-scripted', lang: 'zh-Hans' },
    );
    expect(chinese.data.sessions.map((entry) => entry.device)).toContain('未知设备');
    expect(chinese.data.recent_logins.map((entry) => entry.device)).toContain('未知设备');
  });

  it('shows masked security info and signs out other sessions', async () => {
    const email = freshEmail();
    const mine = await registerAccount(server, email);
    await callAs(server, 'user_msrv/login', { email, password: PASSWORD }, { deviceId: 'device-tablet' });
    const info = await callAs(server, 'user_msrv/security_info', {}, { accessToken: mine.AccessToken });
    expect(info.code).toBe(0);
    expect(info.data.email_masked).toMatch(/^us\*\*\*@example\.org$/);
    expect(info.data.sessions).toHaveLength(2);
    expect(info.data.sessions.filter((session) => session.current)).toHaveLength(1);
    expect(info.data.recent_logins[0]).toMatchObject({ success: true });
    const out = await callAs(server, 'user_msrv/sign_out_sessions', {}, { accessToken: mine.AccessToken });
    expect(out.data.signed_out_sessions).toBe(1);
    const after = await callAs(server, 'user_msrv/security_info', {}, { accessToken: mine.AccessToken });
    expect(after.data.sessions.map((session) => session.current)).toEqual([true]);
  });

  /** 100 wrong passwords from 4 addresses and devices that never signed in to the account. */
  async function guessPasswords(email: string): Promise<void> {
    for (let i = 0; i < 100; i++) {
      const answer = await callAs(
        server,
        'user_msrv/login',
        { email, password: 'Wrong-pass1' },
        { ip: `203.0.113.${i % 4}`, deviceId: `attacker-device-${i}` },
      );
      expect(answer.code).toBe(40001);
    }
  }

  function loginFrom(email: string, password: string, ip: string, deviceId: string) {
    return server.postForm('user_msrv/login', server.sign({ email, password }), {
      'X-Forwarded-For': ip,
      DeviceId: deviceId,
    });
  }

  it('stops checking passwords after 100 failures per account per hour for devices new to the account', async () => {
    const email = freshEmail();
    await registerAccount(server, email);
    await guessPasswords(email);
    const blocked = await loginFrom(email, PASSWORD, '192.0.2.77', 'device-never-seen');
    expect(blocked.status).toBe(429);
    expect(blocked.json?.code).toBe(802009);
    expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(3000);
    clock += 60 * 60_000 + 1_000;
    expect((await loginFrom(email, PASSWORD, '192.0.2.78', 'device-never-seen')).json?.code).toBe(0);
  });

  it('does not lock the owner out: a device that signed in before keeps its path', async () => {
    const email = freshEmail();
    await registerAccount(server, email); // signs in on DEVICE_ID
    await guessPasswords(email);
    const owner = await loginFrom(email, PASSWORD, '192.0.2.90', DEVICE_ID);
    expect(owner.status).toBe(200);
    expect(owner.json?.code).toBe(0);
  });

  it('limits a known device on its own: 10 attempts per 15 minutes', async () => {
    const email = freshEmail();
    await registerAccount(server, email);
    for (let i = 0; i < 10; i++) {
      expect((await loginFrom(email, 'Wrong-pass1', `192.0.2.${100 + i}`, DEVICE_ID)).json?.code).toBe(40001);
    }
    expect((await loginFrom(email, PASSWORD, '192.0.2.120', DEVICE_ID)).status).toBe(429);
    clock += 15 * 60_000 + 1_000;
    expect((await loginFrom(email, PASSWORD, '192.0.2.121', DEVICE_ID)).json?.code).toBe(0);
  });

  it('a successful password reset lifts the account limit', async () => {
    const email = freshEmail();
    await registerAccount(server, email);
    await guessPasswords(email);
    expect((await loginFrom(email, PASSWORD, '192.0.2.130', 'device-new-phone')).status).toBe(429);
    clock += 61_000; // past the resend interval of the registration code
    await callAs(
      server,
      'user_msrv/captcha',
      { email, purpose: 'reset_password' },
      { ip: '192.0.2.131', deviceId: 'device-new-phone' },
    );
    const code = await latestCode(server, email, 1);
    const reset = await callAs(
      server,
      'user_msrv/reset_password',
      { email, code, password: 'New-pass-22', repeat_password: 'New-pass-22' },
      { ip: '192.0.2.131', deviceId: 'device-new-phone' },
    );
    expect(reset.code).toBe(0);
    const after = await loginFrom(email, 'New-pass-22', '192.0.2.132', 'device-new-phone');
    expect(after.status).toBe(200);
    expect(after.json?.code).toBe(0);
  });

  it('limits password attempts per address: 25 per 5 minutes', async () => {
    const ip = '198.18.0.1';
    for (let i = 0; i < 25; i++) {
      expect(
        (
          await callAs(
            server,
            'user_msrv/login',
            { email: `spray${i}@example.org`, password: 'Wrong-pass1' },
            { ip },
          )
        ).code,
      ).toBe(40001);
    }
    const limited = await server.postForm(
      'user_msrv/login',
      server.sign({ email: 'spray-x@example.org', password: 'Wrong-pass1' }),
      {
        'X-Forwarded-For': ip,
      },
    );
    expect(limited.status).toBe(429);
    expect(
      (
        await callAs(
          server,
          'user_msrv/login',
          { email: 'spray-y@example.org', password: 'Wrong-pass1' },
          { ip: '198.18.0.2' },
        )
      ).code,
    ).toBe(40001);
  });

  it('validates registration with the spec messages in the caller language', async () => {
    const base = {
      email: freshEmail(),
      code: '123456',
      password: PASSWORD,
      repeat_password: PASSWORD,
      country: 'VN',
      nickname: 'n',
      agreement: true as const,
    };
    const cases: [Record<string, unknown>, string, string][] = [
      [{ email: 'not-an-email' }, 'email', 'Email format incorrect'],
      [{ password: 'short1', repeat_password: 'short1' }, 'password', 'Password format error'],
      [{ repeat_password: 'Other-pass1' }, 'repeat_password', 'Two passwords are inconsistent'],
      [{ agreement: false }, 'agreement', 'Privacy Policy'],
      [{ nickname: '' }, 'nickname', 'Please enter your nickname'],
      [{ country: 'XX' }, 'country', 'Please select your country'],
    ];
    for (const [change, field, message] of cases) {
      const answer = await server.postForm('user_msrv/register', server.sign({ ...base, ...change }), {
        Lang: 'en',
      });
      expect(answer.json?.code, field).toBe(50500);
      expect(answer.json?.msg).toContain(field);
      expect(answer.json?.msg).toContain(message);
    }
    const vi = await server.postForm('user_msrv/register', server.sign({ ...base, email: 'x' }), {
      Lang: 'vi',
    });
    expect(vi.json?.msg).not.toContain('Email format incorrect');
  });
});
