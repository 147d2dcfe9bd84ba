import { readFileSync } from 'node:fs';

import { AD_POSITIONS, CLIENT_PLATFORMS } from '@coinlens/contract';
import type { Kysely } from 'kysely';
import { z } from 'zod';

import type { Database } from '../db/schema.js';
import { sanitiseArticleHtml } from '../news/html-sanitiser.js';
import { AdRepository } from '../modules/ads/ad.repository.js';
import { AppRepository } from '../modules/app/app.repository.js';
import { ArticleRepository } from '../modules/content/article.repository.js';
import { ArticlePublisher } from '../modules/content/article-publisher.js';
import { encodeLocalised, localisedText } from '../db/localised-json.js';
import { InboxRepository } from '../modules/inbox/inbox.repository.js';
import { InboxService } from '../modules/inbox/inbox.service.js';
import type { ServerEventSink } from '../runtime/server-events.js';

/** What a command may use; the CLI opens them from the server's configuration. */
export interface AdminContext {
  db: Kysely<Database>;
  now: () => number;
  /** Delivers pushes for what was published (null: no push). */
  push: AdminPush | null;
}

export interface AdminPush {
  notice(
    userId: number | null,
    id: number,
    title: Record<string, string>,
    body: Record<string, string>,
  ): Promise<number>;
  breaking(id: number, title: Record<string, string>, body: Record<string, string>): Promise<number>;
}

/** A mistake in the command line: printed as one line, exit code 2. */
export class AdminInputError extends Error {
  override readonly name = 'AdminInputError';
}

const text = z.string().trim().min(1, 'must not be empty');
const optionalText = z.string().trim().min(1).optional();
const httpUrl = z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' });
const linkUrl = z
  .string()
  .trim()
  .refine(
    (value) => /^(https?:\/\/|web\+coinlens:|\/)/.test(value),
    'must be http(s), web+coinlens: or a /path',
  );
const time = z
  .string()
  .trim()
  .refine((value) => !Number.isNaN(Date.parse(value)), 'must be an ISO date, e.g. 2026-12-01T08:00:00Z')
  .transform((value) => Date.parse(value));
const localisedFields = (prefix: string, required: boolean) => ({
  [`${prefix}-en`]: required ? text : optionalText,
  [`${prefix}-vi`]: optionalText,
  [`${prefix}-zh`]: optionalText,
});

function localised(options: Record<string, unknown>, prefix: string): Record<string, string> {
  const pick = (suffix: string) => {
    const value = options[`${prefix}-${suffix}`];
    return typeof value === 'string' ? value : undefined;
  };
  return Object.fromEntries(
    (
      [
        ['en', pick('en')],
        ['vi', pick('vi')],
        ['zh-Hans', pick('zh')],
      ] as const
    ).filter((entry): entry is ['en' | 'vi' | 'zh-Hans', string] => entry[1] !== undefined),
  );
}

function parse<T extends z.ZodType>(schema: T, options: Record<string, unknown>): z.output<T> {
  const result = schema.safeParse(options);
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  const field = issue?.path.join('.') ?? '';
  throw new AdminInputError(`--${field}: ${issue?.message ?? 'invalid'}`);
}

async function resolveUser(db: Kysely<Database>, who: string): Promise<number> {
  const row = /^\d+$/.test(who)
    ? await db.selectFrom('users').select('id').where('id', '=', Number(who)).executeTakeFirst()
    : await db.selectFrom('users').select('id').where('email', '=', who.toLowerCase()).executeTakeFirst();
  if (!row) throw new AdminInputError(`--user: no account ${who}`);
  return row.id;
}

const noticeSchema = z.object({
  ...localisedFields('title', true),
  ...localisedFields('body', true),
  user: optionalText,
  link: linkUrl.optional(),
});
const flashSchema = z.object({
  ...localisedFields('title', true),
  ...localisedFields('content', true),
  coin: optionalText,
  important: z.boolean().optional(),
  source: optionalText,
  url: httpUrl.optional(),
});
const articleSchema = z.object({
  ...localisedFields('title', true),
  ...localisedFields('summary', true),
  ...localisedFields('body', false),
  'body-file': optionalText,
  coin: optionalText,
  image: linkUrl.optional(),
  source: optionalText,
  url: httpUrl.optional(),
});
const adSchema = z.object({
  ...localisedFields('title', true),
  position: z.enum(AD_POSITIONS, { error: `must be one of ${AD_POSITIONS.join(', ')}` }),
  image: linkUrl,
  link: linkUrl,
  priority: z.coerce.number().int().min(0).max(1000).optional(),
  starts: time.optional(),
  ends: time.optional(),
});
const versionSchema = z.object({
  platform: z.enum(CLIENT_PLATFORMS).default('web'),
  version: z.string().regex(/^\d+\.\d+\.\d+$/, 'must look like 1.0.9'),
  code: z.coerce.number().int().positive(),
  'download-url': httpUrl,
  ...localisedFields('notes', false),
  force: z.boolean().optional(),
});

