import { useQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import type { CoinDetail } from '@coinlens/contract';
import { useTranslation } from '@/lib/i18n';

import { Disclaimer } from '@/components/Disclaimer';
import { EmptyState } from '@/components/EmptyState';
import { FactList } from '@/components/FactList';
import { Logo } from '@/components/Logo';
import { QueryView } from '@/components/QueryView';
import { paths } from '@/config/paths';
import type { BriefIntroductionSearch } from '@/config/search-params';
import { marketQueries } from '@/features/market/api/market-queries';
import { ProjectLinks } from '@/features/market/components/ProjectLinks';
import { quantityText, textOrDash } from '@/lib/fact-format';
import { useSettingsStore } from '@/lib/settings-store';
import { useDisplayLanguage } from '@/lib/use-display-language';
import './brief-introduction.css';

function Introduction({ coin }: { coin: CoinDetail }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const language = useDisplayLanguage();
  return (
    <>
      <header className="cl-brief-head">
        <Logo src={coin.logo} name={coin.symbol} size={44} />
        <div>
          <h2 className="cl-brief-name">{coin.local_name}</h2>
          <span className="cl-muted">{coin.symbol}</span>
        </div>
      </header>
      <section className="cl-facts" aria-label={t('coin.section.about')}>
        <h3 className="cl-facts-title">{t('coin.section.about')}</h3>
        <p className="cl-description" data-testid="brief-description">
          {coin.description || t('coin.introEmpty')}
        </p>
      </section>
      <FactList
        title={t('coin.section.facts')}
        testId="brief-facts"
        facts={[
          { key: 'issue_date', label: t('coin.field.issueDate'), value: textOrDash(coin.issue_date) },
          {
            key: 'issue_type',
            label: t('coin.field.issueType'),
            value: coin.issue_type
              ? t(`coin.issueType.${coin.issue_type}`, { defaultValue: coin.issue_type })
              : '-',
          },
          { key: 'public_chain', label: t('coin.field.publicChain'), value: textOrDash(coin.public_chain) },
          { key: 'consensus', label: t('coin.field.consensus'), value: textOrDash(coin.mining?.consensus) },
          {
            key: 'max_supply',
            label: t('coin.field.maxSupply'),
            value: coin.max_supply === null ? t('coin.unlimited') : quantityText(coin.max_supply, language),
          },
          {
            key: 'concepts',
            label: t('coin.field.concepts'),
            value: coin.concepts.map((concept) => concept.name).join(' · ') || '-',
          },
        ]}
      />
      <ProjectLinks
        links={coin.links}
        onOpen={(url) => void navigate({ to: paths.webview, search: { url } })}
        testId="brief-links"
      />
    </>
  );
}

/** A coin's project description, facts and links (param coin_id, decision D8). */
export default function BriefIntroductionPage({ coin_id }: BriefIntroductionSearch) {
  const { t } = useTranslation();
  const currency = useSettingsStore((state) => state.price.currency_code);
  const query = useQuery({ ...marketQueries.coinDetail(coin_id ?? '', currency), enabled: Boolean(coin_id) });
  return (
    <div className="cl-detail" data-testid="page-briefIntroduction">
      {coin_id ? (
        <QueryView query={query} testId="brief" notFoundTitle={t('coin.missing')}>
          {(coin) => <Introduction coin={coin} />}
        </QueryView>
      ) : (
        <EmptyState testId="brief-missing" title={t('coin.missing')} />
      )}
      <Disclaimer />
    </div>
  );
}
