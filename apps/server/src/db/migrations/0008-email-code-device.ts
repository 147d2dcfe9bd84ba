import type { Kysely, Migration } from 'kysely';

/**
 * Binds each email code to the device that asked for it (issue 24, finding 4): a stranger's requests and wrong
 * guesses retire only their own codes, never the one in the owner's mailbox. Codes issued before this
 * migration belong to no device ('-') and simply expire within their 10 minutes.
 */
export const emailCodeDeviceMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .alterTable('email_codes')
      .addColumn('device_id', 'text', (column) => column.notNull().defaultTo('-'))
      .execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.alterTable('email_codes').dropColumn('device_id').execute();
  },
};
