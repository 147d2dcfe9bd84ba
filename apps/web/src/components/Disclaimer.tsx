import { useTranslation } from '@/lib/i18n';

/** decision D1: at the foot of Markets, of every coin introduction, and on About us. */
export function Disclaimer() {
  const { t } = useTranslation();
  return (
    <p className="cl-disclaimer" data-testid="disclaimer">
      {t('app.disclaimer')}
    </p>
  );
}