const KINDS = ['notice', 'flash', 'article', 'ad', 'version'] as const;
type Kind = (typeof KINDS)[number];

/** The CLI pushes what it publishes itself (and reports the count): no one else hears of it. */
const unheard: ServerEventSink<'article.published' | 'inbox.delivered'> = { emit: () => undefined };

function kindOf(value: string | undefined): Kind {
  const kind = KINDS.find((each) => each === value);
  if (!kind) throw new AdminInputError(`what to act on: one of ${KINDS.join(', ')}`);
  return kind;
}

function idOf(value: string | undefined): number {
  if (!value || !/^\d+$/.test(value)) throw new AdminInputError('the id to retract: a number (see `list`)');
  return Number(value);
}

function coinsOf(value: string | undefined): string[] {
  return value
    ? value
        .split(',')
        .map((id) => id.trim())
        .filter(Boolean)
    : [];
}

async function publish(kind: Kind, options: Record<string, unknown>, context: AdminContext): Promise<string> {
  const { db, now } = context;
  const publisher = new ArticlePublisher(new ArticleRepository(db), () => () => [], unheard, now);
  switch (kind) {
    case 'notice': {
      const input = parse(noticeSchema, options);
      const userId = input.user ? await resolveUser(db, input.user) : null;
      const title = localised(options, 'title');
      const body = localised(options, 'body');
      const id = await new InboxService(new InboxRepository(db), unheard, now).send({
        userId,
        category: 'notice',
        title,
        body,
        link: input.link ?? null,
      });
      const pushed = id !== null && context.push ? await context.push.notice(userId, id, title, body) : 0;
      return `notice ${id} published to ${userId === null ? 'everyone' : `user ${userId}`}; pushed to ${pushed} device(s)`;
    }
    case 'flash': {
      const input = parse(flashSchema, options);
      const at = now();
      const title = localised(options, 'title');
      const summary = localised(options, 'content');
      const published = await publisher.publish({
        kind: 'fastnews',
        origin: 'operator',
        originKey: `operator:flash:${at}:${Math.random().toString(36).slice(2)}`,
        title,
        summary,
        body: {},
        sourceName: input.source ?? 'Coinlens',
        sourceUrl: input.url ?? null,
        imageUrl: null,
        important: input.important ?? false,
        publishedAt: at,
        coinIds: coinsOf(input.coin),
      });
      if (!published) throw new AdminInputError('not stored (duplicate)');
      const pushed =
        input.important && context.push ? await context.push.breaking(published.id, title, summary) : 0;
      return `flash ${published.id} published; pushed to ${pushed} device(s)`;
    }
    case 'article': {
      const input = parse(articleSchema, options);
      const at = now();
      const body = localised(options, 'body');
      if (input['body-file']) body.en = readFileSync(input['body-file'], 'utf8');
      if (!body.en) throw new AdminInputError('--body-en or --body-file: the article text (HTML)');
      const clean = Object.fromEntries(
        Object.entries(body).map(([language, html]) => [
          language,
          sanitiseArticleHtml(html, input.url ?? null),
        ]),
      );
      const published = await publisher.publish({
        kind: 'news',
        origin: 'operator',
        originKey: `operator:article:${at}:${Math.random().toString(36).slice(2)}`,
        title: localised(options, 'title'),
        summary: localised(options, 'summary'),
        body: clean,
        sourceName: input.source ?? 'Coinlens',
        sourceUrl: input.url ?? null,
        imageUrl: input.image ?? null,
        important: false,
        publishedAt: at,
        coinIds: coinsOf(input.coin),
      });
      if (!published) throw new AdminInputError('not stored (duplicate)');
      return `article ${published.id} published`;
    }
    case 'ad': {
      const input = parse(adSchema, options);
      const startsAt = input.starts ?? now();
      if (input.ends !== undefined && input.ends <= startsAt)
        throw new AdminInputError('--ends: must be after --starts');
      const id = await new AdRepository(db).insert(
        {
          position: input.position,
          titleI18n: encodeLocalised(localised(options, 'title')),
          imageUrl: input.image,
          linkUrl: input.link,
          priority: input.priority ?? 0,
          startsAt,
          endsAt: input.ends ?? null,
        },
        now(),
      );
      return `ad ${id} published at ${input.position}`;
    }
    case 'version': {
      const input = parse(versionSchema, options);
      await new AppRepository(db).publishRelease({
        platform: input.platform,
        version: input.version,
        versionCode: input.code,
        downloadUrl: input['download-url'],
        releaseNotes: localised(options, 'notes'),
        forceUpdate: input.force ?? false,
        releasedAt: now(),
      });
      return `version ${input.version} (${input.code}) published for ${input.platform}`;
    }
  }
}

