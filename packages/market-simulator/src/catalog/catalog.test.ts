import { describe, expect, it } from 'vitest';

import type { CoinFacts, ExchangeFacts } from './catalog-schema.js';
import { SECTORS } from '@coinlens/market-model';
import { COIN_BY_ID, COIN_CATALOG } from './coin-catalog.js';
import { EXCHANGE_CATALOG } from './exchange-catalog.js';
import { coinLogoSvg, exchangeLogoSvg, MONOGRAM_PALETTE } from './logo-monogram.js';

const KEBAB = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
const CJK = /[\u4e00-\u9fff]/;
const VIETNAMESE_LETTER = /[ăâđêôơưàáảãạằắẳẵặầấẩẫậèéẻẽẹềếểễệìíỉĩịòóỏõọồốổỗộờớởỡợùúủũụừứửữựỳýỷỹỵ]/i;
const TODAY = new Date().toISOString().slice(0, 10);
const SECTOR_IDS = new Set<string>(SECTORS.map((sector) => sector.id));

function duplicates(values: readonly string[]): string[] {
  const seen = new Set<string>();
  return values.filter((value) => (seen.has(value) ? true : (seen.add(value), false)));
}

function isCalendarDate(text: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(text)) return false;
  return new Date(`${text}T00:00:00Z`).toISOString().slice(0, 10) === text;
}

function isHttpsUrl(text: string): boolean {
  try {
    const url = new URL(text);
    return (
      url.protocol === 'https:' && url.hostname.includes('.') && url.username === '' && url.password === ''
    );
  } catch {
    return false;
  }
}

/** Collects the failures of one check over every item, so a report names each offender. */
function offenders<T extends { id: string }>(
  items: readonly T[],
  problem: (item: T) => string | null,
): string[] {
  return items.flatMap((item) => {
    const found = problem(item);
    return found === null ? [] : [`${item.id}: ${found}`];
  });
}

function marketCap(coin: CoinFacts): number {
  return coin.anchorPriceUsd * coin.circulatingSupply;
}

function relativeLuminance(hex: string): number {
  const channels = [1, 3, 5].map((start) => Number.parseInt(hex.slice(start, start + 2), 16) / 255);
  const [r, g, b] = channels.map((c) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4)) as [
    number,
    number,
    number,
  ];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

describe('sectors', () => {
  it('have unique kebab-case ids and names in every language', () => {
    expect(duplicates(SECTORS.map((sector) => sector.id))).toEqual([]);
    for (const sector of SECTORS) {
      expect(sector.id).toMatch(KEBAB);
      expect(sector.names.en.trim()).not.toBe('');
      expect(sector.names.vi.trim()).not.toBe('');
      expect(sector.names['zh-Hans']).toMatch(/\S/);
    }
  });

  it('are each used by at least one coin', () => {
    const used = new Set(COIN_CATALOG.flatMap((coin) => coin.sectors));
    expect(SECTORS.filter((sector) => !used.has(sector.id)).map((sector) => sector.id)).toEqual([]);
  });
});

