import {
  DISPLAY_CURRENCIES,
  formatNumber,
  formatPercent,
  formatPrice,
  type AlertFiring,
  type AlertItem,
} from '@coinlens/contract';
import type { TFunction } from '@/lib/i18n';

/** What an alert's or a firing's sentence needs. */
type AlertCondition = Pick<AlertItem, 'kind' | 'level' | 'currency' | 'window'>;

const UNITS: ReadonlyMap<string, string> = new Map(
  DISPLAY_CURRENCIES.map((entry) => [entry.currency_code, entry.unit]),
);

/** A display currency's symbol ("$", "₫"), or its upper-case code when it is not one of the 39. */
export function currencyUnit(code: string | null): string {
  if (code === null) return '';
  return UNITS.get(code) ?? `${code.toUpperCase()} `;
}

/** A number with its decimals' trailing zeros dropped ("70,000", "2.5"). */
function trimmedNumber(value: number, decimals: number): string {
  const text = formatNumber(value, decimals);
  return text.includes('.') ? text.replace(/\.?0+$/, '') : text;
}

/** A price level as the user typed it: from 1 up without ".00" ("$70,000", "$1.5"), below 1 the price format. */
export function formatLevelPrice(level: number | null, currency: string | null): string {
  if (level === null) return '-';
  return `${currencyUnit(currency)}${level >= 1 ? trimmedNumber(level, 2) : formatPrice(level)}`;
}

/** A percent level without a sign or trailing zeros ("5%", "2.5%"). */
function formatLevelPercent(level: number | null): string {
  return level === null ? '-' : `${trimmedNumber(level, 2)}%`;
}

function formatScore(score: number | null): string {
  return score === null ? '-' : trimmedNumber(score, 1);
}

function windowText(t: TFunction, window: AlertCondition['window']): string {
  return t(window === '1h' ? 'alerts.window.1h' : 'alerts.window.24h');
}

/** The alert said as a sentence: "Price above $70,000", "Falls 5% within 1 h", "New integrity flag". */
export function alertSentence(alert: AlertCondition, t: TFunction): string {
  switch (alert.kind) {
    case 'price_above':
      return t('alerts.sentence.priceAbove', { price: formatLevelPrice(alert.level, alert.currency) });
    case 'price_below':
      return t('alerts.sentence.priceBelow', { price: formatLevelPrice(alert.level, alert.currency) });
    case 'change_up':
      return t('alerts.sentence.changeUp', {
        percent: formatLevelPercent(alert.level),
        window: windowText(t, alert.window),
      });
    case 'change_down':
      return t('alerts.sentence.changeDown', {
        percent: formatLevelPercent(alert.level),
        window: windowText(t, alert.window),
      });
    case 'score_above':
      return t('alerts.sentence.scoreAbove', { score: formatScore(alert.level) });
    case 'score_below':
      return t('alerts.sentence.scoreBelow', { score: formatScore(alert.level) });
    case 'integrity_flag':
      return t('alerts.sentence.integrityFlag');
  }
}

/** What the firing saw, said: "Price was $70,012.50", "Change was -5.21%", "Score was 58.3", "Flag: …". */
export function firingDetail(firing: AlertFiring, t: TFunction): string {
  if (firing.kind === 'integrity_flag')
    return t('alerts.history.flag', {
      flag: firing.flag ? t(`alerts.flag.${firing.flag}`, { defaultValue: firing.flag }) : '-',
    });
  if (firing.kind === 'price_above' || firing.kind === 'price_below')
    return t('alerts.history.price', {
      value:
        firing.observed === null ? '-' : `${currencyUnit(firing.currency)}${formatPrice(firing.observed)}`,
    });
  if (firing.kind === 'change_up' || firing.kind === 'change_down')
    return t('alerts.history.change', { value: formatPercent(firing.observed) });
  return t('alerts.history.score', { value: formatScore(firing.observed) });
}

/** A cooldown in the largest whole unit: "15 min", "1 h", "1 day", "7 days". */
export function cooldownText(t: TFunction, minutes: number): string {
  if (minutes > 0 && minutes % 1_440 === 0) return t('alerts.cooldown.days', { count: minutes / 1_440 });
  if (minutes > 0 && minutes % 60 === 0) return t('alerts.cooldown.hours', { count: minutes / 60 });
  return t('alerts.cooldown.minutes', { count: minutes });
}
