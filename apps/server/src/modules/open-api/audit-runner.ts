import { execFile } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

import { extractArchive } from './archive-extract.js';
import type { ArchiveLimits } from './archive-extract.js';
import { OpenApiError } from './open-api-error.js';

export interface AuditLimits extends ArchiveLimits {
  /** Wall time one audit may take before it is stopped. */
  timeoutMs: number;
}

/** The uploaded folder may hold the venue folders directly or inside one folder of its own. */
function venuesRoot(root: string): string {
  const entries = readdirSync(root);
  if (entries.length !== 1) return root;
  const only = join(root, entries[0]!);
  if (!statSync(only).isDirectory()) return root;
  const inner = readdirSync(only);
  return inner.length > 0 && inner.every((name) => statSync(join(only, name)).isDirectory()) ? only : root;
}

/**
 * `npm run audit` as a service: the uploaded folder is unpacked into a temporary folder and audited by the same
 * command line in a process of its own — the audit is seconds of CPU that must not hold this server's event
 * loop — stopped at the time limit, one at a time per instance. Answers the command's JSON.
 */
export class AuditRunner {
  private running = false;
  /** The audit command: compiled JavaScript in production, the TypeScript source under the test runner. */
  private readonly command: string[];

  constructor(private readonly limits: AuditLimits) {
    const cli = fileURLToPath(new URL('../../audit/audit-cli', import.meta.url));
    this.command = import.meta.url.endsWith('.ts')
      ? ['--conditions=source', '--import', 'tsx', `${cli}.ts`]
      : [`${cli}.js`];
  }

  async run(archive: Buffer): Promise<string> {
    if (this.running)
      throw new OpenApiError(
        503,
        'audit_busy',
        'another audit is running on this instance; try again shortly',
      );
    this.running = true;
    const root = mkdtempSync(join(tmpdir(), 'coinlens-audit-'));
    try {
      extractArchive(archive, root, this.limits);
      return await this.audit(venuesRoot(root));
    } finally {
      this.running = false;
      rmSync(root, { recursive: true, force: true });
    }
  }

  private audit(folder: string): Promise<string> {
    return new Promise((resolve, reject) => {
      execFile(
        process.execPath,
        ['--max-old-space-size=1024', ...this.command, folder, '--json'],
        { timeout: this.limits.timeoutMs, maxBuffer: 16 * 2 ** 20, killSignal: 'SIGKILL' },
        (error, stdout, stderr) => {
          if (!error) return resolve(stdout);
          if (error.killed)
            return reject(
              new OpenApiError(413, 'audit_too_long', `the audit ran past ${this.limits.timeoutMs / 1000} s`),
            );
          if (error.code === 2) {
            const message = stderr.trim().split('\n')[0] ?? 'the folder could not be read';
            // The temporary folder's own path means nothing to the caller.
            return reject(new OpenApiError(400, 'invalid_folder', message.replaceAll(`${folder}/`, '')));
          }
          reject(new Error(`the audit failed: ${stderr.slice(0, 500)}`, { cause: error }));
        },
      );
    });
  }
}
