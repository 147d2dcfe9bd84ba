import { ErrorCode, portfolioProblemMessage } from '@coinlens/contract';
import type { PortfolioProblem, PortfolioProblemReason } from '@coinlens/contract';

import { LocalisedFailure } from '../../gateway/procedure-failure.js';

/** 50500 whose `msg` says what is wrong (and on which CSV line) and whose `data` is the problem itself. */
export function portfolioRefusal(problem: PortfolioProblem): LocalisedFailure {
  return new LocalisedFailure(
    ErrorCode.ParameterInvalid,
    (language) => portfolioProblemMessage(problem, language),
    problem,
  );
}

/** A refusal of one draft field (outside an import). */
export function fieldRefusal(
  field: string,
  reason: PortfolioProblemReason,
  extra: Pick<PortfolioProblem, 'coin' | 'held'> = {},
): LocalisedFailure {
  return portfolioRefusal({ field, line: null, column: field, reason, ...extra });
}

/** A refusal of one CSV line; `column` as the file names it. */
export function lineRefusal(
  line: number,
  column: string | null,
  reason: PortfolioProblemReason,
  extra: Pick<PortfolioProblem, 'coin' | 'held'> = {},
): LocalisedFailure {
  return portfolioRefusal({ field: 'csv', line, column, reason, ...extra });
}
