import { useNavigate } from '@tanstack/react-router';
import { Button } from 'antd-mobile';
import {
  GatewayError,
  PORTFOLIO_IMPORT_FORMATS,
  PORTFOLIO_IMPORT_MAX_CHARS,
  type PortfolioImportFormat,
  type ProcedureOutput,
} from '@coinlens/contract';
import { useState, type ChangeEvent, type FormEvent } from 'react';
import { useTranslation } from '@/lib/i18n';

import { paths } from '@/config/paths';
import { useImportTransactions } from '../api/portfolio-queries';
import { CSV_COLUMNS } from '../csv-columns';
import '../portfolio.css';

type ImportResult = ProcedureOutput<'appportfolio_msrv/portfolio_import'>;
type Outcome = { ok: true; result: ImportResult } | { ok: false; message: string } | null;

const KIB = 1024;

/**
 * CSV import: the format (ours or the generic layout) with its columns, a file or pasted text, and the outcome —
 * how many were imported and which lines were duplicates, or the server's message naming the bad line (nothing
 * is imported then).
 */
export function ImportForm() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [format, setFormat] = useState<PortfolioImportFormat>('generic');
  const [csv, setCsv] = useState('');
  const [fileName, setFileName] = useState<string | null>(null);
  const [outcome, setOutcome] = useState<Outcome>(null);
  const importCsv = useImportTransactions();
  const columns = CSV_COLUMNS[format];

  async function readFile(event: ChangeEvent<HTMLInputElement>): Promise<void> {
    const file = event.target.files?.[0];
    if (!file) return;
    setOutcome(null);
    const text = await file.text();
    if (text.length > PORTFOLIO_IMPORT_MAX_CHARS) {
      setFileName(null);
      setOutcome({
        ok: false,
        message: t('portfolio.importPage.tooLarge', {
          size: `${Math.floor(PORTFOLIO_IMPORT_MAX_CHARS / KIB)} KiB`,
        }),
      });
      return;
    }
    setFileName(file.name);
    setCsv(text);
  }

  function onSubmit(event: FormEvent): void {
    event.preventDefault();
    if (importCsv.isPending) return;
    if (csv.trim() === '') {
      setOutcome({ ok: false, message: t('portfolio.importPage.required') });
      return;
    }
    setOutcome(null);
    importCsv.mutate(
      { format, csv },
      {
        onSuccess: (result) => setOutcome({ ok: true, result }),
        onError: (error) => {
          // Transport failures were toasted by the gateway; the form keeps its text for another try.
          if (error instanceof GatewayError) setOutcome({ ok: false, message: error.message });
        },
      },
    );
  }

  return (
    <form className="cl-pf-import" noValidate onSubmit={onSubmit} data-testid="import-form">
      <fieldset>
        <legend>{t('portfolio.importPage.format')}</legend>
        <div className="cl-pf-formats">
          {PORTFOLIO_IMPORT_FORMATS.map((value) => (
            <button
              key={value}
              type="button"
              className="cl-pf-type-choice"
              aria-pressed={format === value}
              onClick={() => {
                setFormat(value);
                setOutcome(null);
              }}
              data-testid={`format-${value}`}
            >
              {t(`portfolio.importPage.${value}`)}
            </button>
          ))}
        </div>
        <p className="cl-pf-hint">{t('portfolio.importPage.columns')}</p>
        <p className="cl-pf-columns" data-testid="import-columns">
          {columns.required.join(',')}
          {columns.optional.length > 0 && <span className="cl-pf-sub"> [,{columns.optional.join(',')}]</span>}
        </p>
        <p className="cl-pf-hint">{t(`portfolio.importPage.${format}Help`)}</p>
      </fieldset>
      <label className="cl-pf-file">
        <span className="cl-pf-heading">{t('portfolio.importPage.file')}</span>
        <input
          type="file"
          accept=".csv,text/csv,text/plain"
          onChange={(event) => void readFile(event)}
          data-testid="import-file"
        />
      </label>
      {fileName && <p className="cl-pf-hint">{t('portfolio.importPage.fileChosen', { name: fileName })}</p>}
      <label htmlFor="pf-csv" className="cl-pf-heading">
        {t('portfolio.importPage.paste')}
      </label>
      <textarea
        id="pf-csv"
        className="cl-pf-textarea"
        value={csv}
        spellCheck={false}
        maxLength={PORTFOLIO_IMPORT_MAX_CHARS}
        onChange={(event) => {
          setCsv(event.target.value);
          setFileName(null);
          setOutcome(null);
        }}
        data-testid="import-text"
      />
      {outcome?.ok === true && (
        <div className="cl-pf-result cl-pf-result-ok" role="status" data-testid="import-result">
          <p>
            {t('portfolio.importPage.result', {
              imported: outcome.result.imported,
              duplicates: outcome.result.duplicates,
            })}
          </p>
          {outcome.result.duplicate_lines.length > 0 && (
            <p className="cl-pf-sub">
              {t('portfolio.importPage.duplicateLines', { lines: outcome.result.duplicate_lines.join(', ') })}
            </p>
          )}
          <Button
            size="small"
            color="primary"
            onClick={() => void navigate({ to: paths.portfolio })}
            data-testid="import-view"
          >
            {t('portfolio.importPage.view')}
          </Button>
        </div>
      )}
      {outcome?.ok === false && (
        <div className="cl-pf-result cl-pf-result-error" role="alert" data-testid="import-error">
          <p>{t('portfolio.importPage.failed')}</p>
          <p>{outcome.message}</p>
        </div>
      )}
      <div className="cl-auth-actions">
        <Button
          block
          type="submit"
          color="primary"
          size="large"
          loading={importCsv.isPending}
          data-testid="import-submit"
        >
          {t('portfolio.importPage.submit')}
        </Button>
      </div>
    </form>
  );
}
