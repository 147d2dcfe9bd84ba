import { ALERT_DEFAULT_COOLDOWN_MINUTES, type AlertItem } from '@coinlens/contract';
import { describe, expect, it } from 'vitest';

import {
  alertFormOf,
  checkAlertForm,
  cooldownChoices,
  newAlertForm,
  type AlertFormState,
} from './alert-form';

const form = (overrides: Partial<AlertFormState>): AlertFormState => ({
  ...newAlertForm('usd'),
  ...overrides,
});

function problem(state: AlertFormState) {
  const checked = checkAlertForm(state, 'bitcoin');
  return checked.ok ? null : { field: checked.field, message: checked.message };
}

describe('the alert form', () => {
  it('starts as a one-off price-above alert in the display currency', () => {
    expect(newAlertForm('eur')).toEqual({
      kind: 'price_above',
      level: '',
      currency: 'eur',
      window: '24h',
      repeat: 'once',
      cooldownMinutes: ALERT_DEFAULT_COOLDOWN_MINUTES,
    });
  });

  it('sends a price alert with its currency and nothing its kind does not use', () => {
    const checked = checkAlertForm(
      form({ level: '70,000', currency: 'vnd', window: '1h', cooldownMinutes: 240 }),
      'bitcoin',
    );
    expect(checked).toEqual({
      ok: true,
      draft: {
        coin_id: 'bitcoin',
        kind: 'price_above',
        level: 70_000,
        currency: 'vnd',
        window: null,
        repeat: 'once',
        cooldown_minutes: null,
      },
    });
  });

  it('sends a repeating change alert with its window and cooldown, and no currency', () => {
    const checked = checkAlertForm(
      form({ kind: 'change_down', level: '2.5', window: '1h', repeat: 'repeat', cooldownMinutes: 15 }),
      'ethereum',
    );
    expect(checked.ok && checked.draft).toEqual({
      coin_id: 'ethereum',
      kind: 'change_down',
      level: 2.5,
      currency: null,
      window: '1h',
      repeat: 'repeat',
      cooldown_minutes: 15,
    });
  });

  it('sends an integrity-flag alert without a level, whatever was typed', () => {
    const checked = checkAlertForm(form({ kind: 'integrity_flag', level: 'abc' }), 'bitcoin');
    expect(checked.ok && checked.draft.level).toBeNull();
  });

  it('refuses a missing, non-numeric, zero or negative price with the price message', () => {
    for (const level of ['', 'abc', '0', '-5']) {
      expect(problem(form({ level }))).toEqual({ field: 'level', message: 'alert_price_level' });
    }
  });

  it('refuses a move of 0 % or above the largest move', () => {
    expect(problem(form({ kind: 'change_up', level: '0' }))).toEqual({
      field: 'level',
      message: 'alert_change_level',
    });
    expect(problem(form({ kind: 'change_up', level: '1001' }))).toEqual({
      field: 'level',
      message: 'alert_change_level',
    });
    expect(problem(form({ kind: 'change_up', level: '1000' }))).toBeNull();
  });

  it('refuses a score level outside 0–100', () => {
    for (const level of ['0', '100', '150']) {
      expect(problem(form({ kind: 'score_below', level }))).toEqual({
        field: 'level',
        message: 'alert_score_level',
      });
    }
    expect(problem(form({ kind: 'score_below', level: '40' }))).toBeNull();
  });

  it('refuses a cooldown outside the contract range on a repeating alert', () => {
    expect(problem(form({ level: '1', repeat: 'repeat', cooldownMinutes: 1 }))).toEqual({
      field: 'cooldown_minutes',
      message: 'alert_cooldown_range',
    });
    expect(problem(form({ level: '1', repeat: 'once', cooldownMinutes: 1 }))).toBeNull();
  });

  it('fills the form from a saved alert, defaults for the fields its kind does not use', () => {
    const saved: AlertItem = {
      id: 7,
      coin_id: 'solana',
      coin_name: 'Solana',
      coin_symbol: 'SOL',
      coin_logo: '',
      kind: 'score_above',
      level: 55.5,
      currency: null,
      window: null,
      repeat: 'repeat',
      cooldown_minutes: 90,
      paused: true,
      created_at: 0,
      last_fired_at: null,
      fired_count: 0,
    };
    expect(alertFormOf(saved, 'jpy')).toEqual({
      kind: 'score_above',
      level: '55.5',
      currency: 'jpy',
      window: '24h',
      repeat: 'repeat',
      cooldownMinutes: 90,
    });
    expect(cooldownChoices(90)).toEqual([15, 60, 90, 240, 1_440, 10_080]);
    expect(cooldownChoices(60)).toEqual([15, 60, 240, 1_440, 10_080]);
  });
});
