import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import {
  callAs,
  latestCode,
  nextTestAddress,
  outboxFor,
  PASSWORD,
  registerAccount,
} from './support/accounts.js';
import { TEST_DIALECTS } from './support/test-databases.js';
import { startTestServerOn } from './support/test-server.js';
import type { TestServer } from './support/test-server.js';

/** Issue 24, findings 3 (revoked sessions as known devices) and 4 (locking a victim out with their email). */

interface Requester {
  ip: string;
  deviceId: string;
}

const NEW_PASSWORD = 'New-pass-22';
const LOGIN_WINDOW_PER_ADDRESS_MS = 5 * 60_000;

/** A six-digit value none of `codes` equals, so a "wrong guess" is wrong for certain. */
function wrongCode(...codes: string[]): string {
  return ['000000', '111111', '222222', '333333'].find((candidate) => !codes.includes(candidate)) ?? '444444';
}

describe.each(TEST_DIALECTS)('account abuse on %s', (dialect) => {
  let clock = Date.now();
  let server: TestServer;
  let counter = 0;
  const freshEmail = () => `abuse${++counter}-${dialect}@example.org`;
  const requester = (name: string): Requester => ({ ip: nextTestAddress(), deviceId: `${name}-${counter}` });

  beforeAll(async () => {
    server = await startTestServerOn(dialect, { TRUST_PROXY: 'true' }, { now: () => clock });
  });
  afterAll(() => server.close());

  function loginFrom(email: string, password: string, from: Requester) {
    return server.postForm('user_msrv/login', server.sign({ email, password }), {
      'X-Forwarded-For': from.ip,
      DeviceId: from.deviceId,
    });
  }

  /** 100 wrong passwords from devices new to the account, spread over addresses (25 per address per 5 min). */
  async function guessFromNewDevices(email: string): Promise<void> {
    for (let i = 0; i < 100; i++) {
      const answer = await loginFrom(email, 'Wrong-pass1', {
        ip: `203.0.113.${(counter * 4 + (i % 4)) % 250}`,
        deviceId: `made-up-device-${counter}-${i}`,
      });
      expect(answer.json?.code).toBe(40001);
    }
  }

  /** 100 wrong passwords from one address and device, waiting out the per-address limit between batches. */
  async function guessFrom(email: string, from: Requester): Promise<void> {
    for (let batch = 0; batch < 4; batch++) {
      for (let i = 0; i < 25; i++)
        expect((await loginFrom(email, 'Wrong-pass1', from)).json?.code).toBe(40001);
      clock += LOGIN_WINDOW_PER_ADDRESS_MS + 1_000;
    }
  }

  async function requestResetCode(email: string, from: Requester) {
    return callAs(server, 'user_msrv/captcha', { email, purpose: 'reset_password' }, from);
  }

  function reset(email: string, code: string, from: Requester) {
    return callAs(
      server,
      'user_msrv/reset_password',
      { email, code, password: NEW_PASSWORD, repeat_password: NEW_PASSWORD },
      from,
    );
  }

  /** Asks for a reset code as `from` and burns it with five wrong guesses; answers the code that was mailed. */
  async function burnResetCode(email: string, from: Requester): Promise<string> {
    const mailed = (await outboxFor(server, email)).length;
    expect((await requestResetCode(email, from)).code).toBe(0);
    const code = await latestCode(server, email, mailed);
    for (let i = 0; i < 5; i++) {
      const answer = await reset(email, wrongCode(code), from);
      expect(answer.code).toBe(50500);
      expect(answer.msg).toContain('Verification code error');
    }
    return code;
  }

  describe('finding 3: only live sessions make a known device', () => {
    it('a device whose session was logged out meets the account limit like any new device', async () => {
      const email = freshEmail();
      const phone = requester('phone');
      const session = await registerAccount(server, email, PASSWORD, phone);
      const out = await callAs(
        server,
        'user_msrv/logout',
        {},
        { ...phone, accessToken: session.AccessToken },
      );
      expect(out.code).toBe(0);
      await guessFromNewDevices(email);
      const again = await loginFrom(email, PASSWORD, phone);
      expect(again.status).toBe(429);
      expect(again.json?.code).toBe(802009);
    });

    it('devices signed in before a password reset are forgotten; a device signed in after it is known', async () => {
      const email = freshEmail();
      const owner = requester('owner');
      await registerAccount(server, email, PASSWORD, owner);
      // An attacker who had the password signs in with made-up device ids before the owner notices.
      const attackerDevices = [requester('stolen-a'), requester('stolen-b'), requester('stolen-c')];
      for (const device of attackerDevices)
        expect((await loginFrom(email, PASSWORD, device)).json?.code).toBe(0);

      clock += 61_000;
      const mailed = (await outboxFor(server, email)).length;
      expect((await requestResetCode(email, owner)).code).toBe(0);
      expect((await reset(email, await latestCode(server, email, mailed), owner)).code).toBe(0);
      clock += 1_000;
      expect((await loginFrom(email, NEW_PASSWORD, owner)).json?.code).toBe(0);

      await guessFromNewDevices(email);
      for (const device of attackerDevices) {
        const guess = await loginFrom(email, 'Wrong-pass2', device);
        expect(guess.status).toBe(429);
        expect(guess.json?.code).toBe(802009);
      }
      expect((await loginFrom(email, NEW_PASSWORD, owner)).json?.code).toBe(0);
    });

    it('a password change forgets the devices of the sessions it kept', async () => {
      const email = freshEmail();
      const owner = requester('owner');
      const mine = await registerAccount(server, email, PASSWORD, owner);
      const other = requester('other');
      expect((await loginFrom(email, PASSWORD, other)).json?.code).toBe(0);
      clock += 1_000;
      const changed = await callAs(
        server,
        'user_msrv/update_password',
        {
          original_password: PASSWORD,
          password: NEW_PASSWORD,
          repeat_password: NEW_PASSWORD,
          sign_out_others: false,
        },
        { ...owner, accessToken: mine.AccessToken },
      );
      expect(changed.code).toBe(0);
      expect(changed.data.signed_out_sessions).toBe(0);
      clock += 1_000; // failures count from after the change
      await guessFromNewDevices(email);
      expect((await loginFrom(email, NEW_PASSWORD, other)).status).toBe(429);
    });
  });

  describe('finding 4: knowing the email does not lock the owner out', () => {
    it('after 100 wrong logins and burned codes from A/X, the owner at B/Y gets a code, resets and logs in', async () => {
      const email = freshEmail();
      const oldPhone = requester('old-phone');
      const session = await registerAccount(server, email, PASSWORD, oldPhone);
      await callAs(server, 'user_msrv/logout', {}, { ...oldPhone, accessToken: session.AccessToken });
      const attacker = requester('attacker-x');
      const owner = requester('owner-y');

      await guessFrom(email, attacker);
      const locked = await loginFrom(email, PASSWORD, owner);
      expect(locked.status).toBe(429);
      expect(locked.json?.code).toBe(802009);

      for (let round = 0; round < 2; round++) {
        clock += 61_000;
        await burnResetCode(email, attacker);
      }

      // The owner asks from her own device: the code reaches her mailbox although logins are locked.
      clock += 61_000;
      const mailed = (await outboxFor(server, email)).length;
      expect((await requestResetCode(email, owner)).code).toBe(0);
      const ownerCode = await latestCode(server, email, mailed);

      // The attacker asks for yet another code and burns it while hers sits in the mailbox.
      clock += 61_000;
      const attackerCode = await burnResetCode(email, attacker);
      expect(attackerCode).not.toBe(ownerCode);

      const done = await reset(email, ownerCode, owner);
      expect(done.msg).not.toContain('Verification code error');
      expect(done.code).toBe(0);
      const login = await loginFrom(email, NEW_PASSWORD, owner);
      expect(login.status).toBe(200);
      expect(login.json?.code).toBe(0);
    });

    it("an attacker's send quota is their own: once A is refused, B still receives a code", async () => {
      const email = freshEmail();
      await registerAccount(server, email, PASSWORD, requester('phone'));
      const attacker = requester('attacker-x');
      let refused = false;
      for (let i = 0; i < 6 && !refused; i++) {
        clock += 61_000;
        const answer = await server.postForm(
          'user_msrv/captcha',
          server.sign({ email, purpose: 'reset_password' }),
          { 'X-Forwarded-For': attacker.ip, DeviceId: `${attacker.deviceId}-${i}` },
        );
        refused = answer.status === 429;
      }
      expect(refused).toBe(true);
      const owner = requester('owner-y');
      const mailed = (await outboxFor(server, email)).length;
      expect((await requestResetCode(email, owner)).code).toBe(0);
      const code = await latestCode(server, email, mailed);
      expect((await reset(email, code, owner)).code).toBe(0);
    });

    it('a code answers only the device that asked for it', async () => {
      const email = freshEmail();
      await registerAccount(server, email, PASSWORD, requester('phone'));
      clock += 61_000;
      const owner = requester('owner-y');
      const mailed = (await outboxFor(server, email)).length;
      expect((await requestResetCode(email, owner)).code).toBe(0);
      const code = await latestCode(server, email, mailed);
      const elsewhere = await reset(email, code, requester('attacker-x'));
      expect(elsewhere.code).toBe(50500);
      expect(elsewhere.msg).toContain('Verification code error');
      expect((await reset(email, code, owner)).code).toBe(0);
    });

    it('bounds the mail one mailbox receives: 10 codes per 30 minutes, whoever asks', async () => {
      const email = freshEmail();
      const answers: number[] = [];
      for (let i = 0; i < 11; i++) {
        const answer = await server.postForm(
          'user_msrv/captcha',
          server.sign({ email, purpose: 'register' }),
          {
            'X-Forwarded-For': nextTestAddress(),
            DeviceId: `sender-${counter}-${i}`,
          },
        );
        answers.push(answer.status);
      }
      expect(answers).toEqual([...Array<number>(10).fill(200), 429]);
      await expect.poll(async () => (await outboxFor(server, email)).length).toBe(10);
    });
  });
});
