import type { AppLanguage } from './languages.js';
import type { Localised } from './localised-text.js';

const listFormats = new Map<string, Intl.ListFormat>();

/**
 * Items said as one list in `lang`: "A, B and C" / "A, B và C" / "A、B和C" (`and`), or without the last
 * conjunction (`plain`): "A, B, C" / "A、B、C". An empty list is "".
 */
export function formatList(
  items: readonly string[],
  lang: AppLanguage,
  style: 'and' | 'plain' = 'plain',
): string {
  const key = `${lang}|${style}`;
  let format = listFormats.get(key);
  if (!format) {
    format = new Intl.ListFormat(lang, {
      type: 'conjunction',
      style: style === 'and' ? 'long' : 'narrow',
    });
    listFormats.set(key, format);
  }
  return format.format(items);
}

/** The data sources a score can name (`FactorSource.source`), as the reader knows them. */
const SOURCE_LABELS: Readonly<Record<string, Localised<string>>> = {
  coingecko: { en: 'CoinGecko', vi: 'CoinGecko', 'zh-Hans': 'CoinGecko 行情' },
  ccxt: { en: 'exchange APIs (ccxt)', vi: 'API của sàn (ccxt)', 'zh-Hans': '交易所接口（ccxt）' },
  defillama: { en: 'DefiLlama', vi: 'DefiLlama', 'zh-Hans': 'DefiLlama 链上数据' },
  coinmetrics: { en: 'Coin Metrics', vi: 'Coin Metrics', 'zh-Hans': 'Coin Metrics 链上数据' },
  github: { en: 'GitHub', vi: 'GitHub', 'zh-Hans': 'GitHub 代码库' },
  simulator: { en: 'the market simulator', vi: 'trình mô phỏng thị trường', 'zh-Hans': '模拟市场' },
};

/**
 * A coverage source said in `lang`. Several sources come joined with " + " (`ccxt + coingecko`); each is named,
 * then listed the language's way. An unknown source is shown as given.
 */
export function sourceLabel(source: string, lang: AppLanguage): string {
  const names = source
    .split('+')
    .map((part) => part.trim())
    .filter((part) => part !== '')
    .map((part) => SOURCE_LABELS[part.toLowerCase()]?.[lang] ?? part);
  return formatList(names, lang, 'and');
}
