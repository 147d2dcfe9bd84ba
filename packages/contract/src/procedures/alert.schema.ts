import { z } from 'zod';

import { defineProcedure } from './define-procedure.js';
import { DISPLAY_CURRENCIES } from './display-currencies.js';
import { SCORE_FLAG_KINDS } from './procedure-constants.js';
import {
  ALERT_CHANGE_MAX_PERCENT,
  ALERT_COOLDOWN_MAX_MINUTES,
  ALERT_COOLDOWN_MIN_MINUTES,
  ALERT_DEFAULT_COOLDOWN_MINUTES,
  ALERT_PRICE_MAX,
} from '../validation/limits.js';
import { page, pageSize } from './shared-fields.js';

export const ALERT_KINDS = [
  'price_above',
  'price_below',
  'change_up',
  'change_down',
  'score_above',
  'score_below',
  'integrity_flag',
] as const;
export type AlertKind = (typeof ALERT_KINDS)[number];
export const ALERT_WINDOWS = ['1h', '24h'] as const;
export type AlertWindow = (typeof ALERT_WINDOWS)[number];
export const ALERT_REPEATS = ['once', 'repeat'] as const;
export type AlertRepeat = (typeof ALERT_REPEATS)[number];

const PRICE_KINDS: ReadonlySet<AlertKind> = new Set(['price_above', 'price_below']);
const CHANGE_KINDS: ReadonlySet<AlertKind> = new Set(['change_up', 'change_down']);
const SCORE_KINDS: ReadonlySet<AlertKind> = new Set(['score_above', 'score_below']);
export const isPriceAlertKind = (kind: AlertKind): boolean => PRICE_KINDS.has(kind);
export const isChangeAlertKind = (kind: AlertKind): boolean => CHANGE_KINDS.has(kind);
export const isScoreAlertKind = (kind: AlertKind): boolean => SCORE_KINDS.has(kind);

const DISPLAY_CURRENCY_CODES = DISPLAY_CURRENCIES.map((entry) => entry.currency_code) as [
  string,
  ...string[],
];
const coinId = z.string().trim().min(1).max(100);
const alertId = z.number().int().positive();

/** The fields of a draft as a caller may send them; which ones matter depends on `kind`. */
const draftFields = {
  coin_id: coinId,
  kind: z.enum(ALERT_KINDS),
  /** Price (in `currency`) for price kinds, percent (> 0) for change kinds, score (0–100) for score kinds. */
  level: z.number().nullish(),
  /** One of the 39 display currencies; price kinds only. */
  currency: z.string().trim().toLowerCase().pipe(z.enum(DISPLAY_CURRENCY_CODES)).nullish(),
  /** Change kinds only. */
  window: z.enum(ALERT_WINDOWS).nullish(),
  repeat: z.enum(ALERT_REPEATS).optional(),
  /** Repeating alerts only; default ALERT_DEFAULT_COOLDOWN_MINUTES. */
  cooldown_minutes: z.number().int().nullish(),
};
type DraftInput = z.output<z.ZodObject<typeof draftFields>>;

/** A draft as stored: the fields its kind does not use are null. */
export interface AlertDraft {
  coin_id: string;
  kind: AlertKind;
  level: number | null;
  currency: string | null;
  window: AlertWindow | null;
  repeat: AlertRepeat;
  cooldown_minutes: number | null;
}

/** The first rule a draft breaks, as the field and the validation message key the gateway translates. */
export function alertDraftProblem(draft: DraftInput): { field: keyof AlertDraft; message: string } | null {
  const { kind, level } = draft;
  const hasLevel = level !== null && level !== undefined && Number.isFinite(level);
  if (isPriceAlertKind(kind)) {
    if (!hasLevel || level <= 0 || level > ALERT_PRICE_MAX)
      return { field: 'level', message: 'alert_price_level' };
    if (!draft.currency) return { field: 'currency', message: 'alert_currency_required' };
  } else if (isChangeAlertKind(kind)) {
    if (!hasLevel || level <= 0 || level > ALERT_CHANGE_MAX_PERCENT)
      return { field: 'level', message: 'alert_change_level' };
    if (!draft.window) return { field: 'window', message: 'alert_window_required' };
  } else if (isScoreAlertKind(kind)) {
    if (!hasLevel || level <= 0 || level >= 100) return { field: 'level', message: 'alert_score_level' };
  }
  const cooldown = draft.cooldown_minutes;
  if (
    draft.repeat === 'repeat' &&
    cooldown !== null &&
    cooldown !== undefined &&
    (cooldown < ALERT_COOLDOWN_MIN_MINUTES || cooldown > ALERT_COOLDOWN_MAX_MINUTES)
  )
    return { field: 'cooldown_minutes', message: 'alert_cooldown_range' };
  return null;
}

