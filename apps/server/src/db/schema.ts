import type { PortfolioTransactionType } from '@coinlens/contract';
import type { Generated } from 'kysely';

/**
 * Tables as Kysely sees them. Portable across SQLite and PostgreSQL: times are epoch milliseconds (bigint,
 * read back as numbers), flags are 0/1 integers, structured values are JSON text.
 */
export interface AppReleaseTable {
  id: Generated<number>;
  platform: string;
  version: string;
  version_code: number;
  download_url: string;
  /** JSON `{en, vi, zh-Hans}`. */
  release_notes: string;
  force_update: number;
  released_at: number;
}

export type UserStatus = 'active' | 'abnormal' | 'restricted';

export interface UserTable {
  id: Generated<number>;
  /** Lower-cased. */
  email: string;
  password_hash: string;
  nickname: string;
  bio: Generated<string>;
  avatar: Generated<string>;
  country: string;
  status: Generated<UserStatus>;
  created_at: number;
  updated_at: number;
  password_changed_at: number | null;
}

/** One login on one device: the family of its rotating refresh tokens. */
export interface SessionTable {
  id: string;
  user_id: number;
  device_id: string;
  device: string;
  ip: string;
  created_at: number;
  last_used_at: number;
  /** Absolute end of the family, however often it is refreshed. */
  expires_at: number;
  revoked_at: number | null;
  revoke_reason: string | null;
}

export interface RefreshTokenTable {
  /** SHA-256 of the token; the token itself is never stored. */
  token_hash: string;
  session_id: string;
  issued_at: number;
  used_at: number | null;
}

export interface LoginEventTable {
  id: Generated<number>;
  email_key: string;
  user_id: number | null;
  success: number;
  ip: string;
  device: string;
  at: number;
}

export interface EmailCodeTable {
  id: Generated<number>;
  email: string;
  purpose: string;
  code_hash: string;
  attempts: Generated<number>;
  ip: string;
  /** The device that asked for the code; only it may use the code. */
  device_id: string;
  created_at: number;
  expires_at: number;
  consumed_at: number | null;
}

export interface ServerSecretTable {
  name: string;
  value: string;
  created_at: number;
}

export interface OutboxMessageTable {
  id: Generated<number>;
  recipient: string;
  subject: string;
  text_body: string;
  html_body: string;
  created_at: number;
}

export interface CandleTable {
  coin_id: string;
  resolution: string;
  time: number;
  open: number;
  high: number;
  low: number;
  close: number;
  volume: number;
  amount: number;
}

export interface ScoreReadingTable {
  coin_id: string;
  time: number;
  score: number;
  /** JSON of the reading's components, flags and corroboration figures; null once older than a day. */
  detail: string | null;
}

export interface WatchCoinTable {
  user_id: number;
  coin_id: string;
  position: number;
  created_at: number;
}

export interface WatchExchangeTable {
  user_id: number;
  exchange_id: string;
  position: number;
  created_at: number;
}

/** An image stored by the upload endpoint; `name` is its file name under /uploads/. */
export interface UploadedImageTable {
  name: string;
  user_id: number;
  created_at: number;
}

/** An uploaded image's bytes, where the database is the shared image storage. */
export interface ImageBlobTable {
  name: string;
  content: Buffer;
}

export type ArticleKind = 'fastnews' | 'news';
/** Where an article came from: bundled samples, a followed feed, a market event, an official announcement, an operator. */
export type ArticleOrigin = 'sample' | 'feed' | 'market' | 'announcement' | 'operator';

/** A flash or a news article. Texts are JSON `{en?, vi?, zh-Hans?}`; bodies are sanitised HTML. */
export interface ArticleTable {
  id: Generated<number>;
  kind: ArticleKind;
  origin: ArticleOrigin;
  /** Unique per source item (feed GUID, canonical URL, event key): what makes ingest idempotent. */
  origin_key: string;
  title_i18n: string;
  summary_i18n: string;
  body_i18n: string;
  /** Lower-cased titles in every language, for search. */
  search_text: string;
  title_fingerprint: string;
  source_name: string;
  source_url: string | null;
  image_url: string | null;
  important: Generated<number>;
  published_at: number;
  created_at: number;
  retracted_at: number | null;
  bullish: Generated<number>;
  bearish: Generated<number>;
  comment_count: Generated<number>;
}

export interface ArticleCoinTable {
  article_id: number;
  coin_id: string;
}

export type VoteDirection = 'bullish' | 'bearish';

export interface ArticleVoteTable {
  article_id: number;
  user_id: number;
  direction: VoteDirection;
  created_at: number;
}

export interface ArticleCommentTable {
  id: Generated<number>;
  article_id: number;
  user_id: number;
  body: string;
  created_at: number;
}

/** A news feed or an official page being followed, with its conditional-request validators and back-off. */
export interface FollowedSourceTable {
  url: string;
  kind: 'feed' | 'official_feed' | 'official_page';
  coin_id: string | null;
  etag: string | null;
  last_modified: string | null;
  content_hash: string | null;
  failures: Generated<number>;
  next_poll_at: number;
  last_ok_at: number | null;
  last_error: string | null;
}

