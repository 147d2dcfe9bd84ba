import type { HandlersFor } from '../../gateway/procedure-registry.js';
import type { AdsService } from './ads.service.js';

export function adsProcedures(ads: AdsService): HandlersFor<'appadvert_msrv/advertise_adinfo_by_adposid'> {
  return {
    'appadvert_msrv/advertise_adinfo_by_adposid': (input, context) =>
      ads.byPosition(input.adposid, context.language),
  };
}
