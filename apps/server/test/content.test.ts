import { COMMENT_MAX_LENGTH, COMMENTS_PER_MINUTE, TransportError } from '@coinlens/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { APP_NAME } from '../src/modules/app/app-name.js';
import type { ArticleDraft } from '../src/modules/content/article-publisher.js';
import { callAs, registerAccount } from './support/accounts.js';
import { TEST_DIALECTS } from './support/test-databases.js';
import { startTestServerOn } from './support/test-server.js';
import type { TestServer } from './support/test-server.js';

const HOUR = 3_600_000;
/** 2026-11-24 16:30 UTC is 00:30 on the 25th in UTC+8. */
const NOW = Date.UTC(2026, 10, 24, 16, 30);

function flashDraft(key: string, publishedAt: number, overrides: Partial<ArticleDraft> = {}): ArticleDraft {
  return {
    kind: 'fastnews',
    origin: 'operator',
    originKey: key,
    title: { en: `Flash ${key}`, vi: `Tin nhanh ${key}`, 'zh-Hans': `快讯 ${key}` },
    summary: { en: `About ${key}` },
    body: {},
    sourceName: 'Coinlens',
    sourceUrl: null,
    imageUrl: null,
    important: false,
    publishedAt,
    coinIds: [],
    ...overrides,
  };
}

