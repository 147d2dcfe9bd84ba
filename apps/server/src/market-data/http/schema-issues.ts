interface Issue {
  readonly code: string;
  readonly path: readonly PropertyKey[];
  readonly message: string;
}

/** Names the first offending field: `GET /coins/markets: missing required field "current_price" at [0].current_price`. */
export function describeIssues(path: string, data: unknown, issues: readonly Issue[]): string {
  const first = issues[0];
  if (!first) return `GET ${path}: response does not match the documented schema`;
  const location = formatPath(first.path);
  const field = [...first.path].reverse().find((key): key is string => typeof key === 'string') ?? '(root)';
  const missing = first.code === 'invalid_type' && valueAt(data, first.path) === undefined;
  const more = issues.length > 1 ? ` (+${issues.length - 1} more)` : '';
  if (missing) return `GET ${path}: missing required field "${field}" at ${location}${more}`;
  return `GET ${path}: invalid field "${field}" at ${location}: ${first.message}${more}`;
}

function formatPath(path: readonly PropertyKey[]): string {
  if (path.length === 0) return '(root)';
  return path
    .map((key, index) =>
      typeof key === 'number' ? `[${key}]` : index === 0 ? String(key) : `.${String(key)}`,
    )
    .join('');
}

function valueAt(data: unknown, path: readonly PropertyKey[]): unknown {
  let current = data;
  for (const key of path) {
    if (current === null || typeof current !== 'object') return undefined;
    current = (current as Record<PropertyKey, unknown>)[key];
  }
  return current;
}
