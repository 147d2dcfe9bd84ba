import { parseArgs } from 'node:util';

import pino from 'pino';

import { ConfigError, loadConfig } from '../config/config.js';
import { openDatabase } from '../db/database.js';
import { breakingNotice, messageNotice } from '../modules/push/push-triggers.js';
import { PushRepository } from '../modules/push/push.repository.js';
import { PushService } from '../modules/push/push.service.js';
import { loadOrCreateVapidKeys } from '../modules/push/vapid-keys.js';
import { WebPushSender } from '../modules/push/web-push-sender.js';
import { MemoryAttemptLimiter } from '../security/attempt-limiter.js';
import { loadOrCreateValue } from '../security/server-secrets.js';
import { ADMIN_USAGE, AdminInputError, runAdminCommand, type AdminPush } from './admin-commands.js';

const TEXT_OPTIONS = [
  'title-en',
  'title-vi',
  'title-zh',
  'body-en',
  'body-vi',
  'body-zh',
  'content-en',
  'content-vi',
  'content-zh',
  'summary-en',
  'summary-vi',
  'summary-zh',
  'notes-en',
  'notes-vi',
  'notes-zh',
  'body-file',
  'user',
  'link',
  'coin',
  'source',
  'url',
  'image',
  'position',
  'priority',
  'starts',
  'ends',
  'platform',
  'version',
  'code',
  'download-url',
  'limit',
] as const;

/** `npm run admin -- <command>`: the operator's publishing tool, against the server's own database. */
async function main(): Promise<number> {
  let parsed;
  try {
    parsed = parseArgs({
      allowPositionals: true,
      strict: true,
      options: {
        ...Object.fromEntries(TEXT_OPTIONS.map((name) => [name, { type: 'string' as const }])),
        important: { type: 'boolean' },
        force: { type: 'boolean' },
        help: { type: 'boolean', short: 'h' },
      },
    });
  } catch (error) {
    process.stderr.write(
      `admin: ${error instanceof Error ? error.message : 'bad arguments'}\n${ADMIN_USAGE}\n`,
    );
    return 2;
  }
  if (parsed.values.help || parsed.positionals.length === 0) {
    process.stdout.write(`${ADMIN_USAGE}\n`);
    return parsed.values.help ? 0 : 2;
  }
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`${error.message}\n`);
      return 78;
    }
    throw error;
  }
  const database = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR });
  try {
    const vapid = await loadOrCreateVapidKeys({
      getOrCreate: (name, create) => loadOrCreateValue(database.db, name, create),
    });
    const pushService = new PushService(
      new PushRepository(database.db),
      new WebPushSender(vapid, config.PUSH_SUBJECT),
      vapid,
      pino({ level: 'warn' }),
      Date.now,
      new MemoryAttemptLimiter(),
    );
    const push: AdminPush = {
      notice: (userId, id, title, body) =>
        userId === null
          ? pushService.toEveryone('inbox', messageNotice(id, title, body))
          : pushService.toUser(userId, 'inbox', messageNotice(id, title, body)),
      breaking: (id, title, body) => pushService.toEveryone('breaking', breakingNotice(id, title, body)),
    };
    const output = await runAdminCommand(parsed.positionals, parsed.values, {
      db: database.db,
      now: Date.now,
      push,
    });
    if (output) process.stdout.write(`${output}\n`);
    return 0;
  } catch (error) {
    if (error instanceof AdminInputError) {
      process.stderr.write(`admin: ${error.message}\n`);
      return 2;
    }
    throw error;
  } finally {
    await database.close();
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    process.stderr.write(`admin: failed: ${error instanceof Error ? error.message : 'unknown error'}\n`);
    process.exit(1);
  },
);
