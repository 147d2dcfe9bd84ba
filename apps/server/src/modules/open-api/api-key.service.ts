import { createHash, randomBytes } from 'node:crypto';

import { API_KEYS_PER_USER, ErrorCode } from '@coinlens/contract';
import type { ApiKeyView } from '@coinlens/contract';

import { ProcedureFailure } from '../../gateway/procedure-failure.js';
import type { ApiKeyRepository, ApiKeyRow } from './api-key.repository.js';

/** A live key the API resolved from a caller's header. */
export interface ResolvedKey {
  id: number;
  userId: number;
}

export interface ApiKeyLimits {
  perKeyPerMinute: number;
  anonymousPerMinute: number;
}

/**
 * How long a resolved key (or a secret that matched none) is trusted without asking the database: a key revoked
 * on another instance stops working there within this time (at once on the instance that revoked it).
 */
const RESOLVE_CACHE_MS = 30_000;
/** Secrets remembered at most; past it the memory starts again (random secrets must not grow it without end). */
const RESOLVE_CACHE_ENTRIES = 10_000;
/** Counted calls are written this often, one statement per key, not one per call. */
const USAGE_FLUSH_MS = 10_000;

export function secretHash(secret: string): string {
  return createHash('sha256').update(secret).digest('hex');
}

function utcDay(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10);
}

/** Keys of the open API: created and revoked by their owner, resolved from callers' headers, their calls counted. */
export class ApiKeyService {
  private readonly resolved = new Map<string, { key: ResolvedKey | null; until: number }>();
  private pending = new Map<number, number>();
  private readonly flushTimer: NodeJS.Timeout;
  private flushing: Promise<void> = Promise.resolve();

  constructor(
    private readonly keys: ApiKeyRepository,
    readonly limits: ApiKeyLimits,
    private readonly now: () => number = Date.now,
    private readonly onFlushError: (error: unknown) => void = () => undefined,
  ) {
    this.flushTimer = setInterval(() => void this.flush(), USAGE_FLUSH_MS);
    this.flushTimer.unref();
  }

  async list(userId: number): Promise<{ list: ApiKeyView[]; anonymous_limit_per_minute: number }> {
    await this.flush();
    const rows = await this.keys.listLive(userId);
    const usage = await this.keys.usage(
      rows.map((row) => row.id),
      utcDay(this.now()),
    );
    return {
      list: rows.map((row) => this.view(row, usage.get(row.id) ?? { today: 0, total: 0 })),
      anonymous_limit_per_minute: this.limits.anonymousPerMinute,
    };
  }

  /** A new key; its secret is returned here once and only its hash is kept. */
  async create(userId: number, label: string): Promise<{ key: ApiKeyView; secret: string }> {
    if ((await this.keys.listLive(userId)).length >= API_KEYS_PER_USER)
      throw new ProcedureFailure(ErrorCode.LimitExceeded, 'api_keys');
    const secret = `cl_${randomBytes(24).toString('base64url')}`;
    const row = await this.keys.create(
      { userId, label, secretHash: secretHash(secret), hint: secret.slice(-4) },
      this.now(),
    );
    return { key: this.view(row, { today: 0, total: 0 }), secret };
  }

  async revoke(userId: number, id: number): Promise<void> {
    if (!(await this.keys.revoke(userId, id, this.now()))) throw new ProcedureFailure(ErrorCode.NotFound);
    for (const [hash, entry] of this.resolved) if (entry.key?.id === id) this.resolved.delete(hash);
  }

  /** The live key a secret names, or null. */
  async resolve(secret: string): Promise<ResolvedKey | null> {
    const hash = secretHash(secret);
    const now = this.now();
    const cached = this.resolved.get(hash);
    if (cached && cached.until > now) return cached.key;
    const row = await this.keys.findLive(hash);
    const key = row ? { id: row.id, userId: row.user_id } : null;
    if (this.resolved.size >= RESOLVE_CACHE_ENTRIES) this.resolved.clear();
    this.resolved.set(hash, { key, until: now + RESOLVE_CACHE_MS });
    return key;
  }

  /** One call made with `keyId`, written with the next flush. */
  count(keyId: number): void {
    this.pending.set(keyId, (this.pending.get(keyId) ?? 0) + 1);
  }

  /** Writes the calls counted so far (one flush at a time; a failed write keeps its counts for the next). */
  flush(): Promise<void> {
    this.flushing = this.flushing.then(async () => {
      if (this.pending.size === 0) return;
      const counts = this.pending;
      this.pending = new Map();
      const now = this.now();
      try {
        await this.keys.addUsage(counts, utcDay(now), now);
      } catch (error) {
        for (const [id, calls] of counts) this.pending.set(id, (this.pending.get(id) ?? 0) + calls);
        this.onFlushError(error);
      }
    });
    return this.flushing;
  }

  async stop(): Promise<void> {
    clearInterval(this.flushTimer);
    await this.flush();
  }

  private view(row: ApiKeyRow, usage: { today: number; total: number }): ApiKeyView {
    return {
      id: row.id,
      label: row.label,
      hint: row.hint,
      created_at: Number(row.created_at),
      last_used_at: row.last_used_at === null ? null : Number(row.last_used_at),
      calls_today: usage.today,
      calls_total: usage.total,
      limit_per_minute: this.limits.perKeyPerMinute,
    };
  }
}
