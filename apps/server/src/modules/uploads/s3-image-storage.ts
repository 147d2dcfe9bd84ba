import {
  DeleteObjectCommand,
  GetObjectCommand,
  NoSuchKey,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';

import type { ImageStorage, StoredImage } from './image-storage.js';
import { newStoredImageName, STORED_IMAGE_NAME, storedImageNameOf, storedImageUrl } from './image-storage.js';

export interface S3Settings {
  bucket: string;
  region: string;
  /** Unset: AWS's own endpoint for the region. */
  endpoint?: string | undefined;
  /** Unset: the SDK's default credential chain (environment, profile, instance role). */
  credentials?: { accessKeyId: string; secretAccessKey: string } | undefined;
  /** `bucket` in the path instead of the host name (MinIO and most self-hosted stores). */
  forcePathStyle: boolean;
}

/** Every image lives under this key prefix, so the bucket can hold other things. */
export const S3_KEY_PREFIX = 'uploads/';

/** The object key an image name is stored under. */
export function objectKeyOf(name: string): string {
  return `${S3_KEY_PREFIX}${name}`;
}

/**
 * Images as objects in an S3-compatible store (AWS S3, MinIO, …): every instance serves every upload, and the
 * store, not the database, carries the bytes. The server still serves them under its own `/uploads/` URLs, so the
 * bucket can stay private and the headers stay ours.
 */
/**
 * How long one call to the object store may take, retries included: a store that hangs must not hold requests
 * (and their memory) for ever — 20,000 stayed pending without a deadline.
 */
export const S3_CALL_TIMEOUT_MS = 5_000;

export class S3ImageStorage implements ImageStorage {
  private readonly client: S3Client;

  constructor(private readonly settings: S3Settings) {
    this.client = new S3Client({
      region: settings.region,
      forcePathStyle: settings.forcePathStyle,
      ...(settings.endpoint ? { endpoint: settings.endpoint } : {}),
      ...(settings.credentials ? { credentials: settings.credentials } : {}),
    });
  }

  async save(bytes: Buffer, extension: 'webp'): Promise<StoredImage> {
    const name = newStoredImageName(extension);
    await this.client.send(
      new PutObjectCommand({
        Bucket: this.settings.bucket,
        Key: objectKeyOf(name),
        Body: bytes,
        ContentType: 'image/webp',
      }),
      { abortSignal: AbortSignal.timeout(S3_CALL_TIMEOUT_MS) },
    );
    return { name, url: storedImageUrl(name) };
  }

  async read(name: string): Promise<Buffer | null> {
    if (!STORED_IMAGE_NAME.test(name)) return null;
    try {
      const answer = await this.client.send(
        new GetObjectCommand({ Bucket: this.settings.bucket, Key: objectKeyOf(name) }),
        { abortSignal: AbortSignal.timeout(S3_CALL_TIMEOUT_MS) },
      );
      if (!answer.Body) return null;
      return Buffer.from(await answer.Body.transformToByteArray());
    } catch (error) {
      if (error instanceof NoSuchKey) return null;
      throw error;
    }
  }

  async remove(name: string): Promise<void> {
    if (!STORED_IMAGE_NAME.test(name)) return;
    // S3 answers a delete of a missing key with success, as `remove` promises.
    await this.client.send(
      new DeleteObjectCommand({ Bucket: this.settings.bucket, Key: objectKeyOf(name) }),
      { abortSignal: AbortSignal.timeout(S3_CALL_TIMEOUT_MS) },
    );
  }

  nameOf(url: string): string | null {
    return storedImageNameOf(url);
  }
}
