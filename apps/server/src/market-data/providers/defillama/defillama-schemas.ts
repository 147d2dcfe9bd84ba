/**
 * Zod schemas of the DefiLlama responses read, written from DefiLlama's API documentation
 * (defillama.com/docs/api): lenient on unused fields, strict on used ones.
 */
import { z } from 'zod';

const nullableNumber = z.number().nullable();

/** `GET /protocols`: every protocol with its current TVL; `gecko_id` names its token on CoinGecko. */
export const protocolsSchema = z.array(
  z.looseObject({
    id: z.string(),
    name: z.string(),
    gecko_id: z.string().nullish(),
    tvl: nullableNumber.optional(),
  }),
);
export type DefiLlamaProtocol = z.infer<typeof protocolsSchema>[number];

/** `GET /v2/chains`: every chain's current TVL; `gecko_id` names its native token on CoinGecko. */
export const chainsSchema = z.array(
  z.looseObject({
    name: z.string(),
    gecko_id: z.string().nullish(),
    tvl: nullableNumber,
  }),
);
export type DefiLlamaChain = z.infer<typeof chainsSchema>[number];

/** `GET /overview/fees?dataType=dailyFees|dailyRevenue`: per protocol the last 24 h (`total24h`). */
export const feesOverviewSchema = z.looseObject({
  protocols: z.array(
    z.looseObject({
      name: z.string(),
      defillamaId: z.union([z.string(), z.number()]).nullish(),
      total24h: nullableNumber.optional(),
    }),
  ),
});
export type FeesOverview = z.infer<typeof feesOverviewSchema>;
