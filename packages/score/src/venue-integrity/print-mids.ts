import type { TradePrint } from '@coinlens/market-model';

/** A pair's prints with a side and a price: what the flow tests read. */
export function sidedPrints(prints: readonly TradePrint[]): TradePrint[] {
  return prints.filter((print) => print.side !== null && print.price > 0);
}

/**
 * The mid after each print: halfway between the latest buy (at the ask) and the latest sell (at the bid), NaN until
 * both sides have printed. Measured on the last print's price, a move would follow the side of the last print
 * (bid-ask bounce), and prints at the touch that move nothing would still seem to move the price.
 */
export function midEstimates(sided: readonly TradePrint[]): Float64Array {
  const mids = new Float64Array(sided.length);
  let ask = NaN;
  let bid = NaN;
  for (let index = 0; index < sided.length; index++) {
    const print = sided[index]!;
    if (print.side === 'buy') ask = print.price;
    else bid = print.price;
    mids[index] = (ask + bid) / 2;
  }
  return mids;
}
