import { ErrorCode, parameterErrorMessage, uploadRejectionMessage } from '@coinlens/contract';
import type { UploadResult } from '@coinlens/contract';

import { LocalisedFailure, TooManyAttempts } from '../../gateway/procedure-failure.js';
import type { AttemptLimiter } from '../../security/attempt-limiter.js';
import { addressKey } from '../../security/address-key.js';
import {
  MemoryConcurrencyLimiter,
  type ConcurrencyLimiter,
  type SlotRelease,
} from '../../security/concurrency-limiter.js';
import { processAvatar, UploadRejected } from './avatar-image.js';
import { DecodeGate, GateFull } from './decode-gate.js';
import type { ImageStorage } from './image-storage.js';
import type { UploadedImageRepository } from './uploaded-image.repository.js';

const FAILED: UploadResult = { url: '', success: false };
const DAY_MS = 24 * 60 * 60_000;

export const UPLOAD_RULES = {
  /** Upload attempts per user (accepted or not: a refused decode costs as much as an accepted one). */
  attemptsPerUser: 10,
  attemptWindowMs: 10 * 60_000,
  /** Images stored per user per rolling day. */
  storedPerUserPerDay: 20,
  /** Decodes running at once and waiting; beyond that "too frequent" at once. */
  concurrentDecodes: 2,
  queuedDecodes: 4,
  /**
   * Upload bodies being received at once, per process and per caller address: each may hold its 8 MB field
   * in memory while it arrives, so 8 bound that memory to about 64 MB (plus decoding, bounded above).
   */
  concurrentUploads: 8,
  concurrentUploadsPerAddress: 2,
  /** Retry-After when every upload slot is taken: uploads are short, so soon. */
  busyRetryAfterSeconds: 5,
  /** An image not adopted as an avatar within this time is removed. */
  adoptionGraceMs: DAY_MS,
  /** The sweep's pace and batch. */
  sweepIntervalMs: 60 * 60_000,
  sweepBatch: 500,
} as const;

/** The multipart fields of `/gwapi/alibase64upload`: `file` (base64 data URL), `ext_name`, optional `extra`. */
export class AvatarUploadService {
  private readonly gate = new DecodeGate(UPLOAD_RULES.concurrentDecodes, UPLOAD_RULES.queuedDecodes);
  /** This process's memory is what `concurrentUploads` protects, so its slots are counted here, never shared. */
  private readonly processSlots = new MemoryConcurrencyLimiter();

  constructor(
    /** Where the images are kept; the `/uploads/` route serves them from it. */
    readonly storage: ImageStorage,
    private readonly images: UploadedImageRepository,
    private readonly limiter: AttemptLimiter,
    /** Upload slots per caller address, shared by every instance in production mode. */
    private readonly addressSlots: ConcurrencyLimiter,
    private readonly now: () => number = Date.now,
  ) {}

  /**
   * Runs for a logged-in caller before any of the upload's body is read: takes an upload slot of the caller's
   * address and of the process, then counts the attempt against the user's budget. Answers the release to call
   * when the upload is over (answered, refused or abandoned); throws `TooManyAttempts` instead when refused.
   */
  async admit(userId: number, address: string): Promise<SlotRelease> {
    const ownSlot = await this.addressSlots.acquire(
      `upload:address:${addressKey(address)}`,
      UPLOAD_RULES.concurrentUploadsPerAddress,
    );
    if (!ownSlot) throw new TooManyAttempts(UPLOAD_RULES.busyRetryAfterSeconds);
    const processSlot = await this.processSlots.acquire('upload:process', UPLOAD_RULES.concurrentUploads);
    if (!processSlot) {
      ownSlot();
      throw new TooManyAttempts(UPLOAD_RULES.busyRetryAfterSeconds);
    }
    const release = () => {
      processSlot();
      ownSlot();
    };
    try {
      await this.countAttempt(userId);
    } catch (error) {
      release();
      throw error;
    }
    return release;
  }

  /** Stores the upload's image; the caller was admitted (`admit`) before its body was read. */
  async upload(fields: Readonly<Record<string, string>>, userId: number): Promise<UploadResult> {
    const file = fields.file;
    const extension = fields.ext_name;
    for (const [name, value] of [
      ['file', file],
      ['ext_name', extension],
    ] as const) {
      if (!value)
        throw new LocalisedFailure(
          ErrorCode.ParameterInvalid,
          (lang) => parameterErrorMessage(name, null, lang),
          FAILED,
        );
    }
    let image: Buffer;
    try {
      image = await this.gate.run(() => processAvatar(file ?? '', extension ?? ''));
    } catch (error) {
      if (error instanceof GateFull) throw new TooManyAttempts(2);
      if (error instanceof UploadRejected) {
        const reason = error.reason;
        throw new LocalisedFailure(
          ErrorCode.ParameterInvalid,
          (lang) => uploadRejectionMessage(reason, lang),
          FAILED,
        );
      }
      throw error;
    }
    const stored = await this.storage.save(image, 'webp');
    await this.images.record(stored.name, userId, this.now());
    return { url: stored.url, success: true };
  }

  /** Whether `url` is an image this user uploaded (only those may become their avatar). */
  async isOwnUpload(url: string, userId: number): Promise<boolean> {
    const name = this.storage.nameOf(url);
    return name !== null && this.images.isOwnedBy(name, userId);
  }

  /** Removes images nobody adopted as an avatar within the grace period; answers how many went. */
  async sweepUnadopted(): Promise<number> {
    const names = await this.images.unadoptedBefore(
      this.now() - UPLOAD_RULES.adoptionGraceMs,
      UPLOAD_RULES.sweepBatch,
    );
    for (const name of names) {
      await this.storage.remove(name);
      await this.images.remove(name);
    }
    return names.length;
  }

  private async countAttempt(userId: number): Promise<void> {
    const attempt = await this.limiter.hit(
      `upload:${userId}`,
      UPLOAD_RULES.attemptsPerUser,
      UPLOAD_RULES.attemptWindowMs,
    );
    if (!attempt.allowed) throw TooManyAttempts.afterMs(attempt.retryAfterMs);
    const now = this.now();
    const today = await this.images.uploadTimesSince(userId, now - DAY_MS);
    if (today.length >= UPLOAD_RULES.storedPerUserPerDay) {
      throw TooManyAttempts.afterMs((today[0] ?? now) + DAY_MS - now);
    }
  }
}
