import { describe, expect, it } from 'vitest';

import { isValidationMessageKey } from '../validation/validation-messages.js';
import { alertProcedures } from './alert.schema.js';

const createInput = alertProcedures['appalert_msrv/alert_create'].input;
const updateInput = alertProcedures['appalert_msrv/alert_update'].input;

function firstIssue(result: ReturnType<typeof createInput.safeParse>) {
  expect(result.success).toBe(false);
  const issue = result.error?.issues[0];
  return { field: issue?.path.join('.'), message: issue?.message };
}

describe('the alert schema', () => {
  it('refuses a bad level for each kind with the field and a translatable message', () => {
    const cases = [
      [{ kind: 'price_above', currency: 'usd' }, 'level', 'alert_price_level'],
      [{ kind: 'price_below', level: 0, currency: 'usd' }, 'level', 'alert_price_level'],
      [{ kind: 'price_above', level: 100 }, 'currency', 'alert_currency_required'],
      [{ kind: 'change_up', level: -5, window: '1h' }, 'level', 'alert_change_level'],
      [{ kind: 'change_down', level: 5 }, 'window', 'alert_window_required'],
      [{ kind: 'score_above', level: 100 }, 'level', 'alert_score_level'],
      [{ kind: 'score_below', level: 0 }, 'level', 'alert_score_level'],
      [
        { kind: 'price_above', level: 1, currency: 'usd', repeat: 'repeat', cooldown_minutes: 4 },
        'cooldown_minutes',
        'alert_cooldown_range',
      ],
    ] as const;
    for (const [draft, field, message] of cases) {
      const issue = firstIssue(createInput.safeParse({ coin_id: 'bitcoin', ...draft }));
      expect(issue, JSON.stringify(draft)).toEqual({ field, message });
      expect(isValidationMessageKey(message)).toBe(true);
    }
  });

  it('refuses an unknown kind, window or currency', () => {
    for (const draft of [
      { kind: 'price_sideways', level: 1 },
      { kind: 'change_up', level: 1, window: '7d' },
      { kind: 'price_above', level: 1, currency: 'xyz' },
    ]) {
      expect(createInput.safeParse({ coin_id: 'bitcoin', ...draft }).success, JSON.stringify(draft)).toBe(
        false,
      );
    }
  });

  it('stores only the fields a kind uses and fills in the defaults', () => {
    expect(
      createInput.parse({
        coin_id: 'bitcoin',
        kind: 'integrity_flag',
        level: 5,
        currency: 'EUR',
        window: '1h',
      }),
    ).toEqual({
      coin_id: 'bitcoin',
      kind: 'integrity_flag',
      level: null,
      currency: null,
      window: null,
      repeat: 'once',
      cooldown_minutes: null,
    });
    expect(
      createInput.parse({
        coin_id: 'bitcoin',
        kind: 'price_below',
        level: 9,
        currency: 'EUR',
        repeat: 'repeat',
      }),
    ).toMatchObject({ currency: 'eur', window: null, repeat: 'repeat', cooldown_minutes: 60 });
  });

  it('pauses with the id alone and edits only with the whole draft', () => {
    expect(updateInput.parse({ id: 3, paused: true })).toEqual({ id: 3, paused: true, draft: null });
    expect(updateInput.safeParse({ id: 3, level: 5 }).success).toBe(false);
    expect(
      updateInput.safeParse({ id: 3, coin_id: 'bitcoin', kind: 'score_above', level: 120 }).success,
    ).toBe(false);
    expect(
      updateInput.parse({ id: 3, coin_id: 'bitcoin', kind: 'change_up', level: 5, window: '24h' }),
    ).toEqual({
      id: 3,
      paused: null,
      draft: {
        coin_id: 'bitcoin',
        kind: 'change_up',
        level: 5,
        currency: null,
        window: '24h',
        repeat: 'once',
        cooldown_minutes: null,
      },
    });
  });
});
