import {
  ALERT_DEFAULT_COOLDOWN_MINUTES,
  alertDraftProblem,
  isChangeAlertKind,
  isPriceAlertKind,
  isScoreAlertKind,
  parseNumberText,
  type AlertItem,
  type AlertKind,
  type AlertRepeat,
  type AlertWindow,
  type ProcedureInput,
} from '@coinlens/contract';

/** The form's fields as the user left them; the level is the text typed. */
export interface AlertFormState {
  kind: AlertKind;
  level: string;
  currency: string;
  window: AlertWindow;
  repeat: AlertRepeat;
  cooldownMinutes: number;
}

export type AlertDraftPayload = ProcedureInput<'appalert_msrv/alert_create'>;
const FORM_FIELDS = ['level', 'currency', 'window', 'cooldown_minutes'] as const;
export type AlertFormField = (typeof FORM_FIELDS)[number];

function isFormField(field: string): field is AlertFormField {
  return (FORM_FIELDS as readonly string[]).includes(field);
}

export type AlertFormCheck =
  | { ok: true; draft: AlertDraftPayload }
  /** `message` is the catalogue's validation key (the server answers the same one). */
  | { ok: false; field: AlertFormField; message: string };

/** The cooldowns offered for a repeating alert, in minutes: 15 min, 1 h, 4 h, 1 day, 1 week. */
export const COOLDOWN_CHOICES: readonly number[] = [15, ALERT_DEFAULT_COOLDOWN_MINUTES, 240, 1_440, 10_080];

/** Whether the kind takes a level (all but the integrity flag). */
export function takesLevel(kind: AlertKind): boolean {
  return isPriceAlertKind(kind) || isChangeAlertKind(kind) || isScoreAlertKind(kind);
}

/** A new alert: price above, in the user's display currency, once. */
export function newAlertForm(currency: string): AlertFormState {
  return {
    kind: 'price_above',
    level: '',
    currency,
    window: '24h',
    repeat: 'once',
    cooldownMinutes: ALERT_DEFAULT_COOLDOWN_MINUTES,
  };
}

/** The form of a saved alert; fields its kind does not use start from the new-alert defaults. */
export function alertFormOf(alert: AlertItem, fallbackCurrency: string): AlertFormState {
  const defaults = newAlertForm(alert.currency ?? fallbackCurrency);
  return {
    ...defaults,
    kind: alert.kind,
    level: alert.level === null ? '' : String(alert.level),
    window: alert.window ?? defaults.window,
    repeat: alert.repeat,
    cooldownMinutes: alert.cooldown_minutes ?? defaults.cooldownMinutes,
  };
}

/** The cooldown choices, with a saved alert's own value kept when it is not one of them. */
export function cooldownChoices(current: number): number[] {
  return [...new Set([...COOLDOWN_CHOICES, current])].sort((a, b) => a - b);
}

/**
 * The draft to send for `coinId`, or the first field in error with the catalogue's message key. The rules are
 * the contract's (`alertDraftProblem`), so the form refuses exactly what the server would.
 */
export function checkAlertForm(state: AlertFormState, coinId: string): AlertFormCheck {
  const level = takesLevel(state.kind) ? parseNumberText(state.level) : null;
  const draft: AlertDraftPayload = {
    coin_id: coinId,
    kind: state.kind,
    level,
    currency: isPriceAlertKind(state.kind) ? state.currency : null,
    window: isChangeAlertKind(state.kind) ? state.window : null,
    repeat: state.repeat,
    cooldown_minutes: state.repeat === 'repeat' ? state.cooldownMinutes : null,
  };
  const problem = alertDraftProblem(draft);
  // The form sets coin, kind and repeat itself: any other field in error is shown at the level.
  if (problem)
    return {
      ok: false,
      field: isFormField(problem.field) ? problem.field : 'level',
      message: problem.message,
    };
  return { ok: true, draft };
}
