import { describe, expect, it } from 'vitest';

import { isFrameable } from './frame-policy';

const policy = { ownOrigin: 'https://coinlens.app', partnerOrigins: ['https://partner.example'] };
const frameable = (href: string) => isFrameable(new URL(href), policy);

describe('what the web view frames', () => {
  it('frames our own pages and the configured partners', () => {
    expect(frameable('https://coinlens.app/legal/terms?lang=vi')).toBe(true);
    expect(frameable('https://partner.example/help#top')).toBe(true);
    expect(frameable('https://PARTNER.example/help')).toBe(true);
  });

  it.each([
    'https://evil.example/login',
    'http://partner.example/help', // another scheme is another origin
    'https://partner.example:8443/help',
    'https://partner.example@evil.example/',
    'https://partner.example.evil.example/',
    'https://coinlens.app.evil.example/legal/terms',
    'https://evil.example/?u=https://partner.example',
    'https://xn--coinlens-9za.app/',
    'http://coinlens.app/legal/terms',
  ])('does not frame %s', (href) => {
    expect(frameable(href)).toBe(false);
  });
});
