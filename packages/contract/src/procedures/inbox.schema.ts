import { z } from 'zod';

import { defineProcedure } from './define-procedure.js';
import { INBOX_CATEGORIES } from './procedure-constants.js';
import { page, pageSize } from './shared-fields.js';

const messageId = z.number().int().positive();

export const inboxMessageItem = z.object({
  id: z.number().int(),
  category: z.enum(INBOX_CATEGORIES),
  title: z.string(),
  /** The first words of the message, plain text. */
  summary: z.string(),
  time: z.number().int(),
  read: z.boolean(),
});
export type InboxMessageItem = z.infer<typeof inboxMessageItem>;

export const inboxMessageDetail = inboxMessageItem.extend({
  /** Plain text with line breaks. */
  content: z.string(),
  /** An in-app link (`web+coinlens:…` or an http(s) URL) the message points to. */
  link: z.string().nullable(),
});
export type InboxMessageDetail = z.infer<typeof inboxMessageDetail>;

const unreadNum = z.object({ unread_num: z.number().int() });

/** The spec's four inbox calls (appinbox_msrv); texts come in the language of `__dlang__`. */
export const inboxProcedures = {
  'appinbox_msrv/inbox_message_list': defineProcedure({
    input: z.object({ page, page_size: pageSize.default(20) }),
    output: z.object({
      list: z.array(inboxMessageItem),
      page: z.number().int(),
      page_size: z.number().int(),
      total: z.number().int(),
      unread_num: z.number().int(),
    }),
    auth: 'required',
  }),
  'appinbox_msrv/inbox_message_detail': defineProcedure({
    input: z.object({ id: messageId }),
    output: inboxMessageDetail,
    auth: 'required',
  }),
  /** Marks one message (`id`) or every message (`all: true`) read; answers what is still unread. */
  'appinbox_msrv/inbox_message_markasread': defineProcedure({
    input: z
      .object({ id: messageId.optional(), all: z.boolean().default(false) })
      .refine((value) => value.all || value.id !== undefined, {
        message: 'id or all is required',
        path: ['id'],
      }),
    output: unreadNum,
    auth: 'required',
  }),
  'appinbox_msrv/inbox_message_unread_num': defineProcedure({
    input: z.object({}),
    output: unreadNum,
    auth: 'required',
    sessionRedirectExempt: true,
  }),
};
