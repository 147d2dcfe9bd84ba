/**
 * Zod schemas of the Coin Metrics API v4 answers read, written from its OpenAPI definition and documentation
 * (docs.coinmetrics.io, "Asset metrics"): lenient on unused fields, strict on used ones. Metric values are
 * strings (arbitrary precision); a metric the asset does not support is absent from the row, one without data
 * is null — both are read as unknown in the mapping, so the schema takes any value there.
 */
import { z } from 'zod';

/** One row of `GET /timeseries/asset-metrics`: an asset, the interval's start and the metrics asked for. */
export const assetMetricsRowSchema = z.looseObject({
  asset: z.string(),
  /** ISO 8601 with nanoseconds, e.g. `2024-01-01T00:00:00.000000000Z`: the start of the interval. */
  time: z.string(),
  AdrActCnt: z.unknown().optional(),
  TxCnt: z.unknown().optional(),
});
export type AssetMetricsRow = z.infer<typeof assetMetricsRowSchema>;

/** `GET /timeseries/asset-metrics`: one page of rows; `next_page_token` (and `next_page_url`) when more follow. */
export const assetMetricsPageSchema = z.looseObject({
  data: z.array(assetMetricsRowSchema),
  next_page_token: z.string().nullish(),
  next_page_url: z.string().nullish(),
});
export type AssetMetricsPage = z.infer<typeof assetMetricsPageSchema>;

/** The error envelope of every non-2xx answer: `{"error": {"type": "bad_parameter", "message": "…"}}`. */
export const errorEnvelopeSchema = z.looseObject({
  error: z.looseObject({ type: z.string(), message: z.string().optional() }),
});
