import { describe, expect, it } from 'vitest';

import { readSharedLink, shareText, shareUrl } from './share-text';

const TEMPLATE = '{{userName}} shared "{{title}}" with you: {{url}} FXH_{{uid}} — {{appName}}';
const SITE = 'https://coinlens.app';
const NAMES = ['Coinlens', '币镜'];

describe('share text and the clipboard check', () => {
  const url = shareUrl('/pages/exchange/currencyIntro/index?coin_id=bitcoin&symbol=BTC', `${SITE}/`);
  const text = shareText(TEMPLATE, {
    userName: 'Satoshi',
    title: 'Bitcoin',
    url,
    uid: 42,
    appName: 'Coinlens',
  });

  it('builds the link and the localised text', () => {
    expect(url).toBe('https://coinlens.app/#/pages/exchange/currencyIntro/index?coin_id=bitcoin&symbol=BTC');
    expect(text).toBe(`Satoshi shared "Bitcoin" with you: ${url} FXH_42 — Coinlens`);
  });

  it('recognises a share from someone else, in any language of the app name', () => {
    expect(readSharedLink(text, NAMES, SITE, '7')).toEqual({
      route: '/pages/exchange/currencyIntro/index?coin_id=bitcoin&symbol=BTC',
      sharerUid: '42',
    });
    const zh = text.replace('Coinlens', '币镜');
    expect(readSharedLink(zh, NAMES, SITE, null)?.sharerUid).toBe('42');
  });

  it('ignores my own share, another site, or text without the app name or the sharer', () => {
    expect(readSharedLink(text, NAMES, SITE, '42')).toBeNull();
    expect(readSharedLink(text, NAMES, 'https://other.example', null)).toBeNull();
    expect(readSharedLink(text.replace('Coinlens', 'Something'), NAMES, SITE, null)).toBeNull();
    expect(readSharedLink(text.replace('FXH_42', ''), NAMES, SITE, null)).toBeNull();
    expect(readSharedLink('hello', NAMES, SITE, null)).toBeNull();
  });
});
