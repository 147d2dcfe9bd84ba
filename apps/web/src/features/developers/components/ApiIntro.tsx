import { FileOutline } from 'antd-mobile-icons';

import { useTranslation } from '@/lib/i18n';

import { apiBaseUrl } from '../api-key-text';
import { CopyButton } from './CopyButton';
import './developers.css';

/** The open API's reference page, served by the server beside the API. */
const REFERENCE_URL = '/api/docs';

/** What the open API is, its base URL on this site to copy, and the link to its reference. */
export function ApiIntro() {
  const { t } = useTranslation();
  const baseUrl = apiBaseUrl(window.location.origin);
  return (
    <section className="cl-dev-card" data-testid="developers-intro">
      <p className="cl-dev-intro">{t('developers.intro')}</p>
      <p className="cl-dev-label" id="developers-base-url-label">
        {t('developers.baseUrl')}
      </p>
      <div className="cl-dev-code-row">
        <code
          className="cl-dev-code"
          aria-labelledby="developers-base-url-label"
          data-testid="developers-base-url"
        >
          {baseUrl}
        </code>
        <CopyButton text={baseUrl} label={t('developers.copyBaseUrl')} testId="developers-copy-base-url" />
      </div>
      <a
        className="cl-dev-link"
        href={REFERENCE_URL}
        target="_blank"
        rel="noopener"
        data-testid="developers-docs"
      >
        <FileOutline aria-hidden="true" />
        <span>{t('developers.docs')}</span>
        <span className="cl-visually-hidden"> {t('developers.newTab')}</span>
      </a>
    </section>
  );
}
