import type { AppLanguage, CoinDetail } from '@coinlens/contract';
import { formatNumber } from '@coinlens/contract';
import type { TFunction } from '@/lib/i18n';
import { useTranslation } from '@/lib/i18n';

import { Change } from '@/components/Change';
import { FactList, type Fact } from '@/components/FactList';
import { Money } from '@/components/Money';
import { dayText, percentText, quantityText, textOrDash } from '@/lib/fact-format';
import { useDisplayLanguage } from '@/lib/use-display-language';
import { ProjectLinks } from './ProjectLinks';
import './coin-page.css';
import '@/components/fact-list.css';

interface ProfileProps {
  coin: CoinDetail;
  onOpenConcept: (conceptId: string) => void;
  onOpenLink: (url: string) => void;
}

function marketFacts(coin: CoinDetail, t: TFunction): Fact[] {
  return [
    { key: 'market_cap', label: t('coin.field.marketCap'), value: <Money value={coin.market_cap} compact /> },
    {
      key: 'circulating_market_cap',
      label: t('coin.field.circulatingMarketCap'),
      value: <Money value={coin.circulating_market_cap} compact />,
    },
    { key: 'amount_24h', label: t('coin.field.amount24h'), value: <Money value={coin.amount_24h} compact /> },
    {
      key: 'volume_24h',
      label: t('coin.field.volume24h'),
      value: `${formatNumber(coin.volume_24h)} ${coin.symbol}`,
    },
    { key: 'change_7d', label: t('coin.field.change7d'), value: <Change value={coin.change_7d} /> },
    { key: 'turnover_rate', label: t('coin.field.turnoverRate'), value: percentText(coin.turnover_rate) },
    { key: 'volatility_24h', label: t('coin.field.volatility24h'), value: percentText(coin.volatility_24h) },
    { key: 'volume_ratio', label: t('coin.field.volumeRatio'), value: formatNumber(coin.volume_ratio) },
    {
      key: 'btc_correlation',
      label: t('coin.field.btcCorrelation'),
      value: coin.btc_correlation === null ? '-' : coin.btc_correlation.toFixed(2),
    },
    { key: 'market_share', label: t('coin.field.marketShare'), value: percentText(coin.market_share) },
    { key: 'bid_ask_spread', label: t('coin.field.spread'), value: percentText(coin.bid_ask_spread) },
    {
      key: 'certification',
      label: t('coin.field.certification'),
      value: t(`coin.certification.${coin.certification}`),
    },
  ];
}

function supplyFacts(coin: CoinDetail, t: TFunction, language: AppLanguage): Fact[] {
  const rate = coin.circulation_rate;
  return [
    {
      key: 'circulating_supply',
      label: t('coin.field.circulatingSupply'),
      value: quantityText(coin.circulating_supply, language),
    },
    {
      key: 'total_supply',
      label: t('coin.field.totalSupply'),
      value: quantityText(coin.total_supply, language),
    },
    {
      key: 'max_supply',
      label: t('coin.field.maxSupply'),
      value: coin.max_supply === null ? t('coin.unlimited') : quantityText(coin.max_supply, language),
    },
    {
      key: 'circulation_rate',
      label: t('coin.field.circulationRate'),
      value: (
        <>
          {rate !== null && (
            <span className="cl-supply-bar" aria-hidden="true">
              <span style={{ width: `${Math.min(100, Math.max(0, rate))}%` }} />
            </span>
          )}
          {percentText(rate)}
        </>
      ),
    },
  ];
}

/**
 * The figures drawn from the coin's whole history: while it is still being back-filled, one not known yet says so
 * instead of a dash (a dash is "none").
 */
function historyFacts(coin: CoinDetail, t: TFunction): Fact[] {
  const known = (value: number | null, shown: Fact['value']): Fact['value'] =>
    value === null && coin.history_loading ? <span className="cl-muted">{t('common.loading')}</span> : shown;
  return [
    {
      key: 'first_day_open',
      label: t('coin.field.firstDayOpen'),
      value: known(coin.first_day_open, <Money value={coin.first_day_open} />),
    },
    { key: 'roi', label: t('coin.field.roi'), value: known(coin.roi, <Change value={coin.roi} />) },
    {
      key: 'ath',
      label: t('coin.field.ath'),
      value: known(
        coin.ath,
        <>
          <Money value={coin.ath} /> <span className="cl-muted">{dayText(coin.ath_at)}</span>
        </>,
      ),
    },
    {
      key: 'atl',
      label: t('coin.field.atl'),
      value: known(
        coin.atl,
        <>
          <Money value={coin.atl} /> <span className="cl-muted">{dayText(coin.atl_at)}</span>
        </>,
      ),
    },
    { key: 'issue_date', label: t('coin.field.issueDate'), value: textOrDash(coin.issue_date) },
    {
      key: 'listed_at',
      label: t('coin.field.listedAt'),
      value: known(coin.listed_at, dayText(coin.listed_at)),
    },
  ];
}

