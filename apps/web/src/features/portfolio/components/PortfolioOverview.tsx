import { useNavigate } from '@tanstack/react-router';
import { Button } from 'antd-mobile';
import type { ProcedureOutput } from '@coinlens/contract';
import { useCallback, useMemo, useRef, type ReactNode } from 'react';
import { useTranslation } from '@/lib/i18n';

import { EmptyState } from '@/components/EmptyState';
import { QueryView } from '@/components/QueryView';
import { paths } from '@/config/paths';
import { coinTopics } from '@/lib/live/topics';
import { useLiveTopics } from '@/lib/live/live-prices';
import { useSettingsStore } from '@/lib/settings-store';
import { usePortfolioSummary } from '../api/portfolio-queries';
import { LivePortfolio } from '../live-portfolio';
import { AllocationBar } from './AllocationBar';
import { HoldingRow } from './HoldingRow';
import { PortfolioActions } from './PortfolioActions';
import { SummaryCard } from './SummaryCard';
import '../portfolio.css';

type Summary = ProcedureOutput<'appportfolio_msrv/portfolio_summary'>;

function Holdings({ summary, chart }: { summary: Summary; chart: ReactNode }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const unit = useSettingsStore((state) => state.price.unit);
  const previous = useRef<LivePortfolio | undefined>(undefined);
  const live = useMemo(() => {
    // A refetched answer in the same currency keeps the ticks' newer prices.
    const kept = previous.current?.holdings.length ? previous.current : undefined;
    return new LivePortfolio(summary.holdings, unit, kept);
  }, [summary, unit]);
  previous.current = live;
  const held = summary.holdings.filter((holding) => holding.amount > 0);
  useLiveTopics(useMemo(() => coinTopics(held.map((holding) => holding.coin_id)), [held]));
  const open = useCallback(
    (coinId: string) => void navigate({ to: paths.portfolio, search: { coin: coinId } }),
    [navigate],
  );
  return (
    <>
      <SummaryCard live={live} unit={unit} />
      <PortfolioActions canExport />
      {chart}
      <AllocationBar live={live} holdings={summary.holdings} />
      <section className="cl-pf-card" aria-labelledby="cl-pf-holdings">
        <h2 className="cl-pf-heading" id="cl-pf-holdings">
          {t('portfolio.holdings')}
        </h2>
        <ul className="cl-pf-rows" data-testid="portfolio-holdings">
          {summary.holdings.map((holding) => (
            <HoldingRow key={holding.coin_id} holding={holding} live={live} unit={unit} onOpen={open} />
          ))}
        </ul>
      </section>
    </>
  );
}

/** The signed-in user's portfolio: totals, value chart (`chart`, from the page), allocation and holdings. */
export function PortfolioOverview({ chart }: { chart: ReactNode }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const query = usePortfolioSummary();
  return (
    <QueryView query={query} testId="portfolio">
      {(summary) =>
        summary.holdings.length === 0 ? (
          <EmptyState
            testId="portfolio-empty"
            title={t('portfolio.empty.title')}
            description={t('portfolio.empty.description')}
            action={
              <div className="cl-pf-empty-actions">
                <Button
                  color="primary"
                  onClick={() => void navigate({ to: paths.portfolioTransaction })}
                  data-testid="portfolio-empty-add"
                >
                  {t('portfolio.add')}
                </Button>
                <Button
                  onClick={() => void navigate({ to: paths.portfolioImport })}
                  data-testid="portfolio-empty-import"
                >
                  {t('portfolio.import')}
                </Button>
              </div>
            }
          />
        ) : (
          <Holdings summary={summary} chart={chart} />
        )
      }
    </QueryView>
  );
}
