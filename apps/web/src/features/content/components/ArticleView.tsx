import { useNavigate } from '@tanstack/react-router';
import { useTranslation } from '@/lib/i18n';

import { formatDateTime, type ArticleDetail } from '@coinlens/contract';

import { ShareButton } from '@/components/ShareButton';
import { paths } from '@/config/paths';
import { ArticleBody } from './ArticleBody';
import { ArticleCoins } from './ArticleCoins';
import { SourceLine } from './SourceLine';
import { VoteButtons } from './VoteButtons';
import '@/components/feed.css';
import './content.css';

/** A news article or a flash in full: heading, source and UTC+8 time, body, coins, votes (flashes), share. */
export function ArticleView({ article }: { article: ArticleDetail }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const route = `${paths.newsDetail}?information_id=${article.id}&type=${article.type}`;
  return (
    <>
      <header className="cl-article-header">
        <h1 className="cl-article-title" data-testid="article-title">
          {article.title}
        </h1>
        <div className="cl-article-meta">
          <SourceLine
            source={article.source}
            time={`${formatDateTime(article.time, 'YYYY-MM-DD HH:mm')} (UTC+8)`}
          />
          <ShareButton title={article.title} route={route} />
        </div>
      </header>
      {article.image_url && <img className="cl-article-cover" src={article.image_url} alt="" />}
      {article.content_html ? (
        <ArticleBody html={article.content_html} />
      ) : (
        <p className="cl-article-summary" data-testid="article-body">
          {article.summary}
        </p>
      )}
      <ArticleCoins coins={article.coins} />
      {article.type === 'fastnews' && <VoteButtons flash={article} />}
      {article.source.url && (
        <button
          type="button"
          className="cl-link-button cl-article-source"
          onClick={() => void navigate({ to: paths.webview, search: { url: article.source.url ?? '' } })}
        >
          {t('news.readOriginal')}
        </button>
      )}
    </>
  );
}
