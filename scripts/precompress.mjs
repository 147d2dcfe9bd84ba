#!/usr/bin/env node
// Writes .br and .gz siblings of the built web app's text assets, so the server sends them pre-compressed
// (@fastify/static preCompressed) instead of compressing on every request.
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const root = path.resolve(process.argv[2] ?? 'dist');
const COMPRESSIBLE = /\.(js|mjs|css|html|json|svg|txt|webmanifest|map)$/;
const MIN_BYTES = 1024;

let files = 0;
let before = 0;
let after = 0;
function walk(directory) {
  for (const entry of readdirSync(directory)) {
    const file = path.join(directory, entry);
    if (statSync(file).isDirectory()) walk(file);
    else if (COMPRESSIBLE.test(entry) && statSync(file).size >= MIN_BYTES) {
      const source = readFileSync(file);
      const brotli = brotliCompressSync(source, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } });
      writeFileSync(`${file}.br`, brotli);
      writeFileSync(`${file}.gz`, gzipSync(source, { level: 9 }));
      files++;
      before += source.length;
      after += brotli.length;
    }
  }
}
walk(root);
process.stdout.write(
  `precompressed ${files} files: ${(before / 1024).toFixed(0)} KiB -> ${(after / 1024).toFixed(0)} KiB brotli\n`,
);
