import { describe, expect, it } from 'vitest';

import { searchProcedures } from './search.schema.js';

const searchInput = searchProcedures['appsearch_msrv/search'].input;

describe('the search schema', () => {
  it('refuses an empty, blank or overlong keyword and an unknown type', () => {
    for (const payload of [
      {},
      { keyword: '' },
      { keyword: ' \t\n ' },
      { keyword: 'x'.repeat(65) },
      { keyword: 'btc', type: 'people' },
    ]) {
      expect(searchInput.safeParse(payload).success, JSON.stringify(payload)).toBe(false);
    }
  });

  it('trims the keyword and fills in the defaults', () => {
    const parsed = searchInput.parse({ keyword: '  btc ' });
    expect(parsed).toMatchObject({ keyword: 'btc', type: 'all', page: 1 });
    expect(searchInput.parse({ keyword: 'x'.repeat(64) }).keyword).toHaveLength(64);
  });
});
