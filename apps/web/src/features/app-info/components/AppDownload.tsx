import { useQuery } from '@tanstack/react-query';
import { Button, Dialog } from 'antd-mobile';
import QRCode from 'qrcode';
import { useEffect, useState } from 'react';
import { useTranslation } from '@/lib/i18n';

import { promptInstall, useInstallStore } from '@/lib/install-prompt';
import { appConfigQuery } from '../api';

/**
 * App download (decision D12): a QR code of the website to open it on a phone, and an install button —
 * the browser's own prompt where it offers one, the steps otherwise.
 */
export function AppDownload() {
  const { t } = useTranslation();
  const config = useQuery(appConfigQuery());
  const installed = useInstallStore((state) => state.installed);
  const [qr, setQr] = useState<string | null>(null);
  const website = config.data?.website;
  useEffect(() => {
    if (!website) return;
    let live = true;
    void QRCode.toDataURL(website, { margin: 1, width: 320, errorCorrectionLevel: 'M' }).then((url) => {
      if (live) setQr(url);
    });
    return () => {
      live = false;
    };
  }, [website]);
  const install = async () => {
    const accepted = await promptInstall();
    if (accepted === null)
      void Dialog.alert({
        title: t('about.install'),
        content: t('about.installSteps'),
        confirmText: t('common.confirm'),
      });
  };
  return (
    <section className="cl-about-download" aria-labelledby="about-download" data-testid="about-download">
      <h3 id="about-download" className="cl-about-download-title">
        {t('about.download')}
      </h3>
      {qr && website && (
        <figure className="cl-about-qr">
          <img src={qr} width={160} height={160} alt={website} data-testid="about-qr" />
          <figcaption>{t('about.scanToOpen')}</figcaption>
        </figure>
      )}
      <Button
        block
        color="primary"
        disabled={installed}
        onClick={() => void install()}
        data-testid="about-install"
      >
        {installed ? t('about.installed') : t('about.install')}
      </Button>
    </section>
  );
}
