import fc from 'fast-check';
import type { PortfolioProblem } from '@coinlens/contract';
import { describe, expect, it } from 'vitest';

import { LocalisedFailure } from '../../gateway/procedure-failure.js';
import {
  CsvQuoteError,
  csvField,
  csvLine,
  fromSpreadsheetText,
  parseCsv,
  toSpreadsheetText,
} from './csv-text.js';
import { formatDecimal, parseDecimal, rateText, UNIT_SCALE } from './fixed-decimal.js';
import { parseGenericDate, readGenericRows } from './generic-csv.js';
import type { CoinDirectory } from './import-row.js';

const coins: CoinDirectory = {
  has: (id) => ['bitcoin', 'tether', 'tether-gold'].includes(id),
  idsWithSymbol: (symbol) =>
    ({ btc: ['bitcoin'], usdt: ['tether'], xaut: ['tether-gold'], twin: ['twin-a', 'twin-b'] })[
      symbol.toLowerCase()
    ] ?? [],
};
const NOW = Date.UTC(2026, 10, 1);

function problemOf(run: () => unknown): PortfolioProblem {
  try {
    run();
  } catch (error) {
    if (error instanceof LocalisedFailure) return error.data as PortfolioProblem;
    throw error;
  }
  throw new Error('expected a refusal');
}

const generic = (text: string) => {
  const [header, ...rows] = parseCsv(text);
  if (!header) throw new Error('no header');
  return readGenericRows(header, rows, coins, NOW);
};

describe('CSV text', () => {
  it('reads quoted fields with commas, doubled quotes and line breaks, numbering records by their first line', () => {
    expect(parseCsv('\uFEFFa,b\r\n"x, y","say ""hi""\nthere"\n\n1,\n')).toEqual([
      { line: 1, fields: ['a', 'b'] },
      { line: 2, fields: ['x, y', 'say "hi"\nthere'] },
      { line: 5, fields: ['1', ''] },
    ]);
    expect(() => parseCsv('a\n"open')).toThrow(CsvQuoteError);
    expect(() => parseCsv('a\nab"c"')).toThrow(CsvQuoteError);
  });

  it('writes what it reads back, and defuses spreadsheet formulas reversibly', () => {
    const values = ['plain', 'a,b', 'q"uote', 'two\nlines', ' edge '];
    expect(parseCsv(csvLine(values))[0]?.fields).toEqual(values);
    for (const note of ['=1+1', '+x', '-dip', '@a', "'=b", "'plain", 'plain']) {
      expect(fromSpreadsheetText(toSpreadsheetText(note))).toBe(note);
      expect(toSpreadsheetText(note)).not.toMatch(/^[=+\-@]/);
    }
  });

  it('leaves no cell that starts a formula whichever separator a spreadsheet splits on', () => {
    // Excel in a ';' locale (vi-VN) splits an unquoted 'x;=HYPERLINK(…)' into a second cell that runs.
    const notes = ['x;=HYPERLINK("http://evil","click")', 'a\t+1', 'b,@SUM(A1)', '\t=1', 'c;;-2', "d;'=3"];
    for (const note of notes) {
      const cell = csvField(toSpreadsheetText(note));
      expect(cell.startsWith('"'), note).toBe(true);
      const text = parseCsv(cell)[0]!.fields[0]!;
      expect(fromSpreadsheetText(text)).toBe(note);
      for (const separator of [',', ';', '\t'])
        for (const piece of text.split(separator))
          expect(piece, `${note} split on ${separator}`).not.toMatch(/^[=+\-@\t\r]/);
    }
    fc.assert(
      fc.property(
        fc.string({ unit: fc.constantFrom('a', "'", '=', '+', '-', '@', ',', ';', '\t', '\r', ' ') }),
        (note) => {
          expect(fromSpreadsheetText(toSpreadsheetText(note))).toBe(note);
        },
      ),
    );
  });
});

describe('exact decimals', () => {
  it('parse and print canonically without rounding, refusing more digits than the scale', () => {
    expect(formatDecimal(parseDecimal('000123.4500', UNIT_SCALE) ?? 0n, UNIT_SCALE)).toBe('123.45');
    expect(formatDecimal(parseDecimal('0.000000000000000001', UNIT_SCALE) ?? 0n, UNIT_SCALE)).toBe(
      '0.000000000000000001',
    );
    expect(parseDecimal('0.0000000000000000001', UNIT_SCALE)).toBeNull();
    expect(parseDecimal('1e5', UNIT_SCALE)).toBeNull();
    expect(rateText(0.92)).toBe('0.92');
    expect(rateText(25_400)).toBe('25400');
    expect(rateText(1 / 95_000)).toBe('0.0000105263157895');
  });
});

describe('the generic layout', () => {
  it('reads ISO dates (UTC unless an offset is given) and Unix seconds or milliseconds', () => {
    expect(parseGenericDate('2024-05-01')).toBe(Date.UTC(2024, 4, 1));
    expect(parseGenericDate('2024-05-01 12:30')).toBe(Date.UTC(2024, 4, 1, 12, 30));
    expect(parseGenericDate('2024-05-01T12:30:45.25+07:00')).toBe(Date.UTC(2024, 4, 1, 5, 30, 45, 250));
    expect(parseGenericDate('2024-05-01T12:30:45Z')).toBe(Date.UTC(2024, 4, 1, 12, 30, 45));
    expect(parseGenericDate('1714566600')).toBe(1_714_566_600_000);
    expect(parseGenericDate('1714566600123')).toBe(1_714_566_600_123);
    for (const bad of ['2024-02-30', '2024-05-01T25:00', '01/05/2024', 'yesterday', '2024-5-1']) {
      expect(parseGenericDate(bad), bad).toBeNull();
    }
  });

  it('accepts common column and type spellings in any order, coins by id or symbol', () => {
    const rows = generic(
      'Quantity,Side,Asset,Date (UTC),Unit Price,Commission,Memo\n1.50,Bought,btc,2025-01-01,100,0.5,hi\n2,Deposit,tether,2025-01-02,,,',
    );
    expect(rows.map((row) => row.input)).toEqual([
      {
        coin_id: 'bitcoin',
        type: 'buy',
        amount: '1.5',
        price: '100',
        price_currency: 'usd',
        fee: '0.5',
        fee_currency: 'usd',
        time: Date.UTC(2025, 0, 1),
        note: 'hi',
      },
      {
        coin_id: 'tether',
        type: 'transfer_in',
        amount: '2',
        price: null,
        price_currency: 'usd',
        fee: '0',
        fee_currency: 'usd',
        time: Date.UTC(2025, 0, 2),
        note: '',
      },
    ]);
  });

  it('names the line and the column of an ambiguous symbol, a missing column, a future date', () => {
    const header = 'date,type,coin,amount,price,fee';
    expect(problemOf(() => generic(`${header}\n2025-01-01,buy,TWIN,1,1,0`))).toEqual({
      field: 'csv',
      line: 2,
      column: 'coin',
      reason: 'coin_ambiguous',
    });
    expect(problemOf(() => generic('date,type,coin,price\n2025-01-01,buy,BTC,1'))).toMatchObject({
      line: 1,
      column: 'amount',
      reason: 'header',
    });
    expect(
      problemOf(() => generic(`${header}\n2025-01-01,buy,BTC,1,1,0\n2027-01-01,buy,BTC,1,1,0`)),
    ).toMatchObject({ line: 3, column: 'date', reason: 'future' });
    expect(problemOf(() => generic(`${header}\n2025-01-01,buy,BTC,1,1,0,extra`))).toMatchObject({
      line: 2,
      reason: 'column_count',
    });
  });
});
