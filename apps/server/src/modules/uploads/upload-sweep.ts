import type { FastifyBaseLogger } from 'fastify';

import type { AvatarUploadService } from './avatar-upload.service.js';
import { UPLOAD_RULES } from './avatar-upload.service.js';

/** Sweeps unadopted uploads on the rule's pace, first a minute after start; answers a stop function. */
export function scheduleUploadSweep(avatars: AvatarUploadService, log: FastifyBaseLogger): () => void {
  const sweep = () => {
    avatars.sweepUnadopted().then(
      (removed) => {
        if (removed > 0) log.info({ removed }, 'removed uploads nobody adopted as an avatar');
      },
      (error: unknown) => log.error({ err: error }, 'upload sweep failed'),
    );
  };
  const first = setTimeout(sweep, 60_000);
  const every = setInterval(sweep, UPLOAD_RULES.sweepIntervalMs);
  first.unref();
  every.unref();
  return () => {
    clearTimeout(first);
    clearInterval(every);
  };
}
