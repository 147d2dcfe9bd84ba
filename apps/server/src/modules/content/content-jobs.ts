import type { FastifyBaseLogger } from 'fastify';

import type { MarketSnapshot } from '../../market-store/market-snapshot.js';
import type { MarketDataProvider } from '@coinlens/market-model';
import { APP_NAME } from '../app/app-name.js';
import type { ArticleDraft, ArticlePublisher } from './article-publisher.js';
import type { FeedIngest } from './feed-ingest.js';
import { announcementFlash, marketEventFlashes, publishAll } from './market-flashes.js';
import { SAMPLE_ARTICLES, type SampleArticle } from './sample-articles.js';

export interface ContentJobOptions {
  /** Market events and announcements are looked at this often. */
  marketMs: number;
  /** Due feeds are looked for this often (each feed keeps its own schedule). */
  feedCheckMs: number;
  now: () => number;
}

const HOUR_MS = 3_600_000;
/** Announcements older than this are not turned into flashes (the first run would otherwise flood). */
const ANNOUNCEMENT_LOOKBACK_MS = 3 * 24 * HOUR_MS;

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

export function sampleDraft(sample: SampleArticle, firstStart: number): ArticleDraft {
  const body = (paragraphs: string[]) => paragraphs.map((text) => `<p>${escapeHtml(text)}</p>`).join('');
  return {
    kind: 'news',
    origin: 'sample',
    originKey: `sample:${sample.slug}`,
    title: sample.title,
    summary: sample.summary,
    body: {
      en: body(sample.paragraphs.en),
      vi: body(sample.paragraphs.vi),
      'zh-Hans': body(sample.paragraphs['zh-Hans']),
    },
    sourceName: APP_NAME.en,
    sourceUrl: null,
    imageUrl: `/sample-images/${sample.slug}.svg`,
    important: false,
    publishedAt: firstStart - sample.hoursAgo * HOUR_MS,
    coinIds: sample.coinIds,
  };
}

/**
 * Keeps the Viewpoint tab alive: bundled samples on the first start, flashes from market events and official
 * announcements, and the followed feeds. Each job runs on its own timer and never overlaps itself.
 */
export class ContentJobs {
  private readonly timers: NodeJS.Timeout[] = [];
  private readonly running = new Set<string>();
  private readonly abort = new AbortController();

  constructor(
    private readonly publisher: ArticlePublisher,
    private readonly feeds: FeedIngest,
    private readonly snapshot: MarketSnapshot,
    private readonly provider: MarketDataProvider,
    private readonly log: FastifyBaseLogger,
    private readonly options: ContentJobOptions,
  ) {}

  async start(): Promise<void> {
    await publishAll(
      this.publisher,
      SAMPLE_ARTICLES.map((sample) => sampleDraft(sample, this.options.now())),
    );
    await this.feeds.start();
    this.every('market', this.options.marketMs, () => this.marketFlashes());
    if (this.feeds.configured)
      this.every('feeds', this.options.feedCheckMs, () => this.feeds.pollDue(this.abort.signal));
  }

  stop(): void {
    this.abort.abort();
    for (const timer of this.timers) clearInterval(timer);
  }

  /** Polls the followed feeds that are due now (the timer does this every `feedCheckMs`). */
  pollFeeds(): Promise<number> {
    return this.feeds.pollDue(this.abort.signal);
  }

  /** One pass over the market and the providers' announcements; answers how many flashes were new. */
  async marketFlashes(): Promise<number> {
    const now = this.options.now();
    let added = await publishAll(this.publisher, marketEventFlashes(this.snapshot, now));
    if (this.provider.capabilities.has('announcements')) {
      const announcements = await this.provider.getAnnouncements(
        now - ANNOUNCEMENT_LOOKBACK_MS,
        this.abort.signal,
      );
      const drafts = announcements.flatMap((announcement) => {
        const coin = this.snapshot.coins.get(announcement.coinId);
        return coin && announcement.publishedAt <= now ? [announcementFlash(announcement, coin)] : [];
      });
      added += await publishAll(this.publisher, drafts);
    }
    return added;
  }

  private every(name: string, intervalMs: number, job: () => Promise<number>): void {
    const run = () => {
      if (this.running.has(name) || this.abort.signal.aborted) return;
      this.running.add(name);
      job()
        .catch((error: unknown) => this.log.warn({ err: error, job: name }, 'content job failed'))
        .finally(() => this.running.delete(name));
    };
    this.timers.push(setInterval(run, intervalMs).unref());
    setImmediate(run);
  }
}
