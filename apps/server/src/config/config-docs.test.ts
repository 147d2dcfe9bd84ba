import { readFileSync } from 'node:fs';

import { describe, expect, it } from 'vitest';

import { environmentFields } from './config.js';

const VARIABLES = Object.keys(environmentFields.shape);

function repositoryText(path: string): string {
  return readFileSync(new URL(`../../../../${path}`, import.meta.url), 'utf8');
}

/** The text of one `## ` section of a markdown file. */
function section(markdown: string, title: string): string {
  const start = markdown.indexOf(`\n## ${title}\n`);
  if (start < 0) throw new Error(`no section "${title}"`);
  const end = markdown.indexOf('\n## ', start + 1);
  return markdown.slice(start, end < 0 ? undefined : end);
}

/** The variables named in the first column of the README's configuration table. */
function readmeTableVariables(): Set<string> {
  const rows = section(repositoryText('README.md'), 'Configuration')
    .split('\n')
    .filter((line) => line.startsWith('| `'));
  return new Set(
    rows.flatMap((row) =>
      [...(row.split('|')[1] ?? '').matchAll(/`([A-Z][A-Z0-9_]+)`/g)].map((m) => m[1] ?? ''),
    ),
  );
}

describe('configuration documentation', () => {
  it('defines every variable in the README table, and no variable config.ts does not read', () => {
    const documented = readmeTableVariables();
    expect(VARIABLES.filter((name) => !documented.has(name))).toEqual([]);
    expect([...documented].filter((name) => !VARIABLES.includes(name))).toEqual([]);
  });

  it('names every variable in the deployment guide', () => {
    const guide = section(repositoryText('docs/deployment.md'), 'Environment variables');
    expect(VARIABLES.filter((name) => !guide.includes(`\`${name}\``))).toEqual([]);
  });
});
