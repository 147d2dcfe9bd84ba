import { memo, type Ref } from 'react';

import './market-ui.css';

import { formatCompactMoney, formatMoney } from '../lib/money-format';
import { useSettingsStore } from '../lib/settings-store';
import { useDisplayLanguage } from '../lib/use-display-language';

export interface MoneyProps {
  value: number | null | undefined;
  /** Abbreviated in the language's units (market caps, volumes) instead of a full price. */
  compact?: boolean;
  className?: string;
  ref?: Ref<HTMLSpanElement>;
}

/** An amount in the chosen display currency (spec §3 price setting), with its symbol. */
export const Money = memo(function Money({ value, compact = false, className, ref }: MoneyProps) {
  const unit = useSettingsStore((state) => state.price.unit);
  const language = useDisplayLanguage();
  return (
    <span className={className} ref={ref}>
      {compact ? formatCompactMoney(value, unit, language) : formatMoney(value, unit)}
    </span>
  );
});
