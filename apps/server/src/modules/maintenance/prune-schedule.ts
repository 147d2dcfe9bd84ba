import type { FastifyBaseLogger } from 'fastify';

import { RETENTION } from './retention.js';
import type { PruneReport } from './row-pruner.js';

/**
 * Runs the pruner on RETENTION's pace while this instance leads (one instance prunes for all), never two runs at
 * once; answers a stop function.
 */
export function scheduleRowPruning(
  pruner: { prune(): Promise<PruneReport> },
  log: FastifyBaseLogger,
  pace: { firstRunAfterMs: number; intervalMs: number } = RETENTION,
): () => void {
  let running = false;
  const run = () => {
    if (running) return;
    running = true;
    pruner
      .prune()
      .then(
        (removed) => {
          if (Object.values(removed).some((count) => count > 0))
            log.info({ removed }, 'removed expired rows');
        },
        (error: unknown) => log.error({ err: error }, 'row pruning failed'),
      )
      .finally(() => {
        running = false;
      });
  };
  const first = setTimeout(run, pace.firstRunAfterMs);
  const every = setInterval(run, pace.intervalMs);
  first.unref();
  every.unref();
  return () => {
    clearTimeout(first);
    clearInterval(every);
  };
}
