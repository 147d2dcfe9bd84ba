import { ErrorBlock } from 'antd-mobile';
import type { ReactNode } from 'react';

export interface EmptyStateProps {
  title: string;
  description?: string;
  action?: ReactNode;
  testId?: string;
}

/** A list or page with nothing to show yet. */
export function EmptyState({ title, description, action, testId }: EmptyStateProps) {
  return (
    <div className="cl-empty-state" data-testid={testId}>
      <ErrorBlock status="empty" title={title} description={description ?? ''}>
        {action}
      </ErrorBlock>
    </div>
  );
}
