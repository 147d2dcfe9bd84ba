import { useNavigate } from '@tanstack/react-router';
import { Button } from 'antd-mobile';
import { AddOutline, DownlandOutline, UploadOutline } from 'antd-mobile-icons';
import { GatewayError } from '@coinlens/contract';
import { useState } from 'react';
import { useTranslation } from '@/lib/i18n';

import { paths } from '@/config/paths';
import { showToast } from '@/lib/toast';
import { exportTransactions } from '../api/portfolio-queries';
import { downloadCsv } from '../download-csv';

/** Add a transaction, import a CSV, export the transactions as a CSV (export only when there is something). */
export function PortfolioActions({ canExport }: { canExport: boolean }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [exporting, setExporting] = useState(false);

  async function exportCsv(): Promise<void> {
    setExporting(true);
    try {
      const { csv, file_name } = await exportTransactions();
      downloadCsv(file_name, csv);
    } catch (error) {
      // Transport failures were toasted by the gateway.
      if (error instanceof GatewayError) showToast(error.message);
    } finally {
      setExporting(false);
    }
  }

  return (
    <div className="cl-pf-actions">
      <Button
        color="primary"
        size="small"
        onClick={() => void navigate({ to: paths.portfolioTransaction })}
        data-testid="portfolio-add"
      >
        <AddOutline aria-hidden="true" /> {t('portfolio.add')}
      </Button>
      <Button
        size="small"
        onClick={() => void navigate({ to: paths.portfolioImport })}
        data-testid="portfolio-import"
      >
        <UploadOutline aria-hidden="true" /> {t('portfolio.import')}
      </Button>
      {canExport && (
        <Button
          size="small"
          loading={exporting}
          onClick={() => void exportCsv()}
          data-testid="portfolio-export"
        >
          <DownlandOutline aria-hidden="true" /> {t('portfolio.export')}
        </Button>
      )}
    </div>
  );
}
