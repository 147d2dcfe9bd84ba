import type { ProcedureInput, ProcedureName } from '@coinlens/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { AlertRepository } from '../src/modules/alerts/alert.repository.js';
import {
  createBrowserSubscriptionKeys,
  decryptAes128gcm,
  startLocalPushService,
  type LocalPushService,
} from '../src/modules/push/testing/local-push-service.js';
import { generateVapidKeys } from '../src/modules/push/vapid-keys.js';
import { WebPushSender } from '../src/modules/push/web-push-sender.js';
import { callAs, nextTestAddress, PASSWORD, registerAccount } from './support/accounts.js';
import { FAKE_MARKET_EPOCH, FakeMarketProvider } from './support/fake-market-provider.js';
import { TEST_DIALECTS } from './support/test-databases.js';
import { startTestServerOn, type TestServer } from './support/test-server.js';

const MINUTE = 60_000;

describe.each(TEST_DIALECTS)('alerts on %s', (dialect) => {
  let clock = FAKE_MARKET_EPOCH;
  const provider = new FakeMarketProvider(() => clock);
  const vapid = generateVapidKeys();
  let pushService: LocalPushService;
  let server: TestServer;
  let counter = 0;

  beforeAll(async () => {
    pushService = await startLocalPushService();
    server = await startTestServerOn(
      dialect,
      { TRUST_PROXY: 'true' },
      {
        now: () => clock,
        marketProvider: provider,
        pushSender: new WebPushSender(vapid, 'mailto:ops@example.org', { allowInsecureLocalEndpoints: true }),
      },
    );
    // The 1 h change reads the stored minute candles; the score and its flags come from the first score run.
    await server.built.services.market.ingest.settled;
    for (let attempt = 0; attempt < 500 && !server.built.services.market.ingest.warmedUp; attempt++)
      await new Promise((resolve) => setTimeout(resolve, 20));
  });
  afterAll(async () => {
    await server.close();
    await pushService.close();
  });

  interface User {
    token: string;
    id: number;
    device: string;
  }

  async function newUser(): Promise<User> {
    counter += 1;
    const email = `alerts-${counter}-${dialect}@example.org`;
    const device = `device-alerts-${counter}`;
    const session = await registerAccount(server, email, PASSWORD, { deviceId: device });
    const row = await server.built.database.db
      .selectFrom('users')
      .select('id')
      .where('email', '=', email)
      .executeTakeFirstOrThrow();
    return { token: session.AccessToken, id: row.id, device };
  }

  const call = <P extends ProcedureName>(user: User, procedure: P, payload: ProcedureInput<P>, lang = 'en') =>
    callAs(server, procedure, payload, {
      accessToken: user.token,
      deviceId: user.device,
      lang,
      ip: nextTestAddress(),
    });

  async function create(user: User, draft: ProcedureInput<'appalert_msrv/alert_create'>) {
    const answer = await call(user, 'appalert_msrv/alert_create', draft);
    expect(answer.code, answer.msg).toBe(0);
    return answer.data;
  }

  /** One market tick at `factor` × the fake prices, and every firing it caused delivered. */
  async function tick(factor: number): Promise<void> {
    provider.priceFactor = factor;
    await server.tick();
    await server.built.services.alerts.evaluator.idle();
  }

  async function firedAlertIds(user: User): Promise<number[]> {
    const answer = await call(user, 'appalert_msrv/alert_firing_list', { page: 1, page_size: 100 });
    expect(answer.code).toBe(0);
    return answer.data.list.map((firing) => firing.alert_id);
  }

  async function inboxTitles(user: User, lang = 'en'): Promise<string[]> {
    const answer = await call(user, 'appinbox_msrv/inbox_message_list', { page: 1, page_size: 100 }, lang);
    return answer.data.list
      .filter((message) => message.category === 'system')
      .map((message) => message.title);
  }

  it('creates, lists, edits, pauses, resumes and deletes an alert, with the coin named', async () => {
    const user = await newUser();
    const created = await create(user, {
      coin_id: 'bitcoin',
      kind: 'price_above',
      level: 120_000,
      currency: 'EUR',
    });
    expect(created).toMatchObject({
      coin_id: 'bitcoin',
      coin_symbol: 'BTC',
      coin_name: 'Bitcoin',
      coin_logo: '/logos/coins/bitcoin.svg',
      kind: 'price_above',
      level: 120_000,
      currency: 'eur',
      window: null,
      repeat: 'once',
      paused: false,
      last_fired_at: null,
      fired_count: 0,
    });
    const zh = await call(user, 'appalert_msrv/alert_list', {}, 'zh-Hans');
    expect(zh.data).toEqual({ list: [{ ...created, coin_name: '比特币' }], limit: 50 });

    const edited = await call(user, 'appalert_msrv/alert_update', {
      id: created.id,
      coin_id: 'ethereum',
      kind: 'change_down',
      level: 7.5,
      window: '1h',
      repeat: 'repeat',
      cooldown_minutes: 30,
    });
    expect(edited.data).toMatchObject({
      id: created.id,
      coin_symbol: 'ETH',
      kind: 'change_down',
      level: 7.5,
      currency: null,
      window: '1h',
      repeat: 'repeat',
      cooldown_minutes: 30,
      paused: false,
    });
    const paused = await call(user, 'appalert_msrv/alert_update', { id: created.id, paused: true });
    expect(paused.data).toMatchObject({ paused: true, kind: 'change_down', level: 7.5 });
    const resumed = await call(user, 'appalert_msrv/alert_update', { id: created.id, paused: false });
    expect(resumed.data.paused).toBe(false);

    expect((await call(user, 'appalert_msrv/alert_delete', { id: created.id })).code).toBe(0);
    expect((await call(user, 'appalert_msrv/alert_list', {})).data.list).toEqual([]);
    expect((await call(user, 'appalert_msrv/alert_delete', { id: created.id })).code).toBe(3002);
  });

  it('refuses a bad level of every kind with 50500 naming the field, in the caller language', async () => {
    const user = await newUser();
    const cases: [ProcedureInput<'appalert_msrv/alert_create'>, string][] = [
      [{ coin_id: 'bitcoin', kind: 'price_above', level: -1, currency: 'usd' }, 'level'],
      [{ coin_id: 'bitcoin', kind: 'price_below', level: 100 }, 'currency'],
      [{ coin_id: 'bitcoin', kind: 'price_below', level: 100, currency: 'xyz' }, 'currency'],
      [{ coin_id: 'bitcoin', kind: 'change_up', level: 0, window: '1h' }, 'level'],
      [{ coin_id: 'bitcoin', kind: 'change_down', level: 5 }, 'window'],
      [{ coin_id: 'bitcoin', kind: 'score_above', level: 101 }, 'level'],
      [{ coin_id: 'bitcoin', kind: 'score_below' }, 'level'],
      [
        { coin_id: 'bitcoin', kind: 'integrity_flag', repeat: 'repeat', cooldown_minutes: 1 },
        'cooldown_minutes',
      ],
      [{ coin_id: 'no-such-coin', kind: 'integrity_flag' }, 'coin_id'],
    ];
    for (const [draft, field] of cases) {
      const answer = await call(user, 'appalert_msrv/alert_create', draft);
      expect(answer.code, JSON.stringify(draft)).toBe(50500);
      expect(answer.data, JSON.stringify(draft)).toEqual({ field });
    }
    const vi = await call(
      user,
      'appalert_msrv/alert_create',
      { coin_id: 'bitcoin', kind: 'score_above', level: 0 },
      'vi',
    );
    expect(vi.msg).toContain('Nhập điểm từ 0 đến 100');
    expect((await call(user, 'appalert_msrv/alert_list', {})).data.list).toEqual([]);
  });

  it('keeps 50 alerts per user and answers the 51st with 3009 and a clear message', async () => {
    const user = await newUser();
    for (let index = 0; index < 50; index++)
      await create(user, {
        coin_id: 'bitcoin',
        kind: 'price_above',
        level: 200_000 + index,
        currency: 'usd',
      });
    const refused = await call(user, 'appalert_msrv/alert_create', {
      coin_id: 'bitcoin',
      kind: 'integrity_flag',
    });
    expect(refused.code).toBe(3009);
    expect(refused.msg).toBe('You can keep at most 50 alerts. Delete one to add another.');
    const zh = await call(
      user,
      'appalert_msrv/alert_create',
      { coin_id: 'bitcoin', kind: 'integrity_flag' },
      'zh-Hans',
    );
    expect(zh.msg).toContain('50');
    expect(zh.msg).toMatch(/\p{Script=Han}/u);
    const list = await call(user, 'appalert_msrv/alert_list', {});
    expect(list.data.list).toHaveLength(50);
    // A deleted alert frees its place.
    expect((await call(user, 'appalert_msrv/alert_delete', { id: list.data.list[0]!.id })).code).toBe(0);
    await create(user, { coin_id: 'bitcoin', kind: 'integrity_flag' });
  });

  it('hides one user alerts and firings from another (NotFound, as for a missing id)', async () => {
    const owner = await newUser();
    const other = await newUser();
    await tick(1);
    const alert = await create(owner, {
      coin_id: 'solana',
      kind: 'price_above',
      level: 190,
      currency: 'usd',
    });
    await tick(1.1);
    expect(await firedAlertIds(owner)).toEqual([alert.id]);

    expect((await call(other, 'appalert_msrv/alert_list', {})).data.list).toEqual([]);
    expect((await call(other, 'appalert_msrv/alert_firing_list', { page: 1 })).data.total).toBe(0);
    expect(
      (await call(other, 'appalert_msrv/alert_firing_list', { page: 1, alert_id: alert.id })).data.total,
    ).toBe(0);
    for (const answer of [
      await call(other, 'appalert_msrv/alert_update', { id: alert.id, paused: true }),
      await call(other, 'appalert_msrv/alert_update', {
        id: alert.id,
        coin_id: 'solana',
        kind: 'integrity_flag',
      }),
      await call(other, 'appalert_msrv/alert_delete', { id: alert.id }),
      await call(other, 'appalert_msrv/alert_update', { id: 999_999, paused: true }),
    ])
      expect(answer.code).toBe(3002);
    expect((await call(owner, 'appalert_msrv/alert_list', {})).data.list).toHaveLength(1);
    await tick(1);
  });

  it('fires price alerts (USD and EUR) once at the crossing tick, and a repeating one not within its cooldown', async () => {
    const user = await newUser();
    await tick(1);
    // BTC is about 95,000 USD (87,400 EUR) here.
    const above = await create(user, {
      coin_id: 'bitcoin',
      kind: 'price_above',
      level: 100_000,
      currency: 'usd',
    });
    // Created while already below its level: it waits for the price to rise past it and fall back.
    const alreadyBelow = await create(user, {
      coin_id: 'bitcoin',
      kind: 'price_below',
      level: 120_000,
      currency: 'usd',
    });
    const belowEur = await create(user, {
      coin_id: 'bitcoin',
      kind: 'price_below',
      level: 80_000,
      currency: 'eur',
      repeat: 'repeat',
      cooldown_minutes: 5,
    });
    await tick(1);
    expect(await firedAlertIds(user)).toEqual([]);
    await tick(1.1);
    expect(await firedAlertIds(user)).toEqual([above.id]);
    await tick(1);
    await tick(1.1);
    expect(await firedAlertIds(user)).toEqual([above.id]);

    await tick(0.8);
    expect(await firedAlertIds(user)).toEqual([belowEur.id, above.id]);
    clock += 2 * MINUTE;
    await tick(1);
    await tick(0.8);
    expect(await firedAlertIds(user)).toEqual([belowEur.id, above.id]);
    clock += 4 * MINUTE;
    await tick(1);
    await tick(0.8);
    expect(await firedAlertIds(user)).toEqual([belowEur.id, belowEur.id, above.id]);
    await tick(1);

    const list = (await call(user, 'appalert_msrv/alert_list', {})).data.list;
    expect(list.find((alert) => alert.id === above.id)).toMatchObject({ paused: true, fired_count: 1 });
    expect(list.find((alert) => alert.id === belowEur.id)).toMatchObject({ paused: false, fired_count: 2 });
    expect(list.find((alert) => alert.id === alreadyBelow.id)).toMatchObject({ fired_count: 0 });
    expect(await inboxTitles(user)).toEqual([
      'BTC below €80,000.00',
      'BTC below €80,000.00',
      'BTC above $100,000.00',
    ]);

    const firing = (await call(user, 'appalert_msrv/alert_firing_list', { page: 1, alert_id: above.id }))
      .data;
    expect(firing.total).toBe(1);
    expect(firing.list[0]).toMatchObject({
      coin_symbol: 'BTC',
      kind: 'price_above',
      level: 100_000,
      currency: 'usd',
    });
    expect(firing.list[0]!.observed).toBeGreaterThan(100_000);
    const message = await call(
      user,
      'appinbox_msrv/inbox_message_detail',
      { id: firing.list[0]!.message_id! },
      'vi',
    );
    expect(message.data).toMatchObject({
      title: 'BTC vượt $100,000.00',
      link: 'web+coinlens:coin?id=bitcoin',
    });
    clock += 10 * MINUTE;
  });

  it('fires 1 h and 24 h change alerts on their crossing', async () => {
    const user = await newUser();
    await tick(1);
    // Here ETH is about +0.2 % over 1 h and +2.9 % over 24 h.
    const up1h = await create(user, { coin_id: 'ethereum', kind: 'change_up', level: 5, window: '1h' });
    const up24h = await create(user, { coin_id: 'ethereum', kind: 'change_up', level: 12, window: '24h' });
    const down24h = await create(user, { coin_id: 'ethereum', kind: 'change_down', level: 5, window: '24h' });
    await server.built.services.alerts.evaluator.idle();
    await tick(1);
    await tick(1.06);
    expect(await firedAlertIds(user)).toEqual([up1h.id]);
    await tick(1.1);
    expect(await firedAlertIds(user)).toEqual([up24h.id, up1h.id]);
    await tick(0.9);
    expect(await firedAlertIds(user)).toEqual([down24h.id, up24h.id, up1h.id]);
    const firings = (await call(user, 'appalert_msrv/alert_firing_list', { page: 1 })).data.list;
    expect(firings[0]!.observed).toBeLessThan(-5);
    expect(await inboxTitles(user)).toEqual([
      'ETH -5.00% in 24 hours',
      'ETH +12.00% in 24 hours',
      'ETH +5.00% in 1 hour',
    ]);
    await tick(1);
  });

  it('fires score and integrity-flag alerts when the score run crosses a level or adds a flag', async () => {
    const user = await newUser();
    const { snapshot } = server.built.services.market;
    const coin = [...snapshot.coins.values()].find((candidate) => candidate.score !== null);
    expect(coin).toBeDefined();
    const score = coin!.score!;
    const coinId = coin!.profile.id;
    score.value = 60;
    score.detail.flags = score.detail.flags.filter((flag) => flag.kind !== 'concentrated_holders');
    await tick(1);
    const above = await create(user, { coin_id: coinId, kind: 'score_above', level: 70 });
    const below = await create(user, { coin_id: coinId, kind: 'score_below', level: 50 });
    const flag = await create(user, { coin_id: coinId, kind: 'integrity_flag' });
    await tick(1);
    // What a score run would write between ticks.
    score.value = 72;
    await tick(1);
    expect(await firedAlertIds(user)).toEqual([above.id]);
    score.value = 40;
    score.detail.flags = [...score.detail.flags, { kind: 'concentrated_holders', top10Share: 0.9 }];
    await tick(1);
    expect((await firedAlertIds(user)).sort()).toEqual([above.id, below.id, flag.id].sort());
    await tick(1);
    expect(await firedAlertIds(user)).toHaveLength(3);
    const flagFiring = (await call(user, 'appalert_msrv/alert_firing_list', { page: 1, alert_id: flag.id }))
      .data.list[0];
    expect(flagFiring).toMatchObject({
      kind: 'integrity_flag',
      flag: 'concentrated_holders',
      observed: null,
    });
  });

  it('never sends a claimed firing twice: a restart delivers what was claimed but unsent, once', async () => {
    const user = await newUser();
    await tick(1);
    const alert = await create(user, {
      coin_id: 'dogecoin',
      kind: 'price_above',
      level: 0.21,
      currency: 'usd',
    });
    const { evaluator } = server.built.services.alerts;
    const db = server.built.database.db;
    // A second instance (or this one before a restart) holding the same view of the alert: one claim wins.
    const claim = {
      alertId: alert.id,
      firedCount: 0,
      cooldownMs: 0,
      once: true,
      observed: 0.22,
      flag: null,
      at: clock,
    };
    const repository = new AlertRepository(db, server.built.database.dialect);
    const [first, second] = await Promise.all([repository.claim(claim), repository.claim(claim)]);
    expect([first, second].filter((id) => id !== null)).toHaveLength(1);
    // The process stopped after the claim, before the message: the restart sends it, and a second start does not.
    evaluator.stop();
    await evaluator.start();
    await evaluator.idle();
    evaluator.stop();
    await evaluator.start();
    await evaluator.idle();
    expect(await inboxTitles(user)).toEqual(['DOGE above $0.2100']);
    const firings = (await call(user, 'appalert_msrv/alert_firing_list', { page: 1 })).data.list;
    expect(firings).toHaveLength(1);
    expect(firings[0]!.message_id).not.toBeNull();
    // The alert was paused by the claim: the crossing that now comes sends nothing more.
    await tick(1.1);
    expect(await firedAlertIds(user)).toEqual([alert.id]);
    await tick(1);
  });

  it('follows alerts written, edited and deleted on another instance (the poll)', async () => {
    const user = await newUser();
    const { evaluator } = server.built.services.alerts;
    // Another instance writes to the same database; this one hears nothing until it polls.
    const elsewhere = new AlertRepository(server.built.database.db, server.built.database.dialect);
    const draft = {
      coin_id: 'aave',
      kind: 'price_above' as const,
      level: 260,
      currency: 'usd',
      window: null,
      repeat: 'once' as const,
      cooldown_minutes: null,
    };
    await tick(1);
    const kept = await elsewhere.insert(user.id, draft, 50, clock);
    const deleted = await elsewhere.insert(user.id, { ...draft, level: 255 }, 50, clock);
    const edited = await elsewhere.insert(user.id, { ...draft, level: 1_000 }, 50, clock);
    expect(kept && deleted && edited).toBeTruthy();
    await evaluator.poll();
    expect(evaluator.index.has(kept!.id)).toBe(true);
    clock += 1_000;
    await elsewhere.softDelete(user.id, deleted!.id, clock);
    await elsewhere.update(user.id, edited!.id, { draft: { ...draft, level: 270 }, paused: null }, clock);
    await evaluator.poll();
    expect(evaluator.index.has(deleted!.id)).toBe(false);
    await tick(1);
    await tick(1.1);
    // AAVE ≈ 250 → 275: the kept alert (260) and the edited one (now 270) fire; the deleted one (255) does not.
    expect((await firedAlertIds(user)).sort()).toEqual([kept!.id, edited!.id].sort());
    await tick(1);
  });

  it('delivers a firing as a Web Push under "coin alerts", in the subscription language', async () => {
    const user = await newUser();
    const browser = createBrowserSubscriptionKeys();
    const registered = await call(
      user,
      'appsys_msrv/push_register',
      {
        endpoint: `https://fcm.googleapis.com/fcm/send/${user.device}`,
        keys: { p256dh: browser.p256dh, auth: browser.auth },
      },
      'vi',
    );
    expect(registered.code).toBe(0);
    // The registered endpoint is switched to the local push service (public endpoints only over HTTP).
    await server.built.database.db
      .updateTable('push_subscriptions')
      .set({ endpoint: pushService.endpointFor(user.device) })
      .where('device_id', '=', user.device)
      .execute();
    await tick(1);
    await create(user, { coin_id: 'litecoin', kind: 'price_above', level: 100, currency: 'usd' });
    const before = pushService.received.length;
    await tick(1.1);
    for (let attempt = 0; attempt < 200 && pushService.received.length === before; attempt++)
      await new Promise((resolve) => setTimeout(resolve, 10));
    const received = pushService.received.slice(before);
    expect(received).toHaveLength(1);
    const payload = JSON.parse(
      decryptAes128gcm(
        received[0]!.body,
        browser.privateKey,
        browser.publicKeyRaw,
        browser.authSecret,
      ).toString('utf8'),
    ) as { title: string; data: Record<string, string> };
    expect(payload.title).toBe('LTC vượt $100.00');
    // A tap opens the coin (type coin); the push still names the firing's inbox message.
    const [firing] = (await call(user, 'appalert_msrv/alert_firing_list', { page: 1 })).data.list;
    expect(payload.data).toMatchObject({
      type: 'coin',
      coinId: 'litecoin',
      information_id: String(firing!.message_id),
    });

    // Switched off, the next firing reaches the inbox only.
    expect((await call(user, 'appsys_msrv/push_preferences_update', { coin_alerts: false })).code).toBe(0);
    await create(user, { coin_id: 'litecoin', kind: 'price_below', level: 100, currency: 'usd' });
    await tick(1.1);
    await tick(1);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(pushService.received.length).toBe(before + 1);
    expect(await inboxTitles(user)).toEqual(['LTC below $100.00', 'LTC above $100.00']);
  });
});
