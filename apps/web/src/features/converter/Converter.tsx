import { DISPLAY_CURRENCIES, parseNumberText, type AppLanguage, type CoinDetail } from '@coinlens/contract';
import { useQuery } from '@tanstack/react-query';
import { DownOutline } from 'antd-mobile-icons';
import { useMemo, useState } from 'react';
import { useTranslation } from '@/lib/i18n';

import { Logo } from '@/components/Logo';
import { QueryView } from '@/components/QueryView';
import { useLiveTopics } from '@/lib/live/live-prices';
import { coinTopics } from '@/lib/live/topics';
import { useSettingsStore } from '@/lib/settings-store';
import { AssetPicker } from './AssetPicker';
import {
  assetSymbol,
  convert,
  formatAmount,
  rateLine,
  sameAsset,
  usdPerUnit,
  type Asset,
  type RatesPerUsd,
} from './conversion';
import { converterQueries } from './converter-queries';
import './converter.css';

type Side = 'from' | 'to';
type CurrencyAsset = Extract<Asset, { kind: 'currency' }>;

const BITCOIN: Asset = { kind: 'coin', id: 'bitcoin', symbol: 'BTC', name: 'Bitcoin', logo: '' };

/**
 * A coin's price in the display currency, kept current by live ticks: `coin_detail` answers are patched and
 * their observers notified on every tick (lib/live/apply-live-changes.ts), so the converter re-renders.
 */
function useCoinPrice(asset: Asset, currency: string) {
  const coinId = asset.kind === 'coin' ? asset.id : '';
  const query = useQuery({ ...converterQueries.coinDetail(coinId, currency), enabled: coinId !== '' });
  useLiveTopics(useMemo(() => (coinId === '' ? [] : coinTopics([coinId])), [coinId]));
  return asset.kind === 'coin' ? query : null;
}

function AssetButton({
  asset,
  logo,
  onClick,
  testId,
}: {
  asset: Asset;
  logo?: string;
  onClick: () => void;
  testId: string;
}) {
  const { t } = useTranslation();
  return (
    <button
      type="button"
      className="cl-asset-button"
      onClick={onClick}
      aria-haspopup="dialog"
      data-testid={testId}
    >
      {/* Named by its content, not aria-label: a logo's drawn initials would then be visible text missing from the name. */}
      <span className="cl-visually-hidden">{`${t('converter.choose')}: `}</span>
      {asset.kind === 'coin' ? (
        <Logo src={logo || asset.logo} name={assetSymbol(asset)} size={24} />
      ) : (
        <span className="cl-asset-unit" aria-hidden="true">
          {asset.unit}
        </span>
      )}
      <span className="cl-asset-symbol">{assetSymbol(asset)}</span>
      <DownOutline aria-hidden="true" className="cl-asset-chevron" />
    </button>
  );
}

interface Entry {
  side: Side;
  text: string;
}

