import './market-ui.css';

import { formatCompactMoney, formatMoney } from '../lib/money-format';
import { useSettingsStore } from '../lib/settings-store';
import { useDisplayLanguage } from '../lib/use-display-language';

export interface MoneyProps {
  value: number | null | undefined;
  /** Abbreviated in the language's units (market caps, volumes) instead of a full price. */
  compact?: boolean;
  className?: string;
}

/** An amount in the chosen display currency (spec §3 price setting), with its symbol. */
export function Money({ value, compact = false, className }: MoneyProps) {
  const unit = useSettingsStore((state) => state.price.unit);
  const language = useDisplayLanguage();
  return (
    <span className={className}>
      {compact ? formatCompactMoney(value, unit, language) : formatMoney(value, unit)}
    </span>
  );
}
