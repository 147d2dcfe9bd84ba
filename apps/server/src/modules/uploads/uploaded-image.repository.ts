import { sql } from 'kysely';
import type { Kysely } from 'kysely';

import type { Database } from '../../db/schema.js';
import { UPLOADS_URL_PREFIX } from './image-storage.js';

export class UploadedImageRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async record(name: string, userId: number, at: number): Promise<void> {
    await this.db.insertInto('uploaded_images').values({ name, user_id: userId, created_at: at }).execute();
  }

  /** Times of the user's uploads since `since`, oldest first. */
  async uploadTimesSince(userId: number, since: number): Promise<number[]> {
    const rows = await this.db
      .selectFrom('uploaded_images')
      .select('created_at')
      .where('user_id', '=', userId)
      .where('created_at', '>', since)
      .orderBy('created_at', 'asc')
      .execute();
    return rows.map((row) => row.created_at);
  }

  async isOwnedBy(name: string, userId: number): Promise<boolean> {
    const row = await this.db
      .selectFrom('uploaded_images')
      .select('name')
      .where('name', '=', name)
      .where('user_id', '=', userId)
      .executeTakeFirst();
    return row !== undefined;
  }

  /** Images stored before `before` that no account has as its avatar, oldest first, at most `limit`. */
  async unadoptedBefore(before: number, limit: number): Promise<string[]> {
    const avatarUrl = sql<string>`${UPLOADS_URL_PREFIX} || uploaded_images.name`;
    const rows = await this.db
      .selectFrom('uploaded_images')
      .select('name')
      .where('created_at', '<', before)
      .where((expression) =>
        expression.not(
          expression.exists(
            expression.selectFrom('users').select('users.id').where('users.avatar', '=', avatarUrl),
          ),
        ),
      )
      .orderBy('created_at', 'asc')
      .limit(limit)
      .execute();
    return rows.map((row) => row.name);
  }

  async remove(name: string): Promise<void> {
    await this.db.deleteFrom('uploaded_images').where('name', '=', name).execute();
  }
}
