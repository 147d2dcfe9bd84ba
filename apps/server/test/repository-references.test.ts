import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

import { describe, expect, it } from 'vitest';

// The product spec the project started from is not part of the repository, so a clone cannot follow a
// citation of one of its sections: the code and the docs cite docs/ instead (decisions, business constants,
// the gateway protocol …) or say the rule themselves.

const root = fileURLToPath(new URL('../../../', import.meta.url));

/** A citation of a section of the spec, or of its file. */
const SPEC_CITATION = /\bspec(?:'s|’s)? §|\bproduct-?spec\b/i;

const SOURCE_FOLDERS = ['apps', 'packages', 'e2e', 'scripts', 'bench'];
const SOURCE_FILE = /\.(?:ts|tsx|mjs)$/;
const DOC_FOLDERS = ['apps', 'packages', 'e2e', 'bench', 'docs'];
const SKIPPED_FOLDERS = new Set(['node_modules', 'dist', 'coverage']);

/** Repository paths of the files under `folder` whose names match, skipping dependencies and builds. */
function filesUnder(folder: string, name: RegExp): string[] {
  return readdirSync(join(root, folder), { withFileTypes: true }).flatMap((entry) => {
    const path = `${folder}/${entry.name}`;
    if (entry.isDirectory()) {
      return SKIPPED_FOLDERS.has(entry.name) || entry.name.startsWith('.') ? [] : filesUnder(path, name);
    }
    return name.test(entry.name) ? [path] : [];
  });
}

function citesSpec(path: string): boolean {
  return SPEC_CITATION.test(readFileSync(join(root, path), 'utf8'));
}

const sourceFiles = SOURCE_FOLDERS.flatMap((folder) => filesUnder(folder, SOURCE_FILE));
const docFiles = ['README.md', ...DOC_FOLDERS.flatMap((folder) => filesUnder(folder, /\.md$/))];

describe('references a clone can follow', () => {
  it('finds the files it checks', () => {
    expect(sourceFiles).toContain(relative(root, fileURLToPath(import.meta.url)));
    expect(docFiles).toContain('docs/decisions.md');
  });

  it('cites no section of the product spec in source files', () => {
    const citing = sourceFiles.filter(citesSpec);
    expect(citing).toEqual([]);
  });

  it('cites no section of the product spec in the docs', () => {
    const citing = docFiles.filter(citesSpec);
    expect(citing).toEqual([]);
  });
});