/** The stored form of a valid draft: fields the kind does not use become null, defaults are filled in. */
export function normaliseAlertDraft(draft: DraftInput): AlertDraft {
  const repeat = draft.repeat ?? 'once';
  return {
    coin_id: draft.coin_id,
    kind: draft.kind,
    level: draft.kind === 'integrity_flag' ? null : (draft.level ?? null),
    currency: isPriceAlertKind(draft.kind) ? (draft.currency ?? null) : null,
    window: isChangeAlertKind(draft.kind) ? (draft.window ?? null) : null,
    repeat,
    cooldown_minutes: repeat === 'repeat' ? (draft.cooldown_minutes ?? ALERT_DEFAULT_COOLDOWN_MINUTES) : null,
  };
}

function checkDraft(draft: DraftInput, context: z.RefinementCtx): void {
  const problem = alertDraftProblem(draft);
  if (problem) context.addIssue({ code: 'custom', message: problem.message, path: [problem.field] });
}

export const alertDraftInput = z.object(draftFields).superRefine(checkDraft).transform(normaliseAlertDraft);

/**
 * `{ id, paused }` pauses or resumes; `{ id, …the whole draft }` edits (coin_id and kind then required, the other
 * draft fields as for a new alert). Both at once is allowed.
 */
export const alertUpdateInput = z
  .object({
    id: alertId,
    paused: z.boolean().optional(),
    ...draftFields,
    coin_id: coinId.optional(),
    kind: z.enum(ALERT_KINDS).optional(),
  })
  .superRefine((value, context) => {
    const { id: _id, paused: _paused, ...draft } = value;
    const editing = Object.values(draft).some((field) => field !== undefined);
    if (!editing) return;
    if (draft.coin_id === undefined)
      context.addIssue({ code: 'custom', message: 'alert_edit_incomplete', path: ['coin_id'] });
    else if (draft.kind === undefined)
      context.addIssue({ code: 'custom', message: 'alert_edit_incomplete', path: ['kind'] });
    else checkDraft({ ...draft, coin_id: draft.coin_id, kind: draft.kind }, context);
  })
  .transform(({ id, paused, ...draft }) => ({
    id,
    paused: paused ?? null,
    draft:
      draft.coin_id !== undefined && draft.kind !== undefined
        ? normaliseAlertDraft({ ...draft, coin_id: draft.coin_id, kind: draft.kind })
        : null,
  }));

const coinLabel = {
  coin_name: z.string(),
  coin_symbol: z.string(),
  coin_logo: z.string(),
};

export const alertItem = z.object({
  id: z.number().int(),
  coin_id: z.string(),
  ...coinLabel,
  kind: z.enum(ALERT_KINDS),
  level: z.number().nullable(),
  currency: z.string().nullable(),
  window: z.enum(ALERT_WINDOWS).nullable(),
  repeat: z.enum(ALERT_REPEATS),
  cooldown_minutes: z.number().int().nullable(),
  /** Paused by the user, or by the server after a `once` alert fired. */
  paused: z.boolean(),
  /** Epoch milliseconds, like every time of the API. */
  created_at: z.number().int(),
  last_fired_at: z.number().int().nullable(),
  fired_count: z.number().int(),
});
export type AlertItem = z.infer<typeof alertItem>;

export const alertFiring = z.object({
  id: z.number().int(),
  alert_id: z.number().int(),
  coin_id: z.string(),
  coin_name: z.string(),
  coin_symbol: z.string(),
  kind: z.enum(ALERT_KINDS),
  level: z.number().nullable(),
  currency: z.string().nullable(),
  window: z.enum(ALERT_WINDOWS).nullable(),
  /** What crossed: the price (in `currency`), the change in percent or the score; null for integrity_flag. */
  observed: z.number().nullable(),
  /** The new flag, integrity_flag only. */
  flag: z.enum(SCORE_FLAG_KINDS).nullable(),
  time: z.number().int(),
  /** The inbox message it left (appinbox_msrv/inbox_message_detail); null if that message is gone. */
  message_id: z.number().int().nullable(),
});
export type AlertFiring = z.infer<typeof alertFiring>;

/** Price, change, score and integrity-flag alerts of the logged-in user (appalert_msrv). */
export const alertProcedures = {
  'appalert_msrv/alert_list': defineProcedure({
    input: z.object({}),
    output: z.object({ list: z.array(alertItem), limit: z.number().int() }),
    auth: 'required',
  }),
  'appalert_msrv/alert_create': defineProcedure({
    input: alertDraftInput,
    output: alertItem,
    auth: 'required',
  }),
  'appalert_msrv/alert_update': defineProcedure({
    input: alertUpdateInput,
    output: alertItem,
    auth: 'required',
  }),
  'appalert_msrv/alert_delete': defineProcedure({
    input: z.object({ id: alertId }),
    output: z.object({}),
    auth: 'required',
  }),
  /** Newest first; `alert_id` narrows to one alert (firings of a deleted alert stay in the history). */
  'appalert_msrv/alert_firing_list': defineProcedure({
    input: z.object({ page, page_size: pageSize.default(20), alert_id: alertId.optional() }),
    output: z.object({
      list: z.array(alertFiring),
      page: z.number().int(),
      page_size: z.number().int(),
      total: z.number().int(),
    }),
    auth: 'required',
  }),
};
