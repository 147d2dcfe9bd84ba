import type { LocalisedText } from '@coinlens/contract';

/** A message to deliver to one user (or every user when `userId` is null), in as many languages as it has. */
export interface InboxMessageDraft {
  userId: number | null;
  category: 'notice' | 'system';
  title: Partial<LocalisedText>;
  body: Partial<LocalisedText>;
  link?: string | null;
  dedupeKey?: string | null;
  /** Which push switch governs it; default the inbox's. */
  pushTopic?: 'inbox' | 'coin_alerts';
}
