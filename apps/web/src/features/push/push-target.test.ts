import { describe, expect, it } from 'vitest';

import { paths } from '@/config/paths';
import { pushTarget } from './push-target';

describe('push taps route by type', () => {
  it.each([
    [{ type: 'message', information_id: '7' }, paths.noticeDetail, { id: '7' }],
    [
      { type: 'coin', coinId: 'bitcoin', symbol: 'BTC' },
      paths.currencyIntro,
      { coin_id: 'bitcoin', symbol: 'BTC' },
    ],
    [
      { type: 'news', newsId: '3', newsType: 'fastnews' },
      paths.newsDetail,
      { information_id: '3', type: 'fastnews' },
    ],
    [{ type: 'news', information_id: '4' }, paths.newsDetail, { information_id: '4', type: 'news' }],
    [{ type: 'exchange', exchange_id: 'binance' }, paths.introduce, { exchange_id: 'binance' }],
    [{ type: 'url', url: 'https://coinlens.app/x' }, paths.webview, { url: 'https://coinlens.app/x' }],
    [{ type: 'url', url: 'javascript:alert(1)' }, paths.market, {}],
    [{ type: 'tab', tab: 'viewpoint' }, paths.viewpoint, {}],
    [{ type: 'page', path: paths.user }, paths.user, {}],
    [
      { type: 'page', path: paths.newsDetail, information_id: '9', newsType: 'news' },
      paths.newsDetail,
      { information_id: '9', type: 'news' },
    ],
    [{ type: 'page', path: '/pages/not/a/route' }, paths.market, {}],
    [{ type: 'message', pageType: 'coin', coinId: 'solana' }, paths.currencyIntro, { coin_id: 'solana' }],
    [{ type: 'something-new' }, paths.market, {}],
    [{}, paths.market, {}],
  ])('%j → %s', (data, to, search) => {
    expect(pushTarget(data)).toEqual({ to, search });
  });
});
