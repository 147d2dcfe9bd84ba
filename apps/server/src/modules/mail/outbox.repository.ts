import type { Kysely } from 'kysely';

import type { Database } from '../../db/schema.js';
import type { MailMessage } from './mailer.js';

export interface StoredMessage extends MailMessage {
  id: number;
  createdAt: number;
}

export class OutboxRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async store(message: MailMessage, at: number): Promise<void> {
    await this.db
      .insertInto('outbox_messages')
      .values({
        recipient: message.to,
        subject: message.subject,
        text_body: message.text,
        html_body: message.html,
        created_at: at,
      })
      .execute();
  }

  async latest(limit: number, recipient?: string): Promise<StoredMessage[]> {
    let query = this.db.selectFrom('outbox_messages').selectAll().orderBy('id', 'desc').limit(limit);
    if (recipient) query = query.where('recipient', '=', recipient.toLowerCase());
    const rows = await query.execute();
    return rows.map((row) => ({
      id: row.id,
      to: row.recipient,
      subject: row.subject,
      text: row.text_body,
      html: row.html_body,
      createdAt: row.created_at,
    }));
  }
}
