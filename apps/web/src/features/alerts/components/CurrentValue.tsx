import type { UseQueryResult } from '@tanstack/react-query';
import { formatPercent, formatPrice, type AlertKind, type CoinDetail } from '@coinlens/contract';
import { useTranslation } from '@/lib/i18n';

export interface CurrentValueProps {
  query: Pick<UseQueryResult<CoinDetail>, 'data'>;
  kind: AlertKind;
  /** The symbol of the currency the coin was asked in. */
  unit: string;
}

/**
 * The coin's value now, beside the level: the price, the 24 h change or the score. The 1 h change is not in
 * the coin's answer, so a 1 h alert shows the 24 h change for orientation, labelled as such.
 */
export function CurrentValue({ query, kind, unit }: CurrentValueProps) {
  const { t } = useTranslation();
  const coin = query.data;
  let text = '…';
  if (coin) {
    if (kind === 'price_above' || kind === 'price_below')
      text = coin.price === null ? '-' : `${unit}${formatPrice(coin.price)}`;
    else if (kind === 'change_up' || kind === 'change_down')
      text = t('alerts.form.now24h', { value: formatPercent(coin.change_24h) });
    else text = coin.score === null ? '-' : coin.score.toFixed(1);
  }
  return (
    <span className="cl-alert-now" data-testid="alert-now">
      <span className="cl-alert-now-label">{t('alerts.form.now')}</span>
      <span className="cl-alert-now-value">{text}</span>
    </span>
  );
}
