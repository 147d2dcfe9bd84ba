import path from 'node:path';

import { describe, expect, it } from 'vitest';

import { ConfigError, loadConfig } from './config.js';

describe('loadConfig', () => {
  it('fills every default for an empty environment', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      PORT: 8080,
      HOST: '0.0.0.0',
      DATA_DIR: path.resolve('./data'),
      APP_ID: 'coinlens-web',
      LOG_LEVEL: 'info',
      BLOCKED_REGIONS: [],
      TRUST_PROXY: false,
      RATE_LIMIT_PER_MINUTE: 600,
    });
    expect(config.DATABASE_URL).toBeUndefined();
  });

  it('treats empty strings as unset', () => {
    expect(loadConfig({ PORT: '', DATABASE_URL: '  ' })).toMatchObject({
      PORT: 8080,
      DATABASE_URL: undefined,
    });
  });

  it('parses lists, flags and numbers', () => {
    const config = loadConfig({
      BLOCKED_REGIONS: 'kp, ir',
      TRUST_PROXY: 'true',
      PORT: '3000',
      COUNTRY_HEADER: 'CF-IPCountry',
    });
    expect(config.BLOCKED_REGIONS).toEqual(['KP', 'IR']);
    expect(config.TRUST_PROXY).toBe(true);
    expect(config.PORT).toBe(3000);
    expect(config.COUNTRY_HEADER).toBe('cf-ipcountry');
  });

  it('names every bad variable in one clear error', () => {
    const attempt = () =>
      loadConfig({ PORT: 'eighty', DATABASE_URL: 'mysql://x', APP_SECRET: 'short', LOG_LEVEL: 'loud' });
    expect(attempt).toThrow(ConfigError);
    try {
      attempt();
    } catch (error) {
      const message = (error as Error).message;
      for (const name of ['PORT', 'DATABASE_URL', 'APP_SECRET', 'LOG_LEVEL']) expect(message).toContain(name);
    }
  });
});
