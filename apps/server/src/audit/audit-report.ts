import { SCORE_METHODOLOGY_VERSION } from '@coinlens/score';
import type { VenueVerdict } from '@coinlens/score';

/** The `--json` document of `npm run audit`. */
export function auditJson(verdicts: readonly VenueVerdict[]): string {
  return JSON.stringify(
    {
      methodology_version: SCORE_METHODOLOGY_VERSION,
      venues: verdicts.map((verdict) => ({
        id: verdict.id,
        integrity: round(verdict.integrity, 4),
        flags: verdict.flags,
        reported_usd: round(verdict.reportedUsd, 2),
        counted_usd: round(verdict.countedUsd, 2),
      })),
    },
    null,
    2,
  );
}

/** The readable table of `npm run audit`. */
export function auditTable(verdicts: readonly VenueVerdict[]): string {
  const rows = [
    ['venue', 'integrity', 'reported USD', 'counted USD', 'counted', 'flags'],
    ...verdicts.map((verdict) => [
      verdict.id,
      verdict.integrity.toFixed(3),
      usd(verdict.reportedUsd),
      usd(verdict.countedUsd),
      verdict.reportedUsd > 0 ? `${((100 * verdict.countedUsd) / verdict.reportedUsd).toFixed(0)} %` : '—',
      verdict.flags.join(', ') || '—',
    ]),
  ];
  const widths = rows[0]!.map((_, column) => Math.max(...rows.map((row) => row[column]!.length)));
  const lines = rows.map((row) =>
    row
      .map((cell, column) =>
        column === 0 || column === 5 ? cell.padEnd(widths[column]!) : cell.padStart(widths[column]!),
      )
      .join('  ')
      .trimEnd(),
  );
  return [`Coinlens venue audit — methodology ${SCORE_METHODOLOGY_VERSION}`, '', ...lines].join('\n');
}

const round = (value: number, digits: number) => Number(value.toFixed(digits));

function usd(value: number): string {
  return Math.round(value).toLocaleString('en-US');
}
