import { ErrorCode } from '@coinlens/contract';

import type { HandlersFor } from '../../gateway/procedure-registry.js';
import { ProcedureFailure } from '../../gateway/procedure-failure.js';

type PortfolioProcedure =
  | 'appportfolio_msrv/transaction_list'
  | 'appportfolio_msrv/transaction_create'
  | 'appportfolio_msrv/transaction_update'
  | 'appportfolio_msrv/transaction_delete'
  | 'appportfolio_msrv/portfolio_summary'
  | 'appportfolio_msrv/portfolio_history'
  | 'appportfolio_msrv/portfolio_import'
  | 'appportfolio_msrv/portfolio_export';

const notYet = () => Promise.reject(new ProcedureFailure(ErrorCode.Failed));

/** Placeholder while the portfolio service is being written: every call answers 3001. */
export function portfolioProcedures(): HandlersFor<PortfolioProcedure> {
  return {
    'appportfolio_msrv/transaction_list': notYet,
    'appportfolio_msrv/transaction_create': notYet,
    'appportfolio_msrv/transaction_update': notYet,
    'appportfolio_msrv/transaction_delete': notYet,
    'appportfolio_msrv/portfolio_summary': notYet,
    'appportfolio_msrv/portfolio_history': notYet,
    'appportfolio_msrv/portfolio_import': notYet,
    'appportfolio_msrv/portfolio_export': notYet,
  };
}
