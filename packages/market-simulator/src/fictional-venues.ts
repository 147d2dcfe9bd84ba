/**
 * Four invented venues that exist only in the simulator, to carry the manipulative behaviours of the
 * scenarios — so no real exchange is ever shown wash-trading, spoofing or inflating its volume. Their names
 * are made up, their websites use the reserved `.example` domain and their registration place says
 * 'Simulated venue'. They appear only when the active scenario gives them a behaviour.
 */
import type { ExchangeFacts } from './catalog/catalog-schema.js';
import { INFLATED_VENUE, OUTLIER_VENUE, SPOOF_VENUE, WASH_VENUE } from './scenarios.js';

export const SIMULATED_VENUE_PLACE = 'Simulated venue';

const COMMON = {
  kind: 'centralized',
  registrationPlace: SIMULATED_VENUE_PLACE,
  amlCertified: false,
  chineseSupport: true,
  apiAvailable: true,
  platformToken: null,
  burn: null,
  reservesUsd: null,
} as const;

export const FICTIONAL_VENUES: readonly ExchangeFacts[] = [
  {
    ...COMMON,
    id: WASH_VENUE,
    name: 'Quillmarsh Exchange',
    established: '2021-03',
    kyc: 'none',
    // Zero fees: wash trading costs nothing here.
    fees: { makerPercent: 0, takerPercent: 0 },
    website: 'https://quillmarsh.example',
    spotVolumeUsd24h: 40_000_000,
    monthlyVisits: 120_000,
    listedCoinCount: 250,
    quoteAssets: ['USDT', 'BTC', 'ETH'],
  },
  {
    ...COMMON,
    id: SPOOF_VENUE,
    name: 'Fernvale Pro',
    established: '2020-09',
    kyc: 'optional',
    fees: { makerPercent: 0.1, takerPercent: 0.1 },
    website: 'https://fernvale-pro.example',
    spotVolumeUsd24h: 60_000_000,
    monthlyVisits: 300_000,
    listedCoinCount: 200,
    quoteAssets: ['USDT', 'USDC', 'BTC'],
  },
  {
    ...COMMON,
    id: INFLATED_VENUE,
    name: 'Orbisfen',
    established: '2022-06',
    kyc: 'none',
    fees: { makerPercent: 0.05, takerPercent: 0.08 },
    website: 'https://orbisfen.example',
    spotVolumeUsd24h: 25_000_000,
    monthlyVisits: 80_000,
    listedCoinCount: 300,
    quoteAssets: ['USDT', 'BTC'],
  },
  {
    ...COMMON,
    id: OUTLIER_VENUE,
    name: 'Tallowmere Markets',
    established: '2019-11',
    kyc: 'mandatory',
    fees: { makerPercent: 0.1, takerPercent: 0.15 },
    website: 'https://tallowmere.example',
    spotVolumeUsd24h: 80_000_000,
    monthlyVisits: 500_000,
    listedCoinCount: 150,
    quoteAssets: ['USDT', 'USDC', 'EUR'],
  },
];

export const FICTIONAL_VENUE_IDS: ReadonlySet<string> = new Set(FICTIONAL_VENUES.map((venue) => venue.id));
