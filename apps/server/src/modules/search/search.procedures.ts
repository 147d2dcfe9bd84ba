import type { ProcedureName } from '@coinlens/contract';

import type { HandlersFor } from '../../gateway/procedure-registry.js';
import { addressKey } from '../../security/address-key.js';
import type { SearchService } from './search.service.js';

type SearchProcedure = Extract<ProcedureName, `appsearch_msrv/${string}`>;

export function searchProcedures(search: SearchService): HandlersFor<SearchProcedure> {
  return {
    'appsearch_msrv/search': (input, context) =>
      search.search(input, context.language, addressKey(context.ip)),
    'appsearch_msrv/hot_search': (input, context) =>
      search.hotSearch(input.limit, input.currency, context.language),
    'appsearch_msrv/hot_concepts': (input, context) =>
      Promise.resolve(search.hotConcepts(input.limit, input.currency, context.language)),
  };
}
