import { describe, expect, it } from 'vitest';

import type { TaggableCoin } from './coin-tagger.js';
import { AMBIGUOUS_SYMBOLS, createCoinTagger } from './coin-tagger.js';

const COINS: TaggableCoin[] = [
  { id: 'bitcoin', symbol: 'btc', names: ['Bitcoin', '比特币', 'Bitcoin'] },
  { id: 'ethereum', symbol: 'eth', names: ['Ethereum', 'Ether', '以太坊'] },
  { id: 'bitcoin-cash', symbol: 'bch', names: ['Bitcoin Cash', '比特币现金'] },
  { id: 'solana', symbol: 'sol', names: ['Solana', 'ソラナ'] },
  { id: 'polkadot', symbol: 'dot', names: ['Polkadot'] },
  { id: 'near', symbol: 'near', names: ['Near', 'NEAR Protocol'] },
  { id: 'harmony', symbol: 'one', names: ['Harmony'] },
  { id: 'optimism', symbol: 'op', names: ['Optimism'] },
  { id: 'shiba-inu', symbol: 'shib', names: ['Shiba Inu'] },
  { id: 'usd-coin', symbol: 'usdc', names: ['USD Coin'] },
  { id: 'bridged-usdc', symbol: 'usdc.e', names: ['Bridged USDC'] },
  { id: 'ripple', symbol: 'xrp', names: ['XRP', '瑞波币'] },
  { id: 'gas', symbol: 'gas', names: ['Gas'] },
  { id: 'the-sandbox', symbol: 'sand', names: ['The Sandbox'] },
  { id: 'impostor', symbol: 'btc', names: ['Bitcoin Impostor'] },
];

const tag = createCoinTagger(COINS);

describe('createCoinTagger', () => {
  it.each<[string, string[]]>([
    ['Bitcoin and Ethereum rally', ['bitcoin', 'ethereum']],
    ['ETH outpaces BTC as bitcoin dominance slips', ['ethereum', 'bitcoin']],
    ["Bitcoin's rally; BITCOIN bulls; bitcoin-based funds", ['bitcoin']],
    ['Bitcoiners and rebitcoin are not names', []],
    ['btc and eth in lower case are not symbols', []],
    ['$btc and $Eth with a dollar sign are', ['bitcoin', 'ethereum']],
    ['Bitcoin Cash forks while Bitcoin waits', ['bitcoin-cash', 'bitcoin']],
    ['Bitcoin\n   Cash across a line break', ['bitcoin-cash']],
    ['比特币现金和比特币', ['bitcoin-cash', 'bitcoin']],
    ['以太坊价格上涨，比特币下跌', ['ethereum', 'bitcoin']],
    ['BTC突破10万美元', ['bitcoin']],
    ['ソラナのエコシステム', ['solana']],
    ['The DOT (transport department) and a dot', []],
    ['Polkadot and $DOT', ['polkadot']],
    ['$dot alone', ['polkadot']],
    ['ONE of the best, NOW FOR ALL', []],
    ['$ONE rallied on Harmony news', ['harmony']],
    ['OP and op are too short', []],
    ['$OP and Optimism', ['optimism']],
    ['near the top of the range', []],
    ['NEAR Protocol and NEAR', ['near']],
    ['Shiba Inu and SHIB', ['shiba-inu']],
    ['USD Coin (USDC) and Bridged USDC (USDC.E)', ['usd-coin', 'bridged-usdc']],
    ['$usdc.e', ['bridged-usdc']],
    ['XRP wins; 瑞波币', ['ripple']],
    ['gas fees rise on Ethereum', ['ethereum']],
    ['GAS token and Gas price', ['gas']],
    ['The Sandbox (SAND)', ['the-sandbox']],
    ['US$BTC is not a dollar-prefixed symbol but BTC still counts', ['bitcoin']],
    ['', []],
  ])('%j → %j', (text, expected) => {
    expect(tag(text)).toEqual(expected);
  });

  it('orders by first mention and lists each coin once', () => {
    expect(tag('SOL, then ETH, then Solana again, then $eth, then BTC')).toEqual([
      'solana',
      'ethereum',
      'bitcoin',
    ]);
  });

  it('gives a shared symbol to the coin listed first', () => {
    expect(tag('BTC')).toEqual(['bitcoin']);
    expect(tag('Bitcoin Impostor')).toEqual(['impostor']);
  });

  it('documents DOT and the other everyday words as $-only symbols', () => {
    for (const word of ['DOT', 'ONE', 'BEST', 'NOW', 'CAN', 'FOR', 'ALL', 'GAS', 'SUN']) {
      expect(AMBIGUOUS_SYMBOLS.has(word)).toBe(true);
    }
  });

  it('matches NFC and NFD spellings alike', () => {
    const accents = createCoinTagger([{ id: 'cafe', symbol: 'cafe', names: ['Café Coin'] }]);
    expect(accents('Cafe\u0301 Coin rises')).toEqual(['cafe']);
  });

  it('stays fast with 300 coins and long articles', () => {
    const many: TaggableCoin[] = [...COINS];
    for (let i = 0; i < 300; i++)
      many.push({
        id: `coin-${i}`,
        symbol: `C${i}X`,
        names: [`Coinname ${i}`, `Token${i} Network`, `代币${i}号`],
      });
    const bigTagger = createCoinTagger(many);
    const article = `${'Market wrap: Bitcoin, ETH and Token42 Network moved while 比特币 held. '.repeat(80)}C299X`;
    const started = performance.now();
    for (let i = 0; i < 200; i++)
      expect(bigTagger(article)).toEqual(['bitcoin', 'ethereum', 'coin-42', 'coin-299']);
    // 200 articles of ~6 KB; a combined Unicode regex over 900 names took about 100 times longer.
    expect(performance.now() - started).toBeLessThan(2_000);
  });
});
