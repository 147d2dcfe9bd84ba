import type { AppLanguage, ExchangeDetail } from '@coinlens/contract';
import type { TFunction } from '@/lib/i18n';
import { useTranslation } from '@/lib/i18n';

import { FactList, type Fact } from '@/components/FactList';
import { Money } from '@/components/Money';
import { btcText, establishedText, percentText, quantityText, textOrDash } from '@/lib/fact-format';
import { useDisplayLanguage } from '@/lib/use-display-language';
import { ProjectLinks } from './ProjectLinks';
import './coin-page.css';

export interface ExchangeProfileProps {
  exchange: ExchangeDetail;
  onOpenCoin: (coin: { id: string; symbol: string }) => void;
  onOpenLink: (url: string) => void;
}

function yesNo(value: boolean | null, t: TFunction): string {
  if (value === null) return '-';
  return value ? t('exchanges.yes') : t('exchanges.no');
}

function tradingFacts(exchange: ExchangeDetail, t: TFunction, language: AppLanguage): Fact[] {
  return [
    { key: 'ex_rank', label: t('exchanges.field.exRank'), value: `#${exchange.ex_rank}` },
    {
      key: 'amount_24h',
      label: t('exchanges.turnover24h'),
      value: <Money value={exchange.amount_24h} compact />,
    },
    {
      key: 'volume_24h_btc',
      label: t('exchanges.field.volumeBtc'),
      value: btcText(exchange.volume_24h_btc, language),
    },
    { key: 'pair_count', label: t('exchanges.colPairs'), value: String(exchange.pair_count) },
    { key: 'coin_count', label: t('exchanges.colCoins'), value: String(exchange.coin_count) },
    {
      key: 'reserves',
      label: t('exchanges.field.reserves'),
      value: <Money value={exchange.reserves} compact />,
    },
    {
      key: 'popularity',
      label: t('exchanges.field.popularity'),
      value: quantityText(exchange.popularity, language),
    },
    {
      key: 'monthly_visits',
      label: t('exchanges.field.monthlyVisits'),
      value: quantityText(exchange.monthly_visits, language),
    },
    {
      key: 'fees',
      label: t('exchanges.field.fees'),
      value: exchange.fees
        ? t('exchanges.feesValue', {
            maker: percentText(exchange.fees.maker_percent),
            taker: percentText(exchange.fees.taker_percent),
          })
        : '-',
    },
    { key: 'api', label: t('exchanges.field.api'), value: yesNo(exchange.api_available, t) },
  ];
}

function complianceFacts(exchange: ExchangeDetail, t: TFunction, language: AppLanguage): Fact[] {
  return [
    { key: 'kind', label: t('exchanges.field.kind'), value: t(`exchanges.kind.${exchange.kind}`) },
    {
      key: 'established',
      label: t('exchanges.field.established'),
      value: establishedText(exchange.established, language),
    },
    {
      key: 'registration_place',
      label: t('exchanges.field.registrationPlace'),
      value: textOrDash(exchange.registration_place),
    },
    {
      key: 'kyc',
      label: t('exchanges.field.kyc'),
      value: exchange.kyc ? t(`exchanges.kyc.${exchange.kyc}`) : '-',
    },
    { key: 'aml', label: t('exchanges.field.aml'), value: yesNo(exchange.aml_certified, t) },
    { key: 'chinese', label: t('exchanges.field.chinese'), value: yesNo(exchange.chinese_support, t) },
  ];
}

/** Every exchange field in sections: trading, company and compliance, platform token, website. */
export function ExchangeProfile({ exchange, onOpenCoin, onOpenLink }: ExchangeProfileProps) {
  const { t } = useTranslation();
  const language = useDisplayLanguage();
  const token = exchange.platform_token;
  return (
    <>
      <FactList
        title={t('exchanges.section.trading')}
        facts={tradingFacts(exchange, t, language)}
        testId="exchange-section-trading"
      />
      <FactList
        title={t('exchanges.section.company')}
        facts={complianceFacts(exchange, t, language)}
        testId="exchange-section-company"
      />
      <FactList
        title={t('exchanges.section.token')}
        testId="exchange-section-token"
        facts={[
          {
            key: 'platform_token',
            label: t('exchanges.field.platformToken'),
            value: token ? (
              <button
                type="button"
                className="cl-chip cl-chip-link"
                onClick={() => onOpenCoin({ id: token.id, symbol: token.symbol })}
                data-testid="exchange-token"
              >
                {token.symbol} · {token.name}
              </button>
            ) : (
              // Unknown is not "none": no source names the token, so the dash every missing fact gets.
              '-'
            ),
          },
          { key: 'burn_info', label: t('exchanges.field.burnInfo'), value: textOrDash(exchange.burn_info) },
        ]}
      />
      <ProjectLinks
        links={{ website: exchange.website }}
        onOpen={onOpenLink}
        testId="exchange-section-links"
      />
    </>
  );
}