function ConverterBody({ currencies, rates }: { currencies: readonly CurrencyAsset[]; rates: RatesPerUsd }) {
  const { t } = useTranslation();
  const display = useSettingsStore((state) => state.price.currency_code);
  const displayAsset = currencies.find((entry) => entry.code === display) ?? currencies[0]!;
  const [assets, setAssets] = useState<Record<Side, Asset>>({ from: BITCOIN, to: displayAsset });
  const [entry, setEntry] = useState<Entry>({ side: 'from', text: '1' });
  const [picking, setPicking] = useState<Side | null>(null);

  const fromQuery = useCoinPrice(assets.from, display);
  const toQuery = useCoinPrice(assets.to, display);
  const priceOf = (query: typeof fromQuery) =>
    query?.data ? { price: query.data.price, currency: query.data.currency } : undefined;
  const usd: Record<Side, number | null> = {
    from: usdPerUnit(assets.from, rates, priceOf(fromQuery)),
    to: usdPerUnit(assets.to, rates, priceOf(toQuery)),
  };
  const other: Side = entry.side === 'from' ? 'to' : 'from';
  const typed = entry.text.trim() === '' ? null : parseNumberText(entry.text);
  const invalid = entry.text.trim() !== '' && (typed === null || typed < 0);
  const computed = typed === null || invalid ? null : convert(typed, usd[entry.side], usd[other]);
  const texts: Record<Side, string> = {
    [entry.side]: entry.text,
    [other]: computed === null ? '' : formatAmount(computed, assets[other]),
  } as Record<Side, string>;
  const rate = convert(1, usd.from, usd.to);

  const choose = (side: Side, asset: Asset) => {
    setPicking(null);
    const opposite: Side = side === 'from' ? 'to' : 'from';
    // Choosing what the other side holds swaps them, as converters do.
    if (sameAsset(asset, assets[opposite]))
      setAssets({ [side]: asset, [opposite]: assets[side] } as Record<Side, Asset>);
    else setAssets({ ...assets, [side]: asset });
  };
  const swap = () => {
    setAssets({ from: assets.to, to: assets.from });
    // The typed amount moves with its asset to the other side.
    setEntry({ side: other, text: entry.text });
  };
  const failed = [fromQuery, toQuery].find((query) => query?.error);
  const missing = (['from', 'to'] as const).find(
    (side) => usd[side] === null && !([fromQuery, toQuery][side === 'from' ? 0 : 1]?.isPending ?? false),
  );

  const field = (side: Side, query: typeof fromQuery) => {
    const coin: CoinDetail | undefined = query?.data;
    return (
      <div className="cl-converter-side" data-testid={`converter-${side}`}>
        <span className="cl-converter-label">{t(side === 'from' ? 'converter.from' : 'converter.to')}</span>
        <div className="cl-converter-row">
          <AssetButton
            asset={assets[side]}
            logo={coin?.logo}
            onClick={() => setPicking(side)}
            testId={`converter-${side}-asset`}
          />
          <input
            className="cl-converter-input"
            inputMode="decimal"
            autoComplete="off"
            value={texts[side]}
            placeholder="0"
            aria-label={t('converter.amountOf', { symbol: assetSymbol(assets[side]) })}
            aria-invalid={side === entry.side && invalid ? true : undefined}
            onChange={(event) => setEntry({ side, text: event.target.value })}
            data-testid={`converter-${side}-input`}
          />
        </div>
        {coin && <span className="cl-converter-name">{coin.local_name}</span>}
        {assets[side].kind === 'currency' && <span className="cl-converter-name">{assets[side].name}</span>}
      </div>
    );
  };

  return (
    <div className="cl-converter" data-testid="converter">
      <div className="cl-converter-card">
        {field('from', fromQuery)}
        <div className="cl-converter-swap-line">
          <button
            type="button"
            className="cl-converter-swap"
            onClick={swap}
            aria-label={t('converter.swap')}
            data-testid="converter-swap"
          >
            <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false">
              <path
                d="M8 4v14m0 0-4-4m4 4 4-4M16 20V6m0 0-4 4m4-4 4 4"
                fill="none"
                stroke="currentColor"
                strokeWidth="1.8"
                strokeLinecap="round"
                strokeLinejoin="round"
              />
            </svg>
          </button>
        </div>
        {field('to', toQuery)}
      </div>
      {invalid && (
        <p className="cl-converter-problem" role="alert" data-testid="converter-invalid">
          {t('converter.notNumber')}
        </p>
      )}
      {failed?.error ? (
        <QueryView query={failed} testId="converter-price">
          {() => null}
        </QueryView>
      ) : missing ? (
        <p className="cl-converter-problem" role="status" data-testid="converter-no-price">
          {t('converter.noPrice', { symbol: assetSymbol(assets[missing]) })}
        </p>
      ) : (
        <p className="cl-converter-rate" data-testid="converter-rate">
          {rate === null ? '\u00a0' : rateLine(assets.from, assets.to, rate)}
        </p>
      )}
      <p className="cl-converter-note">{t('converter.note')}</p>
      <AssetPicker
        open={picking !== null}
        value={assets[picking ?? 'from']}
        currencies={currencies}
        onPick={(asset) => choose(picking ?? 'from', asset)}
        onClose={() => setPicking(null)}
        testId="converter-picker"
      />
    </div>
  );
}

/** The display currencies with a rate now, crypto ones left out (they are coins here), named in the language. */
function currencyAssets(rates: RatesPerUsd, language: AppLanguage): CurrencyAsset[] {
  return DISPLAY_CURRENCIES.filter(
    (entry) => entry.currency_type !== 'crypto' && rates.has(entry.currency_code),
  ).map((entry) => ({
    kind: 'currency',
    code: entry.currency_code,
    unit: entry.unit,
    name: language === 'zh-Hans' ? entry.cn_name : entry.en_name,
  }));
}

/** The converter (issue 25): any coin or display currency to any other, both ways, live. */
export function Converter() {
  const { language } = useTranslation();
  const rates = useQuery(converterQueries.rates());
  return (
    <QueryView query={rates} testId="converter-rates">
      {(answer) => {
        const perUsd = new Map(answer.rates.map((entry) => [entry.currency_code, entry.rate]));
        return <ConverterBody currencies={currencyAssets(perUsd, language)} rates={perUsd} />;
      }}
    </QueryView>
  );
}