export type InboxCategory = 'notice' | 'system';

/** A message to one user, or to everyone when `user_id` is null. */
export interface InboxMessageTable {
  id: Generated<number>;
  user_id: number | null;
  category: InboxCategory;
  title_i18n: string;
  body_i18n: string;
  /** An in-app deep link the message opens, if any. */
  link: string | null;
  /** Keeps event-driven messages from repeating (e.g. one per flag per coin per day). */
  dedupe_key: string | null;
  created_at: number;
  retracted_at: number | null;
}

export interface InboxReadTable {
  message_id: number;
  user_id: number;
  read_at: number;
}

export interface AdTable {
  id: Generated<number>;
  position: string;
  title_i18n: string;
  image_url: string;
  link_url: string;
  priority: Generated<number>;
  starts_at: number;
  ends_at: number | null;
  created_at: number;
  retracted_at: number | null;
}

/** One browser's Web Push subscription, bound to its device id (decision D17). */
export interface PushSubscriptionTable {
  device_id: string;
  user_id: number | null;
  /** The session it was registered in; the user's pushes reach it only while that session is live. */
  session_id: string | null;
  endpoint: string;
  p256dh: string;
  auth: string;
  language: string;
  created_at: number;
  updated_at: number;
  /** Deliveries failed in a row, and when the first of them failed (null while it works). */
  failures: Generated<number>;
  failing_since: number | null;
}

export interface PushPreferenceTable {
  user_id: number;
  inbox: number;
  coin_alerts: number;
  breaking: number;
  updated_at: number;
}

/** A user's alert (issue 25); deleted ones keep their row (deleted_at) so the index can follow the delete. */
export interface AlertTable {
  id: Generated<number>;
  user_id: number;
  coin_id: string;
  kind: string;
  level: number | null;
  currency: string | null;
  change_window: string | null;
  repeat: string;
  cooldown_minutes: number | null;
  paused: number;
  fired_count: number;
  last_fired_at: number | null;
  created_at: number;
  updated_at: number;
  deleted_at: number | null;
}

/** One firing of an alert, claimed by (alert_id, sequence) before it is delivered. */
export interface AlertFiringTable {
  id: Generated<number>;
  alert_id: number;
  user_id: number;
  sequence: number;
  coin_id: string;
  kind: string;
  level: number | null;
  currency: string | null;
  change_window: string | null;
  observed: number | null;
  flag: string | null;
  fired_at: number;
  message_id: number | null;
  /** When its inbox message was written (null: claimed, not yet delivered). */
  delivered_at: number | null;
}

/**
 * One buy, sell or transfer of a user's portfolio (issue 25). Amounts, prices, fees and rates are canonical
 * decimal text, exact (migration 0012); the rates are units of the currency per US dollar when it was recorded.
 */
export interface PortfolioTransactionTable {
  id: Generated<number>;
  user_id: number;
  coin_id: string;
  type: PortfolioTransactionType;
  amount: string;
  price: string | null;
  price_currency: string;
  price_usd_rate: string;
  fee: string;
  fee_currency: string;
  fee_usd_rate: string;
  time: number;
  note: string;
  created_at: number;
  updated_at: number;
}

export interface ApiKeyTable {
  id: Generated<number>;
  user_id: number;
  label: string;
  /** SHA-256 of the secret, hex. */
  secret_hash: string;
  hint: string;
  created_at: number;
  last_used_at: number | null;
  revoked_at: number | null;
}

export interface ApiKeyUsageTable {
  key_id: number;
  /** UTC day, YYYY-MM-DD. */
  day: string;
  calls: number;
}

export interface Database {
  app_releases: AppReleaseTable;
  users: UserTable;
  sessions: SessionTable;
  refresh_tokens: RefreshTokenTable;
  login_events: LoginEventTable;
  email_codes: EmailCodeTable;
  server_secrets: ServerSecretTable;
  outbox_messages: OutboxMessageTable;
  candles: CandleTable;
  score_readings: ScoreReadingTable;
  watch_coins: WatchCoinTable;
  watch_exchanges: WatchExchangeTable;
  uploaded_images: UploadedImageTable;
  image_blobs: ImageBlobTable;
  articles: ArticleTable;
  article_coins: ArticleCoinTable;
  article_votes: ArticleVoteTable;
  article_comments: ArticleCommentTable;
  followed_sources: FollowedSourceTable;
  inbox_messages: InboxMessageTable;
  inbox_reads: InboxReadTable;
  ads: AdTable;
  push_subscriptions: PushSubscriptionTable;
  push_preferences: PushPreferenceTable;
  alerts: AlertTable;
  alert_firings: AlertFiringTable;
  portfolio_transactions: PortfolioTransactionTable;
  api_keys: ApiKeyTable;
  api_key_usage: ApiKeyUsageTable;
}
