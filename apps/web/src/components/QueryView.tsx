import type { UseQueryResult } from '@tanstack/react-query';
import { ErrorCode, GatewayError, TransportError } from '@coinlens/contract';
import type { ReactNode } from 'react';
import { translator, useTranslation } from '@/lib/i18n';

import { EmptyState } from './EmptyState';
import { ErrorView } from './ErrorView';
import { LoadingView } from './LoadingView';

export function isNotFound(error: unknown): boolean {
  return error instanceof GatewayError && error.code === (ErrorCode.NotFound as number);
}

/**
 * The text of a failed call, in the user's language: the gateway's own `msg` (it answers in the caller's
 * language), else what kind of failure it was; never a transport's English text such as a proxy's status line.
 */
export function failureMessage(error: unknown, fallback: string): string {
  if (error instanceof GatewayError) return error.message || fallback;
  if (error instanceof TransportError) {
    if (error.code !== null && error.message) return error.message;
    if (error.kind === 'network' || error.kind === 'timeout') return translator.t(`errors.${error.kind}`);
  }
  return fallback;
}

export interface QueryViewProps<T> {
  query: Pick<UseQueryResult<T>, 'data' | 'error' | 'isPending' | 'refetch'>;
  children: (data: T) => ReactNode;
  /** What "not found" (code 3002) means here, e.g. "This coin could not be found". */
  notFoundTitle?: string;
  /** Shown while the first answer is on its way (defaults to the loading indicator). */
  loading?: ReactNode;
  testId?: string;
}

/**
 * Loading, failed, not found or data — never a failure dressed as an empty list. A failed call shows the
 * error view with retry; 3002 shows the not-found state. Data already on screen stays when a refresh fails.
 */
export function QueryView<T>({
  query,
  children,
  notFoundTitle,
  loading,
  testId = 'query',
}: QueryViewProps<T>) {
  const { t } = useTranslation();
  if (query.data !== undefined) return <>{children(query.data)}</>;
  if (query.error) {
    if (isNotFound(query.error))
      return <EmptyState testId={`${testId}-not-found`} title={notFoundTitle ?? t('data.notFound')} />;
    return (
      <div data-testid={`${testId}-error`}>
        <ErrorView
          message={failureMessage(query.error, t('data.loadFailed'))}
          onRetry={() => void query.refetch()}
        />
      </div>
    );
  }
  if (query.isPending) return <>{loading ?? <LoadingView testId={`${testId}-loading`} />}</>;
  return null;
}
