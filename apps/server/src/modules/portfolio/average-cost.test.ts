import fc from 'fast-check';
import { describe, expect, it } from 'vitest';

import type { LedgerEntry, Position } from './average-cost.js';
import { applyEntry, EMPTY_POSITION, isOversold, replay } from './average-cost.js';
import { formatDecimal, MONEY_SCALE, parseDecimal, UNIT_SCALE } from './fixed-decimal.js';

const unit = (text: string) => {
  const value = parseDecimal(text, UNIT_SCALE);
  if (value === null) throw new Error(text);
  return value;
};
const money = (position: Position) => ({
  amount: formatDecimal(position.amount, UNIT_SCALE),
  cost: formatDecimal(position.cost, MONEY_SCALE),
  realised: formatDecimal(position.realised, MONEY_SCALE),
});
const entry = (type: LedgerEntry['type'], amount: string, price: string | null, fee = '0'): LedgerEntry => ({
  type,
  amount: unit(amount),
  unitPriceUsd: price === null ? null : unit(price),
  feeUsd: unit(fee),
});

describe('average-cost P&L, by hand', () => {
  it('a buy adds its fee to the cost; a partial sell realises against the average and keeps it', () => {
    const { position, failure } = replay([
      entry('buy', '2', '100', '2'), // cost 202, average 101
      entry('buy', '1', '130', '1'), // cost 333, average 111
      entry('sell', '1.5', '150', '3'), // removes 166.5; realises 225 − 166.5 − 3 = 55.5
    ]);
    expect(failure).toBeNull();
    expect(money(position)).toEqual({ amount: '1.5', cost: '166.5', realised: '55.5' });
  });

  it('a sell below the average realises a loss, fee included; the last sell takes the whole cost', () => {
    const { position } = replay([
      entry('buy', '3', '10', '0.3'), // cost 30.3, average 10.1
      entry('sell', '1', '8', '0.1'), // removes 10.1: 8 − 10.1 − 0.1 = −2.2
      entry('sell', '2', '12', '0.2'), // removes 20.2: 24 − 20.2 − 0.2 = 3.6
    ]);
    expect(money(position)).toEqual({ amount: '0', cost: '0', realised: '1.4' });
  });

  it('a transfer in without a price joins at the average cost; a transfer out realises only its fee', () => {
    const { position } = replay([
      entry('buy', '1', '100'),
      entry('transfer_in', '1', null), // at the average: cost 200
      entry('transfer_in', '2', '40', '1'), // cost 200 + 80 + 1 = 281 for 4 coins
      entry('transfer_out', '1', null, '0.25'), // removes 70.25; realises −0.25
    ]);
    expect(money(position)).toEqual({ amount: '3', cost: '210.75', realised: '-0.25' });
  });

  it('refuses to sell or send more than is held at that point, saying how much was', () => {
    const result = applyEntry(replay([entry('buy', '0.5', '10')]).position, entry('sell', '0.6', '10'));
    expect(isOversold(result) && result.held).toBe(unit('0.5'));
    expect(
      replay([entry('buy', '1', '1'), entry('transfer_out', '1.000000000000000001', null)]).failure,
    ).toEqual({ index: 1, held: unit('1') });
  });
});

// Amounts up to 10,000 coins, prices up to 1,000,000 USD and fees up to 100 USD, to the 18th decimal.
const amountArb = fc.bigInt({ min: 1n, max: 10n ** 22n });
const priceArb = fc.bigInt({ min: 0n, max: 10n ** 24n });
const feeArb = fc.bigInt({ min: 0n, max: 10n ** 20n });
const buyArb = fc.record({ amount: amountArb, price: priceArb, fee: feeArb });
/** A sell of a share (in thousandths, at least 1) of what is held then. */
const sellArb = fc.record({ share: fc.integer({ min: 1, max: 1000 }), price: priceArb, fee: feeArb });
const stepArb = fc.oneof(
  buyArb.map((buy) => ({ kind: 'buy' as const, ...buy })),
  sellArb.map((sell) => ({ kind: 'sell' as const, ...sell })),
);

type Step =
  | { kind: 'buy'; amount: bigint; price: bigint; fee: bigint }
  | { kind: 'sell'; share: number; price: bigint; fee: bigint };

