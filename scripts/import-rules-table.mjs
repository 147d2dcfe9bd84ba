// Prints the server's rooms and who may import whom as docs/architecture.md carries them between its
// `server-rooms` markers: `node scripts/import-rules-table.mjs`. apps/server/test/import-rules.test.ts fails
// while the docs differ from this output.
import { pathToFileURL } from 'node:url';

import { MODULE_BASE, SERVER_ROOMS } from '../apps/server/import-rules.mjs';

const code = (name) => `\`${name}\``;

function markdownTable(header, rows) {
  const widths = header.map((title, column) =>
    Math.max(3, title.length, ...rows.map((row) => row[column].length)),
  );
  const line = (cells) => `| ${cells.map((cell, column) => cell.padEnd(widths[column])).join(' | ')} |`;
  return [line(header), line(widths.map((width) => '-'.repeat(width))), ...rows.map(line)].join('\n');
}

/** A row's imports, the module base named once (`modules: ...`) where a row takes all of it. */
function importsCell(imports) {
  const withBase = MODULE_BASE.every((room) => imports.includes(room));
  const rest = withBase ? imports.filter((room) => !MODULE_BASE.includes(room)) : imports;
  return [...(withBase ? ['the module base'] : []), ...rest.map(code)].join(', ') || 'no other room';
}

/** The rooms, lowest first, with what each holds and the rooms it may import. */
export function roomsTable() {
  return markdownTable(
    ['room', 'holds', 'may import'],
    SERVER_ROOMS.map((row) => [code(row.room), row.holds, importsCell(row.imports)]),
  );
}

/** The rooms every module may import. */
export function moduleBaseLine() {
  return `The module base: ${MODULE_BASE.map(code).join(', ')}.`;
}

/** The edges that need a reason: every import between two modules, and the few others that are not obvious. */
export function reasonsTable() {
  return markdownTable(
    ['room', 'imports', 'because'],
    SERVER_ROOMS.flatMap((row) =>
      Object.entries(row.because ?? {}).map(([room, why]) => [code(row.room), code(room), why]),
    ),
  );
}

/** What docs/architecture.md holds between its `server-rooms` markers. */
export function serverRoomsSection() {
  return `${moduleBaseLine()}\n\n${roomsTable()}\n\n${reasonsTable()}`;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) console.log(serverRoomsSection());
