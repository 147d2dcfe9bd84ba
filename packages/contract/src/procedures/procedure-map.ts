import type { z } from 'zod';

import { appProcedures } from './app.schema.js';
import type { ProcedureSpec } from './define-procedure.js';
import { marketProcedures } from './market.schema.js';
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
