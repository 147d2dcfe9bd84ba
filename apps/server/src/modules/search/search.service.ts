import type {
  AppLanguage,
  ConceptItem,
  ProcedureOutput,
  ProcedureParsedInput,
  SearchNewsItem,
} from '@coinlens/contract';

import type { MarketSnapshot } from '../../market-store/market-snapshot.js';
import { SECTORS_WITH_NAMES } from '@coinlens/market-model';
import type { DistinctCallers } from '../../security/distinct-callers.js';
import type { MarketReader } from '../../market-store/market-reader.js';
import { MatchTier, SearchIndex, type SearchEntry, type SearchHit } from './search-index.js';

type EntityKind = 'coin' | 'exchange' | 'concept';

/** Finds news and flashes by keyword and by the coins the keyword found (the content module answers it). */
export type NewsSearch = (
  keyword: string,
  coinIds: readonly string[],
  paging: { page: number; page_size: number },
  language: AppLanguage,
) => Promise<{ list: SearchNewsItem[]; total: number }>;

/** News about the coins a keyword clearly names is news for the keyword ("bitcoin" finds "BTC tops …"). */
const NEWS_COINS = 3;
type SearchInput = ProcedureParsedInput<'appsearch_msrv/search'>;

/** Matches at least this good say what the user was looking for (counted as a hot keyword). */
const INTENT_TIER = MatchTier.NamePrefix;
const HOT_KEYWORDS = 10;

/**
 * Search over the market's coins, exchanges, sectors and news, and what is hot. The
 * index is rebuilt on the first search after the universe changes (profiles reloaded, coins or exchanges
 * added), never per request; ties follow the live rank. A search that clearly found something counts the
 * found entity's symbol or name as a hot keyword — never the raw text typed, so the hot list cannot be made
 * to say anything.
 */
export class SearchService {
  private index: SearchIndex<EntityKind> = new SearchIndex([]);
  private indexKey = '';

  constructor(
    private readonly snapshot: MarketSnapshot,
    private readonly market: MarketReader,
    private readonly coinInterest: DistinctCallers,
    private readonly keywordInterest: DistinctCallers,
    private readonly newsSearch: NewsSearch | null = null,
  ) {}

  /** `caller` (its address key) counts once an hour towards the hot coins and keywords. */
  async search(
    input: SearchInput,
    language: AppLanguage,
    caller: string,
  ): Promise<ProcedureOutput<'appsearch_msrv/search'>> {
    const kinds = new Set<EntityKind>();
    if (input.type === 'all' || input.type === 'coin') kinds.add('coin');
    if (input.type === 'all' || input.type === 'exchange') kinds.add('exchange');
    if (input.type === 'all') kinds.add('concept');
    // Concepts tie-break by their market cap, which only the (per-call) concept list knows: it is built only
    // when the keyword matched a sector, and those hits are ordered on their own.
    if (input.type === 'news') kinds.add('coin');
    const hits = this.currentIndex().search(input.keyword, kinds, (id, kind) =>
      kind === 'concept' ? 0 : -this.rankOf(id, kind),
    );
    const entityHits = hits.filter((hit) => hit.kind !== 'concept');
    this.recordInterest(entityHits[0], caller);
    const coinIds = entityHits.filter((hit) => hit.kind === 'coin').map((hit) => hit.id);
    const exchangeIds = entityHits.filter((hit) => hit.kind === 'exchange').map((hit) => hit.id);
    const conceptHits = this.conceptsOf(
      hits.filter((hit) => hit.kind === 'concept'),
      input.currency,
      language,
    );
    const start = (input.page - 1) * input.page_size;
    const pageOf = <T>(list: T[]) => list.slice(start, start + input.page_size);
    const news =
      this.newsSearch && (input.type === 'all' || input.type === 'news')
        ? await this.newsSearch(
            input.keyword,
            entityHits
              .filter((hit) => hit.kind === 'coin' && hit.tier <= MatchTier.ExactName)
              .slice(0, NEWS_COINS)
              .map((hit) => hit.id),
            input,
            language,
          )
        : { list: [], total: 0 };
    const listed = (list: string[]) => (input.type === 'news' ? [] : list);
    return {
      keyword: input.keyword,
      type: input.type,
      coins: {
        list: this.market.coinsByIds(pageOf(listed(coinIds)), input.currency, language),
        total: listed(coinIds).length,
      },
      exchanges: {
        list: this.market.exchangesByIds(pageOf(exchangeIds), input.currency, language),
        total: exchangeIds.length,
      },
      concepts: { list: pageOf(conceptHits), total: conceptHits.length },
      news,
      page: input.page,
      page_size: input.page_size,
      currency: input.currency,
      ...this.market.freshness(),
    };
  }

