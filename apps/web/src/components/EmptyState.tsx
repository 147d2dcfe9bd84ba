import type { ReactNode } from 'react';

export interface EmptyStateProps {
  title: string;
  description?: string;
  action?: ReactNode;
  testId?: string;
}

/** A light line drawing of an empty tray: drawn here rather than antd's illustrations (~10 KB of first load). */
function EmptyIllustration() {
  return (
    <svg className="cl-empty-art" viewBox="0 0 96 72" aria-hidden="true" focusable="false">
      <ellipse cx="48" cy="64" rx="36" ry="5" className="cl-empty-shadow" />
      <path d="M18 34 30 14h36l12 20v22a4 4 0 0 1-4 4H22a4 4 0 0 1-4-4Z" className="cl-empty-tray" />
      <path d="M18 34h18l4 8h16l4-8h18" className="cl-empty-line" />
      <circle cx="72" cy="14" r="4" className="cl-empty-dot" />
    </svg>
  );
}

/** A list or page with nothing to show: what is missing, and where possible what to do about it. */
export function EmptyState({ title, description, action, testId }: EmptyStateProps) {
  return (
    <div className="cl-empty-state" data-testid={testId}>
      <EmptyIllustration />
      <p className="cl-empty-title">{title}</p>
      {description && <p className="cl-empty-description">{description}</p>}
      {action && <div className="cl-empty-action">{action}</div>}
    </div>
  );
}
