import { describe, expect, it } from 'vitest';

import { SESSION_REDIRECT_EXEMPT } from './procedure-constants.js';
import { procedures } from './procedure-map.js';

describe('procedure constants', () => {
  it('lists exactly the procedures the map flags as exempt from the session redirect', () => {
    const flagged = Object.entries(procedures)
      .filter(([, spec]) => (spec as { sessionRedirectExempt?: boolean }).sessionRedirectExempt === true)
      .map(([name]) => name);
    expect([...SESSION_REDIRECT_EXEMPT].sort()).toEqual(flagged.sort());
  });
});
