import { procedures, type ProcedureName } from '@coinlens/contract';
import { describe, expect, it } from 'vitest';

import { READ_PROCEDURES } from './read-procedures.js';

describe('READ_PROCEDURES', () => {
  it('holds no call that signs in, mails, guesses a code or changes what is stored', () => {
    const writes = (Object.keys(procedures) as ProcedureName[]).filter((name) =>
      /login|logout|register|captcha|reset|update|sign_out|refresh|_add|_remove|_sort|vote|markasread/.test(
        name,
      ),
    );
    expect(writes.length).toBeGreaterThan(15);
    for (const name of writes) expect(READ_PROCEDURES.has(name), name).toBe(false);
  });

  it('holds the market reads, which keep answering while Redis is down', () => {
    for (const name of [
      'appmarket_msrv/coin_list',
      'appmarket_msrv/exchange_list',
      'appmarket_msrv/coin_kline',
    ])
      expect(READ_PROCEDURES.has(name as ProcedureName), name).toBe(true);
  });
});
