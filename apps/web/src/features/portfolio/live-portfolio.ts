import {
  basisOfHolding,
  formatPercent,
  portfolioAllocation,
  quoteOfHolding,
  valueHolding,
  valuePortfolio,
  type AllocationSlice,
  type CoinQuote,
  type HoldingBasis,
  type HoldingValuation,
  type PortfolioHolding,
  type PortfolioValuation,
} from '@coinlens/contract';

import { directionOf } from '@/components/Change';
import { writeText } from '@/lib/live/live-cells';
import { formatMoney } from '@/lib/money-format';
import { formatSignedMoney } from './portfolio-format';

/** The figures the screen writes; each is a text cell, the signed ones coloured up or down. */
export type TotalCell = 'value' | 'pnl' | 'pnlPct' | 'change' | 'changePct' | 'unrealised' | 'realised';
export type HoldingCell = 'value' | 'pnl' | 'pnlPct';

function signed(element: HTMLElement, text: string, value: number | null): void {
  writeText(element, text);
  const direction = directionOf(value);
  if (element.dataset.direction !== direction) {
    element.classList.remove('cl-up', 'cl-down', 'cl-flat');
    element.classList.add(`cl-${direction}`);
    element.dataset.direction = direction;
  }
}

/**
 * The portfolio page's live figures. The summary answer gives amounts and cost; ticks move prices (the holding
 * rows' live cells hand them here), and every figure derived from them — a row's value and P&L, the totals,
 * the allocation bar — is written into its element without rendering React (as lib/live/live-cells.ts does
 * for coin rows). A render reads the same state, so what React writes and what a tick wrote agree. Every figure
 * is the contract's one valuation (`valuePortfolio`), the one the server's summary totals come from.
 */
export class LivePortfolio {
  readonly holdings: readonly HoldingBasis[];
  private readonly quotes = new Map<string, CoinQuote>();
  private readonly totalCells = new Map<TotalCell, HTMLElement>();
  private readonly holdingCells = new Map<string, Map<HoldingCell, HTMLElement>>();
  private readonly allocationCells = new Map<
    string,
    { bar: HTMLElement | null; share: HTMLElement | null }
  >();

  constructor(
    holdings: readonly PortfolioHolding[],
    private readonly unit: string,
    /** Newer quotes (the last ticks of the page's previous answer) than the answer's own. */
    newer?: LivePortfolio,
  ) {
    this.holdings = holdings.map(basisOfHolding);
    for (const holding of holdings) {
      this.quotes.set(holding.coin_id, newer?.quotes.get(holding.coin_id) ?? quoteOfHolding(holding));
    }
  }

  quote(coinId: string): CoinQuote {
    return this.quotes.get(coinId) ?? { price: null, change24h: null };
  }

  valuation(coinId: string): HoldingValuation {
    const holding = this.holdings.find((entry) => entry.coinId === coinId);
    return holding
      ? valueHolding(holding, this.quote(coinId))
      : { value: null, unrealisedPnl: null, unrealisedPct: null, change24h: null };
  }

  totals(): PortfolioValuation {
    return valuePortfolio(this.holdings, this.quotes);
  }

  allocation(): AllocationSlice[] {
    return portfolioAllocation(this.holdings, this.quotes);
  }

  /** A ref callback registering the element of a total. */
  totalRef(cell: TotalCell) {
    return (element: HTMLElement | null) => {
      if (element) this.totalCells.set(cell, element);
      else this.totalCells.delete(cell);
    };
  }

  holdingRef(coinId: string, cell: HoldingCell) {
    return (element: HTMLElement | null) => {
      let cells = this.holdingCells.get(coinId);
      if (!cells) {
        cells = new Map();
        this.holdingCells.set(coinId, cells);
      }
      if (element) cells.set(cell, element);
      else cells.delete(cell);
    };
  }

  allocationRef(coinId: string, part: 'bar' | 'share') {
    return (element: HTMLElement | null) => {
      const cells = this.allocationCells.get(coinId) ?? { bar: null, share: null };
      cells[part] = element;
      this.allocationCells.set(coinId, cells);
    };
  }

  /** A tick's move of one coin: its row, the totals and the allocation are written again. */
  update(coinId: string, change: Partial<CoinQuote>): void {
    const before = this.quote(coinId);
    const after = { ...before, ...change };
    if (after.price === before.price && after.change24h === before.change24h) return;
    this.quotes.set(coinId, after);
    this.writeHolding(coinId);
    this.writeTotals();
    this.writeAllocation();
  }

  private writeHolding(coinId: string): void {
    const cells = this.holdingCells.get(coinId);
    if (!cells) return;
    const valuation = this.valuation(coinId);
    const value = cells.get('value');
    if (value) writeText(value, formatMoney(valuation.value, this.unit));
    const pnl = cells.get('pnl');
    if (pnl) signed(pnl, formatSignedMoney(valuation.unrealisedPnl, this.unit), valuation.unrealisedPnl);
    const pct = cells.get('pnlPct');
    if (pct) signed(pct, formatPercent(valuation.unrealisedPct), valuation.unrealisedPct);
  }

  private writeTotals(): void {
    const totals = this.totals();
    for (const [cell, element] of this.totalCells) {
      switch (cell) {
        case 'value':
          writeText(element, formatMoney(totals.value, this.unit));
          break;
        case 'pnl':
          signed(element, formatSignedMoney(totals.totalPnl, this.unit), totals.totalPnl);
          break;
        case 'pnlPct':
          signed(element, formatPercent(totals.totalPnlPct), totals.totalPnlPct);
          break;
        case 'change':
          signed(element, formatSignedMoney(totals.change24h, this.unit), totals.change24h);
          break;
        case 'changePct':
          signed(element, formatPercent(totals.change24hPct), totals.change24hPct);
          break;
        case 'unrealised':
          signed(element, formatSignedMoney(totals.unrealisedPnl, this.unit), totals.unrealisedPnl);
          break;
        case 'realised':
          signed(element, formatSignedMoney(totals.realisedPnl, this.unit), totals.realisedPnl);
          break;
      }
    }
  }

  private writeAllocation(): void {
    const shares = new Map(this.allocation().map((slice) => [slice.coinId, slice.share]));
    for (const [coinId, cells] of this.allocationCells) {
      const share = shares.get(coinId) ?? 0;
      if (cells.bar) cells.bar.style.flexGrow = String(share);
      if (cells.share) writeText(cells.share, shareText(share));
    }
  }
}

/** An allocation share as a percent without a sign ("42.10%"). */
export function shareText(share: number): string {
  return formatPercent(share * 100).replace(/^\+/, '');
}