describe('coin catalogue', () => {
  it('holds at least 300 coins with unique kebab-case ids and unique symbols', () => {
    expect(COIN_CATALOG.length).toBeGreaterThanOrEqual(300);
    expect(duplicates(COIN_CATALOG.map((coin) => coin.id))).toEqual([]);
    expect(duplicates(COIN_CATALOG.map((coin) => coin.symbol.toUpperCase()))).toEqual([]);
    expect(duplicates(COIN_CATALOG.map((coin) => coin.name.toLowerCase()))).toEqual([]);
    expect(offenders(COIN_CATALOG, (coin) => (KEBAB.test(coin.id) ? null : 'id not kebab-case'))).toEqual([]);
    expect(
      offenders(COIN_CATALOG, (coin) => (/^[A-Za-z0-9]{1,10}$/.test(coin.symbol) ? null : 'bad symbol')),
    ).toEqual([]);
    expect(COIN_BY_ID.size).toBe(COIN_CATALOG.length);
  });

  it('includes the well-known majors', () => {
    const symbols = new Set(COIN_CATALOG.map((coin) => coin.symbol));
    const required = [
      'BTC',
      'ETH',
      'USDT',
      'USDC',
      'BNB',
      'SOL',
      'XRP',
      'DOGE',
      'ADA',
      'TRX',
      'TON',
      'AVAX',
      'SHIB',
    ];
    required.push(
      'DOT',
      'LINK',
      'BCH',
      'LTC',
      'NEAR',
      'UNI',
      'POL',
      'ICP',
      'ETC',
      'XLM',
      'XMR',
      'OKB',
      'APT',
    );
    required.push(
      'FIL',
      'HBAR',
      'ARB',
      'OP',
      'ATOM',
      'VET',
      'MKR',
      'INJ',
      'SUI',
      'SEI',
      'TIA',
      'RENDER',
      'GRT',
    );
    required.push('AAVE', 'LDO', 'PEPE', 'WIF', 'BONK', 'FLOKI', 'CRO', 'KCS', 'GT', 'HTX', 'LEO', 'DAI');
    required.push('FDUSD', 'TUSD', 'PYUSD', 'stETH', 'WBTC');
    expect(required.filter((symbol) => !symbols.has(symbol))).toEqual([]);
  });

  it('has consistent, positive, finite supplies (circulating ≤ total ≤ max)', () => {
    const problems = offenders(COIN_CATALOG, (coin) => {
      const { circulatingSupply: circulating, totalSupply: total, maxSupply: max } = coin;
      const values = max === null ? [circulating, total] : [circulating, total, max];
      if (!values.every((value) => Number.isFinite(value) && value > 0)) return 'non-positive supply';
      if (circulating > total) return `circulating ${circulating} > total ${total}`;
      if (max !== null && total > max) return `total ${total} > max ${max}`;
      return null;
    });
    expect(problems).toEqual([]);
  });

  it('anchors prices at plausible levels', () => {
    const bitcoin = COIN_BY_ID.get('bitcoin')!;
    expect(bitcoin.anchorPriceUsd).toBeGreaterThan(10_000);
    expect(bitcoin.anchorPriceUsd).toBeLessThan(500_000);
    const ether = COIN_BY_ID.get('ethereum')!;
    expect(ether.anchorPriceUsd).toBeGreaterThan(500);
    expect(ether.anchorPriceUsd).toBeLessThan(20_000);
    const problems = offenders(COIN_CATALOG, (coin) => {
      if (!Number.isFinite(coin.anchorPriceUsd) || coin.anchorPriceUsd <= 0) return 'non-positive price';
      if (coin.id !== 'bitcoin' && coin.anchorPriceUsd > bitcoin.anchorPriceUsd * 1.05)
        return 'priced above BTC';
      const cap = marketCap(coin);
      if (cap < 5e6) return `market cap ${cap} below 5M`;
      if (coin.id !== 'bitcoin' && cap >= marketCap(bitcoin)) return 'market cap above BTC';
      return null;
    });
    expect(problems).toEqual([]);
  });

  it('pins stablecoins to their peg and keeps them calm', () => {
    const stablecoins = COIN_CATALOG.filter((coin) => coin.stablecoin === true);
    expect(stablecoins.length).toBeGreaterThanOrEqual(10);
    const problems = offenders(COIN_CATALOG, (coin) => {
      const pegged = coin.stablecoin === true;
      if (pegged !== (coin.peggedTo !== undefined)) return 'stablecoin flag and peggedTo disagree';
      if (!pegged) return null;
      if (!coin.sectors.includes('stablecoin')) return 'stablecoin outside the stablecoin sector';
      const [low, high] = coin.peggedTo === 'EUR' ? [1, 1.3] : [0.95, 1.05];
      if (coin.anchorPriceUsd < low || coin.anchorPriceUsd > high)
        return `price ${coin.anchorPriceUsd} off peg`;
      const maxVolatility = coin.peggedTo === 'EUR' ? 0.1 : 0.05;
      if (coin.annualVolatility > maxVolatility || coin.btcBeta > 0.05) return 'stablecoin too volatile';
      return null;
    });
    expect(problems).toEqual([]);
  });

  it('ties wrapped and staked tokens to an underlying coin at a plausible exchange rate', () => {
    const tracked = COIN_CATALOG.filter((coin) => coin.underlying !== undefined);
    expect(tracked.length).toBeGreaterThanOrEqual(10);
    const problems = offenders(tracked, (coin) => {
      const underlying = COIN_BY_ID.get(coin.underlying!);
      if (!underlying || underlying.id === coin.id) return `unknown underlying ${coin.underlying}`;
      if (underlying.underlying !== undefined) return 'underlying is itself a derived token';
      if (!coin.sectors.some((sector) => sector === 'wrapped' || sector === 'liquid-staking')) {
        return 'neither wrapped nor liquid-staking';
      }
      const rate = coin.anchorPriceUsd / underlying.anchorPriceUsd;
      return rate >= 0.97 && rate <= 1.4 ? null : `exchange rate ${rate.toFixed(3)} implausible`;
    });
    expect(problems).toEqual([]);
  });

  it('has volatility and BTC beta in range', () => {
    const problems = offenders(COIN_CATALOG, (coin) => {
      if (!(coin.annualVolatility > 0 && coin.annualVolatility <= 2))
        return `volatility ${coin.annualVolatility}`;
      if (!(coin.btcBeta >= 0 && coin.btcBeta <= 1)) return `beta ${coin.btcBeta}`;
      return null;
    });
    expect(problems).toEqual([]);
  });

  it('has valid issue dates that are not in the future', () => {
    const problems = offenders(COIN_CATALOG, (coin) => {
      if (!isCalendarDate(coin.issueDate)) return `bad date ${coin.issueDate}`;
      if (coin.issueDate < '2009-01-03' || coin.issueDate > TODAY)
        return `date out of range ${coin.issueDate}`;
      return null;
    });
    expect(problems).toEqual([]);
  });

  it('has coherent mining info', () => {
    const problems = offenders(COIN_CATALOG, (coin) => {
      const { mining } = coin;
      if (mining.genesisBlockTime !== null) {
        const time = Date.parse(mining.genesisBlockTime);
        if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/.test(mining.genesisBlockTime) || Number.isNaN(time)) {
          return 'bad genesis time';
        }
        if (time > Date.now()) return 'genesis in the future';
      }
      if (mining.status !== 'active' && mining.blockReward !== null) return 'reward without active mining';
      if (mining.blockReward !== null && !(mining.blockReward > 0)) return 'non-positive reward';
      if (
        mining.nextHalvingReward !== null &&
        !(mining.blockReward !== null && mining.nextHalvingReward < mining.blockReward)
      ) {
        return 'next reward not below the current one';
      }
      if (mining.halvingIntervalBlocks !== null && !Number.isInteger(mining.halvingIntervalBlocks))
        return 'bad interval';
      if (mining.status === 'active' && coin.consensus === null) return 'mined without a consensus';
      if (coin.consensus === null && coin.blockTimeSeconds !== null) return 'block time without a chain';
      if (coin.blockTimeSeconds !== null && !(coin.blockTimeSeconds > 0)) return 'non-positive block time';
      return null;
    });
    expect(problems).toEqual([]);
  });

  it('uses https links only, all parseable, on the expected hosts', () => {
    const hosts: Partial<Record<string, RegExp>> = {
      x: /^(x|twitter)\.com$/,
      reddit: /(^|\.)reddit\.com$/,
      github: /^github\.com$/,
      telegram: /^t\.me$/,
      medium: /(^|\.)medium\.com$/,
      facebook: /(^|\.)facebook\.com$/,
    };
    const problems = offenders(COIN_CATALOG, (coin) => {
      for (const [kind, link] of Object.entries(coin.links)) {
        if (typeof link !== 'string' || !isHttpsUrl(link)) return `${kind} link ${String(link)} is not https`;
        const host = hosts[kind];
        if (host && !host.test(new URL(link).hostname)) return `${kind} link on an unexpected host`;
      }
      return null;
    });
    expect(problems).toEqual([]);
  });

  it('has one to three known sectors per coin', () => {
    const problems = offenders(COIN_CATALOG, (coin) => {
      if (coin.sectors.length < 1 || coin.sectors.length > 3) return `${coin.sectors.length} sectors`;
      if (duplicates(coin.sectors).length > 0) return 'duplicate sector';
      const unknown = coin.sectors.filter((sector) => !SECTOR_IDS.has(sector));
      return unknown.length > 0 ? `unknown sectors ${unknown.join(',')}` : null;
    });
    expect(problems).toEqual([]);
  });

  it('describes every coin in all three languages, each in its own language', () => {
    const problems = offenders(COIN_CATALOG, (coin) => {
      const { en, vi, 'zh-Hans': zh } = coin.description;
      if ([en, vi, zh].some((text) => text.trim().length < 20)) return 'description too short';
      if (CJK.test(en) || CJK.test(vi)) return 'Chinese characters outside zh-Hans';
      if (!CJK.test(zh)) return 'zh-Hans description is not Chinese';
      if (!VIETNAMESE_LETTER.test(vi)) return 'vi description is not Vietnamese';
      if (en === vi) return 'vi copies en';
      if (coin.localNames?.['zh-Hans'] !== undefined && !CJK.test(coin.localNames['zh-Hans'])) {
        return 'zh-Hans local name is not Chinese';
      }
      return null;
    });
    expect(problems).toEqual([]);
  });
});

