/** One CSV record and the file line it starts on (1-based; a quoted field may run over several lines). */
export interface CsvRecord {
  line: number;
  fields: string[];
}

/** The file line of a quote that is never closed, or a quote in the middle of an unquoted field. */
export class CsvQuoteError extends Error {
  override readonly name = 'CsvQuoteError';

  constructor(readonly line: number) {
    super(`bad quoting on line ${line}`);
  }
}

/**
 * RFC 4180 records: comma-separated, fields optionally in double quotes ("" inside for a quote), CRLF or LF line
 * ends; a leading byte-order mark and blank lines are skipped.
 */
export function parseCsv(text: string): CsvRecord[] {
  const records: CsvRecord[] = [];
  const source = text.startsWith('\uFEFF') ? text.slice(1) : text;
  let line = 1;
  let recordLine = 1;
  let fields: string[] = [];
  let field = '';
  let quoted = false;
  let fieldStarted = false;
  let afterQuote = false;
  const endRecord = () => {
    fields.push(field);
    if (fields.length > 1 || fields[0]?.trim() !== '') records.push({ line: recordLine, fields });
    fields = [];
    field = '';
    fieldStarted = false;
    afterQuote = false;
  };
  for (let index = 0; index < source.length; index++) {
    const char = source[index];
    if (quoted) {
      if (char === '"') {
        if (source[index + 1] === '"') {
          field += '"';
          index++;
        } else {
          quoted = false;
          afterQuote = true;
        }
      } else {
        if (char === '\n') line++;
        field += char;
      }
      continue;
    }
    if (char === ',') {
      fields.push(field);
      field = '';
      fieldStarted = false;
      afterQuote = false;
    } else if (char === '\n' || char === '\r') {
      if (char === '\r' && source[index + 1] === '\n') index++;
      endRecord();
      line++;
      recordLine = line;
    } else if (char === '"') {
      if (fieldStarted && field.trim() !== '') throw new CsvQuoteError(line);
      field = '';
      quoted = true;
      fieldStarted = true;
    } else {
      if (afterQuote && char !== ' ' && char !== '\t') throw new CsvQuoteError(line);
      if (!afterQuote) field += char;
      fieldStarted = true;
    }
  }
  if (quoted) throw new CsvQuoteError(recordLine);
  if (fieldStarted || fields.length > 0) endRecord();
  return records;
}

/**
 * A field quoted when it needs to be: a comma, a quote, a line break or a space at either end, and a semicolon or a
 * tab, which separate fields for a spreadsheet in many locales (vi-VN among them): quoted, the field stays one cell.
 */
export function csvField(value: string): string {
  return /[",;\t\r\n]|^\s|\s$/.test(value) ? `"${value.replace(/"/g, '""')}"` : value;
}

export function csvLine(values: readonly string[]): string {
  return values.map(csvField).join(',');
}

/**
 * Where a spreadsheet may start a cell that runs as a formula: the text's start, or just after a comma, semicolon or
 * tab (the field separators of its locales), before any quote marks and one of = + - @ tab or carriage return
 * (OWASP, CSV injection).
 */
const FORMULA_START = /(?<=^|[,;\t])(?='*[=+\-@\t\r])/g;
const DEFUSED_START = /(?<=^|[,;\t])'(?='*[=+\-@\t\r])/g;

/**
 * Free text made safe for a spreadsheet: every place a cell running a formula could start gets one more leading
 * quote mark, whichever separator the spreadsheet splits on. `fromSpreadsheetText` undoes exactly that.
 */
export function toSpreadsheetText(text: string): string {
  return text.replace(FORMULA_START, "'");
}

export function fromSpreadsheetText(text: string): string {
  return text.replace(DEFUSED_START, '');
}
