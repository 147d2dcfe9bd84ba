import { describe, expect, it } from 'vitest';

import { paths } from '@/config/paths';
import { parseDeepLink } from './parse-deep-link';

describe('parseDeepLink (decision D26)', () => {
  it.each([
    ['coinlens://news?id=42&type=fastnews', paths.newsDetail, { information_id: '42', type: 'fastnews' }],
    ['web+coinlens:news?id=42', paths.newsDetail, { information_id: '42' }],
    ['coinlens://coin?id=bitcoin&symbol=BTC', paths.currencyIntro, { coin_id: 'bitcoin', symbol: 'BTC' }],
    [
      'coinlens://exchange?id=binance&name=Binance',
      paths.introduce,
      { exchange_id: 'binance', name: 'Binance' },
    ],
    ['coinlens://search?keyword=eth&type=coin', paths.search, { keyword: 'eth', type: 'coin' }],
    ['coinlens://page?path=viewpoint', paths.viewpoint, {}],
    ['coinlens://page?path=user', paths.user, {}],
    ['coinlens://openNewsDetail?id=7&type=news', paths.newsDetail, { information_id: '7', type: 'news' }],
    ['coinlens://openCurrencyDetail?id=eth', paths.currencyIntro, { coin_id: 'eth' }],
    ['coinlens://openExchangeDetail?id=okx', paths.introduce, { exchange_id: 'okx' }],
    ['coinlens://openMarketTab', paths.market, {}],
    ['coinlens://openViewpointTab', paths.viewpoint, {}],
    ['coinlens://openUserTab', paths.user, {}],
    ['coinlens://openUserCenter', paths.YourInfo, {}],
    ['coinlens://openSearch?keyword=btc', paths.search, { keyword: 'btc' }],
    ['coinlens://openLogin', paths.loginRegister, {}],
  ])('%s', (link, to, search) => {
    expect(parseDeepLink(link)).toEqual({ ok: true, target: { to, search } });
  });

  it('falls back to the viewpoint tab for a news link without id', () => {
    expect(parseDeepLink('coinlens://news?type=news')).toMatchObject({
      ok: false,
      fallback: { to: paths.viewpoint },
    });
  });

  it.each([
    '',
    'https://example.com/news?id=1',
    'coinlens://',
    'coinlens://no-such?x',
    'coinlens://coin',
    'coinlens://page?path=x',
  ])('reports %j as an error with the market tab as fallback', (link) => {
    expect(parseDeepLink(link)).toMatchObject({ ok: false, fallback: { to: paths.market } });
  });
});
