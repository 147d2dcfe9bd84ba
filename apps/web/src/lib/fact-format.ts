import { abbreviateNumber, formatDateTime, formatNumber, type AppLanguage } from '@coinlens/contract';

/** A share or rate already in percent, unsigned ("12.34%"); "-" when missing. */
export function percentText(value: number | null | undefined): string {
  const text = formatNumber(value);
  return text === '-' ? text : `${text}%`;
}

/** A count of coins or addresses in the language's units ("19.93M", "1993.00万"). */
export function quantityText(value: number | null | undefined, language: AppLanguage): string {
  return abbreviateNumber(value, language);
}

/** A day in UTC+8 ("2021-11-10"); "-" when missing. */
export function dayText(epochMs: number | null | undefined): string {
  return epochMs === null || epochMs === undefined ? '-' : formatDateTime(epochMs, 'YYYY-MM-DD');
}

/** A plain text fact; "-" when missing or empty. */
export function textOrDash(value: string | null | undefined): string {
  return value === null || value === undefined || value.trim() === '' ? '-' : value;
}

/** An amount of bitcoin: whole coins from 100 up, abbreviated from a million; "-" when missing. */
export function btcText(value: number | null | undefined, language: AppLanguage): string {
  if (value === null || value === undefined) return '-';
  return `${value >= 1e6 ? abbreviateNumber(value, language) : formatNumber(value, value >= 100 ? 0 : 2)} BTC`;
}

/**
 * When a venue was founded: a year as a year ("2017", "2017年"), a month as a month ("July 2017",
 * "2017年7月"); "-" when missing. A source that knows only the year never gets a month made up.
 */
export function establishedText(value: string | null | undefined, language: AppLanguage): string {
  const match = value ? /^(\d{4})(?:-(\d{2}))?$/.exec(value.trim()) : null;
  if (!match) return textOrDash(value);
  const year = Number(match[1]);
  const month = match[2] === undefined ? null : Number(match[2]);
  if (month === null || month < 1 || month > 12)
    return new Intl.DateTimeFormat(language, { year: 'numeric', timeZone: 'UTC' }).format(
      Date.UTC(year, 0, 1),
    );
  return new Intl.DateTimeFormat(language, { year: 'numeric', month: 'long', timeZone: 'UTC' }).format(
    Date.UTC(year, month - 1, 1),
  );
}
