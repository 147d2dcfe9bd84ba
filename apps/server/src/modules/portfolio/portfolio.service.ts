import {
  basisOfHolding,
  ErrorCode,
  PORTFOLIO_IMPORT_MAX_ROWS,
  PORTFOLIO_LIMIT_MESSAGE,
  PORTFOLIO_TRANSACTION_LIMIT,
  portfolioAllocation,
  quoteOfHolding,
  totalsOfValuation,
  valueHolding,
  valuePortfolio,
} from '@coinlens/contract';
import type {
  AppLanguage,
  PortfolioHistoryRange,
  PortfolioHolding,
  PortfolioImportFormat,
  PortfolioTransaction,
  PortfolioTransactionDraft,
} from '@coinlens/contract';

import { LocalisedFailure, ProcedureFailure } from '../../gateway/procedure-failure.js';
import type { CandleRepository } from '../../market-store/candle.repository.js';
import type { MarketSnapshot } from '../../market-store/market-snapshot.js';
import type { Currencies } from '../../market-store/currency-converter.js';
import { localName } from '../../market-store/local-name.js';
import type { Position } from './average-cost.js';
import { replay } from './average-cost.js';
import { readCoinlensRows, writeCoinlensCsv } from './coinlens-csv.js';
import { CsvQuoteError, parseCsv } from './csv-text.js';
import { decimalToNumber, formatDecimal, MONEY_SCALE, rateText, UNIT_SCALE } from './fixed-decimal.js';
import { readGenericRows } from './generic-csv.js';
import type { CoinDirectory, ImportRow, TransactionInput } from './import-row.js';
import { CLOCK_SKEW_MS } from './import-row.js';
import { ledgerEntryOf } from './ledger-entry.js';
import { inLedgerOrder, ledgerOrder } from './ledger-order.js';
import { PortfolioHistory } from './portfolio-history.js';
import type { NewTransactionRow, PortfolioRepository, TransactionRow } from './portfolio.repository.js';
import { fieldRefusal, lineRefusal } from './portfolio-refusal.js';

/** The duplicate key of the issue: same time, type, coin, amount and price. */
const duplicateKey = (row: Pick<TransactionInput, 'time' | 'type' | 'coin_id' | 'amount' | 'price'>) =>
  `${row.time}|${row.type}|${row.coin_id}|${row.amount}|${row.price ?? ''}`;

/** A row to insert, with every field of a transaction set. */
type NewRow = NewTransactionRow & TransactionInput;

/** Transactions, holdings and P&L of the caller; see docs/portfolio.md for every rule. */
export class PortfolioService {
  private readonly valueHistory: PortfolioHistory;

  constructor(
    private readonly repository: PortfolioRepository,
    private readonly snapshot: MarketSnapshot,
    private readonly currencies: Currencies,
    candles: CandleRepository,
    private readonly now: () => number = Date.now,
    /** Whether this process writes the candles (it ingests: always, unless a scale-out follower). */
    writesCandles: () => boolean = () => true,
  ) {
    this.valueHistory = new PortfolioHistory(repository, snapshot, candles, writesCandles, now);
  }

  async list(userId: number, page: number, pageSize: number, coinId: string | undefined) {
    const { rows, total } = await this.repository.page(userId, coinId, (page - 1) * pageSize, pageSize);
    return { list: rows.map((row) => this.view(row)), page, page_size: pageSize, total };
  }

  async create(userId: number, draft: PortfolioTransactionDraft): Promise<PortfolioTransaction> {
    const input = this.checkedInput(draft);
    const now = this.now();
    const rates = {
      price: this.rateOf(input.price_currency, 'price_currency'),
      fee: this.rateOf(input.fee_currency, 'fee_currency'),
    };
    const row = await this.repository.forUser(userId, async (repository) => {
      if ((await repository.count(userId)) >= PORTFOLIO_TRANSACTION_LIMIT) throw this.limitReached();
      const stored = await repository.all(userId, input.coin_id);
      const candidate = this.newRow(userId, input, rates, now);
      this.requireCovered(
        input.coin_id,
        [...stored, { ...candidate, id: Number.MAX_SAFE_INTEGER }],
        'amount',
      );
      return repository.insert(candidate);
    });
    return this.view(row);
  }

