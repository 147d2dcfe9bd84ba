import { APP_LANGUAGES } from '@coinlens/contract';

import type { ArticleKind, ArticleOrigin } from '../../db/schema.js';
import { isNearDuplicateTitle, titleFingerprint } from '../../news/article-identity.js';
import type { ServerEventSink } from '../../runtime/server-events.js';
import type { ArticleRepository } from './article.repository.js';
import {
  decodeLocalised,
  encodeLocalised,
  pickLanguage,
  type PartialLocalised,
} from '../../db/localised-json.js';

export interface ArticleDraft {
  kind: ArticleKind;
  origin: ArticleOrigin;
  originKey: string;
  title: PartialLocalised;
  /** Plain text. */
  summary: PartialLocalised;
  /** Sanitised HTML. */
  body: PartialLocalised;
  sourceName: string;
  sourceUrl: string | null;
  imageUrl: string | null;
  important: boolean;
  publishedAt: number;
  /** Coins the item is known to be about; the tagger adds those its title and summary name. */
  coinIds: readonly string[];
}

export interface PublishedArticle {
  id: number;
  draft: ArticleDraft;
  coinIds: string[];
}

/** Finds the coins a text names (see the rss coin tagger). */
export type CoinTagger = (text: string) => string[];

/** Items from different feeds about the same story arrive within hours of each other. */
const NEAR_DUPLICATE_WINDOW_MS = 2 * 86_400_000;
const NEAR_DUPLICATE_CANDIDATES = 300;

/**
 * The one way articles enter the store: de-duplicated (same origin key, same or nearly the same title in the
 * same days), tagged to coins, and announced once stored (`article.published`: push and the inbox react).
 */
export class ArticlePublisher {
  constructor(
    private readonly articles: ArticleRepository,
    private readonly tagger: () => CoinTagger,
    private readonly events: ServerEventSink<'article.published'>,
    private readonly now: () => number,
  ) {}

  /** Stores the draft; null when it is a duplicate of something already stored. */
  async publish(draft: ArticleDraft): Promise<PublishedArticle | null> {
    if (await this.articles.hasOriginKey(draft.originKey)) return null;
    const titles = APP_LANGUAGES.flatMap((language) => draft.title[language] ?? []);
    const fingerprint = titleFingerprint(pickLanguage(draft.title, 'en'));
    if (await this.isNearDuplicate(draft, fingerprint, titles)) return null;
    const tag = this.tagger();
    const coinIds = [
      ...new Set([
        ...draft.coinIds,
        ...tag([...titles, ...APP_LANGUAGES.flatMap((language) => draft.summary[language] ?? [])].join('\n')),
      ]),
    ];
    const id = await this.articles.insert(
      {
        kind: draft.kind,
        origin: draft.origin,
        originKey: draft.originKey,
        titleI18n: encodeLocalised(draft.title),
        summaryI18n: encodeLocalised(draft.summary),
        bodyI18n: encodeLocalised(draft.body),
        searchText: titles.join('\n').toLowerCase(),
        titleFingerprint: fingerprint,
        sourceName: draft.sourceName,
        sourceUrl: draft.sourceUrl,
        imageUrl: draft.imageUrl,
        important: draft.important,
        publishedAt: draft.publishedAt,
        coinIds,
      },
      this.now(),
    );
    if (id === null) return null;
    const published = { id, draft, coinIds };
    this.events.emit('article.published', published);
    return published;
  }

  /** Only items from outside (feeds) are compared by title: generated items have their own keys. */
  private async isNearDuplicate(
    draft: ArticleDraft,
    fingerprint: string,
    titles: string[],
  ): Promise<boolean> {
    if (draft.origin !== 'feed') return false;
    if (await this.articles.hasFingerprint(draft.kind, fingerprint)) return true;
    const stored = await this.articles.recentTitles(
      draft.kind,
      draft.publishedAt - NEAR_DUPLICATE_WINDOW_MS,
      draft.publishedAt + NEAR_DUPLICATE_WINDOW_MS,
      NEAR_DUPLICATE_CANDIDATES,
    );
    return stored.some((json) =>
      Object.values(decodeLocalised(json)).some((other) =>
        titles.some((title) => isNearDuplicateTitle(title, other)),
      ),
    );
  }
}
