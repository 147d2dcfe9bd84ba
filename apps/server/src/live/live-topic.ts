import { coinListInput } from '@coinlens/contract';
import type { CoinListQuery } from '@coinlens/contract';

/** A `list:` topic: one page of the coin list in one order. */
export interface ListTopic {
  sort: CoinListQuery['sort'];
  order: 'asc' | 'desc';
  page: number;
  pageSize: number;
}

const LIST_TOPIC = /^list:([a-z_0-9]+):(asc|desc):(\d+):(\d+)$/;

/** A decimal written the one way `String(number)` writes it, so `1` and `01` cannot name two topics. */
function canonicalNumber(text: string): number | null {
  const value = Number(text);
  return String(value) === text ? value : null;
}

/**
 * The list topic a string names, or null when it names none the server serves: an unknown sort key, or a page
 * or page size that coin_list would refuse or that is not written in its one canonical form (`…:01`). Each
 * topic then has exactly one spelling, so caches and sessions keyed by the string never hold a page twice.
 */
export function parseListTopic(topic: string): ListTopic | null {
  const match = LIST_TOPIC.exec(topic);
  if (!match) return null;
  const [, sort = '', order = 'asc', pageText = '', sizeText = ''] = match;
  const sortKey = coinListInput.shape.sort.safeParse(sort);
  const page = coinListInput.shape.page.safeParse(canonicalNumber(pageText));
  const pageSize = coinListInput.shape.page_size.safeParse(canonicalNumber(sizeText));
  if (!sortKey.success || !page.success || !pageSize.success) return null;
  return {
    sort: sortKey.data,
    order: order === 'desc' ? 'desc' : 'asc',
    page: page.data,
    pageSize: pageSize.data,
  };
}

export function isListTopic(topic: string): boolean {
  return topic.startsWith('list:');
}

/** A topic the server can serve: `global`, `coin:<id>`, or a list topic `parseListTopic` accepts. */
export function isServableTopic(topic: string): boolean {
  return !isListTopic(topic) || parseListTopic(topic) !== null;
}

/**
 * What a topic weighs in an address's coin budget: a list page its page size (what it may hold, whether or not
 * the market fills it), a coin one, the global figures one.
 */
export function topicCoinCount(topic: string): number {
  if (!isListTopic(topic)) return 1;
  return parseListTopic(topic)?.pageSize ?? 0;
}
