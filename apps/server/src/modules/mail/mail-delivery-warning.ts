import type { AppConfig } from '../../config/config.js';

/** The start-up line that says, loudly, when mail goes nowhere real; null when SMTP delivers it. */
export function mailDeliveryWarning(config: Pick<AppConfig, 'SMTP_URL' | 'DEV_OUTBOX'>): string | null {
  if (config.SMTP_URL) return null;
  const where = config.DEV_OUTBOX
    ? 'printed to this log and shown at /dev/outbox to callers on this machine'
    : 'printed to this log only (DEV_OUTBOX=true also shows them at /dev/outbox on this machine)';
  return `MAIL IS NOT SENT: SMTP_URL is not set, so no email leaves this server. Sign-up and reset codes are ${where}. Set SMTP_URL before anyone else uses this server.`;
}
