import { Dialog } from 'antd-mobile';
import type { ApiKeyView } from '@coinlens/contract';

import { useTranslation } from '@/lib/i18n';
import { showToast } from '@/lib/toast';

import { useRevokeApiKey } from '../api/api-key-queries';
import { keyHint, keyUsage } from '../api-key-text';

export interface ApiKeyRowProps {
  apiKey: ApiKeyView;
  onRevoked: (id: number) => void;
}

/** One key: its name and the end of its secret, when it was made and last used, its calls, and revoke. */
export function ApiKeyRow({ apiKey, onRevoked }: ApiKeyRowProps) {
  const { t } = useTranslation();
  const revoke = useRevokeApiKey();
  const usage = keyUsage(apiKey, t);
  const confirmRevoke = async () => {
    const confirmed = await Dialog.confirm({
      content: t('developers.keys.revokeConfirm', { label: apiKey.label }),
      confirmText: t('developers.keys.revoke'),
      cancelText: t('common.cancel'),
    });
    if (confirmed)
      revoke.mutate(apiKey.id, {
        onSuccess: () => {
          onRevoked(apiKey.id);
          showToast(t('developers.keys.revoked'));
        },
      });
  };
  return (
    <li className="cl-dev-key" data-testid={`api-key-row-${apiKey.id}`}>
      <div className="cl-dev-key-text">
        <span className="cl-dev-key-title">
          <span className="cl-dev-key-label" data-testid="api-key-label">
            {apiKey.label}
          </span>
          <code className="cl-dev-key-hint" data-testid="api-key-hint">
            {keyHint(apiKey.hint)}
          </code>
        </span>
        <span className="cl-dev-key-sub">
          <span>{usage.created}</span>
          <span data-testid="api-key-last-used">{usage.lastUsed}</span>
        </span>
        <span className="cl-dev-key-sub" data-testid="api-key-calls">
          {usage.calls}
        </span>
      </div>
      <button
        type="button"
        className="cl-dev-revoke"
        aria-label={t('developers.keys.revokeLabel', { label: apiKey.label })}
        disabled={revoke.isPending}
        onClick={() => void confirmRevoke()}
        data-testid="api-key-revoke"
      >
        {t('developers.keys.revoke')}
      </button>
    </li>
  );
}
