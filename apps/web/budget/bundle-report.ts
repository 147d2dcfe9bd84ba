// What the built web app sends: the initial JavaScript (the entry with every chunk it imports statically, as
// the HTML preloads it), every lazy chunk, and which source modules the bytes come from (through source maps).
// Sizes are gzip -9 of each file as built, the way bench/web-budgets.mjs counts them.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

import { SourceMapConsumer } from 'source-map-js';
import { build, type Rolldown } from 'vite';

const webRoot = fileURLToPath(new URL('..', import.meta.url));

export interface ChunkSize {
  file: string;
  gzipBytes: number;
}

export interface ModuleShare {
  /** A package name (`react-dom`, `@tanstack/router-core`) or a source path inside the repository. */
  module: string;
  gzipBytes: number;
}

export interface BundleReport {
  initial: ChunkSize[];
  initialGzipBytes: number;
  lazy: ChunkSize[];
  /** The initial JavaScript's bytes by module, largest first. */
  initialModules: ModuleShare[];
  /** Each lazy chunk's largest modules. */
  lazyModules: Record<string, ModuleShare[]>;
}

function moduleName(source: string): string {
  if (source === '') return '(generated)';
  const packagePath = source.split('node_modules/').pop() ?? source;
  if (packagePath !== source) {
    const parts = packagePath.split('/');
    return parts[0]?.startsWith('@') ? `${parts[0]}/${parts[1]}` : (parts[0] ?? source);
  }
  // Source paths are relative to the chunk: keep them from the repository's top folders on.
  const inRepo = /(?:^|\/)((?:apps|packages)\/.*)$/.exec(source);
  return inRepo?.[1] ?? source;
}

/** Splits a chunk's gzip size over the modules its minified characters come from. */
function moduleShares(code: string, map: string, gzipBytes: number): Map<string, number> {
  const consumer = new SourceMapConsumer(
    JSON.parse(map) as ConstructorParameters<typeof SourceMapConsumer>[0],
  );
  const lines = code.split('\n');
  const mappings: { line: number; column: number; source: string }[] = [];
  consumer.eachMapping((mapping) =>
    mappings.push({
      line: mapping.generatedLine,
      column: mapping.generatedColumn,
      source: mapping.source ?? '',
    }),
  );
  mappings.sort((a, b) => a.line - b.line || a.column - b.column);
  const characters = new Map<string, number>();
  let mapped = 0;
  mappings.forEach((mapping, index) => {
    const next = mappings[index + 1];
    const end =
      next?.line === mapping.line ? next.column : (lines[mapping.line - 1]?.length ?? mapping.column);
    const length = Math.max(0, end - mapping.column);
    const name = moduleName(mapping.source);
    characters.set(name, (characters.get(name) ?? 0) + length);
    mapped += length;
  });
  const shares = new Map<string, number>();
  for (const [name, length] of characters) shares.set(name, mapped === 0 ? 0 : (length / mapped) * gzipBytes);
  return shares;
}

function ranked(shares: Map<string, number>): ModuleShare[] {
  return [...shares]
    .map(([module, gzipBytes]) => ({ module, gzipBytes: Math.round(gzipBytes) }))
    .sort((a, b) => b.gzipBytes - a.gzipBytes);
}

/** Builds the web app with source maps into a temporary folder and measures it. */
export async function buildBundleReport(): Promise<BundleReport> {
  const outDir = mkdtempSync(path.join(tmpdir(), 'coinlens-bundle-'));
  // Under a test runner NODE_ENV is "test", which would bundle React's development build.
  const nodeEnv = process.env.NODE_ENV;
  process.env.NODE_ENV = 'production';
  try {
    const result = await build({
      root: webRoot,
      configFile: path.join(webRoot, 'vite.config.ts'),
      mode: 'production',
      logLevel: 'silent',
      build: { outDir, emptyOutDir: true, sourcemap: true },
    });
    const outputs = (Array.isArray(result) ? result : [result]) as Rolldown.RolldownOutput[];
    const chunks = outputs
      .flatMap((output) => output.output)
      .filter(
        (item): item is Rolldown.OutputChunk => item.type === 'chunk' && item.fileName.startsWith('assets/'),
      );
    const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
    const entry = chunks.find((chunk) => chunk.isEntry);
    if (!entry) throw new Error('the build has no entry chunk');
    const initialFiles = new Set<string>();
    const queue = [entry.fileName];
    while (queue.length > 0) {
      const file = queue.shift()!;
      if (initialFiles.has(file)) continue;
      initialFiles.add(file);
      queue.push(...(byFile.get(file)?.imports ?? []));
    }
    const size = (chunk: Rolldown.OutputChunk): ChunkSize => ({
      file: chunk.fileName,
      gzipBytes: gzipSync(readFileSync(path.join(outDir, chunk.fileName)), { level: 9 }).length,
    });
    const shares = (chunk: Rolldown.OutputChunk, gzipBytes: number) => {
      const file = path.join(outDir, chunk.fileName);
      try {
        return moduleShares(readFileSync(file, 'utf8'), readFileSync(`${file}.map`, 'utf8'), gzipBytes);
      } catch {
        return new Map([[chunk.fileName, gzipBytes]]);
      }
    };
    const initial: ChunkSize[] = [];
    const lazy: ChunkSize[] = [];
    const initialShares = new Map<string, number>();
    const lazyModules: Record<string, ModuleShare[]> = {};
    for (const chunk of chunks) {
      const measured = size(chunk);
      if (initialFiles.has(chunk.fileName)) {
        initial.push(measured);
        for (const [name, bytes] of shares(chunk, measured.gzipBytes))
          initialShares.set(name, (initialShares.get(name) ?? 0) + bytes);
      } else {
        lazy.push(measured);
        lazyModules[chunk.fileName] = ranked(shares(chunk, measured.gzipBytes)).slice(0, 10);
      }
    }
    return {
      initial,
      initialGzipBytes: initial.reduce((sum, chunk) => sum + chunk.gzipBytes, 0),
      lazy: lazy.sort((a, b) => b.gzipBytes - a.gzipBytes),
      initialModules: ranked(initialShares),
      lazyModules,
    };
  } finally {
    process.env.NODE_ENV = nodeEnv;
    rmSync(outDir, { recursive: true, force: true });
  }
}

/** A table of the largest modules, for a failure message or the command line. */
export function describeModules(modules: readonly ModuleShare[], limit = 15): string {
  return modules
    .slice(0, limit)
    .map((entry) => `  ${(entry.gzipBytes / 1024).toFixed(1).padStart(6)} KiB  ${entry.module}`)
    .join('\n');
}
