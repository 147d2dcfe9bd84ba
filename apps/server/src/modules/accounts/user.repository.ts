import type { Kysely, Selectable } from 'kysely';

import type { Database, UserStatus, UserTable } from '../../db/schema.js';

export type UserRow = Selectable<UserTable>;

export interface NewUser {
  email: string;
  passwordHash: string;
  nickname: string;
  country: string;
  at: number;
}

export interface ProfileChanges {
  nickname?: string | undefined;
  bio?: string | undefined;
  avatar?: string | undefined;
}

/** Unique-constraint violations look different per driver; both mean "this email is taken". */
export function isUniqueViolation(error: unknown): boolean {
  const { code, message } = (error ?? {}) as { code?: unknown; message?: unknown };
  return (
    code === '23505' ||
    code === 'SQLITE_CONSTRAINT_UNIQUE' ||
    (typeof message === 'string' && /UNIQUE constraint failed/.test(message))
  );
}

export class UserRepository {
  constructor(private readonly db: Kysely<Database>) {}

  findByEmail(email: string): Promise<UserRow | undefined> {
    return this.db.selectFrom('users').selectAll().where('email', '=', email).executeTakeFirst();
  }

  findById(id: number): Promise<UserRow | undefined> {
    return this.db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
  }

  /** Returns the new user, or null when the email is already registered. */
  async create(user: NewUser): Promise<UserRow | null> {
    try {
      return await this.db
        .insertInto('users')
        .values({
          email: user.email,
          password_hash: user.passwordHash,
          nickname: user.nickname,
          country: user.country,
          created_at: user.at,
          updated_at: user.at,
          password_changed_at: null,
        })
        .returningAll()
        .executeTakeFirstOrThrow();
    } catch (error) {
      if (isUniqueViolation(error)) return null;
      throw error;
    }
  }

  async updateProfile(id: number, changes: ProfileChanges, at: number): Promise<void> {
    await this.db
      .updateTable('users')
      .set({
        ...(changes.nickname !== undefined ? { nickname: changes.nickname } : {}),
        ...(changes.bio !== undefined ? { bio: changes.bio } : {}),
        ...(changes.avatar !== undefined ? { avatar: changes.avatar } : {}),
        updated_at: at,
      })
      .where('id', '=', id)
      .execute();
  }

  async updatePassword(id: number, passwordHash: string, at: number): Promise<void> {
    await this.db
      .updateTable('users')
      .set({ password_hash: passwordHash, password_changed_at: at, updated_at: at })
      .where('id', '=', id)
      .execute();
  }

  async setStatus(id: number, status: UserStatus, at: number): Promise<void> {
    await this.db.updateTable('users').set({ status, updated_at: at }).where('id', '=', id).execute();
  }
}