  async update(userId: number, id: number, draft: PortfolioTransactionDraft): Promise<PortfolioTransaction> {
    const input = this.checkedInput(draft);
    const row = await this.repository.forUser(userId, async (repository) => {
      const current = await repository.find(userId, id);
      if (!current) throw new ProcedureFailure(ErrorCode.NotFound);
      // A currency kept keeps the rate it was recorded with; a new one takes today's.
      const changes = {
        ...input,
        price_usd_rate:
          input.price_currency === current.price_currency
            ? current.price_usd_rate
            : this.rateOf(input.price_currency, 'price_currency'),
        fee_usd_rate:
          input.fee_currency === current.fee_currency
            ? current.fee_usd_rate
            : this.rateOf(input.fee_currency, 'fee_currency'),
        // Forward even within the same millisecond: the history cache's ledger mark sums these times.
        updated_at: Math.max(this.now(), current.updated_at + 1),
      };
      const changed: TransactionRow = { ...current, ...changes };
      for (const coinId of new Set([current.coin_id, input.coin_id])) {
        const others = (await repository.all(userId, coinId)).filter((other) => other.id !== id);
        this.requireCovered(coinId, coinId === input.coin_id ? [...others, changed] : others, 'amount');
      }
      const updated = await repository.update(userId, id, changes);
      if (!updated) throw new ProcedureFailure(ErrorCode.NotFound);
      return updated;
    });
    return this.view(row);
  }

  async remove(userId: number, id: number): Promise<Record<string, never>> {
    await this.repository.forUser(userId, async (repository) => {
      const current = await repository.find(userId, id);
      if (!current) throw new ProcedureFailure(ErrorCode.NotFound);
      const others = (await repository.all(userId, current.coin_id)).filter((other) => other.id !== id);
      this.requireCovered(current.coin_id, others, 'id');
      await repository.delete(userId, id);
    });
    return {};
  }

  async summary(userId: number, currency: string, language: AppLanguage) {
    const money = this.currencies.converter(currency);
    const rows = await this.repository.all(userId);
    const byCoin = new Map<string, TransactionRow[]>();
    for (const row of rows) {
      const coinRows = byCoin.get(row.coin_id);
      if (coinRows) coinRows.push(row);
      else byCoin.set(row.coin_id, [row]);
    }

    const holdings: PortfolioHolding[] = [];
    for (const [coinId, coinRows] of byCoin) {
      const position = replay(inLedgerOrder(coinRows).map(ledgerEntryOf)).position;
      holdings.push(this.holding(coinId, position, coinRows.length, money.perUsd, language));
    }
    holdings.sort(
      (a, b) =>
        Number(a.amount === 0) - Number(b.amount === 0) ||
        (b.value ?? -1) - (a.value ?? -1) ||
        a.coin_id.localeCompare(b.coin_id),
    );
    // Valued in the answer's order, as the web values the answer again: the same sums to the last bit.
    const bases = holdings.map(basisOfHolding);
    const quotes = new Map(holdings.map((holding) => [holding.coin_id, quoteOfHolding(holding)]));
    const shares = new Map(portfolioAllocation(bases, quotes).map((slice) => [slice.coinId, slice.share]));
    for (const holding of holdings) {
      holding.allocation = holding.value === null ? null : (shares.get(holding.coin_id) ?? 0) * 100;
    }
    return {
      currency: money.currency,
      holdings,
      totals: totalsOfValuation(valuePortfolio(bases, quotes)),
      as_of: this.snapshot.lastTickAt,
      stale: this.snapshot.isStale(this.now()),
    };
  }

  async history(userId: number, range: PortfolioHistoryRange, currency: string) {
    const money = this.currencies.converter(currency);
    const points = await this.valueHistory.points(userId, range);
    return {
      currency: money.currency,
      range,
      points: points.map((point) => ({ time: point.time, value: point.value * money.perUsd })),
    };
  }

  async importCsv(userId: number, format: PortfolioImportFormat, csv: string) {
    const now = this.now();
    const importRows = this.readImport(format, csv, now);
    const rates = importRows.map((row) => ({
      price: row.rates?.price ?? this.rateOfLine(row, 'price_currency'),
      fee: row.rates?.fee ?? this.rateOfLine(row, 'fee_currency'),
    }));
    return this.repository.forUser(userId, async (repository) => {
      const stored = await repository.all(userId);
      const unmatched = new Map<string, number>();
      for (const row of stored) unmatched.set(duplicateKey(row), (unmatched.get(duplicateKey(row)) ?? 0) + 1);
      const duplicateLines: number[] = [];
      const fresh: { line: number; row: NewRow }[] = [];
      importRows.forEach((importRow, index) => {
        const key = duplicateKey(importRow.input);
        const left = unmatched.get(key) ?? 0;
        if (left > 0) {
          unmatched.set(key, left - 1);
          duplicateLines.push(importRow.line);
        } else {
          fresh.push({
            line: importRow.line,
            row: this.newRow(userId, importRow.input, rates[index] ?? { price: '1', fee: '1' }, now),
          });
        }
      });
      if (stored.length + fresh.length > PORTFOLIO_TRANSACTION_LIMIT) throw this.limitReached();
      this.requireImportCovered(stored, fresh);
      await repository.insertMany(fresh.map((entry) => entry.row));
      return { imported: fresh.length, duplicates: duplicateLines.length, duplicate_lines: duplicateLines };
    });
  }

