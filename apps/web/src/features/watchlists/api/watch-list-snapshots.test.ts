import { describe, expect, it } from 'vitest';

import { watchListScope } from './watch-list-snapshots';

describe('watch list snapshots', () => {
  it('scopes a watch list by user and currency, and keeps none for a visitor', () => {
    expect(watchListScope(42, 'usd')).toBe('42:usd');
    expect(watchListScope(null, 'usd')).toBeNull();
  });
});
