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
  watch_coins: WatchCoinTable;
  watch_exchanges: WatchExchangeTable;
  uploaded_images: UploadedImageTable;
}
