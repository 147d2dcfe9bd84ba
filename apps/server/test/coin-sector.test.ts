import { coinListItem } from '@coinlens/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { callAs } from './support/accounts.js';
import { FAKE_MARKET_EPOCH, FakeMarketProvider } from './support/fake-market-provider.js';
import { TEST_DIALECTS } from './support/test-databases.js';
import { startTestServerOn } from './support/test-server.js';
import type { TestServer } from './support/test-server.js';

// The main sector on coin rows (the heatmap's "by sector" grouping). It comes from the market snapshot,
// not the database, so one dialect is enough.
describe('the main sector of a coin', () => {
  const provider = new FakeMarketProvider(() => FAKE_MARKET_EPOCH);
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServerOn(
      TEST_DIALECTS[0]!,
      {},
      { now: () => FAKE_MARKET_EPOCH, marketProvider: provider },
    );
  });
  afterAll(() => server.close());

  it('is the first of the coin’s sectors, a concept_list id, on list rows and the coin page', async () => {
    const list = await callAs(server, 'appmarket_msrv/coin_list', { page_size: 100 }, { lang: 'en' });
    const rows = coinListItem.array().parse(list.data.list);
    const sectorOf = Object.fromEntries(rows.map((coin) => [coin.id, coin.sector]));
    expect(sectorOf).toMatchObject({
      bitcoin: 'layer-1',
      uniswap: 'defi',
      chainlink: 'oracle',
      pepe: 'meme',
    });
    const concepts = await callAs(server, 'appmarket_msrv/concept_list', {}, { lang: 'en' });
    const ids = new Set(concepts.data.list.map((concept) => concept.id));
    for (const row of rows) expect(ids.has(row.sector ?? ''), row.id).toBe(true);
    const detail = await callAs(server, 'appmarket_msrv/coin_detail', { coin_id: 'aave' }, { lang: 'en' });
    expect(detail.data.sector).toBe('defi');
    expect(detail.data.concepts.map((concept) => concept.id)).toEqual(['defi', 'lending']);
  });
});
