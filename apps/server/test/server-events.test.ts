import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';

import type { ArticleDraft } from '../src/modules/content/article-publisher.js';
import { createBrowserSubscriptionKeys } from '../src/modules/push/testing/local-push-service.js';
import { RecordingPushSender } from '../src/modules/push/testing/recording-push-sender.js';
import { callAs, nextTestAddress, registerAccount } from './support/accounts.js';
import { TEST_DIALECTS } from './support/test-databases.js';
import { startTestServerOn, type TestServer } from './support/test-server.js';

const browser = createBrowserSubscriptionKeys();

function flash(originKey: string, overrides: Partial<ArticleDraft>): ArticleDraft {
  return {
    kind: 'fastnews',
    origin: 'operator',
    originKey,
    title: { en: `Flash ${originKey}` },
    summary: { en: `About ${originKey}` },
    body: {},
    sourceName: 'Coinlens',
    sourceUrl: null,
    imageUrl: null,
    important: false,
    publishedAt: Date.now(),
    coinIds: [],
    ...overrides,
  };
}

/** A flash travels the event map (docs/architecture.md, "Events"): publisher → inbox and push, and inbox → push. */
describe.each(TEST_DIALECTS)('a published flash through the server events on %s', (dialect) => {
  let server: TestServer;
  const sender = new RecordingPushSender();
  const publish = (draft: ArticleDraft) => server.built.services.content.publisher.publish(draft);

  beforeAll(async () => {
    server = await startTestServerOn(dialect, {}, { pushSender: sender });
  });
  afterAll(() => server.close());

  /** A signed-in reader whose device takes pushes and who follows bitcoin. */
  async function follower(name: string) {
    const deviceId = `device-${name}-${dialect}`;
    const session = await registerAccount(server, `${name}-${dialect}@example.org`, undefined, { deviceId });
    const as = { accessToken: session.AccessToken, deviceId, ip: nextTestAddress() };
    const endpoint = `https://fcm.googleapis.com/fcm/send/${name}-${dialect}`;
    const registered = await callAs(
      server,
      'appsys_msrv/push_register',
      { endpoint, keys: { p256dh: browser.p256dh, auth: browser.auth } },
      as,
    );
    expect(registered.code).toBe(0);
    expect((await callAs(server, 'appmarket_msrv/watch_coins_add', { coin_ids: ['bitcoin'] }, as)).code).toBe(
      0,
    );
    return { as, endpoint };
  }

  it('pushes a breaking flash to every device with breaking news on', async () => {
    const reader = await follower('breaking');
    const published = await publish(flash(`breaking-${dialect}`, { important: true }));

    await vi.waitFor(() => expect(sender.to(reader.endpoint, `Flash breaking-${dialect}`)).toHaveLength(1));
    expect(sender.to(reader.endpoint, `Flash breaking-${dialect}`)[0]?.message).toMatchObject({
      type: 'news',
      extras: { newsId: String(published?.id) },
    });
  });

  it("writes a score-flag flash into each follower's inbox, and pushes that message as a coin alert", async () => {
    const reader = await follower('flagged');
    const title = `Flash flag:bitcoin:${dialect}`;
    await publish(flash(`flag:bitcoin:${dialect}`, { origin: 'market', coinIds: ['bitcoin'] }));

    await vi.waitFor(async () => {
      const inbox = await callAs(server, 'appinbox_msrv/inbox_message_list', {}, reader.as);
      expect(inbox.data.list.map((item) => item.title)).toContain(title);
    });
    await vi.waitFor(() => expect(sender.to(reader.endpoint, title)).toHaveLength(1));
    expect(sender.to(reader.endpoint, title)[0]?.message).toMatchObject({
      type: 'coin',
      extras: { coinId: 'bitcoin' },
    });
  });
});
