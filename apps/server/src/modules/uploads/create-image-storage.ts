import type { AppConfig } from '../../config/config.js';
import { isProductionMode } from '../../config/production-mode.js';
import type { DatabaseHandle } from '../../db/database.js';
import { DatabaseImageStorage } from './database-image-storage.js';
import type { ImageStorage } from './image-storage.js';
import { LocalDiskImageStorage } from './image-storage.js';

export type ImageStorageConfig = Pick<
  AppConfig,
  | 'DATABASE_URL'
  | 'REDIS_URL'
  | 'S3_BUCKET'
  | 'S3_ENDPOINT'
  | 'S3_REGION'
  | 'S3_ACCESS_KEY_ID'
  | 'S3_SECRET_ACCESS_KEY'
  | 'S3_FORCE_PATH_STYLE'
>;

/**
 * The object store when one is configured (S3_BUCKET); else, in production mode, the shared PostgreSQL, so every
 * instance serves every upload; else the local folder, as a single process always did. The AWS SDK is loaded
 * only for an object store: the other modes do not carry it (~24 MB resident).
 */
export async function createImageStorage(
  config: ImageStorageConfig,
  database: DatabaseHandle,
  uploadsDirectory: string,
): Promise<ImageStorage> {
  if (config.S3_BUCKET) {
    const { S3ImageStorage } = await import('./s3-image-storage.js');
    return new S3ImageStorage({
      bucket: config.S3_BUCKET,
      region: config.S3_REGION,
      endpoint: config.S3_ENDPOINT,
      credentials:
        config.S3_ACCESS_KEY_ID && config.S3_SECRET_ACCESS_KEY
          ? { accessKeyId: config.S3_ACCESS_KEY_ID, secretAccessKey: config.S3_SECRET_ACCESS_KEY }
          : undefined,
      forcePathStyle: config.S3_FORCE_PATH_STYLE,
    });
  }
  if (isProductionMode(config)) return new DatabaseImageStorage(database.db);
  return new LocalDiskImageStorage(uploadsDirectory);
}
