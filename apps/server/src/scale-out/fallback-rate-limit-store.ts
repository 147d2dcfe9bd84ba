import { createRequire } from 'node:module';

import type {
  FastifyRateLimitOptions,
  FastifyRateLimitStore,
  FastifyRateLimitStoreCtor,
} from '@fastify/rate-limit';
import type { Redis } from 'ioredis';

import { LeasedCounts } from './leased-counts.js';

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
 * Counts in Redis taken in leases (leased-counts.ts), reading as `shared` does. The route's counter has the key the
 * plugin's own Redis store gives it (`<name space><method><url>-<caller>`), so both read the same count.
 */
function leased(shared: Store, redis: Redis, prefix: string): Store {
  const counts = new LeasedCounts(redis, prefix);
  return {
    incr: (key, callback, timeWindow, max) => counts.incr(key, callback, timeWindow, max),
    ...(shared.read ? { read: shared.read.bind(shared) } : {}),
    child: (routeOptions: RouteOptions) => {
      // The plugin hands a child its merged parameters, the route's options under `routeInfo` (its types say else).
      const { method, url } = (routeOptions as unknown as { routeInfo: { method?: unknown; url?: unknown } })
        .routeInfo;
      return leased(shared.child(routeOptions), redis, `${prefix}${String(method)}${String(url)}-`);
    },
  };
}

/**
 * The gateway rate limit's store: counted in Redis, shared by every instance, a busy caller's calls a lease of
 * several at a time (one command every few calls instead of one a call); while Redis fails, each instance counts
 * its own calls instead of letting every call through (one address would otherwise meet no limit at all during an
 * outage). The live-socket cap falls back the same way. A route that asks for `continueExceeding` or
 * `exponentialBackoff` (the gateway does not) is counted a call at a time by the plugin's own Redis store.
 */
export function fallbackRateLimitStore(redis: Redis, nameSpace: string): FastifyRateLimitStoreCtor {
  // The plugin constructs its store with `new`; a constructor may hand back another object.
  // The plugin hands its global parameters, which carry these two beside the typed options.
  function FallbackStore(
    options: FastifyRateLimitOptions & { continueExceeding?: boolean; exponentialBackoff?: boolean },
  ): Store {
    const shared = new RedisStore(options.continueExceeding, options.exponentialBackoff, redis, nameSpace);
    const exact = options.continueExceeding === true || options.exponentialBackoff === true;
    return combined(
      exact ? shared : leased(shared, redis, nameSpace),
      new LocalStore(options.continueExceeding, options.exponentialBackoff, LOCAL_KEYS),
    );
  }
  return FallbackStore as unknown as FastifyRateLimitStoreCtor;
}
