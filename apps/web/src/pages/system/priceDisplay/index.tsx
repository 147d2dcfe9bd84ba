import { CheckList } from 'antd-mobile';
import { useTranslation } from 'react-i18next';

import { currentLanguage } from '../../../lib/i18n';
import { useSettingsStore } from '../../../lib/settings-store';
import { DEFAULT_PRICE, type PriceSetting } from '../../../lib/storage';

/** Price display currency (spec §3 price setting). */
export default function PriceDisplayPage() {
  const { t } = useTranslation();
  const price = useSettingsStore((state) => state.price);
  const setPrice = useSettingsStore((state) => state.setPrice);
  const options: PriceSetting[] = [DEFAULT_PRICE];
  if (!options.some((option) => option.currency_code === price.currency_code)) options.push(price);
  const name = (option: PriceSetting) => (currentLanguage() === 'zh-Hans' ? option.cn_name : option.en_name);
  return (
    <div data-testid="page-priceDisplay">
      <p className="cl-page-hint">{t('currency.hint')}</p>
      <CheckList
        value={[price.currency_code]}
        onChange={(value) => {
          const next = options.find((option) => option.currency_code === value[0]);
          if (next) setPrice(next);
        }}
      >
        {options.map((option) => (
          <CheckList.Item
            key={option.currency_code}
            value={option.currency_code}
            description={name(option)}
            data-testid={`currency-${option.currency_code}`}
          >
            {`${option.currency_code.toUpperCase()} (${option.unit})`}
          </CheckList.Item>
        ))}
      </CheckList>
    </div>
  );
}
