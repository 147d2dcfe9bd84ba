/**
 * ccxt's pieces, imported lazily and only those the configured venues need. ccxt's entry module imports all of
 * its ~100 exchanges at once (40 MB of V8 heap, ~80 MB of RSS on Node 20); one exchange's own module brings only
 * the shared base (~8 MB of heap for Binance and Kraken together). The exchanges and the error classes are read
 * from the package's own files (`js/src/<id>.js`, `js/src/base/errors.js`, ccxt 4's layout); should a release
 * move them, the entry module is loaded instead, so a layout change costs memory, never a venue.
 */
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

import type * as Ccxt from 'ccxt';
import type { Exchange } from 'ccxt';

export type ExchangeConstructor = new (config?: Record<string, unknown>) => Exchange;

/** The error classes the provider maps (ccxt-provider.ts `mapError`) or throws. */
export type CcxtErrors = Pick<
  typeof Ccxt,
  | 'BadResponse'
  | 'BadSymbol'
  | 'DDoSProtection'
  | 'ExchangeError'
  | 'ExchangeNotAvailable'
  | 'NetworkError'
  | 'NotSupported'
  | 'OnMaintenance'
  | 'RateLimitExceeded'
>;

/** An exchange module's file name is its ccxt id: lower-case letters and digits only (no path can hide in it). */
const EXCHANGE_ID = /^[a-z0-9]+$/;

let entryModule: Promise<typeof Ccxt> | undefined;
let errorsModule: Promise<CcxtErrors> | undefined;

/** ccxt's entry module (every exchange), imported once. */
function loadEntry(): Promise<typeof Ccxt> {
  entryModule ??= import('ccxt');
  return entryModule;
}

let folder: string | null | undefined;

/**
 * The folder of ccxt's ES modules (`…/ccxt/js/src`), looked for once, from the CommonJS entry the package exports
 * (`…/ccxt/dist/ccxt.cjs`), since the package exports no other path; null when it is not where ccxt 4 puts it.
 */
function ccxtSourceFolder(): string | null {
  if (folder !== undefined) return folder;
  try {
    const cjsEntry = createRequire(import.meta.url).resolve('ccxt');
    const candidate = path.join(path.dirname(cjsEntry), '..', 'js', 'src');
    folder = existsSync(path.join(candidate, 'base', 'errors.js')) ? candidate : null;
  } catch {
    folder = null;
  }
  return folder;
}

/** ccxt's error classes: its errors module alone where it can be found, else the entry module's. */
export function loadCcxtErrors(): Promise<CcxtErrors> {
  const source = ccxtSourceFolder();
  errorsModule ??= source
    ? (import(pathToFileURL(path.join(source, 'base', 'errors.js')).href) as Promise<CcxtErrors>)
    : loadEntry();
  return errorsModule;
}

/**
 * The class of the ccxt exchange `id` (`binance`, `kraken`, …) from its own module, or from the entry module's
 * table where the package's layout is not ccxt 4's; null when ccxt has no such exchange.
 */
export async function loadExchangeClass(id: string): Promise<ExchangeConstructor | null> {
  if (!EXCHANGE_ID.test(id)) return null;
  const source = ccxtSourceFolder();
  if (source) {
    const file = path.join(source, `${id}.js`);
    if (!existsSync(file)) return null;
    const exchangeModule = (await import(pathToFileURL(file).href)) as { default?: unknown };
    return typeof exchangeModule.default === 'function'
      ? (exchangeModule.default as ExchangeConstructor)
      : null;
  }
  const table = (await loadEntry()).exchanges as unknown as Readonly<
    Record<string, ExchangeConstructor | undefined>
  >;
  return Object.hasOwn(table, id) ? (table[id] ?? null) : null;
}
