import { Button, Popup } from 'antd-mobile';
import { useTranslation } from '@/lib/i18n';

/** What "Simulated market" means, in the app's language. */
export function SimulatedMarketSheet({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Popup visible onMaskClick={onClose} onClose={onClose} destroyOnClose>
      <div
        className="cl-simulated-sheet"
        role="dialog"
        aria-label={t('simulated.title')}
        data-testid="simulated-market-sheet"
      >
        <h3>{t('simulated.title')}</h3>
        <p>{t('simulated.body')}</p>
        <p>{t('simulated.fictional')}</p>
        <Button block color="primary" onClick={onClose}>
          {t('simulated.close')}
        </Button>
      </div>
    </Popup>
  );
}
