// Who may import whom inside apps/server/src. A room is a folder directly under src/, or one module under
// src/modules/. Each row names the rooms its files may import; every other room is refused. eslint.config.mjs
// turns each row into an import-x/no-restricted-paths zone and refuses to load while a folder has no row;
// docs/architecture.md's table of the server's rooms is printed from here (scripts/import-rules-table.mjs).
// The files directly under src/ (main.ts, app.ts, services.ts) compose the rooms: they may import any room,
// and no room imports them.
import { readdirSync } from 'node:fs';

/** What every module may use: the rooms below the modules. */
export const MODULE_BASE = ['config', 'db', 'gateway', 'market-store', 'runtime', 'security'];

/**
 * One row per room, lowest first. `because` says why an edge between two modules (or another edge that is not
 * obvious) is allowed; an import between modules that has no reason here is refused.
 * @type {readonly { room: string, holds: string, imports: readonly string[], because?: Readonly<Record<string, string>> }[]}
 */
export const SERVER_ROOMS = [
  { room: 'analytics', holds: 'derived coin figures, column-stored candle series', imports: [] },
  { room: 'db', holds: 'Kysely, the schema, migrations, column codecs', imports: [] },
  { room: 'news', holds: 'the feed toolkit: fetching, parsing, sanitising, coin tagging', imports: [] },
  {
    room: 'runtime',
    holds: 'event-loop scheduling, the V8 heap settings, the server event map and its bus',
    imports: ['modules/accounts', 'modules/content', 'modules/inbox'],
    because: {
      'modules/accounts': 'the event map names the payload types their publishers declare (type imports)',
      'modules/content': 'the event map names the payload types their publishers declare (type imports)',
      'modules/inbox': 'the event map names the payload types their publishers declare (type imports)',
    },
  },
  {
    room: 'config',
    holds: 'the environment, read and checked at start',
    imports: ['db', 'news'],
    because: { db: 'the default PostgreSQL timeouts', news: 'the default feed timeout' },
  },
  { room: 'security', holds: 'hashing, tokens, secrets, attempt and concurrency limits', imports: ['db'] },
  { room: 'market-data', holds: 'providers, their registry and facade', imports: ['config', 'runtime'] },
  {
    room: 'market-store',
    holds: 'read models: the snapshot, candles, score readings, wire formatting, the MarketReader',
    imports: ['analytics', 'db'],
  },
  {
    room: 'gateway',
    holds: 'the signed-envelope transport and the procedure registry',
    imports: ['security'],
  },
  {
    room: 'ingest',
    holds: 'ticks, back-fill, certification, the score runner; one job per concern',
    imports: ['analytics', 'market-store', 'runtime'],
  },
  {
    room: 'live',
    holds: 'the WebSocket hub, sessions, per-tick frames',
    imports: ['gateway', 'market-store', 'runtime', 'security'],
  },
  { room: 'modules/app', holds: 'app releases and configuration, the app name', imports: MODULE_BASE },
  {
    room: 'modules/mail',
    holds: 'mail templates, the mailer, the dev outbox',
    imports: [...MODULE_BASE, 'modules/app'],
    because: { 'modules/app': 'mail is signed with the app name' },
  },
  {
    room: 'modules/accounts',
    holds: 'sign-up, login, sessions, email codes',
    imports: [...MODULE_BASE, 'modules/mail'],
    because: { 'modules/mail': 'accounts send the email codes' },
  },
  {
    room: 'modules/content',
    holds: 'articles, feeds, market flashes',
    imports: [...MODULE_BASE, 'modules/app', 'news'],
    because: { 'modules/app': "the app's own flashes are published under the app name" },
  },
  { room: 'modules/ads', holds: 'ad slots', imports: MODULE_BASE },
  {
    room: 'modules/inbox',
    holds: "a user's messages: system notices, followed articles",
    imports: [...MODULE_BASE, 'modules/accounts', 'modules/content', 'news'],
    because: {
      'modules/accounts': 'system messages describe account events (device labels)',
      'modules/content': 'the inbox delivers published articles and flashes',
    },
  },
  {
    room: 'modules/alerts',
    holds: 'price alerts: index, evaluation, messages',
    imports: [...MODULE_BASE, 'modules/inbox'],
    because: { 'modules/inbox': 'a fired alert is written as an inbox message' },
  },
  {
    room: 'modules/push',
    holds: 'web push subscriptions and delivery',
    imports: [...MODULE_BASE, 'modules/inbox'],
    because: { 'modules/inbox': 'a push links to the coin of its inbox message' },
  },
  {
    room: 'modules/maintenance',
    holds: 'pruning old rows',
    imports: [...MODULE_BASE, 'modules/alerts', 'modules/inbox'],
    because: {
      'modules/alerts': "the pruner removes the alerts' old rows through their repositories",
      'modules/inbox': "the pruner removes the inbox's old rows through its repository",
    },
  },
  { room: 'modules/market', holds: 'market procedures and views, watchlists', imports: MODULE_BASE },
  { room: 'modules/portfolio', holds: 'transactions, holdings, CSV import and export', imports: MODULE_BASE },
  { room: 'modules/search', holds: 'search over coins, exchanges, sectors and news', imports: MODULE_BASE },
  { room: 'modules/uploads', holds: 'avatar and image uploads', imports: MODULE_BASE },
  {
    room: 'modules/open-api',
    holds: 'the public read API: the CoinGecko-compatible dialect and its HTTP conventions',
    imports: [...MODULE_BASE, 'modules/market', 'modules/search'],
    because: {
      'modules/market': "the API's answers are the market service's answers in another dialect",
      'modules/search': 'its /search is the app search',
    },
  },
  {
    room: 'scale-out',
    holds: 'production mode: leader election, the snapshot stream, limits in Redis',
    imports: ['config', 'gateway', 'ingest', 'market-store', 'runtime', 'security'],
  },
  {
    room: 'http',
    holds: 'routes outside the gateway: static app, health, legal pages, uploads, logos',
    imports: ['config', 'db', 'gateway', 'market-store', 'modules/mail', 'modules/uploads', 'scale-out'],
    because: {
      'modules/mail': 'the dev outbox page shows the mail outbox',
      'modules/uploads': 'uploaded images are served from the upload store',
    },
  },
  {
    room: 'admin',
    holds: 'the operator CLI',
    imports: [
      'config',
      'db',
      'modules/ads',
      'modules/app',
      'modules/content',
      'modules/inbox',
      'modules/push',
      'news',
      'runtime',
      'security',
    ],
  },
  { room: 'audit', holds: 'the venue-folder audit CLI', imports: ['ingest'] },
];

