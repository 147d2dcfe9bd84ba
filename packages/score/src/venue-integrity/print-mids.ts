import type { TradePrint } from '@coinlens/market-model';

/** A pair's prints with a side and a price, and the mid after each: what the flow tests read. */
export interface MidTape {
  sided: readonly TradePrint[];
  mids: Float64Array;
}

export function midTape(prints: readonly TradePrint[]): MidTape {
  const sided = prints.filter((print) => print.side !== null && print.price > 0);
  return { sided, mids: midEstimates(sided) };
}

/**
 * The mid after each print: halfway between the latest buy (at the ask) and the latest sell (at the bid), NaN until
 * both sides have printed. Measured on the last print's price, a move would follow the side of the last print
 * (bid-ask bounce), and prints at the touch that move nothing would still seem to move the price.
 */
function midEstimates(sided: readonly TradePrint[]): Float64Array {
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
