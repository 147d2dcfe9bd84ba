/** Converts USD values into a caller's currency; `currency` is its lower-case code. */
export interface Converter {
  currency: string;
  /** Units of the currency per USD. */
  perUsd: number;
  convert(usd: number): number;
  convertNullable(usd: number | null | undefined): number | null;
}

/** Where a caller's converter comes from; a code without a rate answers 50500 naming `currency`. */
export interface Currencies {
  converter(code: string): Converter;
}
