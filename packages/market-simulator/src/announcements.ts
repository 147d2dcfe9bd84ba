/**
 * Occasional official announcements per coin: per week a Poisson number of posts (about 4 a month for the
 * top 20 coins, 1.5 for the rest), at deterministic times, with neutral templated titles and an https URL on
 * the coin's own website. They are simulated: no title refers to a real partner or event.
 */
import type { Announcement } from '@coinlens/market-model';
import { DAY_MS } from './price-path/time-units.js';
import { poissonFromUniform, streamKey, uniformAt } from './random.js';
import type { SimulatorContext } from './simulator-context.js';

const WEEK_MS = 7 * DAY_MS;
/** How far back `getAnnouncements` looks at most. */
export const ANNOUNCEMENT_LOOKBACK_MS = 90 * DAY_MS;
const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

type Template = (name: string, symbol: string, at: Date, pick: (count: number) => number) => string;

const TEMPLATES: readonly Template[] = [
  (name, _symbol, at) =>
    `${name} publishes its Q${Math.floor(at.getUTCMonth() / 3) + 1} ${at.getUTCFullYear()} development update`,
  (name, _symbol, _at, pick) => `${name} network upgrade v${pick(5) + 1}.${pick(10)} scheduled`,
  (name) => `${name} opens applications for a new ecosystem grants round`,
  (_name, symbol) => `${symbol} community call: recap and next steps`,
  (name, _symbol, _at, pick) =>
    `Security audit report published for the ${name} ${['core contracts', 'bridge', 'wallet SDK', 'node client'][pick(4)]}`,
  (name) => `${name} releases new developer documentation and tooling`,
  (name, _symbol, _at, pick) => `${name} governance proposal #${pick(400) + 20} opens for voting`,
  (name) => `${name} announces a scheduled maintenance window`,
  (_name, symbol) => `${symbol} token distribution schedule update`,
  (name, _symbol, at) => `${name} transparency report for ${MONTHS[at.getUTCMonth()]} ${at.getUTCFullYear()}`,
];

function slugify(text: string): string {
  return text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 80);
}

/** Announcements of every coin published in [since, now], newest first (`since` clamped to 90 days back). */
export function buildAnnouncements(context: SimulatorContext, since: number, now: number): Announcement[] {
  const from = Math.max(since, now - ANNOUNCEMENT_LOOKBACK_MS);
  const found: Announcement[] = [];
  for (const facts of context.coinById.values()) {
    const key = streamKey(context.seed, 'announcements', facts.id);
    const monthly = context.venues.rank(facts.id) <= 20 ? 4 : 1.5;
    const weekly = (monthly * 7) / 30;
    for (let week = Math.floor(from / WEEK_MS); week <= Math.floor(now / WEEK_MS); week += 1) {
      const count = poissonFromUniform(weekly, uniformAt(key, week, 0));
      for (let index = 0; index < count; index += 1) {
        const lane = 1 + index * 4;
        const publishedAt = Math.floor(week * WEEK_MS + uniformAt(key, week, lane) * WEEK_MS);
        if (publishedAt < from || publishedAt > now) continue;
        const pick = (options: number) => Math.floor(uniformAt(key, week, lane + 2) * options);
        const template =
          TEMPLATES[Math.floor(uniformAt(key, week, lane + 1) * TEMPLATES.length)] ?? TEMPLATES[0]!;
        const title = template(facts.name, facts.symbol, new Date(publishedAt), pick);
        const id = `${facts.id}-${week}-${index}`;
        const url = new URL(`/news/${slugify(title)}-${week}${index}`, facts.links.website);
        url.protocol = 'https:';
        found.push({
          id,
          coinId: facts.id,
          title,
          url: url.toString(),
          publishedAt,
          source: `${facts.name} official site`,
        });
      }
    }
  }
  return found.sort((a, b) => b.publishedAt - a.publishedAt || (a.id < b.id ? -1 : 1));
}
