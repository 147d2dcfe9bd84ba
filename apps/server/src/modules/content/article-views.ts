import type {
  AppLanguage,
  ArticleDetail,
  CommentItem,
  FlashItem,
  NewsItem,
  VoteDirection,
} from '@coinlens/contract';

import { APP_NAME } from '../app/app-name.js';
import type { ArticleRow, CommentRow } from './article.repository.js';
import { localisedText } from '../../db/localised-json.js';

export interface ArticleCoin {
  id: string;
  symbol: string;
  name: string;
}

/** What a view needs beyond the row: the tagged coins, named in the caller's language, and the caller's vote. */
export interface ArticleExtras {
  coins: ArticleCoin[];
  myVote: VoteDirection | null;
}

const UTC8_MS = 8 * 3_600_000;

/** The calendar day of a moment in UTC+8 (decision D3), as `YYYY-MM-DD`. */
export function utc8Date(time: number): string {
  return new Date(time + UTC8_MS).toISOString().slice(0, 10);
}

/** The app's own articles store its English name as their source and show it in the reader's language. */
function sourceOf(row: ArticleRow, language: AppLanguage) {
  const own = row.origin !== 'feed' && row.source_name === APP_NAME.en;
  return {
    name: own ? APP_NAME[language] : row.source_name,
    url: row.source_url,
    sample: row.origin === 'sample',
  };
}

/** The fields every view of an article shares (see `articleBase` in the contract). */
function baseView(row: ArticleRow, language: AppLanguage, extras: ArticleExtras) {
  return {
    id: row.id,
    title: localisedText(row.title_i18n, language),
    time: row.published_at,
    source: sourceOf(row, language),
    coins: extras.coins,
    comment_count: row.comment_count,
  };
}

function votesOf(row: ArticleRow, extras: ArticleExtras) {
  return { bullish: row.bullish, bearish: row.bearish, my_vote: extras.myVote };
}

export function flashView(row: ArticleRow, language: AppLanguage, extras: ArticleExtras): FlashItem {
  return {
    ...baseView(row, language, extras),
    type: 'fastnews',
    content: localisedText(row.summary_i18n, language),
    important: row.important === 1,
    ...votesOf(row, extras),
  };
}

export function newsView(row: ArticleRow, language: AppLanguage, extras: ArticleExtras): NewsItem {
  return {
    ...baseView(row, language, extras),
    type: 'news',
    summary: localisedText(row.summary_i18n, language),
    image_url: row.image_url,
  };
}

export function articleDetailView(
  row: ArticleRow,
  language: AppLanguage,
  extras: ArticleExtras,
): ArticleDetail {
  return {
    ...baseView(row, language, extras),
    type: row.kind,
    summary: localisedText(row.summary_i18n, language),
    content_html: localisedText(row.body_i18n, language),
    image_url: row.image_url,
    important: row.important === 1,
    ...votesOf(row, extras),
  };
}

export function commentView(row: CommentRow): CommentItem {
  return {
    id: row.id,
    content: row.body,
    time: row.created_at,
    user: { uid: row.user_id, nickname: row.nickname, avatar: row.avatar },
  };
}
