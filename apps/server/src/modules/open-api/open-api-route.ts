import { openApiId } from '@coinlens/contract';
import { z } from 'zod';

/** What a route's answer is built from: its parsed parameters and the caller. */
export interface RouteInput<Q extends z.ZodType, P extends z.ZodType> {
  query: z.output<Q>;
  params: z.output<P>;
  /** The caller's address (the rate limit and hot-coin counts key on it). */
  ip: string;
  /** Makes a logo path absolute against the address the caller used. */
  image: (logo: string) => string;
}

/** One GET route of the open API: its path, parameters, how long its answer may be cached, and the answer. */
export interface OpenApiRoute<Q extends z.ZodType = z.ZodType, P extends z.ZodType = z.ZodType> {
  path: string;
  /** One line for the reference: what the route answers. */
  summary: string;
  /** The schema of CoinGecko's OpenAPI description the answer follows (its components.schemas name), in `/api/v3`. */
  shape?: string;
  /** The answer's own schema, from the contract, in `/api/v1`. */
  response?: z.ZodType;
  query: Q;
  params?: P;
  /** Its answer depends on the caller or records the call (a coin page's view, a search): never shared. */
  perCaller?: boolean;
  /** Cache-Control max-age: how long the answer stays true (prices a tick, daily history an hour). */
  maxAgeSeconds: number;
  answer(input: RouteInput<Q, P>): unknown;
}

/** Types a route from its own schemas (an array of routes would otherwise see every query as unknown). */
export function defineRoute<Q extends z.ZodType, P extends z.ZodType = z.ZodObject>(
  route: OpenApiRoute<Q, P>,
): OpenApiRoute {
  return route;
}

/** The `{id}` of a coin or exchange path. */
export const idParams = z.object({ id: openApiId });
