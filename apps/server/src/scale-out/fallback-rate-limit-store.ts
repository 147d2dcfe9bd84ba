import { createRequire } from 'node:module';

import type {
  FastifyRateLimitOptions,
  FastifyRateLimitStore,
  FastifyRateLimitStoreCtor,
} from '@fastify/rate-limit';
import type { Redis } from 'ioredis';

type StoreOf = new (
  continueExceeding: boolean | undefined,
  exponentialBackoff: boolean | undefined,
  ...rest: unknown[]
) => FastifyRateLimitStore & { read?: FastifyRateLimitStore['incr'] };

// The plugin's own stores (CommonJS, no types of their own): the shared count in Redis, and a count in memory.
const require = createRequire(import.meta.url);
const RedisStore = require('@fastify/rate-limit/store/RedisStore.js') as StoreOf;
const LocalStore = require('@fastify/rate-limit/store/LocalStore.js') as StoreOf;

/** Keys the per-process fallback remembers (the plugin's own default). */
const LOCAL_KEYS = 5_000;

type RouteOptions = Parameters<FastifyRateLimitStore['child']>[0];
type Store = FastifyRateLimitStore & { read?: FastifyRateLimitStore['incr'] };

/** Counts in `shared`; a call whose count `shared` could not take is counted in `local`. */
function combined(shared: Store, local: Store): Store {
  return {
    incr: (key, callback, timeWindow, max) =>
      shared.incr(
        key,
        (error, result) => (error ? local.incr(key, callback, timeWindow, max) : callback(null, result)),
        timeWindow,
        max,
      ),
    read: (key, callback, timeWindow, max) =>
      shared.read!(
        key,
        (error, result) => (error ? local.read!(key, callback, timeWindow, max) : callback(null, result)),
        timeWindow,
        max,
      ),
    child: (routeOptions: RouteOptions) => combined(shared.child(routeOptions), local.child(routeOptions)),
  };
}

/**
 * The gateway rate limit's store: counted in Redis, shared by every instance; while Redis fails, each instance
 * counts its own calls instead of letting every call through (one address would otherwise meet no limit at all
 * during an outage). The live-socket cap falls back the same way.
 */
export function fallbackRateLimitStore(redis: Redis, nameSpace: string): FastifyRateLimitStoreCtor {
  // The plugin constructs its store with `new`; a constructor may hand back another object.
  // The plugin hands its global parameters, which carry these two beside the typed options.
  function FallbackStore(
    options: FastifyRateLimitOptions & { continueExceeding?: boolean; exponentialBackoff?: boolean },
  ): Store {
    return combined(
      new RedisStore(options.continueExceeding, options.exponentialBackoff, redis, nameSpace),
      new LocalStore(options.continueExceeding, options.exponentialBackoff, LOCAL_KEYS),
    );
  }
  return FallbackStore as unknown as FastifyRateLimitStoreCtor;
}
