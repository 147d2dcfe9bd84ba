import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

import { createGatewayClient, DEV_APP_ID, DEV_APP_SECRET } from '@coinlens/contract';
import type { GatewayClient } from '@coinlens/contract';

const SERVER_ROOT = fileURLToPath(new URL('../../', import.meta.url));

/** One server instance in a process of its own, started from source as `npm run dev` does (no build needed). */
export interface ServerProcess {
  readonly name: string;
  baseUrl: string;
  client: GatewayClient;
  readonly child: ChildProcess;
  /** Every log line so far, parsed (pino JSON). */
  readonly logs: { msg?: string; level?: number; [key: string]: unknown }[];
  /** Resolves with the first log line (old or new) whose message matches. */
  waitForLog(pattern: RegExp, timeoutMs: number): Promise<void>;
  /** Ends the process with `signal` and waits for it to be gone. */
  stop(signal?: NodeJS.Signals): Promise<void>;
}

/** Starts an instance on a free port; resolves once it is listening. */
export async function startServerProcess(
  name: string,
  env: Record<string, string>,
  timeoutMs = 90_000,
): Promise<ServerProcess> {
  const dataDir = mkdtempSync(path.join(tmpdir(), `coinlens-${name}-`));
  const child = spawn(process.execPath, ['--conditions=source', '--import', 'tsx', 'src/main.ts'], {
    cwd: SERVER_ROOT,
    env: {
      PATH: process.env.PATH ?? '',
      HOST: '127.0.0.1',
      PORT: '0',
      DATA_DIR: dataDir,
      WEB_DIST_DIR: path.join(dataDir, 'no-web'),
      LOG_LEVEL: 'info',
      MARKET_SOURCE: 'simulator',
      DEV_OUTBOX: 'true',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const logs: ServerProcess['logs'] = [];
  const watchers = new Set<() => void>();
  let buffered = '';
  let stderr = '';
  child.stdout?.on('data', (chunk: Buffer) => {
    buffered += chunk.toString('utf8');
    let newline;
    while ((newline = buffered.indexOf('\n')) >= 0) {
      const line = buffered.slice(0, newline);
      buffered = buffered.slice(newline + 1);
      try {
        logs.push(JSON.parse(line) as ServerProcess['logs'][number]);
      } catch {
        logs.push({ msg: line });
      }
    }
    for (const watcher of watchers) watcher();
  });
  child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));

  const waitForLog = (pattern: RegExp, waitMs: number) =>
    new Promise<void>((resolve, reject) => {
      const check = () => {
        if (!logs.some((line) => pattern.test(line.msg ?? ''))) return false;
        watchers.delete(check);
        clearTimeout(timer);
        resolve();
        return true;
      };
      const timer = setTimeout(() => {
        watchers.delete(check);
        reject(new Error(`${name}: no log line ${pattern} within ${waitMs} ms\n${stderr.slice(-2_000)}`));
      }, waitMs);
      if (!check()) watchers.add(check);
    });

  const stop = async (signal: NodeJS.Signals = 'SIGTERM') => {
    if (child.exitCode === null && child.signalCode === null) child.kill(signal);
    await exited;
    rmSync(dataDir, { recursive: true, force: true });
  };

  try {
    await waitForLog(/^Coinlens is serving on /, timeoutMs);
  } catch (error) {
    await stop('SIGKILL');
    throw error;
  }
  const serving = logs.find((line) => /^Coinlens is serving on /.test(line.msg ?? ''))?.msg ?? '';
  const port = /:(\d+) /.exec(serving)?.[1];
  const baseUrl = `http://127.0.0.1:${port}`;
  return {
    name,
    baseUrl,
    client: createGatewayClient({ baseUrl, appId: DEV_APP_ID, appSecret: DEV_APP_SECRET }),
    child,
    logs,
    waitForLog,
    stop,
  };
}
