import { describe, expect, it } from 'vitest';

import { withRuntimeConfig } from './runtime-config.js';

const HTML = '<!doctype html><html><head><title>Coinlens</title></head><body></body></html>';

describe('runtime config in index.html', () => {
  it('adds the public settings as an escaped meta tag in the head', () => {
    const html = withRuntimeConfig(HTML, { app_id: 'web"app', app_secret: '<secret>&' });
    expect(html).toContain(
      '<meta name="coinlens-config" content="{&quot;app_id&quot;:&quot;web\\&quot;app&quot;,&quot;app_secret&quot;:&quot;&lt;secret&gt;&amp;&quot;}"></head>',
    );
    const content = /content="([^"]*)"/.exec(html)?.[1] ?? '';
    const decoded = content
      .replace(/&quot;/g, '"')
      .replace(/&lt;/g, '<')
      .replace(/&gt;/g, '>')
      .replace(/&amp;/g, '&');
    expect(JSON.parse(decoded)).toEqual({ app_id: 'web"app', app_secret: '<secret>&' });
  });

  it('replaces a tag already present instead of adding a second', () => {
    const once = withRuntimeConfig(HTML, { app_id: 'a', app_secret: 'first-secret' });
    const twice = withRuntimeConfig(once, { app_id: 'b', app_secret: 'second-secret' });
    expect(twice.match(/coinlens-config/g)).toHaveLength(1);
    expect(twice).toContain('second-secret');
  });

  it('refuses a page without a head rather than serving an app that cannot sign', () => {
    expect(() =>
      withRuntimeConfig('<html><body></body></html>', { app_id: 'a', app_secret: 'b-secret' }),
    ).toThrow(/head/);
  });
});
