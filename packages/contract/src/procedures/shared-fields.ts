import { z } from 'zod';

// Fields several procedure groups share; not part of the package's exports.

/** Every price procedure answers in the caller's currency, converted on the server (default USD). */
export const currency = z
  .string()
  .trim()
  .toLowerCase()
  .regex(/^[a-z]{3,5}$/, 'unknown currency')
  .default('usd');
export const page = z.number().int().min(1).max(10_000).default(1);
export const pageSize = z.number().int().min(1).max(100).default(50);

/** Freshness of a value: when it was true, and whether its source has gone quiet (ARCHITECTURE principle 2). */
export const freshness = { as_of: z.number().int(), stale: z.boolean() };