describe('exchange catalogue', () => {
  const venues: readonly ExchangeFacts[] = EXCHANGE_CATALOG;

  it('holds at least 60 exchanges with unique ids and names, at least 8 of them DEXes', () => {
    expect(venues.length).toBeGreaterThanOrEqual(60);
    expect(duplicates(venues.map((venue) => venue.id))).toEqual([]);
    expect(duplicates(venues.map((venue) => venue.name.toLowerCase()))).toEqual([]);
    expect(offenders(venues, (venue) => (KEBAB.test(venue.id) ? null : 'id not kebab-case'))).toEqual([]);
    expect(venues.filter((venue) => venue.kind === 'dex').length).toBeGreaterThanOrEqual(8);
  });

  it('names platform tokens that exist in the coin catalogue', () => {
    const problems = offenders(venues, (venue) => {
      if (venue.platformToken === null) return venue.burn === null ? null : 'burn without a platform token';
      const coin = COIN_BY_ID.get(venue.platformToken);
      if (!coin) return `unknown platform token ${venue.platformToken}`;
      const fits = coin.sectors.some(
        (sector) => sector === 'exchange-token' || sector === 'dex' || sector === 'derivatives',
      );
      return fits ? null : `platform token ${coin.id} is neither an exchange nor a DEX token`;
    });
    expect(problems).toEqual([]);
  });

  it('has fees between 0 and 1 % with maker ≤ taker', () => {
    const problems = offenders(venues, ({ fees }) => {
      const inRange = (value: number) => Number.isFinite(value) && value >= 0 && value <= 1;
      if (!inRange(fees.makerPercent) || !inRange(fees.takerPercent)) return 'fee out of range';
      return fees.makerPercent <= fees.takerPercent ? null : 'maker above taker';
    });
    expect(problems).toEqual([]);
  });

  it('has valid, past establishment dates, https websites and sane figures', () => {
    const thisMonth = TODAY.slice(0, 7);
    const problems = offenders(venues, (venue) => {
      if (!/^(20[01]\d|202\d)-(0[1-9]|1[0-2])$/.test(venue.established))
        return `bad date ${venue.established}`;
      if (venue.established > thisMonth || venue.established < '2010-01') return 'date out of range';
      if (!isHttpsUrl(venue.website)) return 'website not https';
      if (!(venue.spotVolumeUsd24h > 0 && Number.isFinite(venue.spotVolumeUsd24h))) return 'bad volume';
      if (venue.reservesUsd !== null && !(venue.reservesUsd > 0)) return 'bad reserves';
      if (
        !(venue.monthlyVisits > 0) ||
        !Number.isInteger(venue.listedCoinCount) ||
        venue.listedCoinCount < 1
      ) {
        return 'bad traffic or coin count';
      }
      if (venue.quoteAssets.length === 0 || duplicates(venue.quoteAssets).length > 0)
        return 'bad quote assets';
      if (venue.kind === 'dex' && (venue.kyc !== 'none' || venue.registrationPlace !== null))
        return 'DEX with KYC';
      if (venue.kind === 'centralized' && !venue.registrationPlace) return 'CEX without a registration place';
      return null;
    });
    expect(problems).toEqual([]);
  });

  it('describes burn mechanisms in all three languages', () => {
    const problems = offenders(venues, ({ burn }) => {
      if (burn === null) return null;
      const { en, vi, 'zh-Hans': zh } = burn.mechanism;
      if (en.trim().length < 20 || !VIETNAMESE_LETTER.test(vi) || !CJK.test(zh))
        return 'burn text incomplete';
      return null;
    });
    expect(problems).toEqual([]);
    expect(venues.filter((venue) => venue.burn !== null).length).toBeGreaterThanOrEqual(5);
  });
});

