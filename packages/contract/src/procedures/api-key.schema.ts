import { z } from 'zod';

import { defineProcedure } from './define-procedure.js';

/** How many live keys one account may hold. */
export const API_KEYS_PER_USER = 5;

/** A key as its owner sees it after creation: never the secret, only its last characters. */
export const apiKeyView = z.object({
  id: z.number().int(),
  label: z.string(),
  /** The secret's last four characters, to tell keys apart. */
  hint: z.string(),
  created_at: z.number().int(),
  last_used_at: z.number().int().nullable(),
  /** Calls today (UTC) and since creation, as counted by the API. */
  calls_today: z.number().int(),
  calls_total: z.number().int(),
  /** Calls a minute this key may make. */
  limit_per_minute: z.number().int(),
});
export type ApiKeyView = z.infer<typeof apiKeyView>;

/** Keys of the open API (docs/api.md), managed from the Me tab by their owner. */
export const apiKeyProcedures = {
  'appsys_msrv/api_key_list': defineProcedure({
    input: z.object({}),
    output: z.object({ list: z.array(apiKeyView), anonymous_limit_per_minute: z.number().int() }),
    auth: 'required',
  }),
  /** The secret is in this answer only: it is stored hashed and can never be shown again. */
  'appsys_msrv/api_key_create': defineProcedure({
    input: z.object({ label: z.string().trim().min(1).max(40) }),
    output: z.object({ key: apiKeyView, secret: z.string() }),
    auth: 'required',
  }),
  'appsys_msrv/api_key_revoke': defineProcedure({
    input: z.object({ id: z.number().int().positive() }),
    output: z.object({ revoked: z.literal(true) }),
    auth: 'required',
  }),
};
