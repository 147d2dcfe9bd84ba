import type { Kysely } from 'kysely';

import type { Database } from '../../db/schema.js';
import { AdRepository } from './ad.repository.js';
import { adsProcedures } from './ads.procedures.js';
import { AdsService } from './ads.service.js';

export interface AdsRuntime {
  service: AdsService;
  handlers: ReturnType<typeof adsProcedures>;
}

/** The ad slots, built once by the composition root with the house ads in place. */
export async function createAdsRuntime(deps: {
  db: Kysely<Database>;
  now: () => number;
}): Promise<AdsRuntime> {
  const service = new AdsService(new AdRepository(deps.db), deps.now);
  await service.seedHouseAds();
  return { service, handlers: adsProcedures(service) };
}
