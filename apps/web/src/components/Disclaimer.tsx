import { useTranslation } from 'react-i18next';

/** decision D1: at the foot of Markets, of every coin introduction, and on About us. */
export function Disclaimer() {
  const { t } = useTranslation();
  return (
    <p className="cl-disclaimer" data-testid="disclaimer">
      {t('app.disclaimer')}
    </p>
  );
}