function projectFacts(
  coin: CoinDetail,
  t: TFunction,
  language: AppLanguage,
  onOpenConcept: (id: string) => void,
): Fact[] {
  return [
    {
      key: 'issue_type',
      label: t('coin.field.issueType'),
      value: coin.issue_type
        ? t(`coin.issueType.${coin.issue_type}`, { defaultValue: coin.issue_type })
        : '-',
    },
    { key: 'public_chain', label: t('coin.field.publicChain'), value: textOrDash(coin.public_chain) },
    {
      key: 'concepts',
      label: t('coin.field.concepts'),
      value:
        coin.concepts.length === 0 ? (
          '-'
        ) : (
          <span className="cl-tag-list">
            {coin.concepts.map((concept) => (
              <button
                key={concept.id}
                type="button"
                className="cl-chip cl-chip-link"
                onClick={() => onOpenConcept(concept.id)}
                data-testid={`coin-concept-${concept.id}`}
              >
                {concept.name}
              </button>
            ))}
          </span>
        ),
    },
    {
      key: 'exchange_count',
      label: t('coin.field.exchangeCount'),
      value: formatNumber(coin.exchange_count, 0),
    },
    {
      key: 'holder_addresses',
      label: t('coin.field.holderAddresses'),
      value: quantityText(coin.holder_addresses, language),
    },
    {
      key: 'top10_holder_share',
      label: t('coin.field.top10Share'),
      value: percentText(coin.top10_holder_share),
    },
  ];
}

function miningFacts(mining: NonNullable<CoinDetail['mining']>, t: TFunction): Fact[] {
  return [
    {
      key: 'mining_status',
      label: t('coin.field.miningStatus'),
      value: t(`coin.miningStatus.${mining.status}`),
    },
    {
      key: 'genesis_block_time',
      label: t('coin.field.genesisBlock'),
      value: textOrDash(mining.genesis_block_time?.replace('T', ' ').replace('Z', ' UTC')),
    },
    { key: 'consensus', label: t('coin.field.consensus'), value: textOrDash(mining.consensus) },
    {
      key: 'block_time',
      label: t('coin.field.blockTime'),
      value:
        mining.block_time_seconds === null ? '-' : t('coin.seconds', { count: mining.block_time_seconds }),
    },
    { key: 'core_algorithm', label: t('coin.field.coreAlgorithm'), value: textOrDash(mining.core_algorithm) },
    { key: 'block_reward', label: t('coin.field.blockReward'), value: formatNumber(mining.block_reward, 4) },
    {
      key: 'halving_reward',
      label: t('coin.field.halvingReward'),
      value: formatNumber(mining.halving_reward, 4),
    },
  ];
}

/** Every coin field in readable sections: market, supply, history, project, mining, links. */
export function CoinProfile({ coin, onOpenConcept, onOpenLink }: ProfileProps) {
  const { t } = useTranslation();
  const language = useDisplayLanguage();
  return (
    <>
      <FactList title={t('coin.section.market')} facts={marketFacts(coin, t)} testId="coin-section-market" />
      <FactList
        title={t('coin.section.supply')}
        facts={supplyFacts(coin, t, language)}
        testId="coin-section-supply"
      />
      <FactList
        title={t('coin.section.history')}
        facts={historyFacts(coin, t)}
        testId="coin-section-history"
      />
      <FactList
        title={t('coin.section.project')}
        facts={projectFacts(coin, t, language, onOpenConcept)}
        testId="coin-section-project"
      />
      {coin.mining && (
        <FactList
          title={t('coin.section.mining')}
          facts={miningFacts(coin.mining, t)}
          testId="coin-section-mining"
        />
      )}
      <ProjectLinks links={coin.links} onOpen={onOpenLink} testId="coin-section-links" />
    </>
  );
}
