import type { z } from 'zod';

import { advertProcedures } from './advert.schema.js';
import { alertProcedures } from './alert.schema.js';
import { apiKeyProcedures } from './api-key.schema.js';
import { appProcedures } from './app.schema.js';
import { contentProcedures } from './content.schema.js';
import type { ProcedureSpec } from './define-procedure.js';
import { inboxProcedures } from './inbox.schema.js';
import { marketProcedures } from './market.schema.js';
import { portfolioProcedures } from './portfolio.schema.js';
import { pushProcedures } from './push.schema.js';
import { searchProcedures } from './search.schema.js';
import { userProcedures } from './user.schema.js';

/**
 * Every procedure of the gateway, keyed `<service>_msrv/<procedure>`.
 * Adding a procedure: a schema file in this folder, spread into this map, and a thin handler on the server.
 */
export const procedures = {
  ...appProcedures,
  ...userProcedures,
  ...marketProcedures,
  ...searchProcedures,
  ...contentProcedures,
  ...inboxProcedures,
  ...advertProcedures,
  ...pushProcedures,
  ...portfolioProcedures,
  ...alertProcedures,
  ...apiKeyProcedures,
} satisfies Record<string, ProcedureSpec>;

export type ProcedureMap = typeof procedures;
export type ProcedureName = keyof ProcedureMap;
/** What a caller passes (defaults may be omitted). */
export type ProcedureInput<P extends ProcedureName> = z.input<ProcedureMap[P]['input']>;
/** What a handler receives after validation (defaults filled in). */
export type ProcedureParsedInput<P extends ProcedureName> = z.output<ProcedureMap[P]['input']>;
export type ProcedureOutput<P extends ProcedureName> = z.output<ProcedureMap[P]['output']>;

export function isProcedureName(name: string): name is ProcedureName {
  return Object.hasOwn(procedures, name);
}
