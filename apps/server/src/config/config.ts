import path from 'node:path';
import { fileURLToPath } from 'node:url';

import { DEV_APP_ID, DEV_APP_SECRET } from '@coinlens/contract';
import { z } from 'zod';

import { DEFAULT_POSTGRES_TIMEOUTS } from '../db/postgres-pool.js';
import { parseTrustedProxies } from './trust-proxy.js';
import { isProductionMode } from './production-mode.js';
import { DEFAULT_FEED_TIMEOUT_MS } from '../news/feed-fetcher.js';

const DEFAULT_WEB_DIST_DIR = fileURLToPath(new URL('../../../web/dist/', import.meta.url));
/** The repository's `data` folder, wherever the server is started from (`npm start` runs in apps/server). */
const DEFAULT_DATA_DIR = fileURLToPath(new URL('../../../../data/', import.meta.url));

/** Unset and empty variables both mean "use the default". */
const optionalString = z
  .string()
  .optional()
  .transform((value) => (value === undefined || value.trim() === '' ? undefined : value.trim()));

const commaList = optionalString.transform((value) =>
  value
    ? value
        .split(',')
        .map((item) => item.trim())
        .filter(Boolean)
    : [],
);

const booleanFlag = optionalString.pipe(
  z
    .enum(['true', 'false', '1', '0'])
    .optional()
    .transform((value) => value === 'true' || value === '1'),
);

function isOriginOf(protocols: readonly string[], entry: string): boolean {
  if (!URL.canParse(entry)) return false;
  const url = new URL(entry);
  return protocols.includes(url.protocol) && url.href === `${url.origin}/` && !url.username;
}

function integerVar(fallback: number, min: number, max: number) {
  return optionalString.pipe(
    z
      .string()
      .regex(/^-?\d+$/, 'must be a whole number')
      .transform(Number)
      .pipe(z.number().int().min(min).max(max))
      .optional()
      .transform((value) => value ?? fallback),
  );
}

/** A whole number within [min, max], or undefined when unset (the caller picks its default later). */
function optionalIntegerVar(min: number, max: number) {
  return optionalString.pipe(
    z
      .string()
      .regex(/^\d+$/, 'must be a whole number')
      .transform(Number)
      .pipe(z.number().min(min).max(max))
      .optional(),
  );
}

