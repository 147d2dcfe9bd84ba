import type { PortfolioImportFormat } from '@coinlens/contract';

/**
 * The columns each import format reads, as the import page shows them (docs/portfolio.md is the reference; the
 * server's coinlens-csv.ts and generic-csv.ts read them — the contract does not carry the lists).
 */
export const CSV_COLUMNS: Readonly<
  Record<PortfolioImportFormat, { required: string[]; optional: string[] }>
> = {
  coinlens: {
    required: [
      'coinlens.v1.time',
      'coinlens.v1.type',
      'coinlens.v1.coin_id',
      'coinlens.v1.amount',
      'coinlens.v1.price',
      'coinlens.v1.price_currency',
      'coinlens.v1.price_usd_rate',
      'coinlens.v1.fee',
      'coinlens.v1.fee_currency',
      'coinlens.v1.fee_usd_rate',
      'coinlens.v1.note',
    ],
    optional: [],
  },
  generic: {
    required: ['date', 'type', 'coin', 'amount', 'price', 'fee'],
    optional: ['currency', 'fee_currency', 'note'],
  },
};
