import { z } from 'zod';

import { defineProcedure } from './define-procedure.js';

const base64url = z
  .string()
  .trim()
  .regex(/^[A-Za-z0-9_-]+={0,2}$/, 'not base64url');

export const pushPreferences = z.object({
  inbox: z.boolean(),
  coin_alerts: z.boolean(),
  breaking: z.boolean(),
});
export type PushPreferences = z.infer<typeof pushPreferences>;

/** Web Push (appsys_msrv): the subscription is bound to the `DeviceId` header (decision D17). */
export const pushProcedures = {
  /** The server's VAPID public key (the browser's `applicationServerKey`) and, when logged in, the switches. */
  'appsys_msrv/push_config': defineProcedure({
    input: z.object({}),
    output: z.object({ vapid_public_key: z.string(), preferences: pushPreferences.nullable() }),
    auth: 'optional',
  }),
  'appsys_msrv/push_register': defineProcedure({
    input: z.object({
      endpoint: z
        .string()
        .trim()
        .max(2048)
        .url()
        .refine((value) => value.startsWith('https://'), 'endpoint must be https'),
      keys: z.object({ p256dh: base64url.min(80).max(100), auth: base64url.min(16).max(32) }),
    }),
    output: z.object({ registered: z.literal(true) }),
    auth: 'optional',
  }),
  'appsys_msrv/push_unregister': defineProcedure({
    input: z.object({}),
    output: z.object({ registered: z.literal(false) }),
    auth: 'optional',
  }),
  'appsys_msrv/push_preferences_update': defineProcedure({
    input: pushPreferences.partial(),
    output: pushPreferences,
    auth: 'required',
  }),
};
