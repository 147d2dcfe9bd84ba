import { z } from 'zod';

import { defineProcedure } from './define-procedure.js';
import { AD_POSITIONS } from './procedure-constants.js';

export const adItem = z.object({
  id: z.number().int(),
  title: z.string(),
  image_url: z.string(),
  /** http(s) or an in-app link. */
  link_url: z.string(),
  /** Always true: an ad is labelled as sponsored wherever it shows, and never changes a ranking. */
  sponsored: z.literal(true),
});
export type AdItem = z.infer<typeof adItem>;

export const advertProcedures = {
  /** The ads running now at one position, highest priority first; an empty list when none runs. */
  'appadvert_msrv/advertise_adinfo_by_adposid': defineProcedure({
    input: z.object({ adposid: z.enum(AD_POSITIONS) }),
    output: z.object({ adposid: z.enum(AD_POSITIONS), list: z.array(adItem) }),
    auth: 'public',
  }),
};
