import { z } from 'zod';

import { defineProcedure } from './define-procedure.js';
import { ARTICLE_TYPES, VOTE_DIRECTIONS } from './procedure-constants.js';
import { page, pageSize } from './shared-fields.js';

/** An article id as the routes carry it (`information_id`): digits, as a string or a number. */
export const informationId = z
  .union([
    z
      .string()
      .trim()
      .regex(/^\d{1,15}$/, 'not an article id'),
    z.number().int().positive(),
  ])
  .transform((value) => Number(value))
  .refine((value) => Number.isSafeInteger(value) && value > 0, 'not an article id');

const articleCoin = z.object({ id: z.string(), symbol: z.string(), name: z.string() });

const articleSource = z.object({
  name: z.string(),
  /** The original article, when the item came from elsewhere. */
  url: z.string().nullable(),
  /** Bundled offline samples are labelled as such. */
  sample: z.boolean(),
});

const voteCounts = {
  bullish: z.number().int(),
  bearish: z.number().int(),
  /** The caller's own vote; null for visitors and before voting. */
  my_vote: z.enum(VOTE_DIRECTIONS).nullable(),
};

/** What every shape of an article shares. */
const articleBase = z.object({
  id: z.number().int(),
  title: z.string(),
  time: z.number().int(),
  source: articleSource,
  coins: z.array(articleCoin),
  comment_count: z.number().int(),
});

export const flashItem = articleBase.extend({
  type: z.literal('fastnews'),
  /** Plain text. */
  content: z.string(),
  important: z.boolean(),
  ...voteCounts,
});
export type FlashItem = z.infer<typeof flashItem>;

export const newsItem = articleBase.extend({
  type: z.literal('news'),
  summary: z.string(),
  image_url: z.string().nullable(),
});
export type NewsItem = z.infer<typeof newsItem>;

export const articleDetail = articleBase.extend({
  type: z.enum(ARTICLE_TYPES),
  summary: z.string(),
  /** Sanitised on the server; render through a sanitiser again. */
  content_html: z.string(),
  image_url: z.string().nullable(),
  important: z.boolean(),
  ...voteCounts,
});
export type ArticleDetail = z.infer<typeof articleDetail>;

export const commentItem = z.object({
  id: z.number().int(),
  content: z.string(),
  time: z.number().int(),
  user: z.object({ uid: z.number().int(), nickname: z.string(), avatar: z.string() }),
});
export type CommentItem = z.infer<typeof commentItem>;

const coinFilter = z.string().trim().min(1).max(100).optional();
const pagedList = <T extends z.ZodType>(item: T) =>
  z.object({
    list: z.array(item),
    page: z.number().int(),
    page_size: z.number().int(),
    total: z.number().int(),
  });

export const contentProcedures = {
  /** Flashes newest first, a page at a time, grouped by calendar day in UTC+8 (`date` is `YYYY-MM-DD`). */
  'appcontent_msrv/fastnews_list': defineProcedure({
    input: z.object({ page, page_size: pageSize.default(20), coin_id: coinFilter }),
    output: z.object({
      groups: z.array(z.object({ date: z.string(), list: z.array(flashItem) })),
      page: z.number().int(),
      page_size: z.number().int(),
      total: z.number().int(),
    }),
    auth: 'optional',
  }),
  'appcontent_msrv/news_list': defineProcedure({
    input: z.object({ page, page_size: pageSize.default(20), coin_id: coinFilter }),
    output: pagedList(newsItem),
    auth: 'public',
  }),
  'appcontent_msrv/news_detail': defineProcedure({
    input: z.object({ information_id: informationId, type: z.enum(ARTICLE_TYPES).default('news') }),
    output: articleDetail,
    auth: 'optional',
  }),
  /** One vote per user and flash; a second answers 801103 (already voted). */
  'appcontent_msrv/fastnews_vote': defineProcedure({
    input: z.object({ information_id: informationId, direction: z.enum(VOTE_DIRECTIONS) }),
    output: z.object({ id: z.number().int(), ...voteCounts }),
    auth: 'required',
  }),
  'appcontent_msrv/comment_list': defineProcedure({
    input: z.object({
      information_id: informationId,
      type: z.enum(ARTICLE_TYPES).default('news'),
      page,
      page_size: pageSize.default(20),
    }),
    output: pagedList(commentItem),
    auth: 'public',
  }),
  /** An empty (or whitespace-only) comment answers 802000; too many in a minute 802009. */
  'appcontent_msrv/comment_add': defineProcedure({
    input: z.object({
      information_id: informationId,
      type: z.enum(ARTICLE_TYPES).default('news'),
      content: z.string().max(4000),
    }),
    output: commentItem,
    auth: 'required',
  }),
};