function row(...cells: (string | number | null)[]): string {
  return cells.map((cell) => (cell === null ? '-' : String(cell))).join('\t');
}

const iso = (at: number | null) => (at === null ? null : new Date(at).toISOString());

async function list(kind: Kind, limit: number, context: AdminContext): Promise<string> {
  const { db } = context;
  switch (kind) {
    case 'notice':
      return (await new InboxRepository(db).recent(limit))
        .map((m) =>
          row(
            m.id,
            m.category,
            m.user_id ?? 'everyone',
            iso(m.created_at),
            m.retracted_at ? 'retracted' : 'live',
            localisedText(m.title_i18n, 'en'),
          ),
        )
        .join('\n');
    case 'flash':
    case 'article':
      return (await new ArticleRepository(db).recent(kind === 'flash' ? 'fastnews' : 'news', limit))
        .map((a) =>
          row(
            a.id,
            a.origin,
            iso(a.published_at),
            a.retracted_at ? 'retracted' : 'live',
            localisedText(a.title_i18n, 'en'),
          ),
        )
        .join('\n');
    case 'ad':
      return (await new AdRepository(db).recent(limit))
        .map((ad) =>
          row(
            ad.id,
            ad.position,
            iso(ad.starts_at),
            iso(ad.ends_at),
            ad.retracted_at ? 'retracted' : 'live',
            localisedText(ad.title_i18n, 'en'),
          ),
        )
        .join('\n');
    case 'version':
      return (await db.selectFrom('app_releases').selectAll().orderBy('id', 'desc').limit(limit).execute())
        .map((release) =>
          row(release.id, release.platform, release.version, release.version_code, iso(release.released_at)),
        )
        .join('\n');
  }
}

async function retract(kind: Kind, id: number, context: AdminContext): Promise<string> {
  const { db, now } = context;
  let done: boolean;
  switch (kind) {
    case 'notice':
      done = await new InboxRepository(db).retract(id, now());
      break;
    case 'flash':
    case 'article':
      done = await new ArticleRepository(db).retract(id, now());
      break;
    case 'ad':
      done = await new AdRepository(db).retract(id, now());
      break;
    case 'version':
      throw new AdminInputError('a published version cannot be retracted: publish a newer one');
  }
  if (!done) throw new AdminInputError(`no live ${kind} ${id}`);
  return `${kind} ${id} retracted`;
}

export const ADMIN_USAGE = `usage: npm run admin -- <command> <what> [options]
  publish notice  --title-en T --body-en B [--title-vi --title-zh --body-vi --body-zh] [--user <uid|email>] [--link URL]
  publish flash   --title-en T --content-en C [--title-vi ... --content-zh ...] [--coin id,id] [--important] [--source S --url URL]
  publish article --title-en T --summary-en S (--body-en HTML | --body-file F) [--coin id,id] [--image URL] [--source S --url URL]
  publish ad      --position ${AD_POSITIONS.join('|')} --title-en T --image URL --link URL [--priority N --starts ISO --ends ISO]
  publish version --version 1.0.9 --code 109 --download-url URL [--platform web|android|ios] [--notes-en ... ] [--force]
  list    notice|flash|article|ad|version [--limit N]
  retract notice|flash|article|ad <id>`;

/** Runs one command; answers what to print. Throws AdminInputError for a wrong command line. */
export async function runAdminCommand(
  positionals: readonly string[],
  options: Record<string, unknown>,
  context: AdminContext,
): Promise<string> {
  const [command, what, id] = positionals;
  switch (command) {
    case 'publish':
      return publish(kindOf(what), options, context);
    case 'list': {
      const limit = parse(
        z.object({ limit: z.coerce.number().int().min(1).max(500).default(20) }),
        options,
      ).limit;
      return list(kindOf(what), limit, context);
    }
    case 'retract':
      return retract(kindOf(what), idOf(id), context);
    default:
      throw new AdminInputError(ADMIN_USAGE);
  }
}
