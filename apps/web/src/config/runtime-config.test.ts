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
    expect(config).toEqual({ appId: 'prod', appSecret: 's3cret-value', source: 'server' });
  });

  it('falls back to the development pair without a tag or with a broken one', () => {
    const fallback = { appId: DEV_APP_ID, appSecret: DEV_APP_SECRET, source: 'default' };
    expect(readRuntimeConfig(page(''))).toEqual(fallback);
    expect(readRuntimeConfig(page('<meta name="coinlens-config" content="{not json">'))).toEqual(fallback);
    expect(readRuntimeConfig(page('<meta name="coinlens-config" content="{&quot;app_id&quot;:1}">'))).toEqual(
      fallback,
    );
  });
});
