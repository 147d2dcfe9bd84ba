import type { Kysely } from 'kysely';

import type { Database } from '../../db/schema.js';
import type { ImageStorage, StoredImage } from './image-storage.js';
import { newStoredImageName, STORED_IMAGE_NAME, storedImageNameOf, storedImageUrl } from './image-storage.js';

/**
 * Images as rows of `image_blobs`: every instance on the same PostgreSQL serves every upload. Avatars are small
 * re-encoded WebPs (at most 512 pixels a side), so a row per image is cheap; the insert is atomic, so a crash
 * never leaves half an image.
 */
export class DatabaseImageStorage implements ImageStorage {
  constructor(private readonly db: Kysely<Database>) {}

  async save(bytes: Buffer, extension: 'webp'): Promise<StoredImage> {
    const name = newStoredImageName(extension);
    await this.db.insertInto('image_blobs').values({ name, content: bytes }).execute();
    return { name, url: storedImageUrl(name) };
  }

  async read(name: string): Promise<Buffer | null> {
    if (!STORED_IMAGE_NAME.test(name)) return null;
    const row = await this.db
      .selectFrom('image_blobs')
      .select('content')
      .where('name', '=', name)
      .executeTakeFirst();
    return row?.content ?? null;
  }

  async remove(name: string): Promise<void> {
    await this.db.deleteFrom('image_blobs').where('name', '=', name).execute();
  }

  nameOf(url: string): string | null {
    return storedImageNameOf(url);
  }
}
