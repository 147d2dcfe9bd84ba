import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

interface RoomRow {
  room: string;
  imports: readonly string[];
  because?: Readonly<Record<string, string>>;
}

// Plain .mjs files (eslint.config.mjs loads them too), imported by address so the type check leaves them alone.
const rulesUrl = new URL('../import-rules.mjs', import.meta.url).href;
const tableUrl = new URL('../../../scripts/import-rules-table.mjs', import.meta.url).href;
const rules = (await import(rulesUrl)) as {
  SERVER_ROOMS: readonly RoomRow[];
  roomsOnDisk(srcUrl: URL): string[];
  serverZones(server: string, srcUrl: URL): { target: string; from: string[] }[];
};
const table = (await import(tableUrl)) as { serverRoomsSection(): string };

const repository = fileURLToPath(new URL('../../../', import.meta.url));
const src = new URL('../src/', import.meta.url);

const eslint = new ESLint({ cwd: repository });

/** The import-x/no-restricted-paths messages the repository's own lint gives `code` placed at `file`. */
async function restrictedImports(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: `${repository}apps/server/src/${file}` });
  return (result?.messages ?? [])
    .filter((message) => message.ruleId === 'import-x/no-restricted-paths')
    .map((message) => message.message);
}

describe('who may import whom in the server (apps/server/import-rules.mjs)', () => {
  it('has one row for every folder under src/ and every module, and none for a folder that is gone', () => {
    const rows = rules.SERVER_ROOMS.map((row) => row.room).sort();
    expect(rows).toEqual(rules.roomsOnDisk(src));
  });

  it('refuses to make zones while a folder has no row, and lets an empty one be', () => {
    const tree = mkdtempSync(path.join(tmpdir(), 'import-rules-'));
    try {
      for (const row of rules.SERVER_ROOMS) {
        mkdirSync(path.join(tree, row.room), { recursive: true });
        writeFileSync(path.join(tree, row.room, 'index.ts'), '');
      }
      mkdirSync(path.join(tree, 'emptied'));
      const srcUrl = pathToFileURL(`${tree}/`);
      expect(rules.serverZones('./src', srcUrl)).toHaveLength(rules.SERVER_ROOMS.length);
      mkdirSync(path.join(tree, 'modules', 'newcomer'));
      writeFileSync(path.join(tree, 'modules', 'newcomer', 'newcomer.ts'), '');
      expect(() => rules.serverZones('./src', srcUrl)).toThrow('has no row for modules/newcomer');
    } finally {
      rmSync(tree, { recursive: true, force: true });
    }
  });

  it('names only rooms that exist, and gives a reason for every import between two modules', () => {
    const rooms = new Set(rules.SERVER_ROOMS.map((row) => row.room));
    for (const row of rules.SERVER_ROOMS) {
      for (const room of row.imports)
        expect([row.room, room, rooms.has(room)]).toEqual([row.room, room, true]);
      const unexplained = row.imports.filter(
        (room) => row.room.startsWith('modules/') && room.startsWith('modules/') && !row.because?.[room],
      );
      expect([row.room, unexplained]).toEqual([row.room, []]);
    }
  });

  it('refuses a probe import that reaches into a module from live/ or from another module', async () => {
    const probe = (from: string) =>
      `import type { MarketService } from '${from}';\nexport type Probe = MarketService;\n`;
    expect(
      await restrictedImports('live/tick-view.ts', probe('../modules/market/market.service.js')),
    ).toEqual([expect.stringContaining('live may import gateway, market-store, runtime, security')]);
    expect(
      await restrictedImports('modules/portfolio/portfolio.service.ts', probe('../market/market.service.js')),
    ).toEqual([expect.stringContaining('modules/portfolio may import')]);
  }, 180_000);

  it('lets a probe import what its row allows', async () => {
    const probe =
      "import type { MarketReader } from '../market-store/market-reader.js';\nexport type Probe = MarketReader;\n";
    expect(await restrictedImports('live/tick-view.ts', probe)).toEqual([]);
  }, 180_000);

  it('is what docs/architecture.md shows', () => {
    const docs = readFileSync(`${repository}docs/architecture.md`, 'utf8');
    const section = /<!-- server-rooms:start -->\n([^]*?)\n<!-- server-rooms:end -->/.exec(docs)?.[1];
    expect(section?.trim()).toBe(table.serverRoomsSection());
  });
});