export const environmentFields = z.object({
  PORT: integerVar(8080, 0, 65_535),
  HOST: optionalString.transform((value) => value ?? '0.0.0.0'),
  DATA_DIR: optionalString.transform((value) => path.resolve(value ?? DEFAULT_DATA_DIR)),
  DATABASE_URL: optionalString.pipe(
    z.url({ protocol: /^postgres(ql)?$/, error: 'must be a postgres:// or postgresql:// URL' }).optional(),
  ),
  /** PostgreSQL: how long opening a connection, or waiting for a free one, may take before the request fails. */
  DATABASE_CONNECT_TIMEOUT_MS: integerVar(DEFAULT_POSTGRES_TIMEOUTS.connectTimeoutMs, 100, 120_000),
  /** PostgreSQL: the server cancels a statement running this long (migrations excepted); pg's default is none. */
  DATABASE_STATEMENT_TIMEOUT_MS: integerVar(DEFAULT_POSTGRES_TIMEOUTS.statementTimeoutMs, 100, 600_000),
  REDIS_URL: optionalString.pipe(
    z.url({ protocol: /^rediss?$/, error: 'must be a redis:// URL' }).optional(),
  ),
  /** Prefix of every Redis key and channel, so several deployments can share one Redis. */
  REDIS_KEY_PREFIX: optionalString.pipe(
    z
      .string()
      .regex(/^[A-Za-z0-9_.:-]{1,64}$/, 'must be 1–64 letters, digits or _ . : -')
      .optional()
      .transform((value) => value ?? 'coinlens:'),
  ),
  /** How often a follower asks for the ingest leader's lock (and the leader checks it still holds it). */
  LEADER_POLL_MS: integerVar(1_000, 100, 60_000),
  APP_ID: optionalString.transform((value) => value ?? DEV_APP_ID),
  APP_SECRET: optionalString.pipe(
    z
      .string()
      .min(8, 'must be at least 8 characters')
      .optional()
      .transform((value) => value ?? DEV_APP_SECRET),
  ),
  LOG_LEVEL: optionalString.pipe(
    z
      .enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'])
      .optional()
      .transform((value) => value ?? 'info'),
  ),
  WEB_DIST_DIR: optionalString.transform((value) => path.resolve(value ?? DEFAULT_WEB_DIST_DIR)),
  APP_WEBSITE: optionalString.pipe(z.url({ protocol: /^https?$/ }).optional()),
  /**
   * Partner origins the web view may frame (comma-separated https origins), besides our own; any other page
   * is named on an interstitial and opened in the browser, never framed. Also the CSP's frame-src.
   */
  FRAME_ORIGINS: commaList.pipe(
    z.array(
      z
        .string()
        .refine(
          (entry) => isOriginOf(['https:'], entry),
          'must be https origins like https://partner.example (no path)',
        )
        .transform((entry) => new URL(entry).origin),
    ),
  ),
  CONTACT_EMAIL: optionalString.transform((value) => value ?? 'support@coinlens.app'),
  CONTACT_TELEGRAM: optionalString.transform((value) => value ?? 'https://t.me/coinlens'),
  CONTACT_X: optionalString.transform((value) => value ?? 'https://x.com/coinlens'),
  BLOCKED_REGIONS: commaList.pipe(
    z
      .array(z.string().regex(/^[A-Za-z]{2}$/, 'must be ISO 3166-1 alpha-2 codes'))
      .transform((codes) => codes.map((code) => code.toUpperCase())),
  ),
  COUNTRY_HEADER: optionalString.transform((value) => value?.toLowerCase()),
  /** Whom to believe about the caller's address (config/trust-proxy.ts): false, true (one proxy), a hop count, or CIDRs. */
  TRUST_PROXY: optionalString.transform((value, context) => {
    const trusted = parseTrustedProxies(value);
    if (typeof trusted !== 'string') return trusted;
    context.addIssue({ code: 'custom', message: trusted });
    return z.NEVER;
  }),
  RATE_LIMIT_PER_MINUTE: integerVar(600, 1, 1_000_000_000),
  /** Calls a minute one address may make to the open API (`/api/v3`) without a key. */
  OPEN_API_CALLS_PER_MINUTE: integerVar(30, 1, 1_000_000_000),
  /** Calls a minute one open API key may make (counted per key across every instance in production mode). */
  OPEN_API_KEY_CALLS_PER_MINUTE: integerVar(300, 1, 1_000_000_000),
  /**
   * Each caller's cost budget (an account, else its address): handler milliseconds of gateway calls regained a
   * second (its sustained share of a core), the most it holds, and how many expensive calls
   * (gateway/expensive-procedures.ts) may run at once.
   */
  COST_BUDGET_MS_PER_SECOND: integerVar(50, 1, 1_000),
  COST_BUDGET_BURST_MS: integerVar(2_000, 1, 600_000),
  COST_BUDGET_CONCURRENT_CALLS: integerVar(2, 1, 100),
  /**
   * Origins besides the server's own whose pages may open the live socket and send requests that change state
   * (comma-separated http(s) origins); any other browser origin is refused (http/origin-policy.ts).
   */
  ALLOWED_ORIGINS: commaList.pipe(
    z.array(
      z
        .string()
        .refine(
          (entry) => isOriginOf(['https:', 'http:'], entry),
          'must be origins like https://app.example (no path)',
        )
        .transform((entry) => new URL(entry).origin),
    ),
  ),
  /**
   * Open live sockets per caller address (TRUST_PROXY decides the address, as for the HTTP limits): a
   * household behind one NAT, several devices with a few tabs each (docs/abuse-and-outages.md).
   */
  LIVE_CONNECTIONS_PER_ADDRESS: integerVar(32, 1, 20_000),
  /** Coins one address's live sockets may watch at once on one instance, a list page counting its size. */
  LIVE_COINS_PER_ADDRESS: integerVar(6_400, 1, 10_000_000),
  /** Bytes a second one instance sends one address's live sockets, on average (4 s of it at once). */
  LIVE_BYTES_PER_SECOND_PER_ADDRESS: integerVar(262_144, 1_024, 1_073_741_824),
  BODY_LIMIT_BYTES: integerVar(1_048_576, 1_024, 64 * 1_048_576),
  SHUTDOWN_TIMEOUT_MS: integerVar(10_000, 0, 120_000),
  /** Longest a client may take to send one whole request, headers and body (an 8 MB upload included). */
  REQUEST_TIMEOUT_MS: integerVar(60_000, 1_000, 600_000),
  SMTP_URL: optionalString.pipe(
    z.url({ protocol: /^smtps?$/, error: 'must be an smtp:// or smtps:// URL' }).optional(),
  ),
  /** Serves the dev outbox pages (sign-up codes) to direct local callers; never on by default. */
  DEV_OUTBOX: booleanFlag,
  MAIL_FROM: optionalString.transform((value) => value ?? 'Coinlens <no-reply@coinlens.app>'),
  /** Each step of an SMTP send (connect, greeting, socket silence) may take this long before the send fails. */
  SMTP_TIMEOUT_MS: integerVar(30_000, 100, 600_000),
  /** A mail the SMTP server did not take is tried again after this, then after twice as long each time. */
  SMTP_RETRY_MS: integerVar(15_000, 100, 600_000),
  UPLOAD_LIMIT_BYTES: integerVar(8 * 1_048_576, 1_048_576, 64 * 1_048_576),
  /** Uploaded images go to this S3-compatible bucket when set (modules/uploads/create-image-storage.ts). */
  S3_BUCKET: optionalString.pipe(
    z
      .string()
      .regex(
        /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/,
        'must be an S3 bucket name (3–63 lower-case letters, digits, . or -)',
      )
      .optional(),
  ),
  /** The store's URL (MinIO: http://minio:9000); unset: AWS S3 of S3_REGION. */
  S3_ENDPOINT: optionalString.pipe(
    z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' }).optional(),
  ),
  S3_REGION: optionalString.transform((value) => value ?? 'us-east-1'),
  /** Both or neither; neither: the AWS SDK's default credential chain (environment, profile, instance role). */
  S3_ACCESS_KEY_ID: optionalString,
  S3_SECRET_ACCESS_KEY: optionalString,
  /** The bucket in the URL path instead of the host name: MinIO and most self-hosted stores need it. */
  S3_FORCE_PATH_STYLE: booleanFlag,
  /**
   * `auto` (default): live when CoinGecko answers within MARKET_AUTO_PROBE_MS at start, else the simulator;
   * `live`: CoinGecko + ccxt + DefiLlama + GitHub composed per capability; `coingecko` alone; `simulator`.
   */
  MARKET_SOURCE: optionalString.pipe(
    z
      .enum(['auto', 'live', 'coingecko', 'simulator'])
      .optional()
      .transform((value) => value ?? 'auto'),
  ),
  /** How long `auto` waits for CoinGecko's answer at start. */
  MARKET_AUTO_PROBE_MS: integerVar(5_000, 100, 60_000),
  SIM_SEED: integerVar(20_261_122, 0, 2_147_483_647),
  SIM_SCENARIO: optionalString.pipe(
    z
      .enum(['honest', 'realistic', 'adversarial'])
      .optional()
      .transform((value) => value ?? 'realistic'),
  ),
  /** Unset: each source's own pace (simulator 1 s, CoinGecko 60 s). */
  MARKET_TICK_MS: optionalIntegerVar(100, 3_600_000),
  /** A source silent this long marks its values stale; unset: ten ticks, at least 10 s. */
  MARKET_HEARTBEAT_MS: optionalString.pipe(
    z.string().regex(/^\d+$/, 'must be a whole number').transform(Number).optional(),
  ),
  /** How long loading profiles and back-filling history may take before the start is abandoned. */
  MARKET_START_TIMEOUT_MS: integerVar(180_000, 1_000, 3_600_000),
  COINGECKO_BASE_URL: optionalString.pipe(
    z
      .url({ protocol: /^https?$/ })
      .optional()
      .transform((value) => value ?? 'https://api.coingecko.com/api/v3'),
  ),
  COINGECKO_API_KEY: optionalString,
  /** Spacing between CoinGecko calls: 2,100 ms keeps the public tier's ~30 calls a minute; a paid plan may go lower. */
  COINGECKO_MIN_INTERVAL_MS: integerVar(2_100, 0, 60_000),
  /** Per HTTP request to a live market source; unset: each source's own (CoinGecko, GitHub, ccxt 10 s; DefiLlama 30 s). */
  MARKET_REQUEST_TIMEOUT_MS: optionalIntegerVar(100, 120_000),
  DEFILLAMA_BASE_URL: optionalString.pipe(
    z
      .url({ protocol: /^https?$/ })
      .optional()
      .transform((value) => value ?? 'https://api.llama.fi'),
  ),
  COINMETRICS_BASE_URL: optionalString.pipe(
    z
      .url({ protocol: /^https?$/ })
      .optional()
      .transform((value) => value ?? 'https://community-api.coinmetrics.io/v4'),
  ),
  GITHUB_API_URL: optionalString.pipe(
    z
      .url({ protocol: /^https?$/ })
      .optional()
      .transform((value) => value ?? 'https://api.github.com'),
  ),
  /** Optional: GitHub's 5,000 requests an hour instead of 60. */
  GITHUB_TOKEN: optionalString,
  /** ccxt exchange ids serving order books and trades in live mode. */
  CCXT_EXCHANGES: commaList.pipe(
    z
      .array(z.string().regex(/^[a-z0-9]+$/, 'must be ccxt exchange ids'))
      .transform((ids) => (ids.length > 0 ? ids : ['binance', 'kraken', 'coinbase', 'bitstamp', 'gemini'])),
  ),
  /** `exchange=url` pairs replacing an exchange's API host (tests: a replay server). */
  CCXT_URL_OVERRIDES: commaList.pipe(
    z
      .array(
        z
          .string()
          .regex(/^[a-z0-9]+=https?:\/\/\S+$/, 'must be exchange=http(s) URL pairs')
          .transform(
            (pair) => [pair.slice(0, pair.indexOf('=')), pair.slice(pair.indexOf('=') + 1)] as const,
          ),
      )
      .transform((pairs) => Object.fromEntries(pairs)),
  ),
  /** RSS/Atom feeds to ingest as news; unset: the bundled samples and market flashes only. */
  NEWS_FEEDS: commaList.pipe(z.array(z.url({ protocol: /^https?$/, error: 'must be http(s) URLs' }))),
  /**
   * Lets feed and official-page fetches (every redirect hop too) reach loopback, private and link-local
   * addresses: for test servers and an operator's own intranet feeds. Off: public addresses only.
   */
  FEEDS_ALLOW_PRIVATE_ADDRESSES: booleanFlag,
  /** How often each followed feed or official page is polled (conditional requests). */
  NEWS_POLL_MS: integerVar(10 * 60_000, 10_000, 24 * 3_600_000),
  /** Each feed or official-page fetch, redirects and body included; a feed silent longer is a failed poll. */
  NEWS_FETCH_TIMEOUT_MS: integerVar(DEFAULT_FEED_TIMEOUT_MS, 100, 120_000),
  /** Official blogs' feeds or pages per coin, `coin_id=url`, comma-separated (decision D31). */
  OFFICIAL_SOURCES: commaList.pipe(
    z.array(
      z
        .string()
        .regex(/^[a-z0-9-]+=https?:\/\/\S+$/, 'must be coin_id=http(s) URL pairs')
        .transform((pair) => {
          const at = pair.indexOf('=');
          return { coinId: pair.slice(0, at), url: pair.slice(at + 1) };
        }),
    ),
  ),
  /** The contact Web Push services see in the VAPID claims (`mailto:` or `https:`). */
  PUSH_SUBJECT: optionalString.pipe(
    z
      .string()
      .regex(/^(mailto:|https:\/\/)\S+$/, 'must be a mailto: or https: URL')
      .optional()
      .transform((value) => value ?? 'mailto:support@coinlens.app'),
  ),
});

