import { Button, Result } from 'antd-mobile';
import { useTranslation } from '@/lib/i18n';

export interface AccessLimitedProps {
  onRetry: () => void;
  onContact: () => void;
}

/** HTTP 451 (decisions D20–D21): shown over the app instead of a toast. */
export function AccessLimited({ onRetry, onContact }: AccessLimitedProps) {
  const { t } = useTranslation();
  return (
    <div className="cl-access-limited" role="alertdialog" aria-modal="true" data-testid="access-limited">
      <Result status="warning" title={t('accessLimited.title')} description={t('accessLimited.message')} />
      <div className="cl-access-limited-actions">
        <Button block color="primary" onClick={onRetry}>
          {t('accessLimited.retry')}
        </Button>
        <Button block onClick={onContact}>
          {t('accessLimited.contact')}
        </Button>
      </div>
    </div>
  );
}