  async hotSearch(
    limit: number,
    currency: string,
    language: AppLanguage,
  ): Promise<ProcedureOutput<'appsearch_msrv/hot_search'>> {
    const [keywordCounts, coins] = await Promise.all([
      this.keywordInterest.counts(),
      this.market.hotSearchCoins(limit, currency, language),
    ]);
    const keywords = [...keywordCounts]
      .sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))
      .slice(0, HOT_KEYWORDS)
      .map(([keyword]) => keyword);
    return { ...coins, keywords };
  }

  hotConcepts(
    limit: number,
    currency: string,
    language: AppLanguage,
  ): ProcedureOutput<'appsearch_msrv/hot_concepts'> {
    const concepts = this.market.conceptList(currency, language);
    const list = [...concepts.list]
      .sort((a, b) => Math.abs(b.change_24h ?? 0) - Math.abs(a.change_24h ?? 0))
      .slice(0, limit);
    return { ...concepts, list };
  }

  /** Matched sectors with their figures, best tier first and, within a tier, largest market cap first. */
  private conceptsOf(
    hits: readonly SearchHit<EntityKind>[],
    currency: string,
    language: AppLanguage,
  ): ConceptItem[] {
    if (hits.length === 0) return [];
    const byId = new Map(
      this.market.conceptList(currency, language).list.map((concept) => [concept.id, concept]),
    );
    return hits
      .flatMap((hit) => {
        const concept = byId.get(hit.id);
        return concept ? [{ concept, tier: hit.tier }] : [];
      })
      .sort(
        (a, b) =>
          a.tier - b.tier ||
          b.concept.market_cap - a.concept.market_cap ||
          (a.concept.id < b.concept.id ? -1 : 1),
      )
      .map((entry) => entry.concept);
  }

  private recordInterest(
    best: { id: string; kind: EntityKind; tier: MatchTier } | undefined,
    caller: string,
  ): void {
    if (!best || best.tier > INTENT_TIER) return;
    if (best.kind === 'coin') {
      void this.coinInterest.record(best.id, caller);
      const symbol = this.snapshot.coins.get(best.id)?.profile.symbol;
      if (symbol) void this.keywordInterest.record(symbol, caller);
    } else if (best.kind === 'exchange') {
      const name = this.snapshot.exchanges.get(best.id)?.profile.name;
      if (name) void this.keywordInterest.record(name, caller);
    }
  }

  private rankOf(id: string, kind: 'coin' | 'exchange'): number {
    return (
      (kind === 'coin' ? this.snapshot.coins.get(id)?.rank : this.snapshot.exchanges.get(id)?.exRank) ??
      Number.MAX_SAFE_INTEGER
    );
  }

  private currentIndex(): SearchIndex<EntityKind> {
    const key = `${this.snapshot.profilesVersion}:${this.snapshot.coins.size}:${this.snapshot.exchanges.size}`;
    if (key !== this.indexKey) {
      this.index = new SearchIndex(this.entries());
      this.indexKey = key;
    }
    return this.index;
  }

  private entries(): SearchEntry<EntityKind>[] {
    const coins = [...this.snapshot.coins.values()].map(({ profile }) => ({
      id: profile.id,
      kind: 'coin' as const,
      symbol: profile.symbol,
      names: [profile.name, profile.localNames['zh-Hans'] ?? '', profile.localNames.vi ?? '', profile.id],
    }));
    const exchanges = [...this.snapshot.exchanges.values()].map(({ profile }) => ({
      id: profile.id,
      kind: 'exchange' as const,
      names: [profile.name, profile.localNames['zh-Hans'] ?? '', profile.id],
    }));
    // Sectors in every language, so "Trí tuệ nhân tạo", "tri tue nhan tao" and "人工智能" all find AI.
    const concepts = SECTORS_WITH_NAMES.map((sector) => ({
      id: sector.id,
      kind: 'concept' as const,
      names: [sector.names.en, sector.names.vi, sector.names['zh-Hans'], sector.id],
    }));
    return [...coins, ...exchanges, ...concepts];
  }
}