  async exportCsv(userId: number) {
    const rows = inLedgerOrder(await this.repository.all(userId));
    const date = new Date(this.now()).toISOString().slice(0, 10);
    return { csv: writeCoinlensCsv(rows), file_name: `coinlens-portfolio-${date}.csv` };
  }

  // ——— helpers

  private readImport(format: PortfolioImportFormat, csv: string, now: number): ImportRow[] {
    let records;
    try {
      records = parseCsv(csv);
    } catch (error) {
      if (error instanceof CsvQuoteError) throw lineRefusal(error.line, null, 'quote');
      throw error;
    }
    const [header, ...body] = records;
    if (!header || body.length === 0) throw lineRefusal(header ? header.line + 1 : 1, null, 'empty_file');
    const excess = body[PORTFOLIO_IMPORT_MAX_ROWS];
    if (excess) throw lineRefusal(excess.line, null, 'too_many_rows');
    const read = format === 'coinlens' ? readCoinlensRows : readGenericRows;
    return read(header, body, this.coinDirectory(), now);
  }

  private coinDirectory(): CoinDirectory {
    const coins = this.snapshot.coins;
    return {
      has: (coinId) => coins.has(coinId),
      idsWithSymbol: (symbol) => {
        const wanted = symbol.toLowerCase();
        return [...coins.values()]
          .filter((coin) => coin.profile.symbol.toLowerCase() === wanted)
          .map((coin) => coin.profile.id);
      },
    };
  }

  /** A draft's values in canonical form, after the rules the schema cannot check. */
  private checkedInput(draft: PortfolioTransactionDraft): TransactionInput {
    if (!this.snapshot.coins.has(draft.coin_id)) throw fieldRefusal('coin_id', 'coin_unknown');
    if (draft.time > this.now() + CLOCK_SKEW_MS) throw fieldRefusal('time', 'future');
    const price = draft.price ?? null;
    if (price === null && (draft.type === 'buy' || draft.type === 'sell'))
      throw fieldRefusal('price', 'price_required');
    return {
      coin_id: draft.coin_id,
      type: draft.type,
      amount: canonical(draft.amount),
      price: price === null ? null : canonical(price),
      price_currency: draft.price_currency,
      fee: canonical(draft.fee),
      fee_currency: draft.fee_currency ?? draft.price_currency,
      time: draft.time,
      note: draft.note,
    };
  }

  /** Units of `currency` per US dollar now, as stored text; 50500 naming `field` when there is no rate. */
  private rateOf(currency: string, field: string): string {
    if (currency === 'usd') return '1';
    const perUsd = this.snapshot.rates.get(currency)?.perUsd;
    if (perUsd === undefined || !(perUsd > 0)) throw fieldRefusal(field, 'currency');
    return rateText(perUsd);
  }

  private rateOfLine(row: ImportRow, which: 'price_currency' | 'fee_currency'): string {
    const currency = row.input[which];
    if (currency === 'usd') return '1';
    const perUsd = this.snapshot.rates.get(currency)?.perUsd;
    if (perUsd === undefined || !(perUsd > 0)) throw lineRefusal(row.line, which, 'currency');
    return rateText(perUsd);
  }

  private newRow(
    userId: number,
    input: TransactionInput,
    rates: { price: string; fee: string },
    now: number,
  ): NewRow {
    return {
      ...input,
      user_id: userId,
      price_usd_rate: rates.price,
      fee_usd_rate: rates.fee,
      created_at: now,
      updated_at: now,
    };
  }

  /** 50500 naming `field` when, in ledger order, some sell or transfer out of the coin exceeds what is held. */
  private requireCovered(
    coinId: string,
    rows: readonly (Pick<TransactionRow, 'id' | 'time' | 'type'> & Parameters<typeof ledgerEntryOf>[0])[],
    field: string,
  ): void {
    const ordered = [...rows].sort((a, b) => ledgerOrder({ ...a, order: a.id }, { ...b, order: b.id }));
    const { failure } = replay(ordered.map(ledgerEntryOf));
    if (failure)
      throw fieldRefusal(field, 'oversold', {
        coin: this.symbolOf(coinId),
        held: formatDecimal(failure.held, UNIT_SCALE),
      });
  }

