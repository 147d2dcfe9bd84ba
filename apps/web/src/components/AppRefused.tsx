import { Button, Result } from 'antd-mobile';
import { useTranslation } from '@/lib/i18n';

/**
 * The server refused this build's signing pair: the app was built for, or cached from, a server with other
 * settings. Reloading fetches the page the server serves now, which carries its current pair.
 */
export function AppRefused({ onReload }: { onReload: () => void }) {
  const { t } = useTranslation();
  return (
    <div className="cl-access-limited" role="alertdialog" aria-modal="true" data-testid="app-refused">
      <Result status="error" title={t('appRefused.title')} description={t('appRefused.message')} />
      <div className="cl-access-limited-actions">
        <Button block color="primary" onClick={onReload} data-testid="app-refused-reload">
          {t('appRefused.reload')}
        </Button>
      </div>
    </div>
  );
}