describe('monogram logos', () => {
  const WELL_FORMED =
    /^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg" viewBox="0 0 64 64"[^<>]*>(?:<[^<>]+>|[^<>])*<\/svg>$/;
  const BARE_AMPERSAND = /&(?!(?:amp|lt|gt|quot|apos);)/;

  function checkSvg(svg: string): void {
    expect(svg).toMatch(WELL_FORMED);
    expect(svg).not.toMatch(/<script/i);
    expect(svg).not.toMatch(/href|url\(|on\w+=/i);
    expect(svg).not.toMatch(BARE_AMPERSAND);
  }

  it('renders every coin and exchange as a well-formed, script-free SVG', () => {
    for (const coin of COIN_CATALOG) {
      const svg = coinLogoSvg(coin.symbol, coin.id);
      checkSvg(svg);
      expect(svg).toContain('<circle');
    }
    for (const venue of EXCHANGE_CATALOG) {
      const svg = exchangeLogoSvg(venue.name);
      checkSvg(svg);
      expect(svg).toContain('<rect');
    }
  });

  it('is deterministic and differs for different symbols', () => {
    expect(coinLogoSvg('BTC', 'bitcoin')).toBe(coinLogoSvg('BTC', 'bitcoin'));
    expect(exchangeLogoSvg('Binance')).toBe(exchangeLogoSvg('Binance'));
    expect(coinLogoSvg('BTC')).not.toBe(coinLogoSvg('ETH'));
    expect(exchangeLogoSvg('Binance')).not.toBe(exchangeLogoSvg('Kraken'));
    const logos = new Set(COIN_CATALOG.map((coin) => coinLogoSvg(coin.symbol, coin.id)));
    expect(logos.size).toBe(COIN_CATALOG.length);
  });

  it('shows one to three letters of the symbol', () => {
    expect(coinLogoSvg('btc')).toContain('>BTC</text>');
    expect(coinLogoSvg('USDT')).toContain('>USD</text>');
    expect(coinLogoSvg('')).toContain('>?</text>');
    expect(exchangeLogoSvg('Coinbase Exchange')).toContain('>CE</text>');
    expect(exchangeLogoSvg('OKX')).toContain('>OKX</text>');
    expect(exchangeLogoSvg('Uniswap v3')).toContain('>U</text>');
  });

  it('escapes XML special characters', () => {
    const coin = coinLogoSvg('<&">', 'x');
    checkSvg(coin);
    expect(coin).toContain('&lt;&amp;&quot;');
    expect(coin).toContain('aria-label="&lt;&amp;&quot;&gt;"');
    const venue = exchangeLogoSvg(`A&B "Q" <Z> 'x'`);
    checkSvg(venue);
    expect(venue).toContain('aria-label="A&amp;B &quot;Q&quot; &lt;Z&gt; &apos;x&apos;"');
    expect(venue).toContain('>A&quot;</text>');
  });

  it('draws on a palette that keeps white text readable (contrast ≥ 4.5:1)', () => {
    for (const colour of MONOGRAM_PALETTE) {
      expect(colour).toMatch(/^#[0-9a-f]{6}$/);
      const contrast = 1.05 / (relativeLuminance(colour) + 0.05);
      expect(contrast, colour).toBeGreaterThanOrEqual(4.5);
    }
  });
});
