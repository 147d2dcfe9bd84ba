import { DEV_APP_ID, DEV_APP_SECRET } from '@coinlens/contract';
import { describe, expect, it } from 'vitest';

import { readRuntimeConfig } from './runtime-config';

function page(meta: string): Document {
  return new DOMParser().parseFromString(`<html><head>${meta}</head><body></body></html>`, 'text/html');
}

describe('runtime config', () => {
  it('reads the signing pair the server put in the page', () => {
    const config = readRuntimeConfig(
      page(
        '<meta name="coinlens-config" content="{&quot;app_id&quot;:&quot;prod&quot;,&quot;app_secret&quot;:&quot;s3cret-value&quot;}">',
      ),
    );
    expect(config).toEqual({ appId: 'prod', appSecret: 's3cret-value', frameOrigins: [], source: 'server' });
  });

  it('reads the partner origins the web view may frame, keeping only https origins', () => {
    const origins = [
      'https://partner.example',
      'http://plain.example',
      'https://x.example/path',
      'nonsense',
      7,
    ];
    const content = JSON.stringify({ app_id: 'prod', app_secret: 's3cret-value', frame_origins: origins });
    const config = readRuntimeConfig(
      page(`<meta name="coinlens-config" content="${content.replace(/"/g, '&quot;')}">`),
    );
    expect(config.frameOrigins).toEqual(['https://partner.example']);
  });

  it('falls back to the development pair without a tag or with a broken one', () => {
    const fallback = { appId: DEV_APP_ID, appSecret: DEV_APP_SECRET, frameOrigins: [], source: 'default' };
    expect(readRuntimeConfig(page(''))).toEqual(fallback);
    expect(readRuntimeConfig(page('<meta name="coinlens-config" content="{not json">'))).toEqual(fallback);
    expect(readRuntimeConfig(page('<meta name="coinlens-config" content="{&quot;app_id&quot;:1}">'))).toEqual(
      fallback,
    );
  });
});