  /** The import's rows after the stored ones of the same time; a failure names the line that caused it. */
  private requireImportCovered(
    stored: readonly TransactionRow[],
    fresh: readonly { line: number; row: NewRow }[],
  ): void {
    const coinIds = new Set(fresh.map((entry) => entry.row.coin_id));
    for (const coinId of coinIds) {
      const entries = [
        ...stored.filter((row) => row.coin_id === coinId).map((row) => ({ row, line: null, order: row.id })),
        ...fresh
          .filter((entry) => entry.row.coin_id === coinId)
          .map((entry, index) => ({
            row: entry.row,
            line: entry.line,
            order: Number.MAX_SAFE_INTEGER / 2 + index,
          })),
      ].sort((a, b) => ledgerOrder({ ...a.row, order: a.order }, { ...b.row, order: b.order }));
      const { failure } = replay(entries.map((entry) => ledgerEntryOf(entry.row)));
      if (!failure) continue;
      // The failing row itself if it is new; else the last new row before it (a new earlier outflow).
      const culprit =
        entries[failure.index]?.line ??
        entries
          .slice(0, failure.index)
          .map((entry) => entry.line)
          .filter((line): line is number => line !== null)
          .at(-1) ??
        null;
      throw lineRefusal(culprit ?? 0, 'amount', 'oversold', {
        coin: this.symbolOf(coinId),
        held: formatDecimal(failure.held, UNIT_SCALE),
      });
    }
  }

  private limitReached(): LocalisedFailure {
    return new LocalisedFailure(ErrorCode.LimitExceeded, (language) => PORTFOLIO_LIMIT_MESSAGE[language]);
  }

  private symbolOf(coinId: string): string {
    return this.snapshot.coins.get(coinId)?.profile.symbol ?? coinId;
  }

  private view(row: TransactionRow): PortfolioTransaction {
    const profile = this.snapshot.coins.get(row.coin_id)?.profile;
    return {
      id: row.id,
      coin_id: row.coin_id,
      coin: profile ? { symbol: profile.symbol, name: profile.name, logo: profile.logo } : null,
      type: row.type,
      amount: row.amount,
      price: row.price,
      price_currency: row.price_currency,
      fee: row.fee,
      fee_currency: row.fee_currency,
      price_usd_rate: row.price_usd_rate,
      fee_usd_rate: row.fee_usd_rate,
      time: row.time,
      note: row.note,
      created_at: row.created_at,
      updated_at: row.updated_at,
    };
  }

  private holding(
    coinId: string,
    position: Position,
    transactionCount: number,
    perUsd: number,
    language: AppLanguage,
  ): PortfolioHolding {
    const coin = this.snapshot.coins.get(coinId);
    const amount = decimalToNumber(position.amount, UNIT_SCALE);
    const cost = decimalToNumber(position.cost, MONEY_SCALE) * perUsd;
    const price = coin?.price === null || coin?.price === undefined ? null : coin.price * perUsd;
    const change24h = coin?.metrics?.change24h ?? null;
    const realised = decimalToNumber(position.realised, MONEY_SCALE) * perUsd;
    const valuation = valueHolding(
      { coinId, amount, costBasis: cost, realisedPnl: realised },
      { price, change24h },
    );
    return {
      coin_id: coinId,
      symbol: coin?.profile.symbol ?? coinId.toUpperCase(),
      name: coin?.profile.name ?? coinId,
      local_name: coin ? localName(coin.profile.localNames, coin.profile.name, language) : coinId,
      logo: coin?.profile.logo ?? '',
      price,
      change_24h: change24h,
      amount,
      average_cost: position.amount === 0n ? null : cost / amount,
      cost_basis: cost,
      value: valuation.value,
      unrealised_pnl: valuation.unrealisedPnl,
      unrealised_pnl_percent: valuation.unrealisedPct,
      realised_pnl: realised,
      allocation: null,
      transaction_count: transactionCount,
    };
  }
}

/** Decimal text without leading zeros or trailing fraction zeros (the schema has checked its form). */
function canonical(text: string): string {
  const [whole = '0', fraction = ''] = text.split('.');
  const trimmedWhole = whole.replace(/^0+(?=\d)/, '');
  const trimmedFraction = fraction.replace(/0+$/, '');
  return trimmedFraction === '' ? trimmedWhole : `${trimmedWhole}.${trimmedFraction}`;
}
