import { useTranslation } from '@/lib/i18n';

import { copyText } from '../copy-text';

function CopyIcon() {
  return (
    <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <rect
        x="8.5"
        y="8.5"
        width="11"
        height="12"
        rx="2"
        fill="none"
        stroke="currentColor"
        strokeWidth="1.8"
      />
      <path
        d="M15.5 5.5V5a1.5 1.5 0 0 0-1.5-1.5H6A1.5 1.5 0 0 0 4.5 5v10A1.5 1.5 0 0 0 6 16.5h.5"
        fill="none"
        stroke="currentColor"
        strokeWidth="1.8"
        strokeLinecap="round"
      />
    </svg>
  );
}

export interface CopyButtonProps {
  text: string;
  /** What is copied, for screen readers and as the visible text when `showLabel`. */
  label: string;
  showLabel?: boolean;
  testId?: string;
}

/** A 44 px button that copies `text`: an icon beside a code line, or an icon with its label under a secret. */
export function CopyButton({ text, label, showLabel = false, testId }: CopyButtonProps) {
  const { t } = useTranslation();
  return (
    <button
      type="button"
      className={showLabel ? 'cl-dev-copy cl-dev-copy-labelled' : 'cl-dev-copy'}
      aria-label={showLabel ? undefined : label}
      onClick={() => void copyText(text, t)}
      data-testid={testId}
    >
      <CopyIcon />
      {showLabel && <span>{label}</span>}
    </button>
  );
}
