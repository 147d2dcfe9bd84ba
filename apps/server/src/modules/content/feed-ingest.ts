import type { AppLanguage } from '@coinlens/contract';
import type { FastifyBaseLogger } from 'fastify';

import { articleKey, canonicalUrl } from '../../news/article-identity.js';
import type { AddressGuard } from '../../news/address-guard.js';
import { nextPollAt } from '../../news/feed-backoff.js';
import { FeedFetchError, fetchFeed } from '../../news/feed-fetcher.js';
import { FeedParseError, parseFeed, type FeedItem, type ParsedFeed } from '../../news/feed-parser.js';
import { htmlToText, sanitiseArticleHtml } from '../../news/html-sanitiser.js';
import { checkPageForChange } from '../../news/official-page-watcher.js';
import type { ArticleDraft, ArticlePublisher } from './article-publisher.js';
import type { FollowedSource, FollowedSourceRepository } from './followed-source.repository.js';

export interface FeedIngestOptions {
  newsFeeds: readonly string[];
  officialSources: readonly { coinId: string; url: string }[];
  pollMs: number;
  /** Which addresses the fetches may reach (every redirect hop included). */
  addressGuard: AddressGuard;
  /** Each fetch, redirects and body included. */
  fetchTimeoutMs: number;
  now: () => number;
}

const SUMMARY_LENGTH = 280;
/** An item older than this on a feed's first read is history, not news. */
const FIRST_READ_MAX_AGE_MS = 7 * 86_400_000;

/** Feeds do not say their language reliably; the script of the title does, for the three app languages. */
export function guessLanguage(text: string): AppLanguage {
  if (/[\u3400-\u9fff]/.test(text)) return 'zh-Hans';
  if (/[ăđơưạảấầẩẫậắằẳẵặẹẻẽếềểễệỉịọỏốồổỗộớờởỡợụủứừửữựỳỵỷỹ]/i.test(text)) return 'vi';
  return 'en';
}

function hostOf(url: string): string {
  try {
    return new URL(url).hostname.replace(/^www\./, '');
  } catch {
    return url;
  }
}

/**
 * Follows the configured news feeds and official sources: conditional requests (ETag / Last-Modified),
 * back-off on failure, every item sanitised and de-duplicated on the way in. A news feed's items become news;
 * an official blog's items and an official page's changes become announcement flashes on the coin.
 */
export class FeedIngest {
  constructor(
    private readonly sources: FollowedSourceRepository,
    private readonly publisher: ArticlePublisher,
    private readonly log: FastifyBaseLogger,
    private readonly options: FeedIngestOptions,
  ) {}

  get configured(): boolean {
    return this.options.newsFeeds.length + this.options.officialSources.length > 0;
  }

  async start(): Promise<void> {
    const now = this.options.now();
    await this.sources.ensure(
      [
        ...this.options.newsFeeds.map((url) => ({ url, kind: 'feed' as const, coinId: null })),
        ...this.options.officialSources.map((source) => ({
          url: source.url,
          kind: 'official_feed' as const,
          coinId: source.coinId,
        })),
      ],
      now,
    );
  }

  /** Polls every source that is due; answers how many articles were added. */
  async pollDue(signal: AbortSignal): Promise<number> {
    const urls = [...this.options.newsFeeds, ...this.options.officialSources.map((source) => source.url)];
    let added = 0;
    for (const source of await this.sources.due(urls, this.options.now())) {
      if (signal.aborted) break;
      added += await this.poll(source, signal);
    }
    return added;
  }

