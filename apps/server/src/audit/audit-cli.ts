import { parseArgs } from 'node:util';

import { auditVenues } from '@coinlens/score';
import { auditJson, auditTable } from './audit-report.js';
import { AuditInputError, readVenueFolder } from './venue-folder.js';

const USAGE = 'usage: npm run audit -- <folder> [--json]';

/** `npm run audit -- <folder> [--json]`: the score's verdict on venues from raw files; exit 2 on bad input. */
async function main(argv: readonly string[]): Promise<number> {
  let parsed;
  try {
    parsed = parseArgs({ args: [...argv], options: { json: { type: 'boolean' } }, allowPositionals: true });
  } catch (error) {
    process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n${USAGE}\n`);
    return 2;
  }
  const [folder, ...extra] = parsed.positionals;
  if (folder === undefined || extra.length > 0) {
    process.stderr.write(`${USAGE}\n`);
    return 2;
  }
  try {
    const verdicts = await auditVenues(readVenueFolder(folder));
    process.stdout.write(`${parsed.values.json ? auditJson(verdicts) : auditTable(verdicts)}\n`);
    return 0;
  } catch (error) {
    if (error instanceof AuditInputError) {
      process.stderr.write(`${error.message}\n`);
      return 2;
    }
    throw error;
  }
}

process.exitCode = await main(process.argv.slice(2));