/** A valid ledger from the steps: each sell takes its share of what is held then (skipped when that is 0). */
function toLedger(steps: readonly Step[]): LedgerEntry[] {
  const entries: LedgerEntry[] = [];
  let held = 0n;
  for (const step of steps) {
    if (step.kind === 'buy') {
      entries.push({ type: 'buy', amount: step.amount, unitPriceUsd: step.price, feeUsd: step.fee });
      held += step.amount;
    } else {
      const amount = (held * BigInt(step.share)) / 1000n;
      if (amount === 0n) continue;
      entries.push({ type: 'sell', amount, unitPriceUsd: step.price, feeUsd: step.fee });
      held -= amount;
    }
  }
  return entries;
}

const FEE_TO_MONEY = 10n ** BigInt(MONEY_SCALE - UNIT_SCALE);

describe('average-cost P&L, properties', () => {
  it('selling everything realises exactly Σ proceeds − Σ costs − Σ fees, and leaves no cost', () => {
    fc.assert(
      fc.property(
        fc.array(stepArb, { maxLength: 30 }),
        buyArb,
        priceArb,
        feeArb,
        (steps, firstBuy, lastPrice, lastFee) => {
          const ledger = toLedger([{ kind: 'buy', ...firstBuy }, ...steps]);
          const held = ledger.reduce(
            (sum, item) => sum + (item.type === 'buy' ? item.amount : -item.amount),
            0n,
          );
          const all = [
            ...ledger,
            { type: 'sell' as const, amount: held, unitPriceUsd: lastPrice, feeUsd: lastFee },
          ];
          const { position, failure } = replay(all);
          const expected = all.reduce((sum, item) => {
            const gross = item.amount * (item.unitPriceUsd ?? 0n);
            const fee = item.feeUsd * FEE_TO_MONEY;
            return item.type === 'sell' ? sum + gross - fee : sum - gross - fee;
          }, 0n);
          expect(failure).toBeNull();
          expect(position).toEqual({ amount: 0n, cost: 0n, realised: expected });
        },
      ),
    );
  });

  it('splitting a buy in two (amount and fee) changes nothing that follows', () => {
    fc.assert(
      fc.property(
        fc.array(stepArb, { maxLength: 20 }),
        buyArb.filter((buy) => buy.amount > 1n),
        fc.array(stepArb, { maxLength: 20 }),
        fc.double({ min: 0, max: 1, noNaN: true }),
        (before, buy, after, cut) => {
          const firstAmount = 1n + ((buy.amount - 2n) * BigInt(Math.floor(cut * 1e6))) / 1_000_000n;
          const firstFee = (buy.fee * BigInt(Math.floor(cut * 1e6))) / 1_000_000n;
          const whole = toLedger([...before, { kind: 'buy', ...buy }, ...after]);
          const split = toLedger([
            ...before,
            { kind: 'buy', amount: firstAmount, price: buy.price, fee: firstFee },
            { kind: 'buy', amount: buy.amount - firstAmount, price: buy.price, fee: buy.fee - firstFee },
            ...after,
          ]);
          expect(replay(split)).toEqual(replay(whole));
        },
      ),
    );
  });

  it('the order of the buys before a sell does not change what the sell realises', () => {
    const buysAndShuffle = fc
      .array(buyArb, { minLength: 1, maxLength: 10 })
      .chain((buys) =>
        fc.tuple(
          fc.constant(buys),
          fc.shuffledSubarray(buys, { minLength: buys.length, maxLength: buys.length }),
        ),
      );
    fc.assert(
      fc.property(buysAndShuffle, sellArb, ([buys, shuffled], sell) => {
        const after = (order: typeof buys) =>
          replay(
            toLedger([...order.map((buy) => ({ kind: 'buy' as const, ...buy })), { kind: 'sell', ...sell }]),
          ).position;
        expect(after(shuffled)).toEqual(after(buys));
      }),
    );
  });

  it('never holds a negative amount or cost, whatever the order of valid steps', () => {
    fc.assert(
      fc.property(buyArb, fc.array(stepArb, { minLength: 1, maxLength: 40 }), (firstBuy, steps) => {
        let position = EMPTY_POSITION;
        const ledger = toLedger([{ kind: 'buy', ...firstBuy }, ...steps]);
        expect(ledger.length).toBeGreaterThan(0);
        for (const item of ledger) {
          const next = applyEntry(position, item);
          if (isOversold(next)) throw new Error('a valid ledger oversold');
          position = next;
          expect(position.amount >= 0n && position.cost >= 0n).toBe(true);
        }
      }),
    );
  });
});
