import type { FastifyInstance } from 'fastify';

import { openApiDocument } from './openapi-document.js';
import type { ApiDialect } from './openapi-document.js';

/** Where the machine-readable description and the reference page are served. */
export const OPENAPI_DOCUMENT_PATH = '/api/openapi.json';
export const OPENAPI_REFERENCE_PATH = '/api/docs';
/** The description's own version: raised when a route, a parameter or an answer's shape changes. */
const OPEN_API_VERSION = '0.1.0';

function escape(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

interface Parameter {
  name: string;
  in: string;
  required: boolean;
  schema: Record<string, unknown>;
}

function typeOf(schema: Record<string, unknown>): string {
  if (Array.isArray(schema.enum)) return (schema.enum as unknown[]).map(String).join(' | ');
  if (Array.isArray(schema.anyOf))
    return (schema.anyOf as Record<string, unknown>[]).map((inner) => typeOf(inner)).join(' | ');
  if (schema.const !== undefined) return JSON.stringify(schema.const);
  return typeof schema.type === 'string' ? schema.type : 'any';
}

/** The reference as one page of HTML: no script, no font or stylesheet from elsewhere, so it works offline. */
function referencePage(document: ReturnType<typeof openApiDocument>): string {
  const paths = document.paths as Record<
    string,
    { get?: Record<string, unknown>; post?: Record<string, unknown> }
  >;
  const sections = Object.entries(paths).map(([path, item]) => {
    const method = item.get ? 'GET' : 'POST';
    const operation = item.get ?? item.post ?? {};
    const rows = ((operation.parameters ?? []) as Parameter[])
      .map(
        (parameter) =>
          `<tr><td><code>${escape(parameter.name)}</code></td><td>${parameter.in}</td><td>${parameter.required ? 'yes' : ''}</td><td><code>${escape(typeOf(parameter.schema))}</code></td><td>${parameter.schema.default === undefined ? '' : `<code>${escape(JSON.stringify(parameter.schema.default))}</code>`}</td></tr>`,
      )
      .join('');
    return `<section id="${escape(path)}"><h2><code>${method} /api${escape(path)}</code></h2><p>${escape(String(operation.summary))}</p><p>${escape(String(operation.description))}</p>${rows ? `<table><thead><tr><th>parameter</th><th>in</th><th>required</th><th>type</th><th>default</th></tr></thead><tbody>${rows}</tbody></table>` : '<p>No parameters.</p>'}</section>`;
  });
  const info = document.info as { title: string; version: string; description: string };
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escape(info.title)}</title><style>body{font:15px/1.5 system-ui,sans-serif;max-width:960px;margin:0 auto;padding:16px;color:#17181a;background:#fff}@media (prefers-color-scheme:dark){body{color:#e8e9eb;background:#121314}a{color:#8ab4ff}}table{border-collapse:collapse;width:100%;display:block;overflow-x:auto}td,th{border-bottom:1px solid #8884;padding:4px 8px;text-align:left;vertical-align:top}code{font:13px ui-monospace,monospace}section{margin:24px 0}</style></head><body><h1>${escape(info.title)} <small>${escape(info.version)}</small></h1><p>${escape(info.description)}</p><p>Machine-readable: <a href="${OPENAPI_DOCUMENT_PATH}">${OPENAPI_DOCUMENT_PATH}</a> (OpenAPI 3.1). Errors are JSON: <code>{"error": "…", "code": "…"}</code>.</p><nav><ul>${Object.keys(
    paths,
  )
    .map((path) => `<li><a href="#${escape(path)}"><code>${escape(path)}</code></a></li>`)
    .join('')}</ul></nav>${sections.join('')}</body></html>`;
}

/** `/api/openapi.json` and `/api/docs`, both made once from the routes they describe. */
export function registerOpenApiReference(app: FastifyInstance, dialects: readonly ApiDialect[]): void {
  const document = openApiDocument(dialects, '/api', OPEN_API_VERSION);
  const json = JSON.stringify(document);
  const page = referencePage(document);
  app.get(OPENAPI_DOCUMENT_PATH, (_request, reply) =>
    reply
      .header('access-control-allow-origin', '*')
      .header('cross-origin-resource-policy', 'cross-origin')
      .header('cache-control', 'public, max-age=3600')
      .type('application/json; charset=utf-8')
      .send(json),
  );
  app.get(OPENAPI_REFERENCE_PATH, (_request, reply) =>
    reply.header('cache-control', 'public, max-age=3600').type('text/html; charset=utf-8').send(page),
  );
}