  private async poll(source: FollowedSource, signal: AbortSignal): Promise<number> {
    const now = this.options.now();
    const next = (failures: number, retryAfterMs: number | null = null) =>
      nextPollAt(now, this.options.pollMs, failures, retryAfterMs);
    try {
      if (source.kind === 'official_page') return await this.pollPage(source, signal, next(0));
      const fetched = await fetchFeed(
        source.url,
        { etag: source.etag, lastModified: source.last_modified },
        signal,
        { addressGuard: this.options.addressGuard, timeoutMs: this.options.fetchTimeoutMs },
      );
      if (fetched.kind === 'not_modified') {
        await this.sources.recordNotModified(source.url, next(0), now);
        return 0;
      }
      let feed: ParsedFeed;
      try {
        feed = parseFeed(fetched.body, fetched.contentType);
      } catch (error) {
        // An official source that is a web page rather than a feed is watched for changes instead.
        if (error instanceof FeedParseError && source.kind === 'official_feed') {
          await this.sources.recordSuccess(
            source.url,
            { kind: 'official_page', etag: null, lastModified: null, contentHash: null, nextPollAt: now },
            now,
          );
          return 0;
        }
        throw error;
      }
      const firstRead = source.last_ok_at === null;
      let added = 0;
      for (const item of feed.items) {
        if (firstRead && item.publishedAt !== null && item.publishedAt < now - FIRST_READ_MAX_AGE_MS)
          continue;
        const draft = this.draftOf(item, source, feed, now);
        if (draft && (await this.publisher.publish(draft))) added += 1;
      }
      await this.sources.recordSuccess(
        source.url,
        {
          kind: source.kind,
          etag: fetched.etag,
          lastModified: fetched.lastModified,
          contentHash: fetched.contentHash,
          nextPollAt: next(0),
        },
        now,
      );
      if (added > 0) this.log.info({ url: source.url, added }, 'feed items added');
      return added;
    } catch (error) {
      const failures = source.failures + 1;
      const retryAfterMs = error instanceof FeedFetchError ? error.retryAfterMs : null;
      const reason = error instanceof Error ? error.message : 'unknown error';
      await this.sources.recordFailure(source.url, failures, reason, next(failures, retryAfterMs));
      this.log.warn({ url: source.url, failures, reason }, 'feed poll failed');
      return 0;
    }
  }

  private async pollPage(source: FollowedSource, signal: AbortSignal, nextPoll: number): Promise<number> {
    const now = this.options.now();
    const check = await checkPageForChange(
      source.url,
      { etag: source.etag, lastModified: source.last_modified, contentHash: source.content_hash },
      signal,
      { addressGuard: this.options.addressGuard, timeoutMs: this.options.fetchTimeoutMs },
    );
    await this.sources.recordSuccess(
      source.url,
      {
        kind: 'official_page',
        etag: check.etag,
        lastModified: check.lastModified,
        contentHash: check.contentHash,
        nextPollAt: nextPoll,
      },
      now,
    );
    if (!check.changed || source.coin_id === null) return 0;
    const title = check.title ?? hostOf(source.url);
    const published = await this.publisher.publish({
      kind: 'fastnews',
      origin: 'announcement',
      originKey: `page:${source.url}:${check.contentHash ?? now}`,
      title: { en: title },
      summary: { en: `${hostOf(source.url)} updated its official page.` },
      body: {},
      sourceName: hostOf(source.url),
      sourceUrl: source.url,
      imageUrl: null,
      important: false,
      publishedAt: now,
      coinIds: [source.coin_id],
    });
    return published ? 1 : 0;
  }

  private draftOf(
    item: FeedItem,
    source: FollowedSource,
    feed: ParsedFeed,
    now: number,
  ): ArticleDraft | null {
    const url = item.url ? canonicalUrl(item.url) : null;
    const title = item.title.trim();
    if (title === '') return null;
    const html = sanitiseArticleHtml(item.contentHtml || item.summaryHtml, item.url ?? feed.link);
    const summary = htmlToText(item.summaryHtml || item.contentHtml, SUMMARY_LENGTH);
    const official = source.kind !== 'feed';
    const language = guessLanguage(title);
    return {
      kind: official ? 'fastnews' : 'news',
      origin: official ? 'announcement' : 'feed',
      originKey: `feed:${articleKey(item, source.url)}`,
      title: { [language]: title },
      summary: { [language]: summary },
      body: { [language]: html },
      sourceName: feed.title.trim() || hostOf(source.url),
      sourceUrl: url,
      // The app loads images over https only (CSP); an http cover would only log errors.
      imageUrl: item.imageUrl?.startsWith('https://') ? item.imageUrl : null,
      important: false,
      // A date in the future is the feed's mistake: it would pin the item to the top.
      publishedAt: Math.min(item.publishedAt ?? now, now),
      coinIds: source.coin_id ? [source.coin_id] : [],
    };
  }
}
