import { describe, expect, it } from 'vitest';

import { APP_LANGUAGES } from '../i18n/languages.js';
import { ErrorCode } from './error-codes.js';
import { errorMessage } from './error-messages.js';
import { TRANSPORT_MESSAGE_KINDS, transportMessage } from './transport-messages.js';

describe('transportMessage', () => {
  it('has a distinct non-empty text for every kind in every language', () => {
    for (const lang of APP_LANGUAGES) {
      const texts = TRANSPORT_MESSAGE_KINDS.map((kind) => transportMessage(kind, lang));
      for (const text of texts) expect(text.trim()).not.toBe('');
      expect(new Set(texts).size).toBe(texts.length);
    }
  });

  it('says the service is unavailable in the region (decision D21)', () => {
    expect(transportMessage('region_restricted', 'en')).toBe('Service unavailable in your region');
    expect(transportMessage('region_restricted', 'zh-Hans')).toBe('您所在的地区暂不提供服务');
    expect(transportMessage('region_restricted', 'vi')).toBe('Dịch vụ không khả dụng tại khu vực của bạn');
  });

  it.each(APP_LANGUAGES)('answers rate limiting with the 802009 text in %s', (lang) => {
    expect(transportMessage('rate_limited', lang)).toBe(errorMessage(ErrorCode.TooFrequent, lang));
  });

  it('reads the other kinds', () => {
    expect(transportMessage('payload_too_large', 'en')).toBe('Request too large');
    expect(transportMessage('not_found', 'zh-Hans')).toBe('请求的资源不存在');
  });
});
