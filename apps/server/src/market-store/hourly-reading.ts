import type { ScoreReading, SocialReading } from '@coinlens/score';

/** What a coin looked like at one hourly mark, for "why it moved" and corroboration a day later. */
export interface HourlyReading {
  time: number;
  reading: ScoreReading;
  social: SocialReading | null;
  activeAddresses24h: number | null;
  verifiedVolumeUsd: number;
}

/** What corroborates social growth over a month: kept one a day (the first reading of each UTC day). */
export type CorroborationPoint = Pick<
  HourlyReading,
  'time' | 'social' | 'activeAddresses24h' | 'verifiedVolumeUsd'
>;