describe.each(TEST_DIALECTS)('content, inbox, ads and push on %s', (dialect) => {
  const clock = NOW;
  let server: TestServer;
  let token: string;
  let counter = 0;
  const freshEmail = () => `reader${++counter}-${dialect}@example.org`;
  const publish = (draft: ArticleDraft) => server.built.services.content.publisher.publish(draft);

  beforeAll(async () => {
    server = await startTestServerOn(dialect, {}, { now: () => clock });
    token = (await registerAccount(server, freshEmail())).AccessToken;
  });
  afterAll(() => server.close());

  it('ships labelled sample news in three languages on a fresh start', async () => {
    const en = await callAs(server, 'appcontent_msrv/news_list', { page_size: 50 });
    expect(en.code).toBe(0);
    const samples = en.data.list.filter((item) => item.source.sample);
    expect(samples.length).toBeGreaterThanOrEqual(6);
    expect(samples.every((item) => item.title.length > 10 && item.image_url?.startsWith('/'))).toBe(true);
    const zh = await callAs(server, 'appcontent_msrv/news_list', { page_size: 50 }, { lang: 'zh' });
    expect(zh.data.list[0]?.title).toMatch(/[\u4e00-\u9fff]/);
    const times = en.data.list.map((item) => item.time);
    expect(times).toEqual([...times].sort((a, b) => b - a));
  });

  it('names the app as the source of its own flashes and news in the reader’s language', async () => {
    await publish(flashDraft('own-source', NOW - 2 * HOUR, { origin: 'market', sourceName: APP_NAME.en }));
    await publish(
      flashDraft('feed-named-like-us', NOW - 3 * HOUR, { origin: 'feed', sourceName: 'Coinlens' }),
    );
    const sourceOf = async (lang: string, title: string) => {
      const answer = await callAs(server, 'appcontent_msrv/fastnews_list', { page_size: 100 }, { lang });
      const flashes = answer.data.groups.flatMap((group) => group.list);
      return flashes.find((item) => item.title.endsWith(title))?.source.name;
    };
    expect(await sourceOf('en', 'own-source')).toBe('Coinlens');
    expect(await sourceOf('vi', 'own-source')).toBe('Coinlens');
    expect(await sourceOf('zh', 'own-source')).toBe('币镜');
    // Somebody else's feed that happens to have our name keeps it as written.
    expect(await sourceOf('zh', 'feed-named-like-us')).toBe('Coinlens');
    const news = await callAs(server, 'appcontent_msrv/news_list', { page_size: 50 }, { lang: 'zh' });
    const sample = news.data.list.find((item) => item.source.sample);
    expect(sample?.source.name).toBe('币镜');
    const detail = await callAs(
      server,
      'appcontent_msrv/news_detail',
      { information_id: String(sample?.id), type: 'news' },
      { lang: 'zh' },
    );
    expect(detail.data.source.name).toBe('币镜');
  });

  it('groups flashes by day in UTC+8, newest first, and filters by coin', async () => {
    await publish(flashDraft('late-24th', NOW - 1 * HOUR, { coinIds: ['bitcoin'] })); // 23:30 on the 24th, UTC+8
    await publish(flashDraft('early-25th', NOW - 0.25 * HOUR)); // 00:15 on the 25th
    const answer = await callAs(server, 'appcontent_msrv/fastnews_list', { page_size: 100 });
    expect(answer.code).toBe(0);
    const dates = answer.data.groups.map((group) => group.date);
    expect(dates).toEqual([...new Set(dates)].sort().reverse());
    const dayOf = (title: string) =>
      answer.data.groups.find((group) => group.list.some((item) => item.title === title))?.date;
    expect(dayOf('Flash early-25th')).toBe('2026-11-25');
    expect(dayOf('Flash late-24th')).toBe('2026-11-24');
    const times = answer.data.groups.flatMap((group) => group.list.map((item) => item.time));
    expect(times).toEqual([...times].sort((a, b) => b - a));
    const bitcoin = await callAs(server, 'appcontent_msrv/fastnews_list', { coin_id: 'bitcoin' });
    const ids = bitcoin.data.groups.flatMap((group) => group.list.map((item) => item.title));
    expect(ids).toContain('Flash late-24th');
    expect(ids).not.toContain('Flash early-25th');
    expect(bitcoin.data.groups[0]?.list[0]?.coins).toEqual([
      { id: 'bitcoin', symbol: 'BTC', name: 'Bitcoin' },
    ]);
  });

  it('does not store the same item twice', async () => {
    expect(await publish(flashDraft('twice', NOW - 2 * HOUR))).not.toBeNull();
    expect(await publish(flashDraft('twice', NOW - 2 * HOUR))).toBeNull();
  });

  it('opens a news article and a flash by id and type; an unknown id is 3002', async () => {
    const list = await callAs(server, 'appcontent_msrv/news_list', {});
    const first = list.data.list[0]!;
    const detail = await callAs(server, 'appcontent_msrv/news_detail', {
      information_id: String(first.id),
      type: 'news',
    });
    expect(detail.code).toBe(0);
    expect(detail.data.content_html).toMatch(/^<p>/);
    expect(detail.data.title).toBe(first.title);
    const asFlash = await callAs(server, 'appcontent_msrv/news_detail', {
      information_id: first.id,
      type: 'fastnews',
    });
    expect(asFlash.code).toBe(3002);
    const missing = await callAs(server, 'appcontent_msrv/news_detail', {
      information_id: 999_999,
      type: 'news',
    });
    expect(missing.code).toBe(3002);
    const bad = await callAs(server, 'appcontent_msrv/news_detail', { information_id: 'abc', type: 'news' });
    expect(bad.code).toBe(50500);
  });

  it('takes one bullish or bearish vote per user and flash: 801103 on a repeat', async () => {
    const flash = await publish(flashDraft('vote-me', NOW - 3 * HOUR));
    const id = flash!.id;
    const visitor = await callAs(server, 'appcontent_msrv/fastnews_vote', {
      information_id: id,
      direction: 'bullish',
    });
    expect(visitor.code).toBe(1002);
    const voted = await callAs(
      server,
      'appcontent_msrv/fastnews_vote',
      { information_id: id, direction: 'bullish' },
      { accessToken: token },
    );
    expect(voted.data).toEqual({ id, bullish: 1, bearish: 0, my_vote: 'bullish' });
    const again = await callAs(
      server,
      'appcontent_msrv/fastnews_vote',
      { information_id: id, direction: 'bearish' },
      { accessToken: token },
    );
    expect(again.code).toBe(801103);
    const other = (await registerAccount(server, freshEmail())).AccessToken;
    const second = await callAs(
      server,
      'appcontent_msrv/fastnews_vote',
      { information_id: id, direction: 'bearish' },
      { accessToken: other },
    );
    expect(second.data).toMatchObject({ bullish: 1, bearish: 1 });
    const list = await callAs(
      server,
      'appcontent_msrv/fastnews_list',
      { page_size: 50 },
      { accessToken: token },
    );
    const item = list.data.groups.flatMap((group) => group.list).find((each) => each.id === id);
    expect(item).toMatchObject({ bullish: 1, bearish: 1, my_vote: 'bullish' });
  });

  it('takes comments from logged-in users only, never empty, length- and rate-limited', async () => {
    const article = (await callAs(server, 'appcontent_msrv/news_list', {})).data.list[1]!;
    const target = { information_id: article.id, type: 'news' as const };
    expect((await callAs(server, 'appcontent_msrv/comment_add', { ...target, content: 'hi' })).code).toBe(
      1002,
    );
    const commenter = (await registerAccount(server, freshEmail())).AccessToken;
    const as = { accessToken: commenter };
    expect((await callAs(server, 'appcontent_msrv/comment_add', { ...target, content: '' }, as)).code).toBe(
      802000,
    );
    expect(
      (await callAs(server, 'appcontent_msrv/comment_add', { ...target, content: ' \n\u200b ' }, as)).code,
    ).toBe(802000);
    const tooLong = await callAs(
      server,
      'appcontent_msrv/comment_add',
      { ...target, content: 'x'.repeat(COMMENT_MAX_LENGTH + 1) },
      as,
    );
    expect(tooLong.code).toBe(50500);
    const added = await callAs(
      server,
      'appcontent_msrv/comment_add',
      { ...target, content: '  <b>Good</b> read  ' },
      as,
    );
    expect(added.code).toBe(0);
    expect(added.data).toMatchObject({ content: '<b>Good</b> read', user: { nickname: 'Satoshi' } });
    const listed = await callAs(server, 'appcontent_msrv/comment_list', target);
    expect(listed.data.total).toBe(1);
    expect(listed.data.list[0]?.content).toBe('<b>Good</b> read');
    const detail = await callAs(server, 'appcontent_msrv/news_detail', target);
    expect(detail.data.comment_count).toBe(1);

    for (let i = 1; i < COMMENTS_PER_MINUTE; i++)
      expect(
        (await callAs(server, 'appcontent_msrv/comment_add', { ...target, content: `n${i}` }, as)).code,
      ).toBe(0);
    const limited = await callAs(
      server,
      'appcontent_msrv/comment_add',
      { ...target, content: 'one more' },
      as,
    ).catch((error: unknown) => error);
    expect(limited).toBeInstanceOf(TransportError);
    expect(limited).toMatchObject({ status: 429, code: 802009 });
    expect((await callAs(server, 'appcontent_msrv/comment_list', target)).data.total).toBe(
      COMMENTS_PER_MINUTE,
    );
  });

  it('finds news when searching a coin by name, and by words of a title', async () => {
    const byCoin = await callAs(server, 'appsearch_msrv/search', { keyword: 'bitcoin' });
    expect(byCoin.data.coins.list[0]?.id).toBe('bitcoin');
    expect(byCoin.data.news.total).toBeGreaterThanOrEqual(2);
    expect(byCoin.data.news.list.map((hit) => hit.title)).toContain('Flash late-24th');
    const byTitle = await callAs(server, 'appsearch_msrv/search', { keyword: 'wash trading', type: 'news' });
    expect(byTitle.data.news.list[0]?.title).toMatch(/wash trading/i);
    expect(byTitle.data.coins.total).toBe(0);
  });

  it('keeps an inbox per user: broadcasts, read state, unread count in the caller language', async () => {
    const email = freshEmail();
    const session = await registerAccount(server, email);
    const as = { accessToken: session.AccessToken };
    const inbox = server.built.services.inbox.service;
    await inbox.send({
      userId: null,
      category: 'notice',
      title: { en: 'Welcome', vi: 'Chào mừng', 'zh-Hans': '欢迎' },
      body: { en: 'Hello everyone' },
    });
    const mine = await inbox.send({
      userId: session.uid,
      category: 'notice',
      title: { en: 'Just you' },
      body: { en: 'Hi' },
    });
    const before = await callAs(
      server,
      'appinbox_msrv/inbox_message_unread_num',
      { __dlang__: 'vi' } as never,
      as,
    );
    expect(before.data.unread_num).toBe(2);
    const list = await callAs(server, 'appinbox_msrv/inbox_message_list', { __dlang__: 'vi' } as never, as);
    expect(list.data.list.map((item) => item.title)).toEqual(['Just you', 'Chào mừng']);
    expect(list.data.list.every((item) => !item.read)).toBe(true);
    const detail = await callAs(server, 'appinbox_msrv/inbox_message_detail', { id: mine! }, as);
    expect(detail.data).toMatchObject({ title: 'Just you', content: 'Hi', read: false });
    const marked = await callAs(server, 'appinbox_msrv/inbox_message_markasread', { id: mine! }, as);
    expect(marked.data.unread_num).toBe(1);
    const other = (await registerAccount(server, freshEmail())).AccessToken;
    expect(
      (await callAs(server, 'appinbox_msrv/inbox_message_detail', { id: mine! }, { accessToken: other }))
        .code,
    ).toBe(3002);
    const all = await callAs(server, 'appinbox_msrv/inbox_message_markasread', { all: true }, as);
    expect(all.data.unread_num).toBe(0);
    expect((await callAs(server, 'appinbox_msrv/inbox_message_markasread', {}, as)).code).toBe(50500);
    expect((await callAs(server, 'appinbox_msrv/inbox_message_unread_num', {})).code).toBe(1002);
  });

  it('writes a system message when the password changes', async () => {
    const session = await registerAccount(server, freshEmail());
    const as = { accessToken: session.AccessToken };
    const changed = await callAs(
      server,
      'user_msrv/update_password',
      {
        original_password: 'Correct-horse1',
        password: 'Better-horse2',
        repeat_password: 'Better-horse2',
      },
      as,
    );
    expect(changed.code).toBe(0);
    // The message is written when the account event is heard, just after the answer.
    await expect
      .poll(async () => {
        const list = await callAs(server, 'appinbox_msrv/inbox_message_list', {}, as);
        return list.data.list.some(
          (item) => item.category === 'system' && /password was changed/.test(item.title),
        );
      })
      .toBe(true);
  });

  it('serves localised, labelled ads for each position', async () => {
    for (const adposid of ['ad_user', 'ad_market_detail', 'ad_market', 'ad_platform'] as const) {
      const answer = await callAs(
        server,
        'appadvert_msrv/advertise_adinfo_by_adposid',
        { adposid },
        { lang: 'zh' },
      );
      expect(answer.code).toBe(0);
      expect(answer.data.list.length).toBeGreaterThan(0);
      expect(answer.data.list[0]).toMatchObject({ sponsored: true });
      expect(answer.data.list[0]?.title).toMatch(/[\u4e00-\u9fff]/);
    }
    const bad = await callAs(server, 'appadvert_msrv/advertise_adinfo_by_adposid', {
      adposid: 'ad_nowhere',
    } as never);
    expect(bad.code).toBe(50500);
  });

  it('binds push subscriptions to the device and keeps per-user switches', async () => {
    const config = await callAs(server, 'appsys_msrv/push_config', {});
    expect(Buffer.from(config.data.vapid_public_key, 'base64url')).toHaveLength(65);
    expect(config.data.preferences).toBeNull();
    const keys = {
      p256dh: Buffer.alloc(65, 4).toString('base64url'),
      auth: Buffer.alloc(16, 1).toString('base64url'),
    };
    const ok = await callAs(server, 'appsys_msrv/push_register', {
      endpoint: 'https://fcm.googleapis.com/fcm/send/abc',
      keys,
    });
    expect(ok.data).toEqual({ registered: true });
    const internal = await callAs(server, 'appsys_msrv/push_register', {
      endpoint: 'https://10.0.0.5/hook',
      keys,
    });
    expect(internal.code).toBe(50500);
    const plain = await callAs(server, 'appsys_msrv/push_register', {
      endpoint: 'http://fcm.googleapis.com/x',
      keys,
    });
    expect(plain.code).toBe(50500);
    const updated = await callAs(
      server,
      'appsys_msrv/push_preferences_update',
      { breaking: false },
      { accessToken: token },
    );
    expect(updated.data).toEqual({ inbox: true, coin_alerts: true, breaking: false });
    const mine = await callAs(server, 'appsys_msrv/push_config', {}, { accessToken: token });
    expect(mine.data.preferences).toEqual({ inbox: true, coin_alerts: true, breaking: false });
    expect((await callAs(server, 'appsys_msrv/push_unregister', {})).data).toEqual({ registered: false });
  });
});
