import { DotLoading } from 'antd-mobile';
import { useTranslation } from '@/lib/i18n';

export function LoadingView({ testId = 'page-loading' }: { testId?: string }) {
  const { t } = useTranslation();
  return (
    <div className="cl-loading-view" data-testid={testId} role="status" aria-live="polite">
      <DotLoading color="primary" aria-hidden="true" />
      <span className="cl-visually-hidden">{t('common.loading')}</span>
    </div>
  );
}
