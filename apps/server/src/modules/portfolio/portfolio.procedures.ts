import type { HandlersFor } from '../../gateway/procedure-registry.js';
import { callerIdOf } from '../../gateway/procedure-registry.js';
import type { PortfolioService } from './portfolio.service.js';

type PortfolioProcedure =
  | 'appportfolio_msrv/transaction_list'
  | 'appportfolio_msrv/transaction_create'
  | 'appportfolio_msrv/transaction_update'
  | 'appportfolio_msrv/transaction_delete'
  | 'appportfolio_msrv/portfolio_summary'
  | 'appportfolio_msrv/portfolio_history'
  | 'appportfolio_msrv/portfolio_import'
  | 'appportfolio_msrv/portfolio_export';

export function portfolioProcedures(portfolio: PortfolioService): HandlersFor<PortfolioProcedure> {
  return {
    'appportfolio_msrv/transaction_list': (input, context) =>
      portfolio.list(callerIdOf(context), input.page, input.page_size, input.coin_id),
    'appportfolio_msrv/transaction_create': (input, context) => portfolio.create(callerIdOf(context), input),
    'appportfolio_msrv/transaction_update': ({ id, ...draft }, context) =>
      portfolio.update(callerIdOf(context), id, draft),
    'appportfolio_msrv/transaction_delete': (input, context) =>
      portfolio.remove(callerIdOf(context), input.id),
    'appportfolio_msrv/portfolio_summary': (input, context) =>
      portfolio.summary(callerIdOf(context), input.currency, context.language),
    'appportfolio_msrv/portfolio_history': (input, context) =>
      portfolio.history(callerIdOf(context), input.range, input.currency),
    'appportfolio_msrv/portfolio_import': (input, context) =>
      portfolio.importCsv(callerIdOf(context), input.format, input.csv),
    'appportfolio_msrv/portfolio_export': (_input, context) => portfolio.exportCsv(callerIdOf(context)),
  };
}
