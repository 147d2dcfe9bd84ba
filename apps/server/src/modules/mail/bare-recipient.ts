import { isValidEmail } from '@coinlens/contract';

/** A recipient that is not one bare address (a display name, a list, a group, a header break). */
export class RecipientRefusedError extends Error {
  override readonly name = 'RecipientRefusedError';
}

/**
 * `to` itself if it is one bare address by the contract's email rule, the same one the forms and schemas use.
 * A mailer parses `x<victim@host>` or `a@b, victim@host` as a name or a list and delivers to another address
 * than the one the send quota counted, so nothing else is handed to it.
 */
export function bareRecipient(to: string): string {
  if (!isValidEmail(to)) throw new RecipientRefusedError('recipient is not a bare email address');
  return to;
}