const environmentSchema = environmentFields.superRefine((config, context) => {
  if (config.DEV_OUTBOX && config.SMTP_URL)
    context.addIssue({
      code: 'custom',
      path: ['DEV_OUTBOX'],
      message: 'the dev outbox is for a machine without SMTP_URL',
    });
  if ((config.S3_ACCESS_KEY_ID === undefined) !== (config.S3_SECRET_ACCESS_KEY === undefined))
    context.addIssue({
      code: 'custom',
      path: [config.S3_ACCESS_KEY_ID === undefined ? 'S3_ACCESS_KEY_ID' : 'S3_SECRET_ACCESS_KEY'],
      message: 'S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY go together',
    });
  if (!config.S3_BUCKET && (config.S3_ENDPOINT || config.S3_ACCESS_KEY_ID || config.S3_SECRET_ACCESS_KEY))
    context.addIssue({
      code: 'custom',
      path: ['S3_BUCKET'],
      message: 'is required when other S3_ variables are set (uploads would silently stay elsewhere)',
    });
  if (isProductionMode(config) && config.MARKET_SOURCE === 'auto')
    context.addIssue({
      code: 'custom',
      path: ['MARKET_SOURCE'],
      message:
        'must be live, coingecko or simulator in production mode (DATABASE_URL + REDIS_URL): with auto each instance would pick on its own, and a leader on the simulator would write simulated candles for all',
    });
});

export type AppConfig = z.output<typeof environmentSchema>;

export class ConfigError extends Error {
  override readonly name = 'ConfigError';
}

/** Parses the environment; a bad value stops the start with one line per problem. */
export function loadConfig(environment: Record<string, string | undefined> = process.env): AppConfig {
  const result = environmentSchema.safeParse(environment);
  if (result.success) return result.data;
  const problems = result.error.issues.map(
    (issue) => `  ${issue.path.join('.') || '(root)'}: ${issue.message}`,
  );
  throw new ConfigError(`Invalid configuration:\n${problems.join('\n')}`);
}
