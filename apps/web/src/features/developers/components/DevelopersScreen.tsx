import { Button, type InputRef } from 'antd-mobile';
import { API_KEYS_PER_USER } from '@coinlens/contract';
import { useRef, useState } from 'react';

import { EmptyState } from '@/components/EmptyState';
import { QueryView } from '@/components/QueryView';
import { useTranslation } from '@/lib/i18n';

import { useApiKeyList } from '../api/api-key-queries';
import { API_KEY_HEADER, formatCount, perKeyLimit } from '../api-key-text';
import { ApiIntro } from './ApiIntro';
import { ApiKeyRow } from './ApiKeyRow';
import { CreateKeyForm } from './CreateKeyForm';
import { NewKeySecret } from './NewKeySecret';
import './developers.css';

interface ShownSecret {
  id: number;
  label: string;
  secret: string;
}

/**
 * The open API for developers (issue 38): what it is and where, its limits, the user's keys and the form that
 * makes one. A new key's secret is kept in this component's state only, to be shown once.
 */
export function DevelopersScreen() {
  const { t } = useTranslation();
  const query = useApiKeyList();
  const [shown, setShown] = useState<ShownSecret | null>(null);
  const input = useRef<InputRef>(null);
  return (
    <div className="cl-dev" data-testid="developers">
      <ApiIntro />
      <QueryView query={query} testId="api-keys">
        {(data) => {
          const keyLimit = perKeyLimit(data.list);
          return (
            <>
              <section className="cl-dev-card" aria-labelledby="api-limits-title" data-testid="api-limits">
                <h2 className="cl-dev-title" id="api-limits-title">
                  {t('developers.limits.title')}
                </h2>
                <ul className="cl-dev-limits">
                  <li data-testid="api-limit-anonymous">
                    {t('developers.limits.anonymous', {
                      count: formatCount(data.anonymous_limit_per_minute),
                    })}
                  </li>
                  <li data-testid="api-limit-key">
                    {keyLimit === null
                      ? t('developers.limits.perKeyPending')
                      : t('developers.limits.perKey', { count: formatCount(keyLimit) })}
                  </li>
                </ul>
                <p className="cl-dev-note">{t('developers.limits.header')}</p>
                <code className="cl-dev-code" data-testid="api-key-header">
                  {API_KEY_HEADER}
                </code>
              </section>
              <section className="cl-dev-keys" aria-labelledby="api-keys-title" data-testid="api-key-list">
                <div className="cl-dev-keys-head">
                  <h2 className="cl-dev-title" id="api-keys-title">
                    {t('developers.keys.title')}
                  </h2>
                  <span className="cl-dev-count" data-testid="api-key-count">
                    {t('developers.keys.count', { count: data.list.length, limit: API_KEYS_PER_USER })}
                  </span>
                </div>
                {shown && (
                  <NewKeySecret label={shown.label} secret={shown.secret} onDismiss={() => setShown(null)} />
                )}
                {data.list.length === 0 ? (
                  <EmptyState
                    testId="api-keys-empty"
                    title={t('developers.empty.title')}
                    description={t('developers.empty.description')}
                    action={
                      <Button
                        color="primary"
                        onClick={() => input.current?.focus()}
                        data-testid="api-keys-empty-create"
                      >
                        {t('developers.empty.action')}
                      </Button>
                    }
                  />
                ) : (
                  <ul className="cl-dev-key-list">
                    {data.list.map((key) => (
                      <ApiKeyRow
                        key={key.id}
                        apiKey={key}
                        onRevoked={(id) => setShown((current) => (current?.id === id ? null : current))}
                      />
                    ))}
                  </ul>
                )}
              </section>
              <CreateKeyForm
                count={data.list.length}
                inputRef={input}
                onCreated={({ key, secret }) => setShown({ id: key.id, label: key.label, secret })}
              />
            </>
          );
        }}
      </QueryView>
    </div>
  );
}