/** The rooms as they are on disk: each folder under `src/` that holds files, and each module. */
export function roomsOnDisk(srcUrl) {
  const holdsFiles = (url) =>
    readdirSync(url, { recursive: true, withFileTypes: true }).some((entry) => entry.isFile());
  const folders = (url) =>
    readdirSync(url, { withFileTypes: true })
      .filter((entry) => entry.isDirectory() && holdsFiles(new URL(`${entry.name}/`, url)))
      .map((entry) => entry.name);
  const top = folders(srcUrl).filter((name) => name !== 'modules');
  const modules = folders(new URL('modules/', srcUrl)).map((name) => `modules/${name}`);
  return [...top, ...modules].sort();
}

/** The files directly under `src/`: the composition root. */
export function rootFiles(srcUrl) {
  return readdirSync(srcUrl, { withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => entry.name);
}

/**
 * One import-x/no-restricted-paths zone per room: it may import the rooms in its row, never another room or the
 * composition root. Throws while a room on disk has no row, so lint fails until the table says who it may import.
 */
export function serverZones(server, srcUrl) {
  const rooms = roomsOnDisk(srcUrl);
  const known = new Set(SERVER_ROOMS.map((row) => row.room));
  const missing = rooms.filter((room) => !known.has(room));
  if (missing.length > 0)
    throw new Error(
      `apps/server/import-rules.mjs has no row for ${missing.join(', ')}: say which rooms it may import.`,
    );
  const root = rootFiles(srcUrl).map((file) => `${server}/${file}`);
  return SERVER_ROOMS.filter((row) => rooms.includes(row.room)).map((row) => ({
    target: `${server}/${row.room}`,
    from: [
      ...rooms
        .filter((room) => room !== row.room && !row.imports.includes(room))
        .map((room) => `${server}/${room}`),
      ...root,
    ],
    message: `${row.room} may import ${row.imports.join(', ') || 'no other room'} (apps/server/import-rules.mjs).`,
  }));
}
