import { Button } from 'antd-mobile';
import { ExclamationCircleOutline } from 'antd-mobile-icons';
import { useEffect, useRef } from 'react';

import { useTranslation } from '@/lib/i18n';

import { apiBaseUrl, curlExample } from '../api-key-text';
import { CopyButton } from './CopyButton';

export interface NewKeySecretProps {
  label: string;
  secret: string;
  onDismiss: () => void;
}

/**
 * A new key's secret, shown this once (the server keeps only its hash): to copy, with the warning and a curl
 * line to try it. It lives in the screen's state only, so it is gone when the user dismisses it or leaves.
 */
export function NewKeySecret({ label, secret, onDismiss }: NewKeySecretProps) {
  const { t } = useTranslation();
  const heading = useRef<HTMLHeadingElement>(null);
  const curl = curlExample(apiBaseUrl(window.location.origin), secret);
  // The form that made the key is further down: bring the secret into view and give it the focus.
  useEffect(() => heading.current?.focus(), []);
  return (
    <section
      className="cl-dev-secret"
      aria-labelledby="api-key-secret-title"
      data-testid="api-key-secret-box"
    >
      <h3 className="cl-dev-secret-title" id="api-key-secret-title" tabIndex={-1} ref={heading}>
        {t('developers.secret.title', { label })}
      </h3>
      <p className="cl-dev-secret-warning">
        <ExclamationCircleOutline aria-hidden="true" />
        <span>{t('developers.secret.warning')}</span>
      </p>
      <code className="cl-dev-code cl-dev-secret-value" data-testid="api-key-secret">
        {secret}
      </code>
      <CopyButton text={secret} label={t('developers.secret.copy')} showLabel testId="api-key-secret-copy" />
      <p className="cl-dev-label" id="api-key-curl-label">
        {t('developers.secret.tryIt')}
      </p>
      <div className="cl-dev-code-row">
        <code className="cl-dev-code" aria-labelledby="api-key-curl-label" data-testid="api-key-curl">
          {curl}
        </code>
        <CopyButton text={curl} label={t('developers.secret.copyCurl')} testId="api-key-curl-copy" />
      </div>
      <Button
        block
        onClick={onDismiss}
        className="cl-dev-secret-dismiss"
        data-testid="api-key-secret-dismiss"
      >
        {t('developers.secret.dismiss')}
      </Button>
    </section>
  );
}
